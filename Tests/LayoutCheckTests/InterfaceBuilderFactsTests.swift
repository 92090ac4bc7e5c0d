import Foundation
import Testing

/// What Interface Builder files connect and name as UIKit finds it at run time, where the words of the
/// file and the Swift code differ: key-value coding's setter lookup for outlet keys, reuse identifiers
/// spelled otherwise than by a literal, and messages that say what the run knows.
@Suite struct InterfaceBuilderFactsTests {
    static let keyValueCoding = "\(InterfaceBuilderTests.folder)/KeyValueCoding"

    /// The findings of a report as the fixtures' `expect:` comments write them.
    static func found(_ report: Report) -> [InterfaceBuilderTests.Expected] {
        report.diagnostics.map { diagnostic in
            InterfaceBuilderTests.Expected(
                rule: diagnostic.rule, line: diagnostic.line,
                note: diagnostic.notes?.first.map { "\(URL(fileURLWithPath: $0.file).lastPathComponent):\($0.line)" })
        }
    }

    /// `property="NoGroupsButton"` for an outlet `noGroupsButton` connects at run time (key-value coding
    /// finds `setNoGroupsButton:`), as does a key an `@objc` setter method answers: warnings that say so,
    /// and the outlets count as connected. A typo no setter answers stays the error it is, and the outlet it
    /// missed is unconnected. Folder mode.
    @Test func aKeyOnlyKeyValueCodingsSetterLookupFindsIsAWarningAndConnects() throws {
        let folder = Self.keyValueCoding
        let result = try runLayoutCheck(["--format", "json", "--swift-sources", "App=\(folder)", folder])
        #expect(result.status == 1, "\(result)")
        let report = try result.report()
        let nib = "\(folder)/GroupsViewController.xib"
        let expected = InterfaceBuilderTests.Expected.parse(try Repository.text(nib))
        #expect(expected.count == 4)
        let unconnected = InterfaceBuilderTests.Expected(
            rule: "unconnected-outlet", line: 17, note: "GroupsViewController.swift:9")
        #expect(Self.found(report).sorted() == (expected + [unconnected]).sorted(), "\(result)")
        let warnings = report.diagnostics.filter { $0.severity == "warning" }
        #expect(warnings.map(\.line) == [19, 20, 21], "\(result)")
        #expect(
            warnings.first?.message.contains("finds setNoGroupsButton:, the setter of the outlet 'noGroupsButton'")
                == true)
        #expect(warnings.last?.message.contains("@objc method setFooter:") == true)
        let typo = try #require(report.diagnostics.first { $0.line == 22 })
        #expect(typo.severity == "error" && typo.message.contains("did you mean 'tableView'?"), "\(typo)")
        // Nothing says the outlets the capitalised keys set are unconnected.
        #expect(!report.diagnostics.contains { $0.message.contains("'noGroupsButton' of") }, "\(result)")
        #expect(!report.diagnostics.contains { $0.message.contains("'emptyLabel' of") }, "\(result)")
    }

    /// The warning's fix-it writes the outlet's own name, in the attribute's bytes only.
    @Test func theKeyValueCodingWarningsFixWritesTheOutletsName() throws {
        let folder = Self.keyValueCoding
        let result = try runLayoutCheck([
            "--fix", "--dry-run", "--swift-sources", "App=\(folder)", "\(folder)/GroupsViewController.xib",
        ])
        #expect(
            result.standardOutput.contains(
                #"+                <outlet property="noGroupsButton" destination="Ng1-bT-1aA" id="Gk1-nG-1aa"/>"#),
            "\(result)")
        #expect(
            result.standardOutput.contains(
                #"+                <outlet property="emptyLabel" destination="El2-lB-2bB" id="Gk2-eL-2bb"/>"#),
            "\(result)")
    }

    /// The same pair in project mode: the nib and its class in the iOS target's synchronized folder.
    @Test func aKeyOnlyKeyValueCodingsSetterLookupFindsIsAWarningInProjectMode() throws {
        let (scratch, copy) = try XcodeProjectRunTests.copyOfTheFixture()
        defer { scratch.remove() }
        for name in ["GroupsViewController.xib", "GroupsViewController.swift"] {
            try FileManager.default.copyItem(
                at: Repository.root.appendingPathComponent("\(Self.keyValueCoding)/\(name)"),
                to: copy.appendingPathComponent("Profile/\(name)"))
        }
        let result = try runLayoutCheck(["--format", "json", "App/TwoPlatforms.xcodeproj"], in: scratch.url)
        let report = try result.report()
        let groups = report.diagnostics.filter { $0.file == "App/Profile/GroupsViewController.xib" }
        #expect(
            groups.map { "\($0.severity) \($0.rule) \($0.line)" }.sorted() == [
                "error unconnected-outlet 17", "error unknown-outlet 22", "warning unknown-outlet 19",
                "warning unknown-outlet 20", "warning unknown-outlet 21",
            ], "\(result)")
    }
}
