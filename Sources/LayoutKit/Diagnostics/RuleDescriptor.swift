/// One row of the rules table: everything LayoutKit and its tools say about a rule, kept in one place.
///
/// The rule engine runs the rules in this table's order; `layout-check --help`, the `no-class-schemas`
/// warning, the article "Rules"'s table (checked by a test) and every reporter read it, so that a rule is
/// added by adding a row.
public struct RuleDescriptor: Sendable, Hashable, Identifiable {
    /// When a rule runs, which also says what it can see.
    public enum Phase: String, Sendable, Hashable, CaseIterable {
        /// Reading bytes: the file, its XML and the reader's limits.
        case reading
        /// The format of one element at a time: elements, attributes and their values.
        case format
        /// The structure of one file, without classes: ids, destinations, connections.
        case structure
        /// The file against the classes of a catalog.
        case classes
        /// What the file's `lk:ignore` attributes silenced, once every rule above has run.
        case suppressions
        /// The whole run rather than one file.
        case run
        /// Instantiation, which only the loader reaches.
        case instantiation
    }

    /// A kind of document the checker judges, which a rule's findings may be at.
    package enum Document: String, Sendable, Hashable, CaseIterable {
        /// A `.layout.xml` file.
        case layout
        /// A `.xib` or `.storyboard` file.
        case interfaceBuilder
    }

    /// The id printed in brackets after every diagnostic.
    public let id: RuleID
    /// When the rule runs.
    public let phase: Phase
    /// The severity its diagnostics have unless a configuration says otherwise.
    public let defaultSeverity: Severity
    /// Where its diagnostics point, in words.
    public let reportedAt: String
    /// What it finds, in one line.
    public let summary: String
    /// Whether a configuration may lower its severity and `lk:ignore` may silence it. The rules that
    /// say a file could not be read as a layout at all may not be lowered: nothing else can be
    /// checked in such a file, and a silenced one would look like a clean file.
    public let isLowerable: Bool
    /// Whether its diagnostics are reported without a configuration asking for them. A rule off by
    /// default (`open-class`) reports only where `layout-check.xml` gives it a severity, so `--strict`
    /// is unaffected by it.
    public let isEnabledByDefault: Bool
    /// The kinds of document its findings are about: a rule of layouts only (`orphan-outlet`), of both
    /// (`unknown-outlet`), or of neither (`class-schema`, about class schemas; the run's own findings).
    /// A test proves each kind a row claims reachable.
    package let documents: Set<Document>

    init(
        _ id: RuleID, _ phase: Phase, _ defaultSeverity: Severity = .error, lowerable: Bool = true,
        enabled: Bool = true, in documents: Set<Document> = [.layout], at reportedAt: String, _ summary: String
    ) {
        self.isEnabledByDefault = enabled
        self.documents = documents
        self.id = id
        self.phase = phase
        self.defaultSeverity = defaultSeverity
        self.reportedAt = reportedAt
        self.summary = summary
        self.isLowerable = lowerable
    }

    /// Every rule, in the order the engine runs them and the article "Rules" lists them.
    public static let all: [RuleDescriptor] = [
        RuleDescriptor(
            .xmlSyntax, .reading, lowerable: false, in: [.layout, .interfaceBuilder], at: "where libxml2 stopped",
            "not well-formed XML; not UTF-8"),
        RuleDescriptor(
            .forbiddenDTD, .reading, lowerable: false, in: [.layout, .interfaceBuilder],
            at: "the DOCTYPE / instruction",
            "a DTD, entity declarations, XInclude, processing instructions other than the XML declaration"),
        RuleDescriptor(
            .inputLimit, .reading, lowerable: false, in: [.layout, .interfaceBuilder],
            at: "the file, or the element past the limit; once per run for sourcekitd's budget",
            "a file over \(InputLimits.maximumFileMebibytes) MiB, nesting deeper than 128, more than 100,000 elements (a layout's, with its includes expanded), more than 256 attributes "
                + "on an element or 256 namespace declarations in a file; past 1,000 diagnostics in a file, "
                + "one saying how many more; sourcekitd's budget for the run spent (the Swift files left are "
                + "not read)"),
        RuleDescriptor(
            .unreadableFile, .reading, lowerable: false, in: [.layout, .interfaceBuilder],
            at: "the file, directory or link, line 1",
            "a file or directory cannot be read, or a symbolic link a search finds leads out of the repository"),
        RuleDescriptor(
            .schema, .format, lowerable: false, in: [.layout, .interfaceBuilder], at: "the element",
            "anything the format (and `layout.xsd`) does not allow"),
        RuleDescriptor(
            .classSchema, .format, lowerable: false, in: [], at: "the element in the `.classes.xml` file",
            "a malformed or inconsistent class schema: unknown base or type, a base cycle, a class or outlet declared twice"
        ),
        RuleDescriptor(
            .duplicateID, .structure, in: [.layout, .interfaceBuilder], at: "the second element", "an id used twice"),
        RuleDescriptor(
            .unknownDestination, .structure, in: [.layout, .interfaceBuilder], at: "the `<outlet>` or `<action>`",
            "a destination id not in the file"),
        RuleDescriptor(
            .orphanOutlet, .structure, at: "the element", "`outlet=` with no enclosing element that has a `class`"),
        RuleDescriptor(
            .orphanAction, .structure, at: "the control",
            "`action=` with no enclosing element that has a `class`"),
        RuleDescriptor(
            .duplicateOutlet, .structure, at: "the second connection",
            "the same outlet of one object connected twice"),
        RuleDescriptor(
            .duplicateAction, .structure, at: "the second connection",
            "the same action of one target connected to one control for one event twice"),
        RuleDescriptor(
            .duplicateProperty, .structure, at: "the second `<property>`", "the same property of one object set twice"),
        RuleDescriptor(
            .unknownLayout, .structure, lowerable: false, at: "the `<include>`",
            "no layout of that name in the run (checker) / the loader's source (suggests the closest)"),
        RuleDescriptor(
            .includeCycle, .structure, lowerable: false, at: "the `<include>` that closes the cycle",
            "a layout that includes itself, directly or through others (names the cycle; a long one by its ends and its length)"
        ),
        RuleDescriptor(
            .invalidInclude, .structure, lowerable: false, at: "the `<include>`",
            "the included layout cannot be read, has `<owner>` or `<external>`, has other than one top-level object, or has errors of its own (counted once, here)"
        ),
        RuleDescriptor(
            .unknownClass, .classes, in: [.layout, .interfaceBuilder], at: "the element",
            "a `class` not declared (checker) / not registered (loader); an Interface Builder `customClass` of the app's module that no Swift file declares"
        ),
        RuleDescriptor(
            .classKindMismatch, .classes, at: "the element",
            "`<label class=\"PhotoCell\">` where PhotoCell does not derive from `label`"),
        RuleDescriptor(
            .unknownOutlet, .classes, in: [.layout, .interfaceBuilder], at: "the `<outlet>` or `outlet=` element",
            "the class declares no such outlet (the message suggests the closest one)"),
        RuleDescriptor(
            .unknownAction, .classes, in: [.layout, .interfaceBuilder], at: "the `<action>` or `action=` element",
            "the target's class declares no such action; in Interface Builder files, no `@IBAction` or `@objc` method of it (suggests the closest)"
        ),
        RuleDescriptor(
            .outletTypeMismatch, .classes, in: [.layout, .interfaceBuilder], at: "the `<outlet>` or `outlet=` element",
            "the destination is not of the outlet's type"),
        RuleDescriptor(
            .actionSenderMismatch, .classes, in: [.layout, .interfaceBuilder],
            at: "the `<action>` or `action=` element",
            "the control is not of the sender type the action accepts"),
        RuleDescriptor(
            .unconnectedOutlet, .classes, in: [.layout, .interfaceBuilder], at: "the object element or `<owner>`",
            "a non-optional outlet of its class is connected nowhere in the file; in Interface Builder files, an implicitly unwrapped outlet no file of the run connects"
        ),
        RuleDescriptor(
            .unconnectedAction, .classes, at: "the object element or `<owner>`",
            "a non-optional action of its class is connected nowhere in the file"),
        RuleDescriptor(
            .unknownProperty, .classes, at: "the `<property>`",
            "the object's class declares no such property (suggests the closest)"),
        RuleDescriptor(
            .propertyTypeMismatch, .classes, at: "the `<property>`",
            "the value is not of the property's declared type (names the type and the accepted values)"),
        RuleDescriptor(
            .unusedSuppression, .suppressions, .warning, in: [.layout, .interfaceBuilder],
            at: "the element with the `lk:ignore`, or the `<ignore>` in `layout-check.xml`",
            "a rule named in `lk:ignore`, or an `<ignore>` of the configuration, silenced nothing at that element or inside it"
        ),
        RuleDescriptor(
            .schemaDrift, .run, in: [], at: "the class or member in the `.classes.xml` file",
            "given both, a class schema says of a class something other than the Swift code does (`--write-schemas DIR` rewrites it)"
        ),
        RuleDescriptor(
            .unknownReuseIdentifier, .run, in: [], at: "the string literal in the Swift file",
            "`dequeueReusableCell(withIdentifier:for:)` (and the collection view forms) of a reuse identifier no prototype cell, nib or literal `register` defines (suggests the closest)"
        ),
        RuleDescriptor(
            .unknownStoryboardIdentifier, .run, in: [], at: "the string literal in the Swift file",
            "`instantiateViewController(withIdentifier:)` of a storyboard ID no scene has (suggests the closest)"),
        RuleDescriptor(
            .unknownSegueIdentifier, .run, in: [], at: "the string literal in the Swift file",
            "`performSegue(withIdentifier:sender:)` of a segue identifier no storyboard has (suggests the closest)"),
        RuleDescriptor(
            .unknownInterfaceFile, .run, in: [], at: "the string literal in the Swift file",
            "`UIStoryboard(name:bundle:)`, `UINib(nibName:bundle:)`, `init(nibName:bundle:)` or `loadNibNamed` of a file the run does not have (suggests the closest)"
        ),
        RuleDescriptor(
            .unreachableScene, .run, .warning, in: [.interfaceBuilder], at: "the scene's view controller",
            "a scene with a storyboard ID that no segue, storyboard reference or Swift literal reaches"),
        RuleDescriptor(
            .unloadedInterfaceFile, .run, .warning, in: [.interfaceBuilder], at: "the `<document>`",
            "a storyboard or nib that no Swift literal, Info.plist, storyboard reference or class name loads; its other findings are warnings"
        ),
        RuleDescriptor(
            .openClass, .run, .warning, enabled: false, in: [], at: "the class in the Swift file",
            "off by default: a class whose `outlets`/`actions`/`properties` the Swift syntax does not show whole (a helper builds one); no rule says one of its members is missing"
        ),
        RuleDescriptor(
            .unreadableMember, .run, .warning, in: [], at: "the entry in the Swift file",
            "an entry of an `outlets`/`actions`/`properties` list that the checker cannot read (a call it does not know, an entry of another kind, a name that is not a string literal): its class is open, so no rule checks that member"
        ),
        RuleDescriptor(
            .noClassSchemas, .run, .warning, in: [], at: "once per run",
            "neither Swift sources nor a class schema were given, so the class rules were skipped"),
        RuleDescriptor(
            .configuration, .run, lowerable: false, in: [],
            at: "the element in `layout-check.xml` or the baseline file",
            "a configuration or baseline that cannot be used: malformed, an unknown element, attribute or rule id, a format rule lowered"
        ),
        RuleDescriptor(
            .missingOwner, .instantiation, lowerable: false, at: "the `<owner>`",
            "the layout connects outlets of or to its owner, and no owner was given"),
        RuleDescriptor(
            .ownerClassMismatch, .instantiation, lowerable: false, at: "the `<owner>`",
            "the owner given is not of the class `<owner>` names"),
        RuleDescriptor(
            .missingExternal, .instantiation, lowerable: false, at: "the `<external>`",
            "no object was given for an `<external>` placeholder"),
        RuleDescriptor(
            .externalClassMismatch, .instantiation, lowerable: false, at: "the `<external>`",
            "the external object given is not of the class its `<external>` names"),
        RuleDescriptor(
            .unconnectedOwner, .instantiation, lowerable: false, at: "the `<layout>`",
            "an owner was given whose class has non-optional outlets the layout never connects (often: no `<owner>`)"),
        RuleDescriptor(
            .mainActorOutlet, .instantiation, lowerable: false,
            at: "the `<outlet>` or `outlet=` element, or the `<action>` or `action=` element",
            "an outlet or action of a `@MainActor` class, connected by an `instantiate` not isolated to the main actor"),
        RuleDescriptor(
            .topLevelMismatch, .instantiation, lowerable: false,
            at: "the first top-level object not of the class (the `<layout>` when there is none)",
            "`instantiate(T.self)` found other than exactly one top-level object of exactly class `T` (a subclass is not `T`)"
        ),
    ]

    /// The row of `id`, or `nil` for an id no rule has.
    public static func named(_ id: RuleID) -> RuleDescriptor? { byID[id] }

    private static let byID: [RuleID: RuleDescriptor] = Dictionary(
        uniqueKeysWithValues: all.map { ($0.id, $0) })

    /// The ids of the rules in one phase, in table order.
    public static func ids(in phase: Phase) -> [RuleID] { all.filter { $0.phase == phase }.map(\.id) }
}

extension RuleID {
    /// This id's row of the rules table, or `nil` for an id no rule has.
    public var descriptor: RuleDescriptor? { RuleDescriptor.named(self) }
}
