import LayoutKit

/// What a `layout-check.xml` file asks of a run: where the class schemas are, which files to leave
/// out, and a severity per rule.
///
/// ```xml
/// <layout-check xmlns="urn:layoutkit:config:1">
///     <schemas path="Schemas"/>
///     <swift-sources path="App"/>
///     <exclude path="Layouts/Legacy/**"/>
///     <baseline path="layout-check-baseline.xml"/>
///     <rule id="unconnected-outlet" severity="warning"/>
/// </layout-check>
/// ```
///
/// `Schemas/config.xsd` describes the file; the README's "Use in CI" explains each setting.
package struct CheckConfiguration: Sendable, Equatable {
    /// The namespace of configuration files.
    package static let namespace = "urn:layoutkit:config:1"
    /// The name `layout-check` looks for in the working directory and the folders above it.
    package static let fileName = "layout-check.xml"

    /// What a configuration may do with a rule's diagnostics: LayoutKit's, since the engine applies it.
    package typealias RuleSetting = LayoutKit.RuleSetting

    /// One finding of an Interface Builder file silenced from the configuration, since Xcode drops the
    /// attributes it does not know when it rewrites a nib, so an `lk:ignore` cannot live there:
    /// `<ignore rule="unknown-outlet" file="App/Base.lproj/Main.storyboard" object="abc-12-xyz"/>`.
    ///
    /// It silences the rule's findings at the element whose `id` is `object` and inside it (a connection
    /// inside an object, the objects of a scene) in the files `file` matches, relative to the
    /// configuration file's directory as `<exclude>` patterns are. For `unconnected-outlet`, whose place is
    /// the first object that uses the class (and moves when a file that uses it earlier is added), it may
    /// name the Swift declaration instead: `<ignore rule="unconnected-outlet" declaration="Class.outlet"/>`.
    package struct Ignore: Sendable, Equatable {
        /// The rule silenced; one that may be lowered.
        package var rule: RuleID
        /// The files it applies to; `nil` for an ignore of a declaration.
        package var file: PathPattern?
        /// The Interface Builder `id` of the element; `nil` for an ignore of a declaration.
        package var object: String?
        /// `Class.outlet`: the outlet declaration whose `unconnected-outlet` it silences, wherever reported.
        package var declaration: String?
        /// Where the `<ignore>` is written: an unused one is reported there.
        package var location: SourceLocation?

        /// An ignore of `rule` at `object` in the files `file` matches.
        package init(rule: RuleID, file: PathPattern, object: String, location: SourceLocation? = nil) {
            self.rule = rule
            self.file = file
            self.object = object
            self.location = location
        }

        /// An ignore of `rule` about the Swift declaration `declaration` (`Class.outlet`).
        package init(rule: RuleID, declaration: String, location: SourceLocation? = nil) {
            self.rule = rule
            self.declaration = declaration
            self.location = location
        }
    }

    /// Class schema directories or files, as written: relative to the configuration file's directory.
    package var schemas: [String] = []
    /// Directories of Swift code that Interface Builder files are checked against, as written: relative
    /// to the configuration file's directory.
    package var swiftSources: [String] = []
    /// The module each `<swift-sources>` path names with `module=`, by path as written.
    package var swiftSourceModules: [String: String] = [:]
    /// Files to leave out of a directory search, matched against paths relative to the configuration
    /// file's directory.
    package var excludes: [PathPattern] = [] {
        didSet { excludeSet = PathPatternSet(excludes) }
    }
    /// `excludes`, arranged for matching many paths against many patterns.
    private var excludeSet = PathPatternSet([])
    /// The setting of each rule the configuration names.
    package var rules: [RuleID: RuleSetting] = [:]
    /// The Interface Builder findings the configuration silences, in file order.
    package var ignores: [Ignore] = []
    /// The baseline file whose findings are not reported, as written: relative to the configuration
    /// file's directory. `--baseline` and `--write-baseline` replace it.
    package var baseline: String?
    /// Where each of `schemas` and `swiftSources` was written, by path as written, for the checker's
    /// diagnostics about a path it will not read (outside the repository, not a file or a folder).
    package var pathLocations: [String: SourceLocation] = [:]

    /// Creates a configuration.
    package init(
        schemas: [String] = [], swiftSources: [String] = [], excludes: [PathPattern] = [],
        rules: [RuleID: RuleSetting] = [:], baseline: String? = nil
    ) {
        self.schemas = schemas
        self.swiftSources = swiftSources
        self.excludes = excludes
        self.excludeSet = PathPatternSet(excludes)
        self.rules = rules
        self.baseline = baseline
    }

    /// Whether a path relative to the configuration file's directory is excluded: an exclude matches
    /// it, or one of the directories it lies in.
    package func isExcluded(_ relativePath: String) -> Bool {
        excludeSet.matchesPathOrAncestor(relativePath)
    }

    /// The diagnostics as the configuration has them: each rule's severity set, ignored rules dropped.
    /// Rules off by default (`open-class`) are dropped unless the configuration gives them a severity.
    package func apply(to diagnostics: [Diagnostic]) -> [Diagnostic] {
        RuleSetting.apply(rules, to: diagnostics)
    }

    /// Reads a configuration file.
    ///
    /// Everything the file does not allow is a `configuration` diagnostic at its element: malformed
    /// XML, an unknown element or attribute, an unknown rule id (with the closest one suggested), an
    /// unknown severity, a rule or a baseline named twice, and lowering a rule the rules table says
    /// cannot be lowered.
    /// - Parameters:
    ///   - bytes: the file's contents.
    ///   - file: the path of the file, as diagnostics should name it.
    /// - Returns: the configuration, which is to be used only when there are no diagnostics.
    package static func read(_ bytes: [UInt8], file: String) -> (
        configuration: CheckConfiguration, diagnostics: [Diagnostic]
    ) {
        var document = SettingsDocument(file: file, namespace: namespace)
        var configuration = CheckConfiguration()
        guard let root = document.root(of: bytes, named: "layout-check") else {
            return (configuration, document.diagnostics)
        }
        _ = document.attributes(of: root, required: [], hasContent: true)
        var ruleElements: [RuleID: ParsedElement] = [:]
        var baselineElement: ParsedElement?
        // Set once at the end: each change of `excludes` arranges them afresh.
        var excludes: [PathPattern] = []
        let allowed = ["schemas", "swift-sources", "exclude", "baseline", "rule", "ignore"]
        for element in document.children(of: root, allowed: allowed) {
            switch element.name {
            case "baseline":
                guard let path = document.attributes(of: element, required: ["path"])?["path"] else { continue }
                if let first = baselineElement {
                    document.report(
                        "a configuration has one <baseline>; the first is on line \(first.position.line)", element)
                } else if path.isEmpty {
                    document.report("<baseline> needs a path: the baseline file", element)
                } else {
                    baselineElement = element
                    configuration.baseline = path
                    configuration.pathLocations[path] = document.location(of: element)
                }
            case "schemas":
                guard let path = document.attributes(of: element, required: ["path"])?["path"] else { continue }
                if path.isEmpty {
                    document.report("<schemas> needs a path: a directory or a .classes.xml file", element)
                } else {
                    configuration.schemas.append(path)
                    if configuration.pathLocations[path] == nil {
                        configuration.pathLocations[path] = document.location(of: element)
                    }
                }
            case "swift-sources":
                guard let values = document.attributes(of: element, required: ["path"], optional: ["module"]),
                    let path = values["path"]
                else { continue }
                if path.isEmpty {
                    document.report("<swift-sources> needs a path: a directory of Swift files", element)
                } else if let module = values["module"], !Lexical.isName(module) || module.contains("-") {
                    document.report("invalid module=\(quoted(module)) on <swift-sources>: a Swift module name", element)
                } else {
                    configuration.swiftSources.append(path)
                    if configuration.pathLocations[path] == nil {
                        configuration.pathLocations[path] = document.location(of: element)
                    }
                    if let module = values["module"] { configuration.swiftSourceModules[path] = module }
                }
            case "ignore":
                if let ignore = ignore(element, in: &document) { configuration.ignores.append(ignore) }
            case "exclude":
                guard let path = document.attributes(of: element, required: ["path"])?["path"] else { continue }
                switch PathPattern.parse(path) {
                case .success(let pattern): excludes.append(pattern)
                case .failure(let problem):
                    document.report("invalid exclude path=\(quoted(path)): \(problem.reason)", element)
                }
            default:
                guard let values = document.attributes(of: element, required: ["id", "severity"]) else { continue }
                let id = Lexical.collapse(values["id"]!)
                let severityText = Lexical.collapse(values["severity"]!)
                guard let rule = RuleID(rawValue: id).descriptor else {
                    document.report(
                        "unknown rule id \(quoted(id))"
                            + suggestion(for: id, in: RuleDescriptor.all.map(\.id.rawValue)),
                        element)
                    continue
                }
                guard let setting = RuleSetting(rawValue: severityText) else {
                    document.report(
                        "invalid severity=\(quoted(severityText)) for rule '\(id)': expected error, warning or ignore",
                        element)
                    continue
                }
                if let first = ruleElements[rule.id] {
                    document.report(
                        "rule '\(id)' is configured twice; the first is on line \(first.position.line)", element)
                    continue
                }
                ruleElements[rule.id] = element
                if setting != .error, !rule.isLowerable {
                    document.report(
                        "rule '\(id)' cannot be set to \(setting.rawValue): a file that breaks it cannot be checked any further, and would pass as clean",
                        element)
                    continue
                }
                configuration.rules[rule.id] = setting
            }
        }
        configuration.excludes = excludes
        return (configuration, document.diagnostics)
    }

    /// An `<ignore rule file object>` (or `<ignore rule="unconnected-outlet" declaration>`), when its rule
    /// may be silenced and its path is a pattern.
    private static func ignore(_ element: ParsedElement, in document: inout SettingsDocument) -> Ignore? {
        guard
            let values = document.attributes(
                of: element, required: ["rule"], optional: ["file", "object", "declaration"])
        else { return nil }
        let id = Lexical.collapse(values["rule"]!)
        guard let rule = RuleID(rawValue: id).descriptor else {
            document.report(
                "unknown rule id \(quoted(id))" + suggestion(for: id, in: RuleDescriptor.all.map(\.id.rawValue)),
                element)
            return nil
        }
        guard rule.isLowerable else {
            document.report(
                "rule '\(id)' cannot be ignored: a file that breaks it cannot be checked any further", element)
            return nil
        }
        let location = document.location(of: element)
        if let declaration = values["declaration"].map(Lexical.collapse) {
            guard values["file"] == nil, values["object"] == nil else {
                document.report("<ignore> names a declaration, or a file and an object, not both", element)
                return nil
            }
            guard rule.id == .unconnectedOutlet else {
                document.report(
                    "declaration= silences unconnected-outlet only; for '\(id)', name the file and the object", element)
                return nil
            }
            let parts = declaration.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count >= 2, parts.allSatisfy({ Lexical.isName(String($0)) }) else {
                document.report(
                    "invalid declaration=\(quoted(declaration)): expected Class.outlet, as the Swift code names them",
                    element)
                return nil
            }
            return Ignore(rule: rule.id, declaration: declaration, location: location)
        }
        guard let file = values["file"] else {
            document.report("<ignore> needs file= and object=, or declaration=", element)
            return nil
        }
        let object = values["object"].map(Lexical.collapse) ?? ""
        guard !object.isEmpty else {
            document.report("<ignore> needs an object: the id Interface Builder gives the element", element)
            return nil
        }
        switch PathPattern.parse(file) {
        case .success(let pattern):
            return Ignore(rule: rule.id, file: pattern, object: object, location: location)
        case .failure(let problem):
            document.report("invalid ignore file=\(quoted(file)): \(problem.reason)", element)
            return nil
        }
    }

}
