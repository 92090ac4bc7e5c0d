import Foundation
import LayoutChecking
import LayoutKit
import PhotoApp

/// What one invocation of `layout-bench` does.
enum BenchCommand {
    /// Measure every row and print the table.
    case measure(quick: Bool, layoutCheck: String?, seed: UInt64, pluginBuilds: Bool, only: Section? = nil)
    /// Write a corpus and its class schemas, as the check and scale rows do.
    case generate(directory: String, count: Int, seed: UInt64)
    /// Repeat one in-process step with no timing around it, for `valgrind --tool=callgrind`.
    case profile(step: ProfiledStep, iterations: Int)
    /// Run a command as a child and write how it ended to a file (`ChildReport`): the bench's own
    /// children cannot report their peak memory (see `ChildReport`).
    case measureChild(report: String, command: [String], samplingMemory: Bool)
    case help

    /// The parts of the table `--only` can pick.
    enum Section: String, CaseIterable {
        /// read, load and instantiate, in process.
        case inProcess = "in-process"
        /// `layout-check` against xmllint, and the scale rows.
        case check
        /// `swift build` with and without the build plugin (implies `--plugin-builds`).
        case pluginBuilds = "plugin-builds"
        /// `layout-check --swift-sources` over a generated UIKit app.
        case interfaceBuilder = "interface-builder"
        /// `layout-check lsp`: change-to-diagnostics latency and memory over 10,000 edits.
        case languageServer = "lsp"
        /// `layout-check ROOT` over a generated modular app (Xcode projects and local packages).
        case modularApp = "modular-app"
    }

    /// The steps `--profile` can repeat.
    enum ProfiledStep: String, CaseIterable {
        case read, load, instantiate
        /// The raw libxml2 parse the read and load rows are measured against, for comparison.
        case libxml2
        /// FoundationXML's `XMLParser` with a delegate collecting every attribute, the read row's
        /// second alternative.
        case xmlparser
        /// The hand-written code the instantiate row is measured against.
        case handwritten
        /// The instantiate 1.1 row (`FeatureCell`: an include, properties, actions) and its hand-written code.
        case loadFeature = "load-1.1"
        /// The load 1.1 row's first load: its include read, checked and compiled afresh each time.
        case loadFeatureFirst = "load-1.1-first"
        case instantiateFeature = "instantiate-1.1"
        case handwrittenFeature = "handwritten-1.1"
        /// The raw libxml2 parse of both files of the load 1.1 rows, for comparison.
        case libxml2Feature = "libxml2-1.1"
    }

    static let usage = """
        Usage: layout-bench [--quick] [--layout-check PATH] [--seed S] [--plugin-builds] [--only SECTION]
               layout-bench --generate DIR --count N [--seed S]
               layout-bench --profile STEP [--iterations N]

        Measures LayoutKit side by side with libxml2, FoundationXML, hand-written Swift and xmllint, and
        prints one Markdown table of medians and ratios. Build everything first, so that the layout-check
        beside this executable is current:

            swift build -c release && swift run -c release layout-bench

          --quick             fewer samples and no 100,000-file corpus: a smoke run
          --layout-check PATH the layout-check executable to time (default: the one beside layout-bench)
          --seed S            the corpus seed (default 1)
          --plugin-builds     also time `swift build` of a package with and without LayoutCheckBuildPlugin,
                              no-op and after one layout changed (the first run compiles LayoutKit twice)
          --only SECTION      measure one part of the table: in-process, check, plugin-builds,
                              interface-builder, lsp or modular-app
          --generate DIR      write DIR/Layouts/**/*.layout.xml and DIR/Schemas/*.classes.xml
          --count N           how many layouts --generate writes
          --profile STEP      repeat one step --iterations times (default 20000) without timing it, for
                              valgrind --tool=callgrind: read, load, instantiate, load-1.1, load-1.1-first,
                              instantiate-1.1, or an
                              alternative: libxml2, xmlparser, handwritten, handwritten-1.1, libxml2-1.1

        """

    /// Parses the arguments after the program name.
    static func parse(_ arguments: [String]) throws(BenchmarkError) -> BenchCommand {
        var quick = false
        var pluginBuilds = false
        var only: Section?
        var layoutCheck: String?
        var seed: UInt64 = 1
        var generate: String?
        var count: Int?
        var profile: ProfiledStep?
        var iterations = 20_000
        var remaining = arguments[...]
        func value(for option: String) throws(BenchmarkError) -> String {
            guard let value = remaining.popFirst() else { throw BenchmarkError(description: "\(option) needs a value") }
            return value
        }
        if let option = remaining.first, option == ChildReport.option || option == ChildReport.memoryOption {
            guard remaining.count >= 3, remaining[remaining.startIndex + 2] == "--" else {
                throw BenchmarkError(description: "\(option) FILE -- COMMAND...")
            }
            let report = remaining[remaining.startIndex + 1]
            return .measureChild(
                report: report, command: Array(remaining.dropFirst(3)),
                samplingMemory: option == ChildReport.memoryOption)
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--quick": quick = true
            case "--plugin-builds": pluginBuilds = true
            case "--only":
                let name = try value(for: argument)
                guard let section = Section(rawValue: name) else {
                    let names = Section.allCases.map(\.rawValue).joined(separator: ", ")
                    throw BenchmarkError(description: "--only takes \(names), not '\(name)'")
                }
                only = section
            case "--layout-check": layoutCheck = try value(for: argument)
            case "--seed":
                guard let parsed = UInt64(try value(for: argument)) else {
                    throw BenchmarkError(description: "--seed takes a whole number")
                }
                seed = parsed
            case "--generate": generate = try value(for: argument)
            case "--count":
                guard let parsed = Int(try value(for: argument)), parsed >= 0 else {
                    throw BenchmarkError(description: "--count takes a whole number")
                }
                count = parsed
            case "--profile":
                let step = try value(for: argument)
                guard let parsed = ProfiledStep(rawValue: step) else {
                    throw BenchmarkError(
                        description:
                            "--profile takes \(ProfiledStep.allCases.map(\.rawValue).joined(separator: ", ")), not '\(step)'"
                    )
                }
                profile = parsed
            case "--iterations":
                guard let parsed = Int(try value(for: argument)), parsed > 0 else {
                    throw BenchmarkError(description: "--iterations takes a positive whole number")
                }
                iterations = parsed
            case "--help", "-h": return .help
            default: throw BenchmarkError(description: "unknown argument '\(argument)'")
            }
        }
        if let generate {
            guard let count else { throw BenchmarkError(description: "--generate needs --count N") }
            return .generate(directory: generate, count: count, seed: seed)
        }
        if count != nil { throw BenchmarkError(description: "--count goes with --generate") }
        if let profile { return .profile(step: profile, iterations: iterations) }
        return .measure(
            quick: quick, layoutCheck: layoutCheck, seed: seed, pluginBuilds: pluginBuilds || only == .pluginBuilds,
            only: only)
    }

    /// Carries the command out.
    func run() throws {
        switch self {
        case .help:
            print(Self.usage, terminator: "")
        case .measureChild(let report, let command, let samplingMemory):
            try ChildReport.measure(command, reportingTo: report, samplingMemory: samplingMemory)
        case .generate(let directory, let count, let seed):
            let summary = try CorpusGenerator(seed: seed).write(count: count, to: directory)
            print(
                "wrote \(Format.count(summary.files)) layouts (\(Format.count(summary.bytes)) bytes, "
                    + "\(Format.count(summary.views)) views) to \(summary.layoutsDirectory) and their class schemas to "
                    + summary.schemasDirectory)
            print("check them with: layout-check --schemas \(summary.schemasDirectory) \(summary.layoutsDirectory)")
        case .profile(let step, let iterations):
            try Self.profile(step, iterations: iterations)
        case .measure(let quick, let layoutCheck, let seed, let pluginBuilds, let only):
            try Self.runBenchmarks(
                quick: quick, layoutCheck: layoutCheck, seed: seed, pluginBuilds: pluginBuilds, only: only)
        }
    }

    private static func runBenchmarks(
        quick: Bool, layoutCheck: String?, seed: UInt64, pluginBuilds: Bool, only: Section?
    ) throws {
        func measures(_ section: Section) -> Bool { only == nil || only == section }
        guard let checker = layoutCheck ?? defaultLayoutCheck() else {
            throw BenchmarkError(
                description: "no layout-check beside layout-bench; run `swift build -c release` first, "
                    + "or pass --layout-check PATH")
        }
        guard let xsd = layoutSchema() else {
            throw BenchmarkError(description: "cannot find Schemas/layout.xsd; run from the package's root")
        }
        let start = ContinuousClock.now
        let flags = (quick ? " --quick" : "") + (only.map { " --only \($0.rawValue)" } ?? "")
        var header = ["# layout-bench\(flags)"] + MachineInfo.summary()
        header.append("layout-check: \(checker)")
        print(header.joined(separator: "\n"), terminator: "\n\n")
        let progress: (String) -> Void = { StandardError.write("layout-bench: \($0)\n") }
        var table = ResultTable()
        if measures(.inProcess) {
            progress("timing read, load and instantiate…")
            for row in try InProcessBenchmarks(plan: quick ? .quick : .full).run() { table.append(row) }
        }
        var checks: (rows: [ResultRow], notes: [String]) = ([], [])
        if measures(.check) {
            checks = try CheckerBenchmarks(
                layoutCheck: checker, intermediate: ownExecutable(), xsd: xsd, seed: seed, quick: quick,
                progress: progress
            ).run()
        }
        for row in checks.rows { table.append(row) }
        var pluginNotes: [String] = []
        if pluginBuilds, measures(.pluginBuilds) {
            let plugin = try PluginBuildBenchmarks(packageRoot: packageRoot, samples: quick ? 3 : 7, progress: progress)
                .run()
            for row in plugin.rows { table.append(row) }
            pluginNotes = plugin.notes
        }
        var interfaceBuilder: (rows: [ResultRow], notes: [String]) = ([], [])
        if measures(.interfaceBuilder) {
            interfaceBuilder = try InterfaceBuilderBenchmark(
                layoutCheck: checker, intermediate: ownExecutable(), seed: seed, quick: quick, progress: progress
            ).run()
        }
        for row in interfaceBuilder.rows { table.append(row) }
        if measures(.modularApp) {
            let modular = try ModularAppBenchmark(
                layoutCheck: checker, intermediate: ownExecutable(), quick: quick, progress: progress
            ).run()
            for row in modular.rows { table.append(row) }
            interfaceBuilder.notes += modular.notes
        }
        var languageServer: (rows: [ResultRow], notes: [String]) = ([], [])
        if measures(.languageServer) {
            languageServer = try LanguageServerBenchmark(layoutCheck: checker, quick: quick, progress: progress).run()
        }
        for row in languageServer.rows { table.append(row) }
        print(table.markdown)
        let plan: TimingPlan = quick ? .quick : .full
        let inProcessNotes =
            measures(.inProcess)
            ? [
                "read, load, instantiate: median of \(plan.samples) samples per operation, each sample a batch of at "
                    + "least \(Format.duration(plan.minimumSampleTime)), interleaved with the alternative's"
            ] : []
        let notes =
            inProcessNotes + ["ratios are LayoutKit / alternative, shown rounded; 'met' compares the unrounded medians"]
            + checks.notes + interfaceBuilder.notes + languageServer.notes + pluginNotes + [
                "load average at end: \(MachineInfo.loadAverage()); total time \(Format.duration(.now - start))"
            ]
        print(notes.map { "- " + $0 }.joined(separator: "\n"))
    }

    private static func profile(_ step: ProfiledStep, iterations: Int) throws {
        let data = Data(StoryCell.layout.utf8)
        let bytes = Array(data)
        let file = "StoryCell.layout.xml"
        switch step {
        case .read:
            for _ in 0..<iterations { Sink.keep(LayoutValidator.decodedObjectCount(bytes, file: file) ?? -1) }
        case .load:
            let registry = try StoryCell.registry()
            for _ in 0..<iterations {
                Sink.keep(try LayoutLoader(data: data, file: file, registry: registry).file.utf8.count)
            }
        case .libxml2:
            RawLibXML2.initialize()
            for _ in 0..<iterations { Sink.keep(RawLibXML2.parseAndFree(bytes) ? 1 : 0) }
        case .xmlparser:
            for _ in 0..<iterations { Sink.keep(FoundationXMLReaders.parseCollectingAttributes(data) ?? -1) }
        case .handwritten:
            let formatter = DateFormat()
            for _ in 0..<iterations { Sink.keep(StoryCell.buildByHand(dateFormatter: formatter).subviews.count) }
        case .handwrittenFeature:
            for _ in 0..<iterations { Sink.keep(FeatureCell.buildByHand().subviews.count) }
        case .libxml2Feature:
            RawLibXML2.initialize()
            let cell = Array(FeatureCell.layout.utf8)
            let header = Array(try FeatureCell.headerLayout().utf8)
            for _ in 0..<iterations {
                Sink.keep(RawLibXML2.parseAndFree(cell) && RawLibXML2.parseAndFree(header) ? 1 : 0)
            }
        case .loadFeature, .loadFeatureFirst:
            let source = InMemoryLayoutSource([
                "FeatureCell": FeatureCell.layout, "ProfileHeader": try FeatureCell.headerLayout(),
            ])
            let registry = try FeatureCell.registry()
            let sharing = step == ProfiledStep.loadFeature
            for _ in 0..<iterations {
                Sink.keep(
                    try LayoutLoader(named: "FeatureCell", from: source, registry: registry, sharingIncludes: sharing)
                        .file.utf8.count)
            }
        case .instantiateFeature:
            let source = InMemoryLayoutSource([
                "FeatureCell": FeatureCell.layout, "ProfileHeader": try FeatureCell.headerLayout(),
            ])
            let loader = try LayoutLoader(named: "FeatureCell", from: source, registry: try FeatureCell.registry())
            for _ in 0..<iterations { Sink.keep(try loader.instantiate(FeatureCell.self).subviews.count) }
        case .instantiate:
            let loader = try LayoutLoader(data: data, file: file, registry: try StoryCell.registry())
            let externals: [String: AnyObject] = ["dateFormatter": DateFormat()]
            for _ in 0..<iterations {
                Sink.keep(try loader.instantiate(StoryCell.self, externalObjects: externals).subviews.count)
            }
        }
    }

    /// The path of this executable.
    private static func ownExecutable() -> String {
        RunningExecutable.path() ?? CommandLine.arguments[0]
    }

    /// The `layout-check` that `swift build -c release` put beside this executable.
    private static func defaultLayoutCheck() -> String? {
        let candidate = URL(fileURLWithPath: ownExecutable()).deletingLastPathComponent()
            .appendingPathComponent("layout-check").path
        return FileManager.default.isExecutableFile(atPath: candidate) ? candidate : nil
    }

    /// The root of the package this file belongs to.
    private static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// `Schemas/layout.xsd` of the package this file belongs to, or of the current directory.
    private static func layoutSchema() -> String? {
        return [packageRoot.appendingPathComponent("Schemas/layout.xsd").path, "Schemas/layout.xsd"].first {
            FileManager.default.fileExists(atPath: $0)
        }
    }
}

/// Progress and errors, kept off standard output so that it holds nothing but the report.
enum StandardError {
    static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
