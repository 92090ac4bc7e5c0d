/// What a run's configuration may do with a rule's diagnostics (`layout-check.xml`'s `<rule severity>`).
///
/// The engine applies it as diagnostics leave the rules, for layouts (`LayoutValidator.Options`) as for
/// the checker's other files, so an ignored rule is gone before includes count a layout's errors. The
/// configuration that names the settings belongs to `layout-check`, not to this library.
package enum RuleSetting: String, Sendable, Hashable, CaseIterable {
    /// Reported as errors.
    case error
    /// Reported as warnings.
    case warning
    /// Not reported at all.
    case ignore

    /// The diagnostics as `settings` have them: each rule's severity set, ignored rules dropped. Rules
    /// off by default (`open-class`) are dropped unless `settings` gives them a severity.
    package static func apply(_ settings: [RuleID: RuleSetting], to diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.compactMap { diagnostic in
            var changed = diagnostic
            switch settings[diagnostic.rule] {
            case nil: return diagnostic.rule.descriptor?.isEnabledByDefault == false ? nil : diagnostic
            case .ignore: return nil
            case .error: changed.severity = .error
            case .warning: changed.severity = .warning
            }
            return changed
        }
    }
}
