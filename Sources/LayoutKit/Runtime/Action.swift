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

    /// Declares the action `name` of a main-actor class — a view controller — which calls `method` on the
    /// main actor with the control as the sender.
    ///
    /// ```swift
    /// @MainActor final class SettingsViewController: MainActorOutletDeclaring {
    ///     func notificationsChanged(_ sender: Switch) { … }
    ///     static var actions: [Action] {
    ///         [.mainActor("notificationsChanged", SettingsViewController.notificationsChanged)]
    ///     }
    /// }
    /// ```
    /// The action is connected by the `@MainActor` overloads of `LayoutLoader.instantiate`, and the control
    /// calls it when `sendActions(for:)` is called on the main actor, as UIKit sends events; sending it from
    /// another thread stops the process, as `MainActor.assumeIsolated` does. A spelling of its own rather
    /// than an overload of `init(_:_:optional:)`, for the reason `Outlet.mainActor(_:_:optional:)` gives.
    ///
    /// - Parameters:
    ///   - name: The name layouts use in `action=` and `<action name=>`.
    ///   - method: The method to call, as an unapplied reference: `SettingsViewController.notificationsChanged`.
    ///   - optional: `true` when layouts may leave it unconnected (`unconnected-action` is then silent).
    /// - Returns: The action, isolated to the main actor (`isMainActorIsolated`).
    public static func mainActor<Root: AnyObject, Sender: Control>(
        _ name: String,
        _ method: @escaping @MainActor @Sendable (Root) -> (Sender) -> Void,
        optional: Bool = false
    ) -> Action {
        Action(
            declaration: MemberDeclaration(
                key: .action(name), isOptional: optional, sourceType: ClassType(Root.self),
                valueType: ClassType(Sender.self), accessor: MemberAccessor(mainActor: method)))
    }

    /// An action for a member declaration of kind `.action`.
    init(declaration: MemberDeclaration) {
        self.declaration = declaration
    }

    /// Whether its method runs on the main actor: it was declared with `mainActor(_:_:optional:)`.
    public var isMainActorIsolated: Bool { declaration.accessor.isMainActor }

    /// `name(_: Sender)`.
    public var description: String { "\(name)(_: \(declaration.typeName))" }
}

/// A class that receives actions from controls in a layout without being a view: an owner or an
/// external object adopts it beside `OutletDeclaring`. `View` adopts it. A main-actor class (a view
/// controller) declares its actions in `MainActorOutletDeclaring.actions` instead.
public protocol ActionDeclaring: AnyObject {
    /// Every action of the class, inherited ones included (`super.actions + [...]`).
    static var actions: [Action] { get }
}
