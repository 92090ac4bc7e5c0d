import Foundation
import Testing

/// Two modules' classes of one name (issue 40, item 3): `layout-check`, given both modules' Swift code,
/// judges a layout that picks one with `module=` as the loader does with both registered as they are, and
/// calls the plain name alone ambiguous, as the loader does.
@Suite struct SameNameModulesTests {
    static func twoModules() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        for (module, outlet) in [("Feed", "headlineLabel"), ("Profile", "nameLabel")] {
            try folder.write(
                """
                import LayoutKit

                final class Cell: TableViewCell {
                    var \(outlet): Label?
                    override class var outlets: [Outlet] { super.outlets + [Outlet("\(outlet)", \\Cell.\(outlet))] }
                }

                """, to: "Sources/\(module)/Cell.swift")
        }
        return folder
    }

    static let arguments = [
        "--swift-sources", "Feed=Sources/Feed", "--swift-sources", "Profile=Sources/Profile", "Layouts",
    ]

    @Test func moduleSaysWhichCellALayoutMeans() throws {
        let folder = try Self.twoModules()
        defer { folder.remove() }
        try folder.write(
            IncludeTests.layout(
                #"<tableViewCell class="Cell" module="Profile"><label outlet="nameLabel"/></tableViewCell>"#),
            to: "Layouts/ProfileCell.layout.xml")
        try folder.write(
            IncludeTests.layout(
                #"<tableViewCell class="Cell" module="Feed"><label outlet="headlineLabel"/></tableViewCell>"#),
            to: "Layouts/FeedCell.layout.xml")
        let result = try runLayoutCheck(Self.arguments, in: folder.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.outputLines.isEmpty, "\(result)")
    }

    @Test func theOtherModulesOutletIsAnErrorAndThePlainNameIsAmbiguous() throws {
        let folder = try Self.twoModules()
        defer { folder.remove() }
        try folder.write(
            IncludeTests.layout(
                #"<tableViewCell class="Cell" module="Profile"><label outlet="headlineLabel"/></tableViewCell>"#),
            to: "Layouts/ProfileCell.layout.xml")
        try folder.write(IncludeTests.layout(#"<tableViewCell class="Cell"/>"#), to: "Layouts/Plain.layout.xml")
        let result = try runLayoutCheck(Self.arguments, in: folder.url)
        #expect(result.status == 1, "\(result)")
        #expect(
            result.outputLines.contains {
                $0.hasPrefix("Layouts/ProfileCell.layout.xml:") && $0.contains("no outlet named 'headlineLabel'")
                    && $0.hasSuffix("[unknown-outlet]")
            }, "\(result)")
        #expect(
            result.outputLines.contains {
                $0.hasPrefix(
                    "Layouts/Plain.layout.xml:3:1: error: class name 'Cell' is ambiguous: Feed.Cell, Profile.Cell; add module= to say which"
                )
                    && $0.hasSuffix("[unknown-class]")
            }, "\(result)")
    }
}
