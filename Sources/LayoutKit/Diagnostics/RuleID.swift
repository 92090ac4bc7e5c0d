/// The id of a rule of the rules table (`RuleDescriptor.all`, and the article "Rules"), as printed in brackets after
/// every diagnostic.
public struct RuleID: RawRepresentable, Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The id as written, e.g. `unknown-outlet`.
    public let rawValue: String

    /// Wraps an id.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// Orders ids alphabetically.
    public static func < (lhs: RuleID, rhs: RuleID) -> Bool { lhs.rawValue < rhs.rawValue }

    // MARK: Reading

    /// The file is not well-formed XML or not UTF-8.
    public static let xmlSyntax = RuleID(rawValue: "xml-syntax")
    /// A DTD, an entity declaration, XInclude or a foreign processing instruction.
    public static let forbiddenDTD = RuleID(rawValue: "forbidden-dtd")
    /// A file over 4 MiB, nesting deeper than 128, or more than 100,000 elements (with includes expanded).
    public static let inputLimit = RuleID(rawValue: "input-limit")
    /// Anything format v1 (and `Schemas/layout.xsd`) does not allow.
    public static let schema = RuleID(rawValue: "schema")
    /// The file cannot be read.
    public static let unreadableFile = RuleID(rawValue: "unreadable-file")

    // MARK: Structure

    /// An id used twice in one file.
    public static let duplicateID = RuleID(rawValue: "duplicate-id")
    /// An `<outlet>` whose destination id is not in the file.
    public static let unknownDestination = RuleID(rawValue: "unknown-destination")
    /// The same outlet of one object connected twice.
    public static let duplicateOutlet = RuleID(rawValue: "duplicate-outlet")
    /// `outlet=` with no enclosing element that has a `class`.
    public static let orphanOutlet = RuleID(rawValue: "orphan-outlet")
    /// `action=` with no enclosing element that has a `class`.
    public static let orphanAction = RuleID(rawValue: "orphan-action")
    /// The same action of one target connected to the same control and event twice.
    public static let duplicateAction = RuleID(rawValue: "duplicate-action")
    /// The same property of one object set twice.
    public static let duplicateProperty = RuleID(rawValue: "duplicate-property")

    // MARK: Includes

    /// An `<include>` of a layout that is not among the run's (or the source's) layouts.
    public static let unknownLayout = RuleID(rawValue: "unknown-layout")
    /// An `<include>` that closes a cycle: a layout that contains itself.
    public static let includeCycle = RuleID(rawValue: "include-cycle")
    /// An `<include>` of a layout that cannot be included: unreadable, with placeholders, not exactly
    /// one top-level object, or itself broken.
    public static let invalidInclude = RuleID(rawValue: "invalid-include")

    // MARK: Classes

    /// A `class` that is neither built in nor declared (or registered).
    public static let unknownClass = RuleID(rawValue: "unknown-class")
    /// A class that does not derive from the built-in class of its element.
    public static let classKindMismatch = RuleID(rawValue: "class-kind-mismatch")
    /// A connection to an outlet that the source class does not declare.
    public static let unknownOutlet = RuleID(rawValue: "unknown-outlet")
    /// An action the target's class does not declare (in Interface Builder files: no `@IBAction` of it).
    public static let unknownAction = RuleID(rawValue: "unknown-action")
    /// A control connected to an action that accepts senders of another type.
    public static let actionSenderMismatch = RuleID(rawValue: "action-sender-mismatch")
    /// A non-optional action that nothing in the file connects.
    public static let unconnectedAction = RuleID(rawValue: "unconnected-action")
    /// A `<property>` the object's class does not declare.
    public static let unknownProperty = RuleID(rawValue: "unknown-property")
    /// A `<property>` value that is not of the declared type.
    public static let propertyTypeMismatch = RuleID(rawValue: "property-type-mismatch")
    /// A connection whose destination is not of the outlet's type.
    public static let outletTypeMismatch = RuleID(rawValue: "outlet-type-mismatch")
    /// A non-optional outlet that nothing in the file connects.
    public static let unconnectedOutlet = RuleID(rawValue: "unconnected-outlet")
    /// A malformed or inconsistent class schema file.
    public static let classSchema = RuleID(rawValue: "class-schema")
    /// A class read from Swift whose member lists the syntax does not show whole (off by default).
    public static let openClass = RuleID(rawValue: "open-class")
    /// An entry of a Swift class's `outlets`/`actions`/`properties` list that the checker cannot read.
    public static let unreadableMember = RuleID(rawValue: "unreadable-member")
    /// A Swift string literal that dequeues a reuse identifier no Interface Builder file or registration defines.
    public static let unknownReuseIdentifier = RuleID(rawValue: "unknown-reuse-identifier")
    /// A Swift string literal that instantiates a storyboard identifier no scene has.
    public static let unknownStoryboardIdentifier = RuleID(rawValue: "unknown-storyboard-identifier")
    /// A Swift string literal that performs a segue no storyboard has.
    public static let unknownSegueIdentifier = RuleID(rawValue: "unknown-segue-identifier")
    /// A Swift string literal that loads a storyboard or nib the run does not have.
    public static let unknownInterfaceFile = RuleID(rawValue: "unknown-interface-file")
    /// A scene with a storyboard identifier that no segue, reference or Swift literal reaches.
    public static let unreachableScene = RuleID(rawValue: "unreachable-scene")
    /// An Interface Builder file that nothing the checker can see loads.
    public static let unloadedInterfaceFile = RuleID(rawValue: "unloaded-interface-file")
    /// A class schema that says of a class something other than the Swift code does.
    public static let schemaDrift = RuleID(rawValue: "schema-drift")
    /// No class schema was loaded, so the class rules were skipped.
    public static let noClassSchemas = RuleID(rawValue: "no-class-schemas")
    /// A `layout-check.xml` configuration or a baseline file that cannot be used.
    public static let configuration = RuleID(rawValue: "configuration")

    // MARK: Suppressions

    /// A rule named in an `lk:ignore` attribute that silenced nothing at its element or inside it.
    public static let unusedSuppression = RuleID(rawValue: "unused-suppression")

    // MARK: Instantiation (LayoutLoader only)

    /// The layout connects outlets of or to its owner, and no owner was given.
    public static let missingOwner = RuleID(rawValue: "missing-owner")
    /// The owner given is not of the class the layout's `<owner>` names.
    public static let ownerClassMismatch = RuleID(rawValue: "owner-class-mismatch")
    /// An `<external>` placeholder for which no object was given.
    public static let missingExternal = RuleID(rawValue: "missing-external")
    /// The external object given is not of the class its `<external>` names.
    public static let externalClassMismatch = RuleID(rawValue: "external-class-mismatch")
    /// An owner whose class has required outlets the layout never connects.
    public static let unconnectedOwner = RuleID(rawValue: "unconnected-owner")
    /// A connection to an outlet of a main-actor class, made by an `instantiate` that is not on the main actor.
    public static let mainActorOutlet = RuleID(rawValue: "main-actor-outlet")
    /// `instantiate(T.self)` found other than exactly one top-level object of exactly type `T`.
    public static let topLevelMismatch = RuleID(rawValue: "top-level-mismatch")

    /// Every rule of the rules table, in its order: 1.0's list of rule ids, kept so that 1.0 code compiles.
    @available(*, deprecated, message: "RuleDescriptor.all is the rules table: RuleDescriptor.all.map(\\.id)")
    public static let designRules: [RuleID] = RuleDescriptor.all.map(\.id)
}
