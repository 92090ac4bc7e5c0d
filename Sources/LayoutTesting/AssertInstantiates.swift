@_spi(LayoutTesting) import LayoutKit

/// Instantiates `loader`'s layout and asserts what the classic nib test asserts: exactly one top-level
/// object, of exactly class `T`, with every required outlet connected.
///
/// ```swift
/// let cell = try assertInstantiates(PhotoCell.self, from: loader)
/// ```
/// Class identity is exact, like `isMemberOfClass:` — a subclass of `T` does not count. When anything
/// is wrong, one failure at the caller's line says all of it: the number of top-level objects, the
/// expected and actual class, and every nil outlet by name. Outlets declared `optional: true` may be
/// nil. When `instantiate` itself fails, each of its diagnostics is a failure of its own.
/// - Parameters:
///   - type: The exact class the one top-level object must have.
///   - owner: The File's Owner to instantiate with.
///   - externalObjects: The objects for the layout's `<external>` placeholders, by name.
/// - Returns: The top-level object, also when only its outlets failed, so the test can go on.
/// - Throws: An error that stops the test, after reporting the failure, when there is no object of
///   exactly `T` to return.
@discardableResult
public func assertInstantiates<T: AnyObject>(
    _ type: T.Type,
    from loader: LayoutLoader,
    owner: AnyObject? = nil,
    externalObjects: [String: AnyObject] = [:],
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) throws -> T {
    let caller = Caller(fileID: fileID, filePath: filePath, line: line, column: column)
    let expected = String(reflecting: T.self)
    let objects: [AnyObject]
    do {
        objects = try loader.instantiate(owner: owner, externalObjects: externalObjects)
    } catch {
        for diagnostic in error.diagnostics {
            AssertionFailure.report(diagnostic.description, at: caller)
        }
        throw AssertionStopped(description: "\(loader.file) could not be instantiated as \(expected)")
    }

    func typeName(_ object: AnyObject) -> String { String(reflecting: Swift.type(of: object)) }
    let exact = objects.first { Swift.type(of: $0) == T.self }
    var problems: [String] = []
    if objects.count != 1 {
        problems.append("expected 1 top-level object, found \(objects.count)\(topLevelClassList(objects))")
    }
    if exact == nil, let first = objects.first {
        if objects.count == 1 {
            let relation = first is T ? " (a subclass; the class must match exactly)" : ""
            problems.append("expected exactly \(expected), found \(typeName(first))\(relation)")
        } else {
            problems.append("expected exactly \(expected), found none of that class")
        }
    }
    let checked = exact ?? objects.first
    if let checked {
        let nilOutlets = nilOutletNames(of: checked)
        if !nilOutlets.isEmpty { problems.append(nilOutletsSentence(nilOutlets, of: checked)) }
    }
    if !problems.isEmpty {
        AssertionFailure.report(
            "\(loader.file) does not instantiate as one \(expected) with every outlet connected:\n"
                + problems.map { "- \($0)" }.joined(separator: "\n"),
            at: caller)
    }
    guard objects.count == 1, let object = exact as? T else {
        throw AssertionStopped(description: "\(loader.file) does not instantiate as one \(expected)")
    }
    return object
}
