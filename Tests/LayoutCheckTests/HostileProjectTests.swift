import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Issue 38, "Hostile input, round 4": what an Xcode project, a configuration or an `Info.plist` in a
/// repository can make `layout-check` read, write or wait for. Every project here is written by
/// `HostileProject`, a generator of the few objects each shape needs; the repository is a scratch folder
/// with a `.git` entry, and what lies outside it is a sibling folder. A run that hangs is killed by
/// `runLayoutCheck`'s timeout and recorded, so a hang fails the test, not the CI job.
@Suite struct HostileProjectTests {
    /// A storyboard that is not XML: checked, it is a finding at its path, so a run that reads it says so.
    static let brokenStoryboard = "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\""

    /// A repository (`repo/`, with `.git`) beside a folder outside it (`outside/`), both in one scratch folder.
    struct Layout {
        let scratch: TemporaryDirectory
        var repository: URL { scratch.url.appendingPathComponent("repo") }
        var outside: URL { scratch.url.appendingPathComponent("outside") }

        init() throws {
            scratch = try TemporaryDirectory()
            try FileManager.default.createDirectory(
                at: scratch.url.appendingPathComponent("repo/.git"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        }

        /// Writes `text` at `path`, relative to the scratch folder.
        func write(_ text: String, _ path: String) throws {
            try scratch.write(text, to: path)
        }

        /// Makes a FIFO at `path`, relative to the scratch folder.
        func fifo(_ path: String) throws {
            let url = scratch.url.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try #require(mkfifo(url.path, 0o644) == 0, "mkfifo \(path)")
        }
    }

    /// No diagnostic of the run is about a file outside the repository.
    static func expectNothingOutside(_ result: CommandResult, sourceLocation: SourceLocation = #_sourceLocation) throws
    {
        let report = try result.report(sourceLocation: sourceLocation)
        let outside = report.diagnostics.filter { $0.file.lowercased().contains("outside") }
        #expect(outside.isEmpty, "read outside the repository: \(result)", sourceLocation: sourceLocation)
    }

    // MARK: Item 2: the repository's boundary, checked on the path opened

    /// `../OUTSIDE/DEEP` (a synchronized folder), `../OUTSIDE/Leak.xib` (a file) and `/ETC` (an absolute
    /// folder): none exists as spelt, and the case-insensitive lookup for projects made on macOS finds
    /// `../outside/deep`, `../outside/leak.xib` and `/etc`. The boundary is checked on those, the paths
    /// opened: all three are counted as leading out, none is read or searched.
    @Test func aPathSpeltInAnotherCaseIsHeldToTheRepositoryWhereItIsOpened() throws {
        let layout = try Layout()
        defer { layout.scratch.remove() }
        try layout.write(Self.brokenStoryboard, "outside/deep/Leak.storyboard")
        try layout.write(Self.brokenStoryboard, "outside/leak.xib")
        var project = HostileProject()
        project.folders = [.init(path: "../OUTSIDE/DEEP"), .init(path: "/ETC", sourceTree: "<absolute>")]
        project.resources = ["../OUTSIDE/Leak.xib"]
        try layout.write(project.text, "repo/App.xcodeproj/project.pbxproj")
        let result = try runLayoutCheck(["--format", "json", "App.xcodeproj"], in: layout.repository)
        try Self.expectNothingOutside(result)
        #expect(try result.report().files == 0, "\(result)")
        #expect(
            result.standardError.contains("3 paths the Xcode projects list lead out of the repository"), "\(result)")
    }

    // MARK: Item 3: exception sets that leave the repository

    /// An exception set of another target's folder adds files to the app: `../../outside/x.storyboard`,
    /// `/Localized/../../outside/y.storyboard` (each `outside/*.lproj/y.storyboard`) and `../../../../etc`
    /// lead out of the folder; nothing they name is read or searched, and each is counted.
    @Test func exceptionSetMembersThatLeaveTheirFolderAreNotRead() throws {
        let layout = try Layout()
        defer { layout.scratch.remove() }
        try layout.write(Self.brokenStoryboard, "outside/x.storyboard")
        try layout.write(Self.brokenStoryboard, "outside/en.lproj/y.storyboard")
        try layout.write("struct Shared {}\n", "repo/Shared/Shared.swift")
        var project = HostileProject()
        project.sharedFolder = .init(
            path: "Shared",
            members: ["../../outside/x.storyboard", "/Localized/../../outside/y.storyboard", "../../../../etc"])
        try layout.write(project.text, "repo/App.xcodeproj/project.pbxproj")
        let result = try runLayoutCheck(["--format", "json", "App.xcodeproj"], in: layout.repository)
        try Self.expectNothingOutside(result)
        #expect(try result.report().files == 0, "\(result)")
        #expect(
            result.standardError.contains("3 paths the Xcode projects list lead out of the repository"), "\(result)")
    }

    // MARK: Item 4: FIFOs

    /// A FIFO at `X.xcodeproj/project.pbxproj` beside the `--swift-sources` folder: the search for projects
    /// beside the app's folder opens it without blocking and passes over it; the run ends.
    @Test(.timeLimit(.minutes(3))) func aFIFOProjectBesideTheSwiftFolderDoesNotStallTheRun() throws {
        let layout = try Layout()
        defer { layout.scratch.remove() }
        try layout.write(Self.cellNib, "repo/App/Cell.xib")
        try layout.write(Self.cellSwift, "repo/App/Cell.swift")
        try layout.write("<plist version=\"1.0\"><dict></dict></plist>\n", "repo/App/Info.plist")
        try layout.fifo("repo/X.xcodeproj/project.pbxproj")
        let result = try runLayoutCheck(
            ["--format", "json", "--swift-sources", "App", "App"], in: layout.repository, timeout: .seconds(45))
        #expect(result.status == 0, "\(result)")
        #expect(try result.report().files == 1, "\(result)")
    }

    /// A FIFO Swift file that another target's exception set adds to the app: refused as not a regular
    /// file (counted with the paths not read), never opened for reading.
    @Test(.timeLimit(.minutes(3))) func aFIFOSwiftFileAnExceptionSetAddsIsNotOpened() throws {
        let layout = try Layout()
        defer { layout.scratch.remove() }
        try layout.write("struct Shared {}\n", "repo/Shared/Shared.swift")
        try layout.fifo("repo/Shared/Fifo.swift")
        var project = HostileProject()
        project.sharedFolder = .init(path: "Shared", members: ["Fifo.swift"])
        project.resources = ["Cell.xib"]
        try layout.write(Self.cellNib, "repo/Cell.xib")
        try layout.write(project.text, "repo/App.xcodeproj/project.pbxproj")
        let result = try runLayoutCheck(
            ["--format", "json", "App.xcodeproj"], in: layout.repository, timeout: .seconds(45))
        #expect(result.status != 2, "\(result)")
        #expect(
            result.standardError.contains("1 path the Xcode projects list leads out of the repository (or to a FIFO"),
            "\(result)")
    }

    /// A FIFO named by the configuration's `<baseline>`: refused as a configuration error (exit 2), never
    /// opened; the same for `/dev/zero` and a file outside the repository (item 10).
    @Test(.timeLimit(.minutes(3)), arguments: ["fifo.xml", "/dev/zero", "../outside/baseline.xml"])
    func aConfigurationsBaselineIsARegularFileInsideTheRepository(path: String) throws {
        let layout = try Layout()
        defer { layout.scratch.remove() }
        try layout.fifo("repo/fifo.xml")
        try layout.write("<baseline xmlns=\"urn:layoutkit:baseline:1\"/>\n", "outside/baseline.xml")
        try layout.write(
            "<layout-check xmlns=\"urn:layoutkit:config:1\"><baseline path=\"\(path)\"/></layout-check>\n",
            "repo/layout-check.xml")
        try layout.write(Self.layout, "repo/Layouts/A.layout.xml")
        let result = try runLayoutCheck(
            ["--format", "json", "Layouts"], in: layout.repository, timeout: .seconds(30))
        #expect(result.status == 2, "\(result)")
        #expect(result.standardError.contains("layout-check.xml:1:"), "\(result)")
        #expect(result.standardError.contains("cannot use the baseline"), "\(result)")
    }

    // MARK: Item 5: a binary Info.plist whose arrays share their children

    /// 60 levels of arrays, each holding the next twice: a tree of 2^60 strings in a few hundred bytes.
    /// Foundation expanded it (30 s, 3.7 GB, a crash); the run reads each shared object once.
    @Test(.timeLimit(.minutes(3))) func aBinaryInfoPlistThatSharesItsObjectsIsReadOnce() throws {
        let layout = try Layout()
        defer { layout.scratch.remove() }
        try layout.write(Self.cellNib, "repo/App/Cell.xib")
        try layout.write(Self.cellSwift, "repo/App/Cell.swift")
        let plist = BinaryPropertyListWriter.sharedArrays(levels: 60, key: "UIMainStoryboardFile", leaf: "Main")
        #expect(plist.count < 1024)
        try Data(plist).write(to: layout.repository.appendingPathComponent("App/Info.plist"))
        let result = try runLayoutCheck(
            ["--format", "json", "--swift-sources", "App", "App"], in: layout.repository, timeout: .seconds(45))
        #expect(result.status == 0, "\(result)")
        #expect(try result.report().files == 1, "\(result)")
    }

    // MARK: Item 6: --write-schemas and a module name that is a path

    /// `PRODUCT_MODULE_NAME = "../../escaped"` would make the schema `<DIR>/../../escaped.classes.xml`:
    /// a module name must be a Swift identifier, and the run says so (exit 2) and writes nothing.
    @Test func writeSchemasRefusesAModuleNameThatIsNotAnIdentifier() throws {
        let layout = try Layout()
        defer { layout.scratch.remove() }
        try layout.write(Self.cellSwift, "repo/App/Cell.swift")
        var project = HostileProject()
        project.sources = ["App/Cell.swift"]
        project.settings = "PRODUCT_MODULE_NAME = \"../../escaped\";"
        try layout.write(project.text, "repo/App.xcodeproj/project.pbxproj")
        let result = try runLayoutCheck(["--write-schemas", "Schemas", "App.xcodeproj"], in: layout.repository)
        #expect(result.status == 2, "\(result)")
        #expect(result.standardError.contains("a module name is a Swift identifier"), "\(result)")
        let written = FileManager.default.enumerator(atPath: layout.scratch.path)?.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".classes.xml") }
        #expect(written == [], "\(result)")
    }

    // MARK: Item 9: stale project entries

    /// An exception set naming a Swift file that was deleted, and a synchronized folder at `path = "."`:
    /// the missing file is counted like any other a project lists, never a `--swift-sources` usage error
    /// the user did not type, and the folder is the project's own.
    @Test func staleProjectEntriesAreCountedNotAUsageError() throws {
        let layout = try Layout()
        defer { layout.scratch.remove() }
        try layout.write("struct Shared {}\n", "repo/Shared/Shared.swift")
        try layout.write(Self.cellNib, "repo/Cell.xib")
        var project = HostileProject()
        project.sharedFolder = .init(path: "Shared", members: ["Deleted.swift"])
        project.folders = [.init(path: ".")]
        try layout.write(project.text, "repo/App.xcodeproj/project.pbxproj")
        let result = try runLayoutCheck(["--format", "json", "App.xcodeproj"], in: layout.repository)
        #expect(result.status == 0, "\(result)")
        #expect(!result.standardError.contains("--swift-sources"), "\(result)")
        #expect(result.standardError.contains("1 file the Xcode projects list does not exist"), "\(result)")
        #expect(try result.report().files == 1, "the nib under the folder '.': \(result)")
    }

    // MARK: Item 10: workers die with the run

    /// A worker stalled inside sourcekitd (`LAYOUTKIT_TEST_HANG_ON`) reads nothing; killed, the run's
    /// process leaves it behind unless the worker watches its input: it ends as soon as the pipe hangs up.
    @Test(.timeLimit(.minutes(3))) func aWorkerEndsWhenItsRunIsKilled() throws {
        let layout = try Layout()
        defer { layout.scratch.remove() }
        try layout.write(Self.cellNib, "repo/App/Cell.xib")
        try layout.write(Self.cellSwift, "repo/App/Cell.swift")
        let log = layout.scratch.url.appendingPathComponent("workers.log")
        let executable = try #require(LayoutCheckExecutable.url)
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--format", "json", "--swift-sources", "App", "App"]
        process.currentDirectoryURL = layout.repository
        var environment = ProcessInfo.processInfo.environment
        environment["LAYOUTKIT_TEST_HANG_ON"] = "Cell.swift"
        environment["LAYOUTKIT_TEST_WORKER_LOG"] = log.path
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var worker: pid_t?
        for _ in 0..<600 where worker == nil {
            usleep(100_000)
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            worker = text.split(separator: "\n").first.flatMap { $0.split(separator: " ").last }.flatMap { pid_t($0) }
        }
        let pid = try #require(worker, "the worker never started")
        // The worker has loaded sourcekitd and is about to hang on Cell.swift: kill the run, not the worker.
        usleep(500_000)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        var checks = 0
        while Self.isAlive(pid), checks < 200 {
            usleep(50_000)
            checks += 1
        }
        let alive = Self.isAlive(pid)
        if alive { kill(pid, SIGKILL) }
        #expect(!alive, "the worker \(pid) outlived its run by \(checks) checks")
    }

    /// Whether a process runs (a zombie waiting for its reaper does not).
    static func isAlive(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        guard let close = stat.lastIndex(of: ")") else { return false }
        return !stat[close...].hasPrefix(") Z")
    }

    // MARK: Item 10: identifiers compared as UIKit compares them

    /// A segue whose identifier is `showTérms` with a precomposed é (U+00E9), and Swift that performs
    /// `showTérms` with a decomposed one (e, U+0301): the same to Swift's `==`, not to UIKit's `NSString`
    /// comparison, so the call crashes and is reported; the call spelt as the storyboard spells it is not.
    @Test func identifiersAreComparedByTheirCodeUnits() throws {
        let (scratch, copy) = try Self.copyOfTheShop()
        defer { scratch.remove() }
        let storyboard = copy.appendingPathComponent("Onboarding.storyboard")
        let text = try String(contentsOf: storyboard, encoding: .utf8)
        try #require(text.contains("identifier=\"showTerms\""))
        try Data(text.replacingOccurrences(of: "identifier=\"showTerms\"", with: "identifier=\"showT\u{E9}rms\"").utf8)
            .write(to: storyboard)
        try Data(
            """
            import UIKit

            extension CatalogViewController {
                func terms() {
                    performSegue(withIdentifier: "showT\u{E9}rms", sender: nil)
                    performSegue(withIdentifier: "showTe\u{301}rms", sender: nil)
                }
            }

            """.utf8
        ).write(to: copy.appendingPathComponent("Terms.swift"))
        let result = try runLayoutCheck(["--format", "json", "--swift-sources", "Shop=Shop", "Shop"], in: scratch.url)
        let terms = try result.report().diagnostics.filter { $0.file.hasSuffix("Terms.swift") }
        #expect(terms.map { "\($0.rule):\($0.line)" } == ["unknown-segue-identifier:6"], "\(result)")
    }

    static func copyOfTheShop() throws -> (TemporaryDirectory, URL) {
        let scratch = try TemporaryDirectory()
        let copy = scratch.url.appendingPathComponent("Shop")
        try FileManager.default.copyItem(
            at: Repository.root.appendingPathComponent(InterfaceBuilderIdentifierTests.shop), to: copy)
        return (scratch, copy)
    }

    // MARK: Fixtures written here

    static let layout = "<layout xmlns=\"urn:layoutkit:layout:1\"><label text=\"hello\"/></layout>\n"

    /// A nib of one cell whose class the Swift file declares, with no finding.
    static let cellNib = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22155" \
        targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES">
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                <tableViewCell contentMode="scaleToFill" id="c1-aa-bbb" customClass="Cell" customModule="App">
                    <rect key="frame" x="0.0" y="0.0" width="320" height="44"/>
                </tableViewCell>
            </objects>
        </document>

        """

    static let cellSwift = """
        import UIKit

        final class Cell: UITableViewCell {}

        """
}

/// An Xcode project of one iOS target, `App`, with just the objects a test names: files of its build
/// phases, its own synchronized folders, another target's folder whose exception set adds files to `App`.
struct HostileProject {
    struct Folder {
        var path: String
        var sourceTree = "<group>"
    }

    struct SharedFolder {
        var path: String
        var members: [String]
    }

    var sources: [String] = []
    var resources: [String] = []
    var folders: [Folder] = []
    var sharedFolder: SharedFolder?
    var settings = ""

    var text: String {
        var objects: [String] = []
        var groupChildren: [String] = []
        func files(_ paths: [String], prefix: String) -> [String] {
            paths.enumerated().map { index, path in
                objects.append(
                    "\(prefix)F\(index) = {isa = PBXFileReference; path = \"\(path)\"; sourceTree = \"<group>\";};")
                objects.append("\(prefix)B\(index) = {isa = PBXBuildFile; fileRef = \(prefix)F\(index);};")
                groupChildren.append("\(prefix)F\(index)")
                return "\(prefix)B\(index)"
            }
        }
        let sourceFiles = files(sources, prefix: "S")
        let resourceFiles = files(resources, prefix: "R")
        var owned: [String] = []
        for (index, folder) in folders.enumerated() {
            objects.append(
                "D\(index) = {isa = PBXFileSystemSynchronizedRootGroup; path = \"\(folder.path)\"; "
                    + "sourceTree = \"\(folder.sourceTree)\";};")
            owned.append("D\(index)")
            groupChildren.append("D\(index)")
        }
        var targets = ["T"]
        if let shared = sharedFolder {
            let members = shared.members.map { "\"\($0)\"" }.joined(separator: ", ")
            objects.append(
                "X = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (\(members)); target = T;};"
            )
            objects.append(
                "H = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (X); path = \"\(shared.path)\"; sourceTree = \"<group>\";};"
            )
            objects.append(
                "O = {isa = PBXNativeTarget; name = Other; buildConfigurationList = TL; buildPhases = (); fileSystemSynchronizedGroups = (H);};"
            )
            groupChildren.append("H")
            targets.append("O")
        }
        return """
            // !$*UTF8*$!
            {
                objects = {
                    P = {isa = PBXProject; mainGroup = G; targets = (\(targets.joined(separator: ", "))); buildConfigurationList = PL;};
                    PL = {isa = XCConfigurationList; buildConfigurations = (PC);};
                    PC = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = iphoneos;}; name = Debug;};
                    G = {isa = PBXGroup; children = (\(groupChildren.joined(separator: ", "))); sourceTree = "<group>";};
                    T = {isa = PBXNativeTarget; name = App; buildConfigurationList = TL; buildPhases = (SP, RP); fileSystemSynchronizedGroups = (\(owned.joined(separator: ", ")));};
                    TL = {isa = XCConfigurationList; buildConfigurations = (TC); defaultConfigurationName = Release;};
                    TC = {isa = XCBuildConfiguration; buildSettings = {\(settings)}; name = Release;};
                    SP = {isa = PBXSourcesBuildPhase; files = (\(sourceFiles.joined(separator: ", ")));};
                    RP = {isa = PBXResourcesBuildPhase; files = (\(resourceFiles.joined(separator: ", ")));};
                    \(objects.joined(separator: "\n            "))
                };
                rootObject = P;
            }

            """
    }
}
