import Foundation
import Testing

@testable import layout_check

/// What reading the Swift code costs: files that cannot declare what the catalog reads are not sent to
/// sourcekitd, and sourcekitd works within one budget for the run, measured in counters (files sent,
/// files left unread, errors), never in seconds.
@Suite struct SwiftReadingCostTests {
    static let app = InterfaceBuilderTests.app

    /// Words in a file decide, whole words only; a keyword in a comment or a string only costs a request.
    @Test(arguments: [
        ("final class A: UIView {}", true),
        ("extension UILabel { func f() {} }", true),
        ("typealias Cell = PhotoCell", true),
        ("protocol Shareable {}", true),
        ("enum Style: String { case flat, elevated }", true),
        ("// a class in a comment\nlet x = 1", true),
        ("let text = \"extension\"", true),
        ("struct Point { var x = 0 }", false),
        ("enum L10n { static let title = \"Title\" }", false),
        ("let classes = subclass + classy + _class + class2", false),
        ("func f() { switch x { case 1: break; default: break } }", false),
        ("let café = 1; let éclass = 2", false),
        ("0xclass", false),
        ("", false),
    ])
    func theScanLooksForTheWordsOfADeclaration(source: String, needsSourceKit: Bool) {
        #expect(SwiftFileScan().needsSourceKit(Array(source.utf8)) == needsSourceKit)
    }

    @Test func aCalleeTheRunReadsMakesAFileNeedSourceKit() {
        let source = Array("func f() { tableView.dequeueReusableCell(withIdentifier: \"Photo\", for: path) }".utf8)
        #expect(!SwiftFileScan().needsSourceKit(source))
        #expect(SwiftFileScan(calls: ["dequeueReusableCell"]).needsSourceKit(source))
        // A label entry (`nibName:`) is looked for as its word.
        let load = Array("func f() { _ = Screen(nibName: \"Screen\", bundle: nil) }".utf8)
        #expect(!SwiftFileScan(calls: ["dequeueReusableCell"]).needsSourceKit(load))
        #expect(SwiftFileScan(calls: ["nibName:"]).needsSourceKit(load))
    }

    /// A file without a class, extension, typealias, protocol or enum with cases is not sent: the worker
    /// would crash on it (`LAYOUTKIT_TEST_CRASH_ON`), and the run has no diagnostic for it.
    @Test func aFileThatDeclaresNoClassIsNotSentToSourcekitd() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        try scratch.write(
            "import Foundation\n\nenum Constants {\n    static let spacing = 8.0\n}\n", to: "Constants.swift")
        try scratch.write("// the class of each view\nimport UIKit\n", to: "Views.swift")
        let result = try runLayoutCheck(
            ["--format", "json", "--swift-sources", Self.app, "--swift-sources", scratch.path, Self.app],
            environment: ["LAYOUTKIT_TEST_CRASH_ON": "Constants.swift"], timeout: .seconds(600))
        #expect(result.status == 0, "\(result)")
        #expect(try result.report().diagnostics.isEmpty, "\(result)")

        // Its positive case: a keyword in a comment is enough to send a file, so the crash is reported.
        let sent = try runLayoutCheck(
            ["--format", "json", "--swift-sources", Self.app, "--swift-sources", scratch.path, Self.app],
            environment: ["LAYOUTKIT_TEST_CRASH_ON": "Views.swift"], timeout: .seconds(600))
        #expect(sent.status == 1, "\(sent)")
        #expect(
            try sent.report().diagnostics.map { "\($0.rule) \(URL(fileURLWithPath: $0.file).lastPathComponent)" }
                == ["unreadable-file Views.swift"], "\(sent)")
    }

    /// Swift on which sourcekitd computes for ever (`LAYOUTKIT_TEST_SPIN_ON`, one file or four): the
    /// budget (here 2 s of CPU and 10 s per MiB) runs out once, on the first of them, and the run ends
    /// with one run-level `input-limit` error that counts the files read and not read. Nothing is judged
    /// against the part that was read: no `unknown-class` for the classes of files never read.
    @Test(arguments: [1, 4]) func sourcekitdsBudgetForTheRunRunsOutOnceWithOneError(spinning: Int) throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let names = (1...spinning).map { "Slow\($0).swift" }
        for name in names { try scratch.write("final class \(name.dropLast(6)): UIView {}\n", to: name) }
        let result = try runLayoutCheck(
            ["--format", "json", "--swift-sources", scratch.path, "--swift-sources", Self.app, Self.app],
            environment: [
                "LAYOUTKIT_TEST_SPIN_ON": names.joined(separator: ","), "LAYOUTKIT_TEST_SOURCEKITD_BUDGET_MS": "2000",
            ], timeout: .seconds(600))
        #expect(result.status == 1, "\(result)")
        let report = try result.report()
        #expect(report.diagnostics.map(\.rule) == ["input-limit"], "\(result)")
        let budget = try #require(report.diagnostics.first)
        #expect(budget.file.isEmpty, "a run-level finding has no file")
        #expect(budget.message.contains("sourcekitd's budget for this run is spent"), "\(budget.message)")
        // The app's Swift files (each declares a class or an extension) and all spinning ones are left
        // unread: the first spinning file (found first) takes the budget.
        let appFiles = try FileManager.default.contentsOfDirectory(atPath: Self.app).filter { $0.hasSuffix(".swift") }
        #expect(appFiles.count >= 5)
        #expect(
            budget.message.contains("0 Swift files were read and \(spinning + appFiles.count) were not"),
            "\(budget.message)")
        #expect(report.files == 0, "Interface Builder files are not judged against part of the Swift code")
    }

    /// The same budget, ample: the run reads everything and says nothing of it.
    @Test func anAmpleBudgetIsNeverMentioned() throws {
        let result = try runLayoutCheck(
            ["--format", "json", "--swift-sources", Self.app, Self.app],
            environment: ["LAYOUTKIT_TEST_SOURCEKITD_BUDGET_MS": "60000"], timeout: .seconds(600))
        #expect(result.status == 0, "\(result)")
        #expect(try result.report().diagnostics.isEmpty)
    }

    /// A run of enough Swift files reads them in two sourcekitd workers side by side (sourcekitd is the
    /// cost of a run), and says exactly what one worker says: the files are shared out as the workers
    /// come free, and the findings put back in the order the files were found.
    @Test func twoWorkersSayWhatOneSays() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        // Twice `filesPerWorker` view controllers, one in ten naming an outlet the nib does not have, so
        // that both workers read classes the findings depend on.
        let count = 2 * SwiftSources.filesPerWorker
        for index in 1...count {
            let outlet = index % 10 == 0 ? "renamedLabel" : "titleLabel"
            try scratch.write(
                "import UIKit\n\nfinal class Screen\(index): UIViewController {\n"
                    + "    @IBOutlet weak var \(outlet): UILabel!\n}\n",
                to: "App/Screen\(index).swift")
            try scratch.write(Self.nib(owner: "Screen\(index)"), to: "App/Screen\(index).xib")
        }
        var reports: [Int: String] = [:]
        for jobs in [1, 2] {
            let log = scratch.path + "/workers-\(jobs).log"
            let app = scratch.path + "/App"
            let result = try runLayoutCheck(
                ["--jobs", "\(jobs)", "--format", "json", "--swift-sources", app, app],
                environment: [TestHooks.workerLog: log], timeout: .seconds(600))
            #expect(result.status == 1, "\(result)")
            let report = try result.report()
            #expect(report.diagnostics.filter { $0.rule == "unknown-outlet" }.count == count / 10, "\(result)")
            reports[jobs] = result.standardOutput
            let started = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
            #expect(started.count == jobs, "\(started)")
        }
        #expect(reports[1] == reports[2])
    }

    /// Whether a run starts its second worker beside the first, before any file is read: the same
    /// count as the reading's own (more than `filesPerWorker` files, each once though two roots list it,
    /// a root's exceptions left out, `--jobs 2` or more).
    @Test func theSecondWorkerIsStartedEarlyExactlyWhenTheReadingUsesTwo() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let limit = SwiftSources.filesPerWorker
        for index in 1...limit { try scratch.write("let a\(index) = 1\n", to: "A/F\(index).swift") }
        try scratch.write("let b = 1\n", to: "B/Extra.swift")
        let a = SwiftSourceRoot(SystemPath(scratch.path + "/A"), module: "A")
        var b = SwiftSourceRoot(SystemPath(scratch.path + "/B"), module: "B")
        let never: @Sendable (SystemPath) -> Bool = { _ in false }
        #expect(!SwiftSources.usesTwoWorkers([a], jobs: 2, isExcluded: never))
        #expect(!SwiftSources.usesTwoWorkers([a, a], jobs: 2, isExcluded: never))
        #expect(SwiftSources.usesTwoWorkers([a, b], jobs: 2, isExcluded: never))
        #expect(!SwiftSources.usesTwoWorkers([a, b], jobs: 1, isExcluded: never))
        let extra: @Sendable (SystemPath) -> Bool = { $0.description.hasSuffix("Extra.swift") }
        #expect(!SwiftSources.usesTwoWorkers([a, b], jobs: 2, isExcluded: extra))
        b.exceptions = [scratch.path + "/B/Extra.swift"]
        #expect(!SwiftSources.usesTwoWorkers([a, b], jobs: 2, isExcluded: never))
    }

    /// A nib whose File's Owner is `owner`, its view's label connected to the outlet `titleLabel`.
    private static func nib(owner: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505" \
        targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" \
        useTraitCollections="YES" colorMatched="YES">
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" \
        customClass="\(owner)" customModule="App" customModuleProvider="target">
                    <connections>
                        <outlet property="titleLabel" destination="lbl-1" id="out-1"/>
                        <outlet property="view" destination="vw-1" id="out-2"/>
                    </connections>
                </placeholder>
                <view contentMode="scaleToFill" id="vw-1">
                    <rect key="frame" x="0.0" y="0.0" width="320" height="44"/>
                    <subviews>
                        <label opaque="NO" text="Title" id="lbl-1">
                            <rect key="frame" x="16" y="12" width="288" height="20"/>
                        </label>
                    </subviews>
                </view>
            </objects>
        </document>

        """
    }
}
