import LayoutKit

/// Every control in the view trees of `roots`, roots included, in document order.
func controls(in roots: [AnyObject]) -> [Control] {
    var found: [Control] = []
    var pending = roots.compactMap { $0 as? View }
    while !pending.isEmpty {
        let view = pending.removeFirst()
        if let control = view as? Control { found.append(control) }
        pending.insert(contentsOf: view.subviews, at: 0)
    }
    return found
}

/// The names of the required actions of `object` that none of `controls` sends to it, in declaration order.
///
/// Actions declared `optional: true` are left out: a layout may leave them unconnected.
func unconnectedActionNames(of object: AnyObject, controls: [Control]) -> [String] {
    let actions = (type(of: object) as? ActionDeclaring.Type)?.actions ?? []
    guard actions.contains(where: { !$0.isOptional }) else { return [] }
    var connected: Set<String> = []
    for control in controls { connected.formUnion(control.actionNames(targeting: object)) }
    var names: [String] = []
    for action in actions where !action.isOptional && !connected.contains(action.name) && !names.contains(action.name) {
        names.append(action.name)
    }
    return names
}

/// `unconnected actions of Module.Type: a, b`, or of `description` in its place.
func unconnectedActionsSentence(_ names: [String], of object: AnyObject, as description: String? = nil) -> String {
    let subject = description ?? String(reflecting: type(of: object))
    return "unconnected action\(names.count == 1 ? "" : "s") of \(subject): \(names.joined(separator: ", "))"
}

/// Asserts that every action `object`'s class declares, inherited ones included, is sent to it by some
/// control.
///
/// ```swift
/// assertActionsConnected(cell)                  // the controls inside the cell
/// assertActionsConnected(controller, in: [cell]) // an owner: the controls of the views it owns
/// ```
/// Controls hold their targets, not the other way round, so the controls looked at are those in the
/// view trees of `roots` — by default `object` itself, when it is a view. One failure at the caller's
/// line names every required action that none of them sends to `object`. Actions declared
/// `optional: true` are not checked. An object whose class declares no actions passes.
public func assertActionsConnected(
    _ object: AnyObject,
    in roots: [AnyObject]? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    let names = unconnectedActionNames(of: object, controls: controls(in: roots ?? [object]))
    guard !names.isEmpty else { return }
    AssertionFailure.report(
        unconnectedActionsSentence(names, of: object),
        at: Caller(fileID: fileID, filePath: filePath, line: line, column: column))
}
