import LayoutKit

/// `--fix`: the run's fix-its applied to the files (or, with `--dry-run`, shown as a diff), file by file.
enum FixRun {
    /// What applying came to.
    struct Outcome {
        /// The fix-its applied (or, in a dry run, that would be).
        var applied = 0
        /// The files changed (or that would be).
        var files = 0
        /// One line each, for standard error: overlaps skipped, files refused.
        var notes: [String] = []
        /// The diff of a dry run.
        var diff = ""
    }

    /// Applies the fix-its of `diagnostics`, or with `dryRun` makes their diff and changes nothing.
    static func apply(_ diagnostics: [Diagnostic], dryRun: Bool, writer: FixWriter) -> Outcome {
        let plan = FixPlan(diagnostics)
        var outcome = Outcome(notes: plan.notes)
        for file in plan.files {
            if dryRun {
                switch writer.prepare(file) {
                case .success(let prepared):
                    outcome.diff += UnifiedDiff.diff(path: file.file, old: prepared.current, new: prepared.fixed)
                case .failure(let problem):
                    outcome.notes.append("layout-check: --fix: \(file.file) would not be changed: \(problem)")
                    continue
                }
            } else if let problem = writer.write(file) {
                outcome.notes.append("layout-check: --fix: \(file.file) not changed: \(problem)")
                continue
            }
            outcome.applied += file.fixItCount
            outcome.files += 1
        }
        return outcome
    }

    /// `applied N fix-its in M files`, for standard error.
    static func summary(_ outcome: Outcome, dryRun: Bool) -> String {
        func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
        let verb = dryRun ? "would apply" : "applied"
        return (outcome.notes.map { $0 + "\n" }.joined())
            + "layout-check: --fix: \(verb) \(counted(outcome.applied, "fix-it")) in \(counted(outcome.files, "file"))\n"
    }
}

extension FixRun {
    /// The end of a `--fix` run: the exit status, or `nil` when nothing was applied and the report of
    /// the check that ran stands as it is.
    ///
    /// - Parameter again: The check, run once more (without `--fix`) over the files as fixed.
    static func finish(
        _ diagnostics: [Diagnostic], _ arguments: Arguments, _ workingDirectory: String,
        again: (Arguments) async -> Int32
    ) async -> Int32? {
        let writer = FixWriter(boundary: RepositoryBoundary(workingDirectory: workingDirectory))
        let outcome = apply(diagnostics, dryRun: arguments.dryRun, writer: writer)
        if (!arguments.quiet && (outcome.applied > 0 || arguments.fixRound == 0)) || !outcome.notes.isEmpty {
            try? StandardStream.error.write(summary(outcome, dryRun: arguments.dryRun))
        }
        if arguments.dryRun {
            do throws(SystemError) {
                try StandardStream.output.write(outcome.diff)
            } catch {
                try? StandardStream.error.write("layout-check: cannot write the diff: \(error)\n")
                return 2
            }
            let failed = diagnostics.contains {
                $0.severity == .error || (arguments.strict && $0.severity == .warning)
            }
            return failed ? 1 : 0
        }
        guard outcome.applied > 0 else { return nil }
        // Again with --fix while rounds bring fix-its (each round's fix-its are what the one before
        // let the rules see); the last round's report is the one printed.
        var next = arguments
        next.fixRound += 1
        next.fix = next.fixRound < maximumRounds
        return await again(next)
    }

    /// Rounds of `--fix` in one run at most: a format error fixed lets the class rules run, a class fixed
    /// lets its members be judged; no chain of the rules' fix-its is longer.
    static let maximumRounds = 4
}
