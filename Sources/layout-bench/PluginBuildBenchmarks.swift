import Foundation

/// What the build-tool plugin costs a developer: `swift build` of a package whose target has
/// `layoutCount` layouts and `swiftFileCount` Swift files (no class schemas: the plugin reads the Swift
/// code), with `LayoutCheckBuildPlugin` and without it, when nothing changed, when one layout did and when
/// one Swift file did.
///
/// The two packages depend on this checkout by path and build in scratch directories kept under its
/// `.build`, so only the first run compiles LayoutKit (twice: once per package). Each sample is one
/// `swift build`, the two packages alternating; the build log of every sample with the plugin is
/// searched for the plugin's command, which must run once per changed layout and never otherwise.
struct PluginBuildBenchmarks {
    /// The root of this checkout, which the packages depend on.
    var packageRoot: URL
    var samples: Int
    var progress: (String) -> Void

    /// The display name the plugin gives its command, which `swift build` prints when it runs it.
    static let commandName = "Checking the layouts of Cards"
    /// How many layouts the target holds.
    static let layoutCount = 20
    /// How many Swift files the target holds: the cell the layouts name and the app's other code.
    static let swiftFileCount = 200

    func run() throws -> (rows: [ResultRow], notes: [String]) {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("layout-bench-plugin-\(getpid())")
        defer { try? FileManager.default.removeItem(at: work) }
        let with = try makePackage(at: work.appendingPathComponent("WithPlugin"), plugin: true)
        let without = try makePackage(at: work.appendingPathComponent("WithoutPlugin"), plugin: false)
        let log = work.appendingPathComponent("build.log").path

        func build(_ package: URL) throws -> (elapsed: Duration, log: String) {
            unlink(log)
            let scratch = packageRoot.appendingPathComponent(".build/bench-\(package.lastPathComponent)").path
            let start = ContinuousClock.now
            let exit = try Subprocess.run(
                ["swift", "build", "--package-path", package.path, "--scratch-path", scratch], log: log)
            let elapsed = ContinuousClock.now - start
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            guard exit.status == 0 else {
                throw BenchmarkError(description: "swift build of \(package.lastPathComponent) failed:\n\(text)")
            }
            return (elapsed, text)
        }

        progress("building the plugin packages (the first time compiles LayoutKit twice)…")
        for package in [with, without] {
            // Twice: the first build of a package with a plugin relinks its tool once more on the next.
            _ = try build(package)
            _ = try build(package)
        }

        progress("timing no-op builds…")
        var noOp: [[Duration]] = [[], []]
        var noOpRuns = 0
        for _ in 0..<samples {
            let withPlugin = try build(with)
            noOp[0].append(withPlugin.elapsed)
            noOpRuns += withPlugin.log.components(separatedBy: Self.commandName).count - 1
            noOp[1].append(try build(without).elapsed)
        }

        progress("timing builds after one layout changed…")
        var changed: [[Duration]] = [[], []]
        var changedRuns = 0
        for sample in 0..<samples {
            for (index, package) in [with, without].enumerated() {
                try layout(index: 0, title: "Title \(sample)").write(
                    to: package.appendingPathComponent("Sources/Cards/Layouts/Card0.layout.xml"), atomically: true,
                    encoding: .utf8)
                let result = try build(package)
                changed[index].append(result.elapsed)
                if index == 0 { changedRuns += result.log.components(separatedBy: Self.commandName).count - 1 }
            }
        }

        progress("timing builds after one Swift file changed…")
        var edited: [[Duration]] = [[], []]
        var editedRuns = 0
        for sample in 0..<samples {
            for (index, package) in [with, without].enumerated() {
                // A change inside a function body: the compiler rebuilds this one file.
                try modelFile(index: 1, revision: sample + 1).write(
                    to: package.appendingPathComponent("Sources/Cards/Model1.swift"), atomically: true, encoding: .utf8)
                let result = try build(package)
                edited[index].append(result.elapsed)
                if index == 0 { editedRuns += result.log.components(separatedBy: Self.commandName).count - 1 }
            }
        }

        func row(_ name: String, _ timings: [[Duration]], goal: String, isMet: Bool) -> ResultRow {
            let with = Timing(samples: timings[0].sorted(), operationsPerSample: 1)
            let without = Timing(samples: timings[1].sorted(), operationsPerSample: 1)
            return ResultRow(
                step: name, layoutKit: "swift build, with LayoutCheckBuildPlugin", layoutKitResult: Format.timing(with),
                against: "the same package without the plugin", againstResult: Format.timing(without),
                ratio: with.median.seconds / without.median.seconds, goal: goal, isMet: isMet)
        }
        func ratio(_ timings: [[Duration]]) -> Double {
            Timing(samples: timings[0].sorted(), operationsPerSample: 1).median.seconds
                / Timing(samples: timings[1].sorted(), operationsPerSample: 1).median.seconds
        }
        let rows = [
            row("plugin, no-op build", noOp, goal: "no layout-check run", isMet: noOpRuns == 0),
            row(
                "plugin, one layout changed", changed, goal: "one layout-check run per build",
                isMet: changedRuns == samples),
            row(
                "plugin, one Swift file changed", edited, goal: "≤ 1.5×, one layout-check run per build",
                isMet: editedRuns == samples && ratio(edited) <= 1.5),
        ]
        let notes = [
            "plugin rows: a debug `swift build` of a package with one target of \(Self.layoutCount) layouts and "
                + "\(Self.swiftFileCount) Swift files, no class schemas, median of \(samples) builds each, with and "
                + "without the plugin alternating; layout-check ran \(noOpRuns) times in the no-op builds, "
                + "\(changedRuns) times in \(samples) builds after a layout changed and \(editedRuns) times in "
                + "\(samples) builds after a Swift file changed"
        ]
        return (rows, notes)
    }

    /// A package like `Examples/PluginConsumer`, with `layoutCount` clean layouts.
    private func makePackage(at directory: URL, plugin: Bool) throws -> URL {
        let sources = directory.appendingPathComponent("Sources/Cards")
        try FileManager.default.createDirectory(
            at: sources.appendingPathComponent("Layouts"), withIntermediateDirectories: true)
        let plugins =
            plugin ? "\n            plugins: [.plugin(name: \"LayoutCheckBuildPlugin\", package: \"LayoutKit\")]," : ""
        let manifest = """
            // swift-tools-version:6.1
            import PackageDescription

            let package = Package(
                name: "\(directory.lastPathComponent)",
                platforms: [.macOS(.v13)],
                dependencies: [.package(name: "LayoutKit", path: "\(packageRoot.path)")],
                targets: [
                    .target(
                        name: "Cards",
                        dependencies: [.product(name: "LayoutKit", package: "LayoutKit")],
                        resources: [.process("Layouts")],\(plugins)
                    )
                ]
            )

            """
        try manifest.write(to: directory.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try """
        import LayoutKit

        public final class CardCell: TableViewCell {
            public var titleLabel: Label?

            override public class var outlets: [Outlet] {
                super.outlets + [Outlet("titleLabel", \\CardCell.titleLabel)]
            }
        }

        """.write(to: sources.appendingPathComponent("CardCell.swift"), atomically: true, encoding: .utf8)
        for index in 1..<Self.swiftFileCount {
            try modelFile(index: index, revision: 0).write(
                to: sources.appendingPathComponent("Model\(index).swift"), atomically: true, encoding: .utf8)
        }
        for index in 0..<Self.layoutCount {
            try layout(index: index, title: "Title").write(
                to: sources.appendingPathComponent("Layouts/Card\(index).layout.xml"), atomically: true,
                encoding: .utf8)
        }
        return directory
    }

    /// One of the app's other Swift files: a model type and a class, as an app's code has them.
    private func modelFile(index: Int, revision: Int) -> String {
        """
        import Foundation

        public struct Model\(index): Hashable, Sendable {
            public var identifier: Int
            public var title: String

            public init(identifier: Int, title: String) {
                self.identifier = identifier
                self.title = title
            }

            public var displayTitle: String { "\\(title) #\\(identifier + \(revision))" }
        }

        public final class Store\(index) {
            public private(set) var models: [Model\(index)] = []

            public init() {}

            public func add(_ model: Model\(index)) { models.append(model) }
        }

        """
    }

    private func layout(index: Int, title: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <layout xmlns="urn:layoutkit:layout:1">
            <tableViewCell class="CardCell" module="Cards" reuseIdentifier="Card\(index)">
                <label outlet="titleLabel" text="\(title)" font="headline"/>
            </tableViewCell>
        </layout>

        """
    }
}
