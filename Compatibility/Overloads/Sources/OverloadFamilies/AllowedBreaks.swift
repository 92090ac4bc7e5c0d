import Foundation
import LayoutKit

/// 1.0 code that uses each declaration 1.1.0 changed (the breaks API/allowed-breaks.txt listed until then),
/// written as 1.0 code wrote it: the changes are source-compatible only while this file builds in every mode
/// and its tests pass.
public enum AllowedBreaks {
    /// `LayoutValidator` became a struct: its static check, as 1.0 called it.
    public static func validate(_ xml: String) -> [Diagnostic] {
        LayoutValidator.validate(Array(xml.utf8), file: "Cell.layout.xml", catalog: nil)
    }

    /// `LayoutValidator`'s other static members of 1.0.
    public static let maximumFileBytes = LayoutValidator.maximumFileBytes

    /// `Diagnostic.init(rule:severity:message:location:)` gained notes and an optional location.
    public static let diagnostic = Diagnostic(
        rule: .schema, severity: .error, message: "unexpected element <cel>",
        location: SourceLocation(file: "Cell.layout.xml", line: 2, column: 5))

    /// `RuleID.designRules`, deprecated for `RuleDescriptor.all`.
    @available(*, deprecated)
    public static var designRules: [RuleID] { RuleID.designRules }
}
