/// Checks layout files against every rule: the one entry to the rule engine for the checker, the
/// loader and the test helpers, each of which configures it with what it has.
///
/// ```swift
/// let validator = LayoutValidator(catalog: catalog)
/// let diagnostics = validator.validate(bytes, file: "Layouts/PhotoCell.layout.xml")
/// ```
/// Steps that look past one file (includes) read through `source`; options (suppressions,
/// severities) go in `Options`, so a new step is a new field, not a new parameter of every caller.
public struct LayoutValidator: Sendable {
    /// How a run is configured beyond its classes and its layouts: `layout-check`'s configuration, which
    /// is the tool's and not API.
    package struct Options: Sendable {
        /// The severity each rule a configuration names is given (`layout-check.xml`'s `<rule>`),
        /// applied as diagnostics leave the rules: an ignored rule is gone before includes count a
        /// layout's errors.
        package var ruleSettings: [RuleID: RuleSetting]

        /// The default options.
        package init() { ruleSettings = [:] }

        /// Options with a configuration's rule settings.
        package init(ruleSettings: [RuleID: RuleSetting]) {
            self.ruleSettings = ruleSettings
        }
    }

    /// The largest file the reader accepts (4 MiB); a larger one is an `input-limit` error at line 1.
    /// A caller reading from a stream need read no more than one byte past it.
    public static let maximumFileBytes = InputLimits.maximumFileBytes

    /// The classes layouts may name; `nil` skips the class rules (the caller warns once).
    public let catalog: ClassCatalog?
    /// Where other layouts of the run are found, by name; `nil` when the caller has none.
    public let source: (any LayoutSource)?
    /// The run's options.
    package let options: Options
    /// The layouts reached through includes, read and checked once for every file this validator checks.
    let includes: IncludeStore?

    /// A validator for one run.
    ///
    /// - Parameters:
    ///   - catalog: The classes layouts may name; `nil` skips the class rules.
    ///   - source: Where other layouts of the run are found, by name.
    public init(catalog: ClassCatalog?, source: (any LayoutSource)? = nil) {
        self.init(catalog: catalog, source: source, options: Options())
    }

    /// A validator for one run of `layout-check`, with its configuration's options.
    package init(catalog: ClassCatalog?, source: (any LayoutSource)?, options: Options) {
        self.catalog = catalog
        self.source = source
        self.options = options
        self.includes = source.map { IncludeStore(source: $0, catalog: catalog, ruleSettings: options.ruleSettings) }
    }

    /// A validator for loads with default options whose includes come from `includes`, a store that
    /// loads share (`SharedIncludes`).
    init(catalog: ClassCatalog, source: any LayoutSource, includes: IncludeStore) {
        self.catalog = catalog
        self.source = source
        self.options = Options()
        self.includes = includes
    }

    /// Every diagnostic for one layout, in source order, but those its `lk:ignore` attributes silence.
    ///
    /// - Parameters:
    ///   - bytes: The file's contents.
    ///   - file: The path to print in diagnostics.
    ///   - name: The layout's name in `source` when `source` gives this very file under that name, so
    ///     that an include of it is known for a cycle; `nil` otherwise.
    public func validate(_ bytes: [UInt8], file: String, name: String? = nil) -> [Diagnostic] {
        analyze(bytes, file: file, name: name).diagnostics
    }

    /// `validate(_:file:name:)` with the name asked for only when the layout has an `<include>`: the
    /// checker then builds its index of the run's layouts only for a run that includes.
    ///
    /// Not API: `package`, for `layout-check`.
    package func validate(_ bytes: [UInt8], file: String, name: () -> String?) -> [Diagnostic] {
        analyze(bytes, file: file, name: name).diagnostics
    }

    /// Every diagnostic for one layout, in source order: `LayoutValidator(catalog:).validate(_:file:)`.
    ///
    /// - Parameters:
    ///   - bytes: The file's contents.
    ///   - file: The path to print in diagnostics.
    ///   - catalog: The classes layouts may name; `nil` skips the class rules (the caller warns once).
    public static func validate(_ bytes: [UInt8], file: String, catalog: ClassCatalog?) -> [Diagnostic] {
        LayoutValidator(catalog: catalog).validate(bytes, file: file)
    }

    /// Reads and decodes a layout into its model and nothing more — the "read" step of `layout-bench`,
    /// which times it against libxml2 and FoundationXML doing the same. Not API: only the benchmark uses it.
    ///
    /// - Returns: How many object elements the layout has, or `nil` when it breaks the format.
    package static func decodedObjectCount(_ bytes: [UInt8], file: String) -> Int? {
        guard case .document(let document) = XMLReader.document(bytes, file: file) else { return nil }
        var decoder = LayoutDecoder(file: file)
        let layout = decoder.decode(document)
        guard decoder.isValid else { return nil }
        return layout.nodes.count
    }

    /// The result of checking: diagnostics, and what the compiler needs when there are none.
    struct Outcome {
        var diagnostics: [Diagnostic]
        var analysis: LayoutAnalysis?
        var classes: EndpointClasses?
        /// The `<include>`s, by the index of their object in `analysis`.
        var includes: [IncludeSite] = []
    }

    /// Checks one layout: its own rules, then its includes, resolved through `source`.
    ///
    /// - Parameters:
    ///   - name: The layout's name in `source`, when `source` gives this very file under it:
    ///     an include of that name is then an include of this layout, a cycle.
    ///   - stamp: What the file was when it was read, for a store that loads share.
    func analyze(_ bytes: [UInt8], file: String, name: String? = nil, stamp: LayoutStamp? = nil) -> Outcome {
        analyze(bytes, file: file, name: { name }, stamp: stamp)
    }

    /// `analyze(_:file:name:)`, asking for the name only when the layout includes another.
    func analyze(_ bytes: [UInt8], file: String, name: () -> String?, stamp: LayoutStamp? = nil) -> Outcome {
        var decoded = Self.decode(bytes, file: file)
        decoded.stamp = stamp
        let checked = Self.check(decoded, catalog: catalog, includes: includes, ruleSettings: options.ruleSettings)
        guard let layout = decoded.layout, !checked.sites.isEmpty else {
            return Outcome(
                diagnostics: DiagnosticCollector.capped(checked.diagnostics), analysis: checked.analysis,
                classes: checked.classes)
        }
        let name = name()
        var diagnostics = checked.diagnostics
        if let includes {
            if let name { includes.seed(name, decoded: decoded, checked: checked) }
            diagnostics += includes.diagnostics(
                for: checked.sites, of: name, layout: layout, elements: checked.elements,
                source: decoded.source)
        } else {
            for site in checked.sites {
                diagnostics.append(
                    Diagnostic(
                        rule: .unknownLayout,
                        message: "cannot include \(quoted(site.name)): there are no other layouts to find it among",
                        location: layout.location(site.position)))
            }
        }
        return Outcome(
            diagnostics: DiagnosticCollector.capped(diagnostics), analysis: checked.analysis,
            classes: checked.classes, includes: checked.sites)
    }

    /// Reads and decodes one layout; rules run on the result only when it follows the format.
    static func decode(_ bytes: [UInt8], file: String) -> DecodedLayout {
        let document: ParsedDocument
        switch XMLReader.document(bytes, file: file) {
        case .failure(let diagnostic):
            return DecodedLayout(file: file, layout: nil, diagnostics: [diagnostic], hasSuppressions: false)
        case .document(let read): document = read
        }
        var decoder = LayoutDecoder(file: file, source: bytes)
        let layout = decoder.decode(document)
        // A file that breaks the format is reported as such and no further: rules run on a model
        // with pieces missing would only report the echoes of the schema errors.
        return DecodedLayout(
            file: file, document: document, layout: decoder.isValid ? layout : nil, diagnostics: decoder.diagnostics,
            hasSuppressions: decoder.hasSuppressions, source: bytes)
    }

    /// Runs every rule on one decoded layout by itself, its includes standing for the objects they
    /// include (`includes` says of which type); what the includes themselves come to is the store's.
    static func check(
        _ decoded: DecodedLayout, catalog: ClassCatalog?, includes: IncludeStore?,
        ruleSettings: [RuleID: RuleSetting] = [:]
    ) -> CheckedLayout {
        guard var layout = decoded.layout, let document = decoded.document else {
            return CheckedLayout(diagnostics: decoded.diagnostics, sites: [])
        }
        if let includes {
            IncludeResolution.resolveTypes(in: &layout) { includes.objectType(of: $0) }
        }
        let analysis = LayoutAnalysis(layout)
        var rules = LayoutRules(analysis: analysis, source: decoded.source, ruleSettings: ruleSettings)
        rules.run(catalog)
        var diagnostics = rules.diagnostics
        // Suppressions apply here, as diagnostics leave the rules, so that the checker, the loader
        // and LayoutTesting all see the same ones silenced.
        if decoded.hasSuppressions {
            var suppressions = Suppressions(document, file: decoded.file, source: decoded.source)
            diagnostics = suppressions.apply(to: diagnostics, classRulesRan: catalog != nil)
        }
        // Configured severities too, so that an ignored rule is no error of this layout when an
        // including layout counts them.
        if !ruleSettings.isEmpty {
            diagnostics = RuleSetting.apply(ruleSettings, to: diagnostics)
        }
        let nodes = analysis.layout.nodes
        let sites = nodes.indices.compactMap { index -> IncludeSite? in
            nodes[index].include.map { IncludeSite(name: $0.layout, position: nodes[index].position, object: index) }
        }
        return CheckedLayout(
            diagnostics: diagnostics.sorted(by: Diagnostic.ordered), analysis: analysis, classes: rules.classes,
            sites: sites, elements: includes == nil ? 0 : document.elements.count)
    }
}
