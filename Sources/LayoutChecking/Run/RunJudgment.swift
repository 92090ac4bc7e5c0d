import LayoutKit

/// The one place a run's findings are judged before they are reported.
///
/// A file's findings arrive judged by the engine as they left its rules (suppressions, configured
/// severities and the per-file cap, in `LayoutValidator` for a layout and `InterfaceBuilderSettings` for
/// a nib, so that an include counts a layout's errors as the run will report them); run-level findings
/// arrive raw and get the same severities and `<ignore>`s here. Then, for every finding alike: errors
/// inside files nothing loads are lowered to warnings, a localized copy's repeat of its base file's
/// finding becomes a note of it, a finding made twice (a file two Xcode targets build) is kept once, the
/// per-file cap holds for the run and not per target, and the order is `Diagnostic.ordered`.
///
/// Memory stays bounded by the cap: past it, a file's findings are only counted as they arrive.
struct RunJudgment {
    private let configuration: CheckConfiguration
    private let settings: InterfaceBuilderSettings
    private var kept: [Diagnostic] = []
    private var seen: Set<Diagnostic> = []
    /// Each kept finding by its place, rule and module-free message: what another target's check of the
    /// same file finds again, under its own module's name.
    private var samePlace: [SamePlace: Int] = [:]
    /// For a kept finding other targets found again: its note saying so, how many, the first one's words.
    private var againElsewhere: [Int: (note: Int, count: Int, message: String)] = [:]
    private var perFile: [String: Int] = [:]
    /// Findings past a file's cap: how many, where the first was, and whether one was an error.
    private var dropped: [String: (count: Int, first: SourceLocation?, error: Bool)] = [:]
    /// Which of the configuration's `<ignore>`s applied to a checked file, and which silenced something.
    private(set) var ignoreUsage = InterfaceBuilderUsage()

    init(configuration: CheckConfiguration, settings: InterfaceBuilderSettings) {
        self.configuration = configuration
        self.settings = settings
    }

    /// Findings the engine judged file by file, and the front end's own (kept once: several searches may
    /// cross one folder and meet the same unreadable directory).
    mutating func add(fileFindings diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics { keep(diagnostic) }
    }

    /// What the files' `<ignore>`s came to as each file was judged.
    mutating func record(_ usage: InterfaceBuilderUsage) {
        ignoreUsage.merge(usage)
    }

    /// Marks the `<ignore>`s of declarations as applicable: the run checked Interface Builder files that
    /// use Swift classes, so one that silenced nothing is unused.
    mutating func recordDeclarationIgnoresApply() {
        settings.noteDeclarationIgnoresApply(to: &ignoreUsage)
    }

    /// A run-level rule's findings, given the configured severity and, for findings in Interface Builder
    /// files, the configuration's `<ignore>`s (by object id and by declaration).
    mutating func add(runFindings findings: [RunFinding]) {
        for finding in findings {
            guard finding.declaration != nil || !finding.ids.isEmpty else {
                add(fileFindings: configuration.apply(to: [finding.diagnostic]))
                continue
            }
            let file = finding.diagnostic.sourceLocation?.file ?? ""
            add(
                fileFindings: settings.judge(
                    [finding.diagnostic], file: file, ids: { _ in finding.ids }, usage: &ignoreUsage,
                    declaration: finding.declaration, capped: false))
        }
    }

    private mutating func keep(_ diagnostic: Diagnostic) {
        guard seen.insert(diagnostic).inserted else { return }
        let file = diagnostic.sourceLocation?.file
        guard let file, let location = diagnostic.sourceLocation else {
            kept.append(diagnostic)
            return
        }
        // A file two Xcode targets build whose classes come from the target (`customModuleProvider`) is
        // checked as `App.Cell` and as `Widget.Cell`: one defect, kept once, the other's words a note.
        let place = SamePlace(
            location: location, rule: diagnostic.rule, message: Self.withoutModules(diagnostic.message))
        if let index = samePlace[place] {
            // One note, however many targets build the file: the first other target's words, then a count.
            let others = (againElsewhere[index]?.count ?? 0) + 1
            let note = againElsewhere[index]?.note ?? kept[index].notes.count
            let words = againElsewhere[index]?.message ?? diagnostic.message
            let message =
                others == 1
                ? "another target that builds this file finds it too: \(words)"
                : "\(others) other targets that build this file find it too, one: \(words)"
            if note == kept[index].notes.count {
                kept[index].notes.append(Diagnostic.Note(message: message, location: location))
            } else {
                kept[index].notes[note].message = message
            }
            againElsewhere[index] = (note, others, words)
            return
        }
        let count = perFile[file, default: 0]
        // Twice the cap: a file's findings may still fold into a localized base's notes.
        guard count >= 2 * DiagnosticCollector.maximumPerFile else {
            perFile[file] = count + 1
            samePlace[place] = kept.count
            kept.append(diagnostic)
            return
        }
        var known = dropped[file] ?? (0, diagnostic.sourceLocation, false)
        known.count += 1
        known.error = known.error || diagnostic.severity == .error
        dropped[file] = known
    }

    /// Where a finding is, its rule, and its message with module names taken out.
    private struct SamePlace: Hashable {
        var location: SourceLocation
        var rule: RuleID
        var message: String
    }

    /// `message` without the `Module.` before each qualified name: `App.Cell has no outlet` and
    /// `Widget.Cell has no outlet` say the same of one file.
    static func withoutModules(_ message: String) -> String {
        var result = ""
        result.reserveCapacity(message.utf8.count)
        var word = ""
        for character in message {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
            } else if character == ".", let first = word.first, first.isLetter || first == "_" {
                word = ""
            } else {
                result += word
                result.append(character)
                word = ""
            }
        }
        return result + word
    }

    /// Every finding, judged: lowered in the files and scenes nothing loads, localized copies folded, each file cut
    /// to the cap, in `Diagnostic.ordered` order.
    func finish(
        unloadedFiles: [String: SourceLocation], unreachableScenes: [String: [IdentifierCheck.UnreachableScene]] = [:]
    ) -> [Diagnostic] {
        var all = IdentifierCheck.lowering(
            IdentifierCheck.lowering(kept, in: unloadedFiles), inScenes: unreachableScenes)
        for (_, drop) in dropped.sorted(by: { $0.key < $1.key }) {
            all.append(
                Diagnostic(
                    rule: .inputLimit, severity: drop.error ? .error : .warning,
                    message: "\(drop.count) more diagnostic\(drop.count == 1 ? "" : "s") not shown: the limit is "
                        + "\(DiagnosticCollector.maximumPerFile) per file",
                    location: drop.first))
        }
        return Diagnostic.capped(perFile: LocalizedCopies.fold(all))
    }
}
