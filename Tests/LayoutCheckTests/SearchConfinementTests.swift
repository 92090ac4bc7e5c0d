import Foundation
import Testing

@testable import layout_check

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A directory search reads only inside the repository, as a configuration's paths do (article
/// "Security"): a symbolic link it finds that leads out is not followed and is an `unreadable-file`
/// error at the link; a FIFO, socket or device is refused unopened. A monorepo's links between its own
/// folders are followed as before.
@Suite struct SearchConfinementTests {
    /// A repository (`.git`) with `Layouts/Real/A.layout.xml` and `Shared/S.layout.xml`, and a folder
    /// outside it whose `folders` subfolders each hold a malformed layout: if the search went there, it
    /// would read every one of them.
    static func makeRepository(outsideFolders folders: Int = 1) throws -> (TemporaryDirectory, TemporaryDirectory) {
        let repository = try TemporaryDirectory()
        try FileManager.default.createDirectory(
            at: repository.url.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try repository.write(SampleLayout.valid, to: "Layouts/Real/A.layout.xml")
        try repository.write(SampleLayout.valid, to: "Shared/S.layout.xml")
        let outside = try TemporaryDirectory()
        for index in 0..<folders { try outside.write(SampleLayout.malformed, to: "F\(index)/O\(index).layout.xml") }
        try outside.write(SampleLayout.malformed, to: "Out.layout.xml")
        return (repository, outside)
    }

    /// Counted, not timed: a link to a folder of 64 folders outside the repository costs no directory
    /// read; one to the monorepo's shared folder is searched as before.
    @Test func aLinkOutOfTheRepositoryIsNotFollowedAndALinkInsideItIs() throws {
        let (repository, outside) = try Self.makeRepository(outsideFolders: 64)
        defer {
            repository.remove()
            outside.remove()
        }
        try repository.link("Layouts/Vendor", to: outside.path)
        try repository.link("Layouts/Shared", to: "../Shared")
        try repository.link("Layouts/Out.layout.xml", to: outside.url.appendingPathComponent("Out.layout.xml").path)

        var search = FileDiscovery(suffix: ".layout.xml")
        try search.add(SystemPath(repository.url.appendingPathComponent("Layouts").path))
        var found: [(path: String, refusal: String?)] = []
        while let file = search.next() {
            found.append((file.displayPath.replacingOccurrences(of: repository.path, with: ""), file.refusal))
        }

        #expect(
            found.map(\.path) == [
                "/Layouts/Out.layout.xml", "/Layouts/Real/A.layout.xml", "/Layouts/Shared/S.layout.xml",
            ])
        #expect(found[0].refusal?.contains("outside the repository") == true, "\(found)")
        #expect(found.dropFirst().allSatisfy { $0.refusal == nil }, "\(found)")
        // Layouts, Layouts/Real, Layouts/Shared: the 65 folders outside are never opened.
        #expect(search.directoriesRead == 3)
        #expect(search.diagnostics.map(\.sourceLocation?.file) == [repository.path + "/Layouts/Vendor"])
        #expect(search.diagnostics.map(\.rule.rawValue) == ["unreadable-file"])
        #expect(
            search.diagnostics.first?.message.hasPrefix(
                "did not search the directory: it is a symbolic link that leads to") == true)
    }

    /// A folder the command line names is searched wherever it is, and links inside it to its own
    /// folders are followed: only the links a search finds are held to the area.
    @Test func aFolderNamedOutsideTheRepositoryIsSearchedWithItsOwnLinks() throws {
        let (repository, outside) = try Self.makeRepository()
        defer {
            repository.remove()
            outside.remove()
        }
        try outside.link("Again", to: "F0")
        let result = try runLayoutCheck(["--format", "json", outside.path], in: repository.url)
        let report = try result.report()
        #expect(report.files == 2, "\(result)")
        #expect(!report.diagnostics.contains { $0.rule == "unreadable-file" }, "\(result)")
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var testDescription: String
        /// The arguments of the run, from the repository's root.
        var arguments: [String]
        /// Where the link is made in the repository, and what it leads to outside (`nil`: the outside
        /// folder itself).
        var link: String
        var target: String?
        var configuration: String?
    }

    static let cases: [Case] = [
        Case(testDescription: "a layouts folder, a link to a folder", arguments: ["Layouts"], link: "Layouts/Vendor"),
        Case(
            testDescription: "a layouts folder, a link named like a layout", arguments: ["Layouts"],
            link: "Layouts/Out.layout.xml", target: "Out.layout.xml"),
        Case(
            testDescription: "--schemas, a link to a folder", arguments: ["--schemas", "Schemas", "Layouts"],
            link: "Schemas/Vendor"),
        Case(
            testDescription: "--schemas, a link named like a class schema",
            arguments: ["--schemas", "Schemas", "Layouts"], link: "Schemas/Out.classes.xml",
            target: "F0/Outside.classes.xml"),
        Case(
            testDescription: "<schemas> of the configuration", arguments: ["Layouts"], link: "Schemas/Vendor",
            configuration: #"<schemas path="Schemas"/>"#),
        Case(
            testDescription: "--swift-sources, a link to a folder",
            arguments: ["--swift-sources", "Sources/App", "Layouts"], link: "Sources/App/Vendor"),
        Case(
            testDescription: "--swift-sources, a link named like a Swift file",
            arguments: ["--swift-sources", "Sources/App", "Layouts"], link: "Sources/App/Outside.swift",
            target: "F0/Outside.swift"),
        Case(
            testDescription: "<swift-sources> of the configuration", arguments: ["Layouts"],
            link: "Sources/App/Vendor", configuration: #"<swift-sources path="Sources/App" module="App"/>"#),
    ]

    /// Outside the repository, a class schema and a Swift file declare `OutsideView`, which a layout
    /// uses: the run says the link was not followed, and the class stays unknown, so nothing outside
    /// was read.
    @Test(arguments: cases)
    func everySearchStopsAtALinkOutOfTheRepository(_ testCase: Case) throws {
        let (repository, outside) = try Self.makeRepository()
        defer {
            repository.remove()
            outside.remove()
        }
        try repository.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <layout xmlns="urn:layoutkit:layout:1">
                <view class="OutsideView"/>
            </layout>

            """, to: "Layouts/Uses.layout.xml")
        try repository.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <classes xmlns="urn:layoutkit:classes:1">
                <class name="InsideView" module="App" base="view"/>
            </classes>

            """, to: "Schemas/Inside.classes.xml")
        try repository.write(
            "import LayoutKit\n\npublic final class InsideView: View {}\n", to: "Sources/App/Inside.swift")
        try outside.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <classes xmlns="urn:layoutkit:classes:1">
                <class name="OutsideView" module="App" base="view"/>
            </classes>

            """, to: "F0/Outside.classes.xml")
        try outside.write("import LayoutKit\n\npublic final class OutsideView: View {}\n", to: "F0/Outside.swift")
        let target =
            testCase.target.map { outside.url.appendingPathComponent($0).path }
            ?? outside.url.appendingPathComponent("F0").path
        try repository.link(testCase.link, to: target)
        if let configuration = testCase.configuration {
            try repository.write(RepositoryBoundaryTests.configuration(configuration), to: "layout-check.xml")
        }

        let result = try runLayoutCheck(["--format", "json"] + testCase.arguments, in: repository.url)
        #expect(result.status == 1, "\(result)")
        let report = try result.report()
        let unreadable = report.diagnostics.filter { $0.rule == "unreadable-file" }
        #expect(unreadable.map(\.file) == [testCase.link], "\(result)")
        #expect(unreadable.allSatisfy { $0.message.contains("outside the repository") && $0.line == 1 }, "\(result)")
        #expect(
            report.diagnostics.contains { $0.rule == "unknown-class" && $0.file == "Layouts/Uses.layout.xml" },
            "\(result)")
        #expect(
            !report.diagnostics.contains { $0.file.hasPrefix(outside.path) || $0.rule == "xml-syntax" }, "\(result)")
    }

    /// A run from the root searches `.` for layouts, for both kinds of Interface Builder file and for Swift
    /// files: each link out is met by several searches and said once.
    @Test func aLinkMetBySeveralSearchesIsReportedOnce() throws {
        let (repository, outside) = try Self.makeRepository()
        defer {
            repository.remove()
            outside.remove()
        }
        try repository.write(
            "import LayoutKit\n\npublic final class InsideView: View {}\n", to: "Sources/App/Inside.swift")
        try repository.link("Layouts/Vendor", to: outside.path)
        try repository.link("Sources/App/Vendor", to: outside.path)
        let result = try runLayoutCheck(
            ["--format", "json", "--swift-sources", "Sources/App", "."], in: repository.url)
        #expect(result.status == 1, "\(result)")
        let unreadable = try result.report().diagnostics.filter { $0.rule == "unreadable-file" }
        #expect(unreadable.map(\.file) == ["Layouts/Vendor", "Sources/App/Vendor"], "\(result)")
    }

    /// The link is the user's to keep: leaving it out of the run silences the error.
    @Test func anExcludedLinkOutOfTheRepositoryIsNotReported() throws {
        let (repository, outside) = try Self.makeRepository()
        defer {
            repository.remove()
            outside.remove()
        }
        try repository.link("Layouts/Vendor", to: outside.path)
        try repository.write(
            RepositoryBoundaryTests.configuration(#"<exclude path="Layouts/Vendor"/>"#), to: "layout-check.xml")
        let result = try runLayoutCheck(["--format", "json", "Layouts"], in: repository.url)
        #expect(result.status == 0, "\(result)")
        #expect(try result.report().diagnostics.allSatisfy { $0.rule == "no-class-schemas" }, "\(result)")
    }

    /// A link inside the repository to a FIFO (or through `/proc/self/fd/0`, standard input, out of it)
    /// named like a layout is refused without being opened: the run ends though nothing ever writes.
    @Test func aLinkToAFIFOOrToStandardInputIsRefusedUnopened() throws {
        let (repository, outside) = try Self.makeRepository()
        defer {
            repository.remove()
            outside.remove()
        }
        #expect(mkfifo(repository.url.appendingPathComponent("pipe").path, 0o600) == 0)
        try repository.link("Layouts/Pipe.layout.xml", to: "../pipe")
        try repository.link("Layouts/Input.layout.xml", to: "/proc/self/fd/0")
        let result = try runLayoutCheck(["--format", "json", "Layouts"], in: repository.url, timeout: .seconds(30))
        #expect(result.status == 1, "\(result)")
        let unreadable = try result.report().diagnostics.filter { $0.rule == "unreadable-file" }
        #expect(unreadable.map(\.file) == ["Layouts/Input.layout.xml", "Layouts/Pipe.layout.xml"], "\(result)")
        #expect(
            unreadable.contains { $0.file == "Layouts/Pipe.layout.xml" && $0.message.contains("not a regular file") })
    }
}
