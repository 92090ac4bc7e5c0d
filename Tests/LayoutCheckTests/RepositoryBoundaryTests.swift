import Foundation
import Testing

/// Paths a configuration names, and the file `--write-baseline` writes, stay inside the repository once
/// symbolic links are followed, and are regular files or folders (article "Security"): a configuration
/// cannot make the checker read a pipe or a device, or anything else on the machine.
@Suite struct RepositoryBoundaryTests {
    static func configuration(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <layout-check xmlns="urn:layoutkit:config:1">
        \(body)
        </layout-check>

        """
    }

    static func makeProject() throws -> TemporaryDirectory {
        let project = try TemporaryDirectory()
        try project.write(SampleLayout.valid, to: "App/Layouts/Clean.layout.xml")
        try FileManager.default.createDirectory(
            at: project.url.appendingPathComponent(".git"), withIntermediateDirectories: true)
        return project
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var element: String
        /// Made in the project before the run: a link (path → destination) or a folder.
        var links: [String: String] = [:]
    }

    @Test(arguments: [
        Case(testDescription: "standard output", element: #"<schemas path="/proc/self/fd/1"/>"#),
        Case(testDescription: "a device", element: #"<schemas path="/dev/zero"/>"#),
        Case(testDescription: "an absolute path elsewhere", element: #"<swift-sources path="/etc"/>"#),
        Case(testDescription: "a path above the repository", element: #"<schemas path="../../.."/>"#),
        Case(
            testDescription: "a link inside that leads outside", element: #"<schemas path="Schemas"/>"#,
            links: ["App/Schemas": "/etc"]),
    ])
    func aConfigurationPathThatLeadsAnywhereButTheRepositoryIsRefused(_ testCase: Case) throws {
        let project = try Self.makeProject()
        defer { project.remove() }
        for (path, destination) in testCase.links { try project.link(path, to: destination) }
        try project.write(Self.configuration(testCase.element), to: "App/layout-check.xml")
        let result = try runLayoutCheck(
            ["--config", "App/layout-check.xml", "App/Layouts"], in: project.url, timeout: .seconds(30))
        #expect(result.status == 2, "\(result)")
        #expect(result.standardError.contains("App/layout-check.xml:3:1: error: cannot use path="), "\(result)")
        #expect(result.standardError.contains("[configuration]"), "\(result)")
        #expect(result.standardOutput.isEmpty)
    }

    /// A monorepo's shared schemas beside the app, inside the repository, are read as before.
    @Test func aSiblingFolderInsideTheRepositoryStillWorks() throws {
        let project = try Self.makeProject()
        defer { project.remove() }
        try project.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <classes xmlns="urn:layoutkit:classes:1"/>

            """, to: "Shared/Schemas/empty.classes.xml")
        try project.write(Self.configuration(#"<schemas path="../Shared/Schemas"/>"#), to: "App/layout-check.xml")
        let result = try runLayoutCheck(
            ["--config", "App/layout-check.xml", "--format", "json", "App/Layouts"], in: project.url)
        #expect(result.status == 0, "\(result)")
        #expect(try result.report().diagnostics.isEmpty, "\(result)")
    }

    /// A build plugin runs the checker from a folder of its own with `--config` naming the target's
    /// configuration; in a package that is no repository, the schemas beside that configuration are
    /// still inside the folder holding both, and are read.
    @Test func aConfigurationNamedFromAnotherFolderOutsideAnyRepositoryStillReadsItsSchemas() throws {
        let project = try TemporaryDirectory()
        defer { project.remove() }
        try project.write(SampleLayout.valid, to: "Package/Sources/App/Clean.layout.xml")
        try project.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <classes xmlns="urn:layoutkit:classes:1"/>

            """, to: "Package/Sources/App/Schemas/empty.classes.xml")
        try project.write(Self.configuration(#"<schemas path="Schemas"/>"#), to: "Package/Sources/App/layout-check.xml")
        let work = project.url.appendingPathComponent("Package/.build/plugins/work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let app = project.url.appendingPathComponent("Package/Sources/App").path
        let result = try runLayoutCheck(
            ["--config", app + "/layout-check.xml", "--format", "json", "--", app], in: work)
        #expect(result.status == 0, "\(result)")
        #expect(try result.report().diagnostics.isEmpty, "\(result)")
    }

    /// The path a run is asked to write, with what `kind` says already there: a link to `target`, a
    /// folder, a FIFO, or (`outside`) the same name in `victim`, outside the repository.
    static func occupy(
        _ path: String, with kind: String, in project: TemporaryDirectory, outside victim: TemporaryDirectory,
        linkingTo target: URL
    ) throws -> String {
        let url = project.url.appendingPathComponent(path)
        switch kind {
        case "link": try project.link(path, to: target.path)
        case "folder": try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        case "fifo":
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            #expect(mkfifo(url.path, 0o600) == 0)
        default: return victim.url.appendingPathComponent(url.lastPathComponent).path
        }
        return path
    }

    @Test(arguments: ["link", "folder", "fifo"])
    func writeBaselineRefusesAnythingButARegularFile(_ kind: String) throws {
        let project = try Self.makeProject()
        defer { project.remove() }
        let victim = try TemporaryDirectory()
        defer { victim.remove() }
        let target = try victim.write("keep me\n", to: "target.txt")
        let path = try Self.occupy("ci/baseline.xml", with: kind, in: project, outside: victim, linkingTo: target)
        let result = try runLayoutCheck(["--write-baseline", path, "App/Layouts"], in: project.url)
        #expect(result.status == 2, "\(result)")
        #expect(result.standardError.contains("--write-baseline: not writing"), "\(result)")
        #expect(try String(contentsOf: target, encoding: .utf8) == "keep me\n")
        #expect(!FileManager.default.fileExists(atPath: victim.url.appendingPathComponent("baseline.xml").path))
        if kind == "link" {
            let destination = try FileManager.default.destinationOfSymbolicLink(
                atPath: project.url.appendingPathComponent(path).path)
            #expect(destination == target.path, "the link is left as it was")
        }
    }

    /// `--output FILE` is held like `--write-baseline`: a link, folder or FIFO is refused (exit 2), the report
    /// going nowhere near it; `/dev/stdout` stays allowed.
    @Test(arguments: ["link", "folder", "fifo"])
    func outputRefusesAnythingButARegularFile(_ kind: String) throws {
        let project = try Self.makeProject()
        defer { project.remove() }
        let victim = try TemporaryDirectory()
        defer { victim.remove() }
        let target = try victim.write("keep me\n", to: "target.txt")
        let path = try Self.occupy("ci/report.sarif", with: kind, in: project, outside: victim, linkingTo: target)
        let result = try runLayoutCheck(["--format", "sarif", "--output", path, "App/Layouts"], in: project.url)
        #expect(result.status == 2, "\(result)")
        #expect(result.standardError.contains("--output: not writing"), "\(result)")
        #expect(try String(contentsOf: target, encoding: .utf8) == "keep me\n")
        #expect(!FileManager.default.fileExists(atPath: victim.url.appendingPathComponent("report.sarif").path))
        let allowed = try runLayoutCheck(
            ["--format", "json", "--output", "/dev/stdout", "App/Layouts"], in: project.url)
        #expect(allowed.status == 0, "\(allowed)")
        #expect(allowed.standardOutput.contains("\"files\""), "\(allowed)")
    }

    /// `--write-schemas DIR` writes only into a folder: a link (to a folder elsewhere), a file or a FIFO is
    /// refused before anything is written.
    @Test(arguments: ["link", "file", "fifo"])
    func writeSchemasRefusesAnythingButAFolder(_ kind: String) throws {
        let project = try Self.makeProject()
        defer { project.remove() }
        let victim = try TemporaryDirectory()
        defer { victim.remove() }
        let target = try victim.write("keep me\n", to: "target.txt")
        var path = "Schemas"
        switch kind {
        case "link": try project.link(path, to: victim.url.path)
        case "file": try project.write("not a folder\n", to: path)
        case "fifo": #expect(mkfifo(project.url.appendingPathComponent(path).path, 0o600) == 0)
        default: path = victim.url.appendingPathComponent("Schemas").path
        }
        let result = try runLayoutCheck(["--write-schemas", path, "App/Layouts"], in: project.url)
        #expect(result.status == 2, "\(result)")
        #expect(result.standardError.contains("--write-schemas: not writing into"), "\(result)")
        #expect(try String(contentsOf: target, encoding: .utf8) == "keep me\n")
        let written = try FileManager.default.contentsOfDirectory(atPath: victim.url.path)
        #expect(written == ["target.txt"], "\(written)")
    }

    /// A path the user types is theirs (issue "Adoption, round 3", item 7): `--output` and
    /// `--write-baseline` outside the repository (`$RUNNER_TEMP/x.sarif` in a workflow) are written;
    /// confinement is for what files in the repository name.
    @Test func pathsTheUserTypesMayLeaveTheRepository() throws {
        let project = try Self.makeProject()
        defer { project.remove() }
        let elsewhere = try TemporaryDirectory()
        defer { elsewhere.remove() }
        let report = elsewhere.url.appendingPathComponent("layout-check.sarif").path
        let written = try runLayoutCheck(["--format", "sarif", "--output", report, "App/Layouts"], in: project.url)
        #expect(written.status == 0, "\(written)")
        #expect(try String(contentsOfFile: report, encoding: .utf8).contains("\"version\" : \"2.1.0\""))
        let baseline = elsewhere.url.appendingPathComponent("baseline.xml").path
        let recorded = try runLayoutCheck(["--write-baseline", baseline, "App/Layouts"], in: project.url)
        #expect(recorded.status == 0, "\(recorded)")
        #expect(FileManager.default.fileExists(atPath: baseline))
    }

    /// A run with more findings than a baseline can hold: 40 files of 1,000 findings with long
    /// messages would make a 9 MB baseline, which `--baseline` would refuse (it reads 4 MiB). Nothing
    /// is written and the run says why, rather than write a file that cannot be read back.
    @Test func writeBaselineRefusesWhatBaselineCouldNotRead() throws {
        let project = try Self.makeProject()
        defer { project.remove() }
        let id = String(repeating: "d", count: 100)
        let outlets = (0..<1_000).map { #"<outlet property="p" destination="\#(id)\#($0)"/>"# }.joined()
        let layout = """
            <?xml version="1.0" encoding="UTF-8"?>
            <layout xmlns="urn:layoutkit:layout:1"><view><connections>\(outlets)</connections></view></layout>

            """
        for index in 0..<40 { try project.write(layout, to: "Big/L\(index).layout.xml") }
        let result = try runLayoutCheck(["--write-baseline", "ci/baseline.xml", "Big"], in: project.url)
        #expect(result.status == 2, "\(result)")
        #expect(result.standardError.contains("a baseline is at most 4194304 bytes"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: project.url.appendingPathComponent("ci/baseline.xml").path))
    }
}
