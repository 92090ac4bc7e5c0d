import LayoutKit

extension CheckRun {
    /// What the Interface Builder units came to.
    struct InterfaceBuilderFindings {
        var files = 0
        var diagnostics: [Diagnostic] = []
        var skipped: [String: Int] = [:]
        var paths: [String] = []
        var counted: Set<String> = []
        var units: [InterfaceBuilderUnitFacts] = []
        /// What the checked files define, by path (a file two units check, once).
        var identifiers: [String: InterfaceBuilderIdentifiers] = [:]
        /// What other platforms' files define.
        var others: [String: InterfaceBuilderIdentifiers] = [:]
        var skippedPaths: [String: String] = [:]
        /// Class names checked files give that several declarations fit.
        var ambiguousNames: Set<String> = []
        /// Connections to members of classes no Swift file declares, by class name, each file counted once.
        var unjudged: [String: Int] = [:]
    }

    /// The run's note on connections no rule could judge, their member's class being no Swift file's
    /// (an Objective-C class, a framework's, a stale name): how many, and the classes with the most, so
    /// that a clean run of a mixed app does not read as every connection checked. None when there are none.
    static func unjudgedNote(_ counts: [String: Int]) -> [String] {
        guard !counts.isEmpty else { return [] }
        let total = counts.values.reduce(0, +)
        let named = counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
        let shown = named.prefix(5).map { "\($0.key) (\($0.value))" }
        return [
            "\(total) connection\(total == 1 ? "" : "s") in the Interface Builder files checked "
                + "\(total == 1 ? "goes" : "go") to members of \(counts.count) class\(counts.count == 1 ? "" : "es") "
                + "no Swift file declares (declared in Objective-C, in a framework, or nowhere), "
                + "which no rule can judge: "
                + shown.joined(separator: ", ") + (named.count > 5 ? " and \(named.count - 5) more" : "")
        ]
    }

    /// Checks each unit's files against the classes of the Swift files it sees. Units that see the same
    /// Swift files share one check, and a file is checked once per distinct set of Swift files it is
    /// judged against (a storyboard four hundred targets list is not read four hundred times).
    func checkInterfaceBuilder(_ swift: Swift, model: SwiftClassModel) async -> InterfaceBuilderFindings {
        var found = InterfaceBuilderFindings()
        var checks: [[Int]: (check: InterfaceBuilderCheck, paths: Set<String>, unit: Int)] = [:]
        var added: [(range: Range<Int>, visible: Set<Int>)] = []
        for unit in inputs.interfaceBuilder {
            let visible = swift.targets.indices.filter { unit.sees(swift.targets[$0]) }
            var search = ReadAheadSearch(rest: OnceSearch(base: unit.search, skipping: checks[visible]?.paths ?? []))
            let shared: (check: InterfaceBuilderCheck, paths: Set<String>, unit: Int)
            if let known = checks[visible] {
                shared = known
            } else {
                let unitModel =
                    visible.count == swift.files.count ? model : SwiftClassModel(visible.map { swift.files[$0] })
                shared = (await building(unitModel, readingAhead: &search), [], found.units.count)
                found.units.append(InterfaceBuilderUnitFacts(check: shared.check, usage: .init(), uses: .init()))
            }
            let before = found.diagnostics.count
            await check(&search, with: shared.check, into: &found, unit: shared.unit)
            added.append((before..<found.diagnostics.count, Set(visible)))
            checks[visible] = (shared.check, shared.paths.union(search.rest.taken), shared.unit)
        }
        for (visible, shared) in checks {
            let unit = found.units[shared.unit]
            let names = unit.check.implicitlyUnwrappedOutletNames(unit.usage)
            let paths = Set(visible.map { swift.files[$0].declarations.file }.filter { !$0.isEmpty })
            found.units[shared.unit].uses = Self.outletUses(of: names, in: paths.sorted(), jobs: inputs.jobs)
        }
        placingUndeclaredClasses(&found.diagnostics, units: added, swift: swift)
        for (_, platform) in found.skippedPaths { found.skipped[platform, default: 0] += 1 }
        return found
    }

    /// A unit's check (the Interface Builder catalog of its Swift classes, built on one core), with the
    /// unit's first files read and parsed meanwhile on this one: reading a file needs no class. Reading
    /// ahead stops when the check is built or past `readAheadBytes` (the parsed documents wait in memory);
    /// a run of one job reads nothing ahead.
    private func building(
        _ model: SwiftClassModel, readingAhead search: inout ReadAheadSearch
    ) async -> InterfaceBuilderCheck {
        let settings = inputs.interfaceBuilderSettings
        guard inputs.jobs >= 2 else { return InterfaceBuilderCheck(model: model, settings: settings) }
        let isBuilt = Locked(false)
        async let built = Self.built(model, settings: settings, isBuilt: isBuilt)
        var bytes = 0
        // The first file is always read ahead: building the check takes longer than that.
        while bytes < Self.readAheadBytes, search.ahead.isEmpty || !isBuilt.withLock({ $0 }),
            let file = search.rest.next()
        {
            let contents = file.contents()
            var read: InterfaceBuilderDocument.ReadResult?
            if case .bytes(let data) = contents {
                bytes += data.count
                read = InterfaceBuilderDocument.read(data, file: file.displayPath)
            }
            search.ahead.append(ReadAheadFile(file: file, read: contents, document: read))
        }
        return await built
    }

    /// At most this many bytes of Interface Builder files are read ahead while a unit's check is built.
    static let readAheadBytes = 16 * 1024 * 1024

    private static func built(
        _ model: SwiftClassModel, settings: InterfaceBuilderSettings, isBuilt: Locked<Bool>
    ) -> InterfaceBuilderCheck {
        defer { isBuilt.withLock { $0 = true } }
        return InterfaceBuilderCheck(model: model, settings: settings)
    }

    /// Checks the files of one search with one unit's check.
    private func check(
        _ search: inout ReadAheadSearch, with check: InterfaceBuilderCheck,
        into found: inout InterfaceBuilderFindings, unit: Int
    ) async {
        let reports = await Self.inParallel(&search, jobs: inputs.jobs) {
            file -> (String, InterfaceBuilderFileReport) in
            switch file.contents() {
            case .bytes(let bytes):
                var report =
                    (file as? ReadAheadFile)?.document.map { check.check($0, bytes: bytes, file: file.displayPath) }
                    ?? check.check(bytes, file: file.displayPath)
                // Another platform's file is not checked, but what it defines is the app's all the same.
                if report.skippedPlatform != nil {
                    report.identifiers = InterfaceBuilderIdentifiers.read(bytes, file: file.displayPath)
                }
                return (file.displayPath, report)
            case .unreadable(let reason):
                return (file.displayPath, InterfaceBuilderFileReport(diagnostics: [file.unreadable(reason)]))
            }
        }
        found.diagnostics += search.diagnostics
        for (path, report) in reports {
            if let platform = report.skippedPlatform {
                found.skippedPaths[path] = platform
                found.others[path] = report.identifiers ?? found.others[path]
                continue
            }
            if found.counted.insert(path).inserted {
                found.files += 1
                found.paths.append(path)
                found.unjudged.merge(report.unjudgedConnections, uniquingKeysWith: +)
            }
            found.identifiers[path] = report.identifiers ?? found.identifiers[path]
            found.diagnostics += report.diagnostics
            found.ambiguousNames.formUnion(report.ambiguousClasses)
            found.units[unit].usage.merge(report.usage)
        }
    }

    /// What the identifier rules read: every Swift file once, the checked files' definitions, and those
    /// of the files that only define names (read now, after the checked ones).
    func identifierFacts(
        _ swift: Swift, checked: [String: InterfaceBuilderIdentifiers], others: [String: InterfaceBuilderIdentifiers]
    ) async -> IdentifierFacts? {
        guard inputs.judgesIdentifiers, let context = inputs.identifierContext else { return nil }
        var others = others
        if let definingOnly = inputs.definingOnly {
            // A file the units read already is not read again.
            var search = OnceSearch(base: definingOnly, skipping: Set(checked.keys).union(others.keys))
            let read = await Self.inParallel(&search, jobs: inputs.jobs) { file -> InterfaceBuilderIdentifiers? in
                guard case .bytes(let bytes) = file.contents() else { return nil }
                return InterfaceBuilderIdentifiers.read(bytes, file: file.displayPath)
            }
            for identifiers in read.compactMap(\.self) where checked[identifiers.file] == nil {
                others[identifiers.file] = identifiers
            }
        }
        var seen: Set<String> = []
        let files = swift.files.map(\.declarations).filter { $0.file.isEmpty || seen.insert($0.file).inserted }
        return IdentifierFacts(
            swift: files, checked: checked.values.sorted { $0.file < $1.file },
            others: others.values.sorted { $0.file < $1.file }, context: context(),
            expressions: Self.identifierExpressions(swift, jobs: inputs.jobs))
    }
}

/// A file of a unit read (and parsed, `document`) while the unit's check was being built.
struct ReadAheadFile: RunFile {
    let file: any RunFile
    let read: LayoutFile.Contents
    let document: InterfaceBuilderDocument.ReadResult?

    var displayPath: String { file.displayPath }
    func contents() -> LayoutFile.Contents { read }
}

/// A unit's search: the files read ahead first, in the order found, then the rest of the search.
struct ReadAheadSearch: RunFileSearch {
    var ahead: [ReadAheadFile] = []
    var rest: OnceSearch
    private var position = 0

    init(rest: OnceSearch) {
        self.rest = rest
    }

    mutating func next() -> (any RunFile)? {
        guard position < ahead.count else { return rest.next() }
        defer { position += 1 }
        return ahead[position]
    }

    var diagnostics: [Diagnostic] { rest.diagnostics }
}

/// A unit's search with the files its shared check already took left out.
struct OnceSearch: RunFileSearch {
    var base: any RunFileSearch
    let skipping: Set<String>
    private(set) var taken: Set<String> = []

    init(base: any RunFileSearch, skipping: Set<String>) {
        self.base = base
        self.skipping = skipping
    }

    mutating func next() -> (any RunFile)? {
        while let file = base.next() {
            let path = file.displayPath
            guard !skipping.contains(path), taken.insert(path).inserted else { continue }
            return file
        }
        return nil
    }

    var diagnostics: [Diagnostic] { base.diagnostics }
}
