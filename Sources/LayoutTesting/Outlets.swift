import LayoutKit

/// The names of the required outlets of `object` that are nil, in declaration order.
///
/// Outlets declared `optional: true` are left out: a layout may leave them unconnected.
func nilOutletNames(of object: AnyObject) -> [String] {
    let outlets = (type(of: object) as? OutletDeclaring.Type)?.outlets ?? []
    var names: [String] = []
    for outlet in outlets where !outlet.isOptional && outlet.value(in: object) == nil && !names.contains(outlet.name) {
        names.append(outlet.name)
    }
    return names
}

/// `nil outlets of Module.Type: a, b`, or of `description` in its place, e.g. `the owner, Module.Type`.
func nilOutletsSentence(_ names: [String], of object: AnyObject, as description: String? = nil) -> String {
    let subject = description ?? String(reflecting: type(of: object))
    return "nil outlet\(names.count == 1 ? "" : "s") of \(subject): \(names.joined(separator: ", "))"
}
