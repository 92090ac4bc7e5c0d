import LayoutKit

/// Instantiates `loader`'s layout and asserts what the classic nib test asserts: exactly one top-level
/// object, of exactly class `T`, with every required outlet and action connected.
///
/// ```swift
/// let cell = try assertInstantiates(PhotoCell.self, from: loader)
/// ```
/// Class identity is exact, like `isMemberOfClass:` — a subclass of `T` does not count. When anything
/// is wrong, one failure at the caller's line says all of it: the number of top-level objects, the
/// expected and actual class, and every nil outlet and unconnected action by name — of the object, of the
/// views inside it and of `owner`. Outlets and actions declared `optional: true` may be left unconnected. When `instantiate` itself fails, each of
/// its diagnostics is a failure of its own.
/// - Parameters:
///   - type: The exact class the one top-level object must have.
///   - loader: The layout to instantiate.
///   - owner: The File's Owner to instantiate with.
///   - externalObjects: The objects for the layout's `<external>` placeholders, by name.
///   - fileID: The caller's `#fileID`, where a failure is reported; leave the default.
///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
///   - line: The caller's `#line`, where a failure is reported; leave the default.
///   - column: The caller's `#column`, where a failure is reported; leave the default.
/// - Returns: The top-level object, also when only outlets failed, so the test can go on.
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
    let objects = try instantiate(loader, as: String(reflecting: T.self), caller: caller) { () throws(LayoutError) in
        try loader.instantiate(owner: owner, externalObjects: externalObjects)
    }
    let ownerProblems =
        owner.map { owner in nilOutletProblem(nilOutletNames(of: owner), of: owner, topLevel: objects) } ?? []
    return try assertOne(T.self, in: objects, ownerProblems: ownerProblems, from: loader, caller: caller)
}

/// `assertInstantiates(_:from:owner:externalObjects:)` for an owner isolated to the main actor: it
/// instantiates on the main actor, where the owner's outlets and actions are connected and read.
///
/// ```swift
/// @Test @MainActor func screen() throws {
///     let controller = FeedViewController()
///     let header = try assertInstantiates(AuthorHeaderView.self, from: loader, owner: controller)
/// }
/// ```
/// Under XCTest on Linux, make the test method `@MainActor` and `async throws` in a nonisolated
/// `XCTestCase` subclass: a `@MainActor` subclass of `XCTestCase` builds, then stops the test process
/// (signal 6 in swift-corelibs-xctest).
///
/// ```swift
/// final class FeedViewControllerTests: XCTestCase {
///     @MainActor func testScreen() async throws {
///         let header = try assertInstantiates(AuthorHeaderView.self, from: loader, owner: FeedViewController())
///     }
/// }
/// ```
/// - Returns: The top-level object, also when only outlets failed, so the test can go on.
/// - Throws: An error that stops the test, after reporting the failure, when there is no object of
///   exactly `T` to return.
@MainActor
@discardableResult
public func assertInstantiates<T: AnyObject, Owner: MainActorOutletDeclaring>(
    _ type: T.Type,
    from loader: LayoutLoader,
    owner: Owner,
    externalObjects: [String: AnyObject] = [:],
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) throws -> T {
    let caller = Caller(fileID: fileID, filePath: filePath, line: line, column: column)
    let objects = try instantiate(loader, as: String(reflecting: T.self), caller: caller) { () throws(LayoutError) in
        try loader.instantiate(owner: owner, externalObjects: externalObjects)
    }
    var names: [String] = []
    for outlet in Owner.outlets
    where !outlet.isOptional && outlet.value(onMainActor: owner) == nil && !names.contains(outlet.name) {
        names.append(outlet.name)
    }
    return try assertOne(
        T.self, in: objects, ownerProblems: nilOutletProblem(names, of: owner, topLevel: objects), from: loader,
        caller: caller)
}

/// The checks of `assertInstantiates` with one class, on objects already made.
private func assertOne<T: AnyObject>(
    _: T.Type, in objects: [AnyObject], ownerProblems: [String], from loader: LayoutLoader, caller: Caller
) throws -> T {
    let expected = String(reflecting: T.self)
    let exact = objects.first { Swift.type(of: $0) == T.self }
    var problems: [String] = []
    if objects.count != 1 {
        problems.append("expected 1 top-level object, found \(objects.count)\(topLevelClassList(objects))")
    }
    if exact == nil, let first = objects.first {
        if objects.count == 1 {
            problems.append(
                "expected exactly \(expected), found \(typeName(first))\(ExpectedClass(T.self).subclassNote(first))")
        } else {
            problems.append("expected exactly \(expected), found none of that class")
        }
    }
    problems += nilOutletProblems(topLevel: objects) + ownerProblems
    if !problems.isEmpty {
        AssertionFailure.report(
            "\(loader.file) does not instantiate as one \(expected) with every outlet and action connected:\n"
                + problems.map { "- \($0)" }.joined(separator: "\n"),
            at: caller)
    }
    guard objects.count == 1, let object = exact as? T else {
        throw AssertionStopped(description: "\(loader.file) does not instantiate as one \(expected)")
    }
    return object
}

/// Instantiates `loader`'s layout and asserts that it creates exactly these top-level objects, in this
/// order and of exactly these classes, with every required outlet and action connected — of each object,
/// of the views inside them and of `owner`.
///
/// ```swift
/// let controller = FeedController()
/// let (header, cell) = try assertInstantiates(
///     AuthorHeaderView.self, ArticleCell.self, from: loader, owner: controller,
///     externalObjects: ["dateFormatter": formatter])
/// ```
/// Class identity is exact, like `isMemberOfClass:`. When anything is wrong, one failure at the
/// caller's line names all of it: the number of top-level objects, each one of the wrong class (by its
/// position), and every nil outlet and unconnected action by object and name. Outlets and actions
/// declared `optional: true` may be left unconnected.
/// When `instantiate` itself fails, each of its diagnostics is a failure of its own.
/// - Parameters:
///   - first: The exact class of the first top-level object.
///   - second: The exact class of the second.
///   - rest: The exact classes of any further top-level objects, in order.
///   - loader: The layout to instantiate.
///   - owner: The File's Owner to instantiate with.
///   - externalObjects: The objects for the layout's `<external>` placeholders, by name.
///   - fileID: The caller's `#fileID`, where a failure is reported; leave the default.
///   - filePath: The caller's `#filePath`, where a failure is reported; leave the default.
///   - line: The caller's `#line`, where a failure is reported; leave the default.
///   - column: The caller's `#column`, where a failure is reported; leave the default.
/// - Returns: The top-level objects, also when only outlets failed, so the test can go on.
/// - Throws: An error that stops the test, after reporting the failure, when the top-level objects are
///   not exactly of these classes.
@discardableResult
public func assertInstantiates<First: AnyObject, Second: AnyObject, each Rest: AnyObject>(
    _ first: First.Type,
    _ second: Second.Type,
    _ rest: repeat (each Rest).Type,
    from loader: LayoutLoader,
    owner: AnyObject? = nil,
    externalObjects: [String: AnyObject] = [:],
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) throws -> (First, Second, repeat each Rest) {
    let caller = Caller(fileID: fileID, filePath: filePath, line: line, column: column)
    var expectedClasses = [ExpectedClass(first), ExpectedClass(second)]
    for type in repeat each rest { expectedClasses.append(ExpectedClass(type)) }
    let expected = expectedClasses.map(\.name).joined(separator: ", ")
    let objects = try instantiate(loader, as: expected, caller: caller) { () throws(LayoutError) in
        try loader.instantiate(owner: owner, externalObjects: externalObjects)
    }

    var problems: [String] = []
    if objects.count != expectedClasses.count {
        let list = objects.isEmpty ? "" : ": " + objects.map(typeName).joined(separator: ", ")
        problems.append("expected \(expectedClasses.count) top-level objects, found \(objects.count)\(list)")
    }
    for (index, (object, expectedClass)) in zip(objects, expectedClasses).enumerated()
    where type(of: object) != expectedClass.type {
        problems.append(
            "top-level object \(index + 1): expected exactly \(expectedClass.name), "
                + "found \(typeName(object))\(expectedClass.subclassNote(object))")
    }
    let classesMatch = problems.isEmpty
    problems += nilOutletProblems(topLevel: objects)
    if let owner { problems += nilOutletProblem(nilOutletNames(of: owner), of: owner, topLevel: objects) }
    if !problems.isEmpty {
        AssertionFailure.report(
            "\(loader.file) does not instantiate as \(expected) with every outlet and action connected:\n"
                + problems.map { "- \($0)" }.joined(separator: "\n"),
            at: caller)
    }
    let stopped = AssertionStopped(description: "\(loader.file) does not instantiate as \(expected)")
    guard classesMatch else { throw stopped }
    var position = 0
    func next<U: AnyObject>(_: U.Type) throws -> U {
        defer { position += 1 }
        guard position < objects.count, let object = objects[position] as? U else { throw stopped }
        return object
    }
    return (try next(First.self), try next(Second.self), repeat try next(each rest))
}

/// `make()` (a `loader.instantiate`), reporting each diagnostic of a failure at `caller` and then stopping the test.
private func instantiate(
    _ loader: LayoutLoader, as expected: String, caller: Caller, _ make: () throws(LayoutError) -> [AnyObject]
) throws -> [AnyObject] {
    do {
        return try make()
    } catch {
        for diagnostic in error.diagnostics {
            AssertionFailure.report(diagnostic.failureMessage, at: caller)
        }
        throw AssertionStopped(description: "\(loader.file) could not be instantiated as \(expected)")
    }
}

private func typeName(_ object: AnyObject) -> String { String(reflecting: type(of: object)) }

/// A class a top-level object must have exactly, kept with a test for its subclasses.
private struct ExpectedClass {
    let type: AnyObject.Type
    let name: String
    private let isInstance: (AnyObject) -> Bool

    init<T: AnyObject>(_ type: T.Type) {
        self.type = type
        name = String(reflecting: type)
        isInstance = { $0 is T }
    }

    /// ` (a subclass; the class must match exactly)` when `object` is of a subclass, else empty.
    func subclassNote(_ object: AnyObject) -> String {
        Swift.type(of: object) != type && isInstance(object) ? " (a subclass; the class must match exactly)" : ""
    }
}

/// The sentences about the owner: its nil required outlets `names`, and its required actions that no
/// control among `objects` and the views inside them sends to it.
private func nilOutletProblem(_ names: [String], of owner: AnyObject, topLevel objects: [AnyObject]) -> [String] {
    let description = "the owner, \(typeName(owner))"
    var problems = names.isEmpty ? [] : [nilOutletsSentence(names, of: owner, as: description)]
    let actions = unconnectedActionNames(of: owner, controls: controls(in: objects))
    if !actions.isEmpty { problems.append(unconnectedActionsSentence(actions, of: owner, as: description)) }
    return problems
}

/// One sentence per object with nil required outlets, and one per object with unconnected required
/// actions: each top-level object, then the views inside it in document order. Objects are told apart
/// by position when there are several top-level ones. An action counts as connected when some control
/// in the top-level objects' trees sends it to the object.
private func nilOutletProblems(topLevel objects: [AnyObject]) -> [String] {
    var problems: [String] = []
    let allControls = controls(in: objects)
    func check(_ object: AnyObject, as description: String) {
        let names = nilOutletNames(of: object)
        if !names.isEmpty { problems.append(nilOutletsSentence(names, of: object, as: description)) }
        let actions = unconnectedActionNames(of: object, controls: allControls)
        if !actions.isEmpty { problems.append(unconnectedActionsSentence(actions, of: object, as: description)) }
    }
    for (index, object) in objects.enumerated() {
        let position = objects.count > 1 ? "top-level object \(index + 1)" : "the top-level object"
        check(object, as: objects.count > 1 ? "\(typeName(object)) (\(position))" : typeName(object))
        var inside = (object as? View)?.subviews ?? []
        while !inside.isEmpty {
            let view = inside.removeFirst()
            check(view, as: "\(typeName(view)) (inside \(position))")
            inside.insert(contentsOf: view.subviews, at: 0)
        }
    }
    return problems
}
