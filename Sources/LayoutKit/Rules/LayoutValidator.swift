/// Checks layout files against every rule: the one entry to the rule engine for the checker, the
/// loader and the test helpers, each of which configures it with what it has.
///
/// ```swift
/// let validator = LayoutValidator(catalog: catalog)
/// let diagnostics = validator.validate(bytes, file: "Layouts/PhotoCell.layout.xml")
/// ```
/// Steps that look past one file (includes) will read through `source`; options (suppressions,
/// severities) go in `Options`, so a new step is a new field, not a new parameter of every caller.
public struct LayoutValidator: Sendable {
    /// How a run is configured beyond its classes and its layouts. Empty in format 1.0.
    public struct Options: Sendable {
        /// The default options.
        public init() {}
    }

    /// The largest file the reader accepts (4 MiB); a larger one is an `input-limit` error at line 1.
    /// A caller reading from a stream need read no more than one byte past it.
    public static let maximumFileBytes = 4 * 1024 * 1024

    /// `maximumFileBytes` in MiB, for messages.
    static var maximumFileMebibytes: Int { maximumFileBytes / (1024 * 1024) }

    /// The classes layouts may name; `nil` skips the class rules (the caller warns once).
    public let catalog: ClassCatalog?
    /// Where other layouts of the run are found, by name; `nil` when the caller has none.
    public let source: (any LayoutSource)?
    /// The run's options.
    public let options: Options

    /// A validator for one run.
    ///
    /// - Parameters:
    ///   - catalog: The classes layouts may name; `nil` skips the class rules.
    ///   - source: Where other layouts of the run are found, by name.
    ///   - options: The run's options.
    public init(catalog: ClassCatalog?, source: (any LayoutSource)? = nil, options: Options = Options()) {
        self.catalog = catalog
        self.source = source
        self.options = options
    }

    /// Every diagnostic for one layout, in source order, but those its `lk:ignore` attributes silence.
    ///
    /// - Parameters:
    ///   - bytes: The file's contents.
    ///   - file: The path to print in diagnostics.
    public func validate(_ bytes: [UInt8], file: String) -> [Diagnostic] {
        analyze(bytes, file: file).diagnostics
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
    @_spi(Benchmark)
    public static func decodedObjectCount(_ bytes: [UInt8], file: String) -> Int? {
        guard case .document(let root) = XMLReader.read(bytes, file: file) else { return nil }
        var decoder = LayoutDecoder(file: file)
        let layout = decoder.decode(root)
        guard decoder.isValid else { return nil }
        func count(_ nodes: [LayoutNode]) -> Int { nodes.reduce(nodes.count) { $0 + count($1.children) } }
        return count(layout.objects)
    }

    /// The result of checking: diagnostics, and what the compiler needs when there are none.
    struct Outcome {
        var diagnostics: [Diagnostic]
        var analysis: LayoutAnalysis?
        var classes: EndpointClasses?
    }

    func analyze(_ bytes: [UInt8], file: String) -> Outcome {
        let root: ParsedElement
        switch XMLReader.read(bytes, file: file) {
        case .failure(let diagnostic): return Outcome(diagnostics: [diagnostic])
        case .document(let element): root = element
        }
        var decoder = LayoutDecoder(file: file)
        let layout = decoder.decode(root)
        // A file that breaks the format is reported as such and no further: rules run on a model
        // with pieces missing would only report the echoes of the schema errors.
        guard decoder.isValid else {
            return Outcome(diagnostics: decoder.diagnostics)
        }
        let analysis = LayoutAnalysis(layout)
        var rules = LayoutRules(analysis: analysis, catalog: catalog)
        rules.run()
        var diagnostics = rules.diagnostics
        // Suppressions apply here, as diagnostics leave the rules, so that the checker, the loader
        // and LayoutTesting all see the same ones silenced.
        if decoder.hasSuppressions {
            var suppressions = Suppressions(root, file: file)
            diagnostics = suppressions.apply(to: diagnostics, classRulesRan: catalog != nil)
        }
        return Outcome(
            diagnostics: diagnostics.sorted(by: Diagnostic.ordered), analysis: analysis, classes: rules.classes)
    }
}
