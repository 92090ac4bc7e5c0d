import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The check and scale rows: the `layout-check` executable over generated corpora, against `xmllint`
/// validating the same files with `Schemas/layout.xsd`, each a child process timed by wall clock.
/// Without an `xmllint` on `PATH` the check row's comparison is shown as not measured and every
/// `layout-check` timing still runs: only this row needs a binary beyond the toolchain and libxml2.
struct CheckerBenchmarks {
    let layoutCheck: String
    /// This executable, which runs each `layout-check` to measure its time and peak memory exactly.
    let intermediate: String
    let xsd: String
    let seed: UInt64
    let quick: Bool
    /// Where progress goes while the rows are measured.
    let progress: (String) -> Void

    /// Timed runs of each command; the table shows their median.
    private var runs: Int { quick ? 3 : 7 }
    private var sizes: [Int] { quick ? [1000, 10_000] : [1000, 10_000, 100_000] }
    private static let checkSize = 10_000
    /// The corpus at which the whole process's peak memory is held to `memoryGoal`.
    private static let memoryGoalSize = 100_000
    private static let memoryGoal = 12 * 1_048_576
    private static let parallel = 2
    private static let topPad = "GLIBC_TUNABLES=glibc.malloc.top_pad=1048576"

    func run() throws -> (rows: [ResultRow], notes: [String]) {
        let temporary = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("layout-bench-XXXXXX")
        var template = Array(temporary.path.utf8CString)
        guard let created = mkdtemp(&template) else {
            throw BenchmarkError(description: "cannot create a temporary directory")
        }
        let root = String(cString: created)
        defer { try? FileManager.default.removeItem(atPath: root) }

        // One corpus per size, each checked the way a project checks its own: `--schemas Schemas Layouts`.
        // Layout i is the same file in every corpus, so the smaller ones are the start of the larger.
        let clock = ContinuousClock()
        let generator = CorpusGenerator(seed: seed)
        var corpora: [Int: CorpusGenerator.Summary] = [:]
        var generation = Duration.zero
        for files in sizes {
            progress("generating \(Format.count(files)) layouts in \(root)…")
            generation += try clock.measure {
                corpora[files] = try generator.write(count: files, to: "\(root)/corpus\(files)")
            }
        }
        let empty = root + "/empty"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let log = root + "/run.log"
        let report = root + "/child.txt"
        let floor = try ChildReport.run(["true"], intermediate: intermediate, report: report, log: log).exit.peakMemory
        let schemas = corpora[sizes[0]]?.schemasDirectory ?? empty

        func checkCommand(files: Int) -> [String] {
            [
                layoutCheck, "--schemas", corpora[files]?.schemasDirectory ?? schemas,
                corpora[files]?.layoutsDirectory ?? empty,
            ]
        }
        let checked = corpora[Self.checkSize]?.paths ?? []
        let xmllint = Subprocess.executable(named: "xmllint")
        let chunks = Self.chunks(checked, parallel: Self.parallel)
        let xmllintCommands =
            xmllint.map { xmllint in chunks.map { [xmllint, "--noout", "--schema", xsd] + $0 } } ?? []
        if xmllint == nil {
            progress("no xmllint on PATH: the check row's comparison will not be measured (install libxml2-utils)")
        }

        // A run of layout-check that a signal ended is not a result. It is reported, and the size is run
        // from then on with a larger malloc top pad, which steps around the one crash seen so far (reading
        // a `dirent` past the end of the heap, FileDiscovery.entries) without changing the code timed.
        var crashes: [String] = []
        var padded: Set<Int> = []
        func runChecker(files: Int, log: String) throws -> (exit: ChildExit, elapsed: Duration) {
            while true {
                let environment = padded.contains(files) ? [Self.topPad] : []
                let (exit, elapsed) = try ChildReport.run(
                    checkCommand(files: files), intermediate: intermediate, report: report, log: log,
                    environment: environment)
                guard exit.status > 128, !padded.contains(files) else { return (exit, elapsed) }
                crashes.append("signal \(exit.status - 128) on \(Format.count(files)) files")
                progress("layout-check was ended by signal \(exit.status - 128); running it again with \(Self.topPad)")
                padded.insert(files)
            }
        }

        // Every command must pass on the corpus before it is timed: a timing of a failing run means nothing.
        progress(
            "checking that \(xmllint == nil ? "layout-check accepts" : "layout-check and xmllint accept") the corpus…")
        for files in [0] + sizes {
            try expectSuccess([try runChecker(files: files, log: log).exit], log: log)
        }
        if !xmllintCommands.isEmpty {
            try expectSuccess(try Subprocess.runPool(xmllintCommands, parallel: Self.parallel, log: log), log: log)
        }

        var checkerTimes: [Int: [Duration]] = [:]
        var checkerPeak: [Int: Int] = [:]
        var xmllintTimes: [Duration] = []
        // CPU time (user + system) of the same runs, steadier than wall time on a busy machine: the
        // check row's work apart from how the two cores were shared.
        var checkerCPU: [Duration] = []
        var xmllintCPU: [Duration] = []
        for round in 1...runs {
            progress("timed round \(round) of \(runs)…")
            for files in [0] + sizes {
                let (exit, elapsed) = try runChecker(files: files, log: "/dev/null")
                try expectSuccess([exit], log: nil)
                checkerTimes[files, default: []].append(elapsed)
                checkerPeak[files] = max(checkerPeak[files] ?? 0, exit.peakMemory)
                if files == Self.checkSize { checkerCPU.append(exit.cpu) }
                if files == Self.checkSize, !xmllintCommands.isEmpty {
                    var exits: [ChildExit] = []
                    let elapsed = try clock.measure {
                        exits = try Subprocess.runPool(xmllintCommands, parallel: Self.parallel, log: "/dev/null")
                    }
                    try expectSuccess(exits, log: nil)
                    xmllintTimes.append(elapsed)
                    xmllintCPU.append(exits.reduce(Duration.zero) { $0 + $1.cpu })
                }
            }
        }

        func timing(_ samples: [Duration]) -> Timing { Timing(samples: samples.sorted(), operationsPerSample: 1) }
        let startUp = timing(checkerTimes[0] ?? []).median
        let check = timing(checkerTimes[Self.checkSize] ?? [])
        let chunkSize = chunks.first?.count ?? 0
        var checkRow = ResultRow(
            step: "check",
            layoutKit:
                "`layout-check` (release, default `--jobs` = \(ProcessInfo.processInfo.activeProcessorCount)), "
                + "\(Format.count(Self.checkSize)) generated files, wall",
            layoutKitResult: Format.timing(check),
            against:
                "`xmllint --noout --schema Schemas/layout.xsd`, \(chunks.count) runs of \(chunkSize) files, "
                + "\(Self.parallel) at a time, wall",
            againstResult: "— (not measured: no xmllint)", ratio: nil, goal: "≤ 0.70×", isMet: nil)
        if !xmllintTimes.isEmpty {
            let xmllint = timing(xmllintTimes)
            checkRow.againstResult = Format.timing(xmllint)
            checkRow.ratio = check.median / xmllint.median
            checkRow.isMet = check.median / xmllint.median <= 0.7
        }
        var rows = [checkRow]
        // Per file, after the start-up (process, class schemas) that a run over no layouts takes.
        func perFile(_ files: Int) -> Duration { (timing(checkerTimes[files] ?? []).median - startUp) / files }
        let base = sizes[0]
        let basePeak = checkerPeak[base] ?? 0
        // What the process takes before it checks a file (the libraries it maps, the class schemas), shown
        // beside each peak: most of the peak is that, not the run.
        let startUpPeak = checkerPeak[0] ?? 0
        for files in sizes {
            let total = timing(checkerTimes[files] ?? [])
            let peak = checkerPeak[files] ?? 0
            let ratio = perFile(files) / perFile(base)
            // Flat memory: the peak may grow with the list of paths, but by no more than half.
            let isFlat = Double(peak) <= 1.5 * Double(basePeak)
            // The memory goal proper is set at the largest corpus, for the whole process.
            let ceiling = files == Self.memoryGoalSize ? Self.memoryGoal : 64 * 1_048_576
            rows.append(
                ResultRow(
                    step: "scale",
                    layoutKit:
                        "`layout-check`, \(Format.count(files)) files: wall; per file after start-up; peak RSS "
                        + "(of which start-up)",
                    layoutKitResult:
                        "\(Format.timing(total)); \(Format.duration(perFile(files)))/file; \(Format.mebibytes(peak)) "
                        + "(\(Format.mebibytes(startUpPeak)))",
                    against: "itself at \(Format.count(base)) files: per file; peak RSS",
                    againstResult: "\(Format.duration(perFile(base)))/file; \(Format.mebibytes(basePeak))",
                    ratio: ratio,
                    goal:
                        "per file ≤ 1.25×; peak ≤ \(Format.mebibytes(ceiling)) and ≤ 1.5× its peak at "
                        + Format.count(base),
                    isMet: ratio <= 1.25 && peak <= ceiling && isFlat))
        }
        let corpus = corpora[sizes[sizes.count - 1]] ?? CorpusGenerator.Summary()
        var notes = [
            "corpus: \(Format.count(corpus.files)) layouts, \(Format.fixed(Double(corpus.bytes) / Double(corpus.files), 0)) bytes "
                + "and \(Format.fixed(Double(corpus.views) / Double(corpus.files), 1)) views each on average, "
                + "\(generator.classes.classes.count) classes in \(generator.classes.schemaDocuments().count) schema files, "
                + "seed \(seed); all corpora generated in \(Format.duration(generation))",
            "layout-check start-up (no layouts, class schemas loaded): \(Format.duration(startUp)), "
                + "peak \(Format.mebibytes(checkerPeak[0] ?? 0)); peaks are the child's `ru_maxrss`, which counts the "
                + "peak of the process it was started from: "
                + (ChildReport.hasGNUTime
                    ? "started through GNU time (`/usr/bin/time`), the smallest it can show is "
                        + "\(Format.mebibytes(floor)) (`true`)"
                    : "no GNU time (`/usr/bin/time`) to start it from, so no peak below this executable's own "
                        + "(\(Format.mebibytes(floor))) can show; install GNU time for the true figure"),
            "check and scale: median of \(runs) runs each, interleaved, output to /dev/null",
            "scale: the peak is the whole process's, the libraries it maps included (the Swift runtime and "
                + "Foundation as shared libraries in a plain `swift build -c release`); measure another build, such "
                + "as one with `--static-swift-stdlib`, with `--layout-check PATH`",
        ]
        notes.append(Self.cpuNote(checker: checkerCPU, xmllint: xmllintCPU))
        if xmllint == nil {
            notes.append(
                "check: no `xmllint` on PATH, so its comparison was not measured; install it with "
                    + "`apt-get install libxml2-utils` and run again for that ratio")
        }
        if !crashes.isEmpty {
            notes.append(
                "**layout-check crashed** (\(crashes.joined(separator: "; "))); those sizes were then run with "
                    + "\(Self.topPad) (sizes: \(padded.sorted().map(Format.count).joined(separator: ", "))), "
                    + "and only completed runs are in the table")
        }
        return (rows, notes)
    }

    /// The check row in CPU time (user + system, medians of the timed runs): per file for each side, and
    /// their ratio when `xmllint` ran.
    private static func cpuNote(checker: [Duration], xmllint: [Duration]) -> String {
        func median(_ samples: [Duration]) -> Duration {
            Timing(samples: samples.sorted(), operationsPerSample: 1).median
        }
        let perFile = median(checker) / checkSize
        var note =
            "check, CPU time (user + system): `layout-check` \(Format.duration(median(checker))), "
            + "\(Format.duration(perFile))/file"
        if !xmllint.isEmpty {
            note +=
                "; `xmllint --schema` (its runs together) \(Format.duration(median(xmllint))), "
                + "\(Format.duration(median(xmllint) / checkSize))/file; "
                + "\(Format.fixed(median(checker) / median(xmllint), 2))×"
        }
        return note
    }

    /// Throws with the end of the log unless every run exited with 0.
    private func expectSuccess(_ exits: [ChildExit], log: String?) throws {
        guard let failed = exits.first(where: { $0.status != 0 }) else { return }
        let tail =
            log.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) }?.split(separator: "\n").suffix(20)
            .joined(separator: "\n") ?? ""
        throw BenchmarkError(
            description: "a checker run exited with status \(failed.status) on a valid corpus\n\(tail)")
    }

    /// The paths split into an even number of equal chunks, each short enough for one command line
    /// (128 KiB of arguments, what `xargs` uses by default), so `parallel` processes share them evenly.
    static func chunks(_ paths: [String], parallel: Int) -> [[String]] {
        let bytes = paths.reduce(0) { $0 + $1.utf8.count + 1 }
        var count = max(parallel, (bytes + 128 * 1024 - 1) / (128 * 1024))
        count = (count + parallel - 1) / parallel * parallel
        let size = (paths.count + count - 1) / count
        return stride(from: 0, to: paths.count, by: max(1, size)).map { Array(paths[$0..<min($0 + size, paths.count)]) }
    }
}
