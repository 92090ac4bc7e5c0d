import Foundation

/// What the build-tool plugin costs a developer: `swift build` of a package whose target has
/// layouts, with `LayoutCheckBuildPlugin` and without it, when nothing changed and when one layout did.
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

        func row(_ name: String, _ timings: [[Duration]], goal: String, isMet: Bool) -> ResultRow {
            let with = Timing(samples: timings[0].sorted(), operationsPerSample: 1)
            let without = Timing(samples: timings[1].sorted(), operationsPerSample: 1)
            return ResultRow(
                step: name, layoutKit: "swift build, with LayoutCheckBuildPlugin", layoutKitResult: Format.timing(with),
                against: "the same package without the plugin", againstResult: Format.timing(without),
                ratio: with.median.seconds / without.median.seconds, goal: goal, isMet: isMet)
        }
        let rows = [
            row("plugin, no-op build", noOp, goal: "no layout-check run", isMet: noOpRuns == 0),
            row(
                "plugin, one layout changed", changed, goal: "one layout-check run per build",
                isMet: changedRuns == samples),
        ]
        let notes = [
            "plugin rows: a debug `swift build` of a package with one target of \(Self.layoutCount) layouts, median of "
                + "\(samples) builds each, with and without the plugin alternating; layout-check ran "
                + "\(noOpRuns) times in the no-op builds and \(changedRuns) times in \(samples) builds after a change"
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
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <classes xmlns="urn:layoutkit:classes:1">
            <class name="CardCell" module="Cards" base="tableViewCell">
                <outlet name="titleLabel" type="label"/>
            </class>
        </classes>

        """.write(
            to: sources.appendingPathComponent("Layouts/Cards.classes.xml"), atomically: true, encoding: .utf8)
        for index in 0..<Self.layoutCount {
            try layout(index: index, title: "Title").write(
                to: sources.appendingPathComponent("Layouts/Card\(index).layout.xml"), atomically: true,
                encoding: .utf8)
        }
        return directory
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
