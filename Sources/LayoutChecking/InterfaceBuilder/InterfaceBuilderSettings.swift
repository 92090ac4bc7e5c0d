import LayoutKit

/// What a configuration says of the findings of Interface Builder files, applied as they leave the
/// rules of each file, as `LayoutValidator` applies suppressions and severities to a layout's: first the
/// `<ignore>`s (a nib cannot hold an `lk:ignore`: Xcode drops attributes it does not know), then each
/// rule's configured severity, then the per-file cap.
package struct InterfaceBuilderSettings: Sendable {
    /// The severity each rule the configuration names is given.
    public var rules: [RuleID: CheckConfiguration.RuleSetting]
    /// The configuration's `<ignore>`s.
    public var ignores: [CheckConfiguration.Ignore] {
        didSet { index = IgnoreIndex(ignores) }
    }
    /// `ignores`, arranged for looking up those of a file, a rule, an element.
    private(set) var index = IgnoreIndex([])
    /// A file's path as the ignores' `file` patterns see it (relative to the configuration's folder), or
    /// `nil` for a file outside that folder.
    public var relativePath: @Sendable (String) -> String?

    /// No configuration: every rule at its default severity, nothing ignored.
    public init() {
        self.init(rules: [:], ignores: [], relativePath: { _ in nil })
    }

    /// A configuration's settings.
    public init(
        rules: [RuleID: CheckConfiguration.RuleSetting], ignores: [CheckConfiguration.Ignore],
        relativePath: @escaping @Sendable (String) -> String?
    ) {
        self.rules = rules
        self.ignores = ignores
        self.index = IgnoreIndex(ignores)
        self.relativePath = relativePath
    }

    /// The findings of one file as the configuration has them; records in `usage` which ignores apply to
    /// the file and which silenced something.
    ///
    /// - Parameters:
    ///   - ids: The ids of the element at a location and of those around it.
    ///   - declaration: `Class.outlet`, for a finding about that declaration (`unconnected-outlet`).
    func judge(
        _ diagnostics: [Diagnostic], file: String, ids: (SourceLocation) -> [String],
        usage: inout InterfaceBuilderUsage, declaration: String? = nil, capped: Bool = true
    ) -> [Diagnostic] {
        var kept = diagnostics
        if let declaration {
            kept = kept.filter { diagnostic in
                guard let index = index.ignore(of: diagnostic.rule, declaration: declaration) else { return true }
                usage.usedIgnores.insert(index)
                return false
            }
        }
        if !ignores.isEmpty, let relative = relativePath(file) {
            let here = index.applicable(to: relative).ignores
            usage.applicableIgnores.formUnion(here)
            if !here.isEmpty {
                let fileIgnores = FileIgnores(here, of: ignores)
                kept = kept.filter { diagnostic in
                    guard fileIgnores.has(diagnostic.rule), let location = diagnostic.sourceLocation else {
                        return true
                    }
                    guard let index = fileIgnores.ignore(of: diagnostic.rule, at: ids(location)) else { return true }
                    usage.usedIgnores.insert(index)
                    return false
                }
            }
        }
        kept = CheckConfiguration(rules: rules).apply(to: kept)
        return capped ? DiagnosticCollector.capped(kept) : kept
    }

    /// Marks the ignores of declarations as applicable: the run checked Interface Builder files that use
    /// Swift classes, so an ignore of a declaration that silenced nothing is unused.
    func noteDeclarationIgnoresApply(to usage: inout InterfaceBuilderUsage) {
        usage.applicableIgnores.formUnion(ignores.indices.filter { ignores[$0].declaration != nil })
    }

    /// An `unused-suppression` warning at each `<ignore>` that silenced nothing in the files of its
    /// `file` that were checked (or, naming a declaration, in a run whose files use Swift classes); one
    /// whose files were not checked in this run is not reported.
    func unusedIgnores(_ usage: InterfaceBuilderUsage) -> [Diagnostic] {
        let unused = ignores.indices.filter { usage.applicableIgnores.contains($0) && !usage.usedIgnores.contains($0) }
        return CheckConfiguration(rules: rules).apply(
            to: unused.map { index in
                let ignore = ignores[index]
                let message =
                    if let declaration = ignore.declaration {
                        "<ignore> of '\(ignore.rule)' of \(declaration) silences nothing: no \(ignore.rule) finding "
                            + "is about that declaration; remove it"
                    } else {
                        "<ignore> of '\(ignore.rule)' at object '\(ignore.object ?? "")' in "
                            + "\(ignore.file?.description ?? "") silences nothing: no \(ignore.rule) finding is at "
                            + "that element or inside it; remove it"
                    }
                return Diagnostic(
                    rule: .unusedSuppression, severity: .warning, message: message, location: ignore.location)
            })
    }
}
