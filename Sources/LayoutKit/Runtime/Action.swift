/// A method a control calls on its target when an event happens, declared with the method itself.
///
/// ```swift
/// func shareTapped(_ sender: Button) { … }
/// override class var actions: [Action] {
///     super.actions + [Action("shareTapped", FeedArticleCell.shareTapped)]
/// }
/// ```
/// `FeedArticleCell.shareTapped` is an unapplied method reference, `(FeedArticleCell) -> (Button) -> Void`:
/// no selector, no KVC and no Objective-C runtime. Binding checks that the control connected is a
/// `Sender` (`action-sender-mismatch`).
public struct Action: Sendable, CustomStringConvertible {
    /// The member this action is: what catalogs and rules read, and how to call it.
    let declaration: MemberDeclaration

    /// The name layouts use in `action=` and `<action name=>`.
    public var name: String { declaration.key.name }
    /// Whether a layout may leave this action unconnected.
    public var isOptional: Bool { declaration.isOptional }

    /// Declares the action `name`, which calls `method` on the target with the control as the sender.
    ///
    /// - Parameters:
    ///   - name: The name layouts use in `action=` and `<action name=>`.
    ///   - method: The method to call, as an unapplied reference: `FeedArticleCell.shareTapped`.
    ///   - optional: `true` when layouts may leave it unconnected (`unconnected-action` is then silent).
    public init<Root: AnyObject, Sender: Control>(
        _ name: String,
        _ method: @escaping @Sendable (Root) -> (Sender) -> Void,
        optional: Bool = false
    ) {
        declaration = MemberDeclaration(
            key: .action(name), isOptional: optional, sourceType: ClassType(Root.self),
            valueType: ClassType(Sender.self), accessor: MemberAccessor(method))
    }

    /// `name(_: Sender)`.
    public var description: String { "\(name)(_: \(declaration.typeName))" }
}

/// A class that receives actions from controls in a layout without being a view: an owner or an
/// external object (a view controller) adopts it beside `OutletDeclaring`. `View` adopts it.
public protocol ActionDeclaring: AnyObject {
    /// Every action of the class, inherited ones included (`super.actions + [...]`).
    static var actions: [Action] { get }
}
