/// Includes (article "Layout format"): `<include layout="NAME">` stands for the one top-level object of
/// the layout NAME, found through the run's `LayoutSource`.
///
/// Every layout reachable by includes is read, decoded and checked once per `IncludeStore` (a run of
/// the checker, a `LayoutTemplateCache`, a loader), and its include graph is judged once: an include
/// is reported in the includer's own file, once, however broken what it includes is (`invalid-include`
/// "X.layout.xml has 3 errors", never the cascade). The graph is walked without recursion, so a chain
/// of a thousand layouts ends in a diagnostic rather than a stack overflow.
enum IncludeResolution {
    /// The deepest nesting of includes below one layout; deeper is an `input-limit` error at the include.
    static let maximumDepth = 32

    /// The most elements a layout may have with its includes expanded, each include counted as many
    /// times as it is included: the reader's limit for one file, so that the loader's template is no
    /// larger than one file's could be (article "Security"). Past it, an `input-limit` error at the
    /// include that crosses it.
    static let maximumExpandedElements = XMLReaderLimits.standard.maximumElements

    /// Whether `value` is a plain layout name — `[A-Za-z_][A-Za-z0-9_-]*` parts joined by single dots —
    /// and so can never name a path: no `/`, no `..`, nothing absolute (`Schemas/layout.xsd`, `LayoutName`).
    static func isLayoutName(_ value: String) -> Bool {
        var atPartStart = true
        var isFirst = true
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "."):
                if atPartStart { return false }
                atPartStart = true
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "_"):
                atPartStart = false
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
                if isFirst { return false }
                atPartStart = false
            default:
                return false
            }
            isFirst = false
        }
        return !atPartStart
    }

    /// The kind and class an include stands for: its target's one top-level object, following
    /// includes that are themselves the top-level object of their layout.
    struct ObjectType: Sendable {
        var kind: ElementKind
        var classReference: ClassReference?
    }

    /// Gives every `<include>` node the kind and class of the object it stands for, where that is known.
    static func resolveTypes(in layout: inout Layout, _ type: (String) -> ObjectType?) {
        for index in layout.nodes.indices {
            if let include = layout.nodes[index].include, let found = type(include.layout) {
                layout.nodes[index].kind = found.kind
                layout.nodes[index].classReference = found.classReference
                layout.nodes[index].include?.isResolved = true
            }
        }
    }
}

/// `<include layout=…>` as decoded: the layout's name, and whether its object's type is known.
struct IncludeReference: Sendable {
    var layout: String
    /// Set once the node's `kind` and `classReference` are those of the included object; an include
    /// that is not resolved is left out of the class rules (its own diagnostic says why).
    var isResolved = false
}

/// One `<include>` of a layout: what it names and where, and its index among the analysis' objects.
struct IncludeSite: Sendable {
    var name: String
    var position: SourcePosition
    var object: Int
}

/// A layout as read and decoded by itself, before its rules run.
struct DecodedLayout: Sendable {
    /// Why the source had no layout to give: `unknown` for a name it does not have.
    enum Failure: Sendable {
        case unknown(String)
        case unreadable(String)
    }

    var file: String
    var failure: Failure?
    /// The document as read, which `lk:ignore` is read from; `nil` when the file does not read.
    var document: ParsedDocument?
    /// The model; `nil` when the file does not read or breaks the format.
    var layout: Layout?
    /// The reader's or the decoder's diagnostics.
    var diagnostics: [Diagnostic]
    var hasSuppressions: Bool
    /// What the file was when it was read, for a store shared across loads (`SharedIncludes`); `nil` when
    /// the store is not shared, or the layout was read by a caller that did not stamp it.
    var stamp: LayoutStamp?
    /// The file's bytes as read (the caller's array, shared, not copied), where fix-its find an attribute
    /// as written (`StartTag`) from its element's `position.offset`; empty when the file does not read.
    /// Kept here rather than in the `ParsedDocument`, which is copied more often than it is read.
    var source: [UInt8] = []

    static func failed(_ failure: Failure, file: String) -> DecodedLayout {
        DecodedLayout(file: file, failure: failure, layout: nil, diagnostics: [], hasSuppressions: false)
    }
}

/// A layout checked by itself: its own diagnostics, and what the compiler needs.
struct CheckedLayout: Sendable {
    var diagnostics: [Diagnostic]
    var analysis: LayoutAnalysis?
    var classes: EndpointClasses?
    var sites: [IncludeSite]
    /// How many elements the file has by itself: what it adds to each layout that includes it.
    var elements = 0

    var errors: Int { diagnostics.count { $0.severity == .error } }
}

/// What a layout's includes come to: a diagnostic for each include that cannot be made, how many
/// errors the layout has in all, and how deep its includes nest.
struct IncludeSummary: Sendable {
    var diagnostics: [Diagnostic]
    var errors: Int
    /// Levels of includes below the layout: 0 when it includes nothing.
    var depth: Int
    /// Elements of the layout with every include expanded, at most one past
    /// `IncludeResolution.maximumExpandedElements` (saturated, so no sum can overflow).
    var expandedElements = 0
}

/// The layouts a run reaches through includes, each read, checked and compiled at most once, shared by
/// every thread of the run. Work happens outside the locks, which guard dictionaries only: two threads
/// may both do the same work, and the first answer is kept; none ever waits for another, so a cycle
/// cannot deadlock (unlike a cache that holds a per-name lock while loading).
final class IncludeStore: Sendable {
    let source: any LayoutSource
    let catalog: ClassCatalog?
    /// The run's rule settings, applied to each included layout before its errors are counted.
    let ruleSettings: [RuleID: RuleSetting]
    /// How the source's files are stamped, for a store that loads share (`SharedIncludes`); `nil` for a
    /// store of one run, one cache or one load.
    let stamps: LayoutStampReader?
    /// Everything the store has found, behind one lock: a store is made for every load that does not
    /// share its includes, and one lock (one object, one mutex) rather than one per table is that much
    /// less to make and free each time.
    private let state = Locked(State())

    private struct State {
        /// The names the source knows: `nil` until asked for, `.some(nil)` when it cannot list them.
        var names: KnownNames?? = nil
        // Held in boxes: every look-up hands out one reference rather than a copy of the layout's model,
        // document and analysis (some twenty references each, retained and released per copy).
        // Sized for a layout and the few it includes: a table grown from one entry to two was two
        // allocations and a rehash, per table, per load.
        var decoded = [String: Held<DecodedLayout>](minimumCapacity: 3)
        var checked = [String: Held<CheckedLayout>](minimumCapacity: 3)
        var summaries = [String: IncludeSummary](minimumCapacity: 3)
        var templates: [String: Held<LayoutTemplate>] = [:]
    }

    init(
        source: any LayoutSource, catalog: ClassCatalog?, ruleSettings: [RuleID: RuleSetting] = [:],
        stamps: LayoutStampReader? = nil
    ) {
        self.source = source
        self.catalog = catalog
        self.ruleSettings = ruleSettings
        self.stamps = stamps
    }

    /// Whether every file the store has read (and the listing it suggests names from) is as it was when
    /// read: one `stat` a layout. A layout recorded without a stamp is never current.
    func isCurrent() -> Bool {
        guard let stamps else { return false }
        if case .some(.some(let stamp)) = state.withLock({ $0.names.map { $0.map(\.stamp) } }) {
            guard let stamp, stamp.isTrusted, stamp == stamps.listing() else { return false }
        }
        let recorded = state.withLock { $0.decoded.map { ($0.key, $0.value.value.stamp) } }
        for (name, stamp) in recorded {
            guard let stamp, stamp.isTrusted, stamp == stamps.layout(name) else { return false }
        }
        return true
    }

    /// Whether the store holds a layout `name` read with other bytes than `bytes`: a file that changed
    /// between the stamps' check and a load's own read of it.
    func holds(_ name: String, otherThan bytes: [UInt8]) -> Bool {
        guard let held = state.withLock({ $0.decoded[name] }) else { return false }
        return held.value.source != bytes
    }

    /// Whether the source knows a layout `name`, its names asked for once; `nil` when it cannot list them.
    /// Answered under the lock, so that the names are not copied out on every question.
    private func knows(_ name: String) -> Bool? {
        if let known = state.withLock({ $0.names.map { $0.map { $0.contains(name) } } }) { return known }
        let listed = listNames()
        return listed.map { $0.contains(name) }
    }

    /// The names the source knows, sorted for suggestions; `nil` when it cannot list them.
    private var sortedNames: [String]? {
        if let known = state.withLock({ $0.names.map { $0.map(\.sorted) } }) { return known }
        return listNames()?.sorted
    }

    /// Asks the source for its names and keeps them (or the names another thread kept first).
    private func listNames() -> KnownNames? {
        let stamp = stamps?.listing()
        let listed = source.layoutNames().map { KnownNames($0, stamp: stamp) }
        return state.withLock { state in
            if let earlier = state.names { return earlier }
            state.names = .some(listed)
            return listed
        }
    }

    /// The source's names, sorted for suggestions (whose ties go to the first) and, past a few, as a set
    /// for lookups: a folder's names are found by hashing, a load's two or three by comparing in order.
    struct KnownNames: Sendable {
        /// The most names looked up in order.
        static let searchedInOrder = 16

        var sorted: [String]
        var set: Set<String>?
        /// The listing's stamp when the store is shared.
        var stamp: LayoutStamp?

        init(_ names: [String], stamp: LayoutStamp?) {
            sorted = names.sorted()
            set = names.count > Self.searchedInOrder ? Set(names) : nil
            self.stamp = stamp
        }

        func contains(_ name: String) -> Bool {
            if let set { return set.contains(name) }
            return sorted.contains(name)
        }
    }

    /// Forgets every layout read, so that the next include reads them afresh (after a file was fixed).
    func removeAll() {
        state.withLock { $0 = State() }
    }

    // MARK: Reading and checking, once per name

    /// Records a layout already read under its name (the file being checked), so it is not read again.
    func seed(_ name: String, decoded layout: DecodedLayout, checked result: CheckedLayout) {
        let layout = Held(layout)
        let result = Held(result)
        state.withLock { state in
            if state.decoded[name] == nil { state.decoded[name] = layout }
            if state.checked[name] == nil { state.checked[name] = result }
        }
    }

    func decodedLayout(_ name: String) -> Held<DecodedLayout> {
        if let found = state.withLock({ $0.decoded[name] }) { return found }
        let file = "\(name).layout.xml"
        // Stamped before it is read: a change while it is read is seen by the next load.
        let stamp = stamps?.layout(name)
        var result: DecodedLayout
        if knows(name) == false {
            result = .failed(.unknown("no layout named \(quoted(name))"), file: file)
        } else {
            do throws(LayoutError) {
                let data = try source.loadLayout(named: name)
                result = LayoutValidator.decode(Array(data.data.prefix(LayoutFile.readLimit)), file: data.file)
            } catch {
                let reason = error.diagnostics.first?.message ?? "the source has no such layout"
                result = .failed(knows(name) == nil ? .unknown(reason) : .unreadable(reason), file: file)
            }
        }
        result.stamp = stamp
        let held = Held(result)
        return state.withLock { state in
            if let earlier = state.decoded[name] { return earlier }
            state.decoded[name] = held
            return held
        }
    }

    func checkedLayout(_ name: String) -> Held<CheckedLayout> {
        if let found = state.withLock({ $0.checked[name] }) { return found }
        let result = Held(
            LayoutValidator.check(
                decodedLayout(name).value, catalog: catalog, includes: self, ruleSettings: ruleSettings))
        return state.withLock { state in
            if let earlier = state.checked[name] { return earlier }
            state.checked[name] = result
            return result
        }
    }

    /// The kind and class of the object an include of `name` stands for; `nil` when `name` has no one
    /// top-level object to stand for (its include is reported for that).
    func objectType(of name: String) -> IncludeResolution.ObjectType? {
        var name = name
        // At most `maximumDepth + 1` names, nearly always one: an array searched in order, not a set.
        var seen: [String] = []
        while seen.count <= IncludeResolution.maximumDepth, !seen.contains(name) {
            seen.append(name)
            let entry = decodedLayout(name)
            guard let layout = entry.value.layout, layout.topLevel.count == 1, let top = layout.topLevel.first
            else { return nil }
            guard let include = layout.nodes[top].include else {
                return IncludeResolution.ObjectType(
                    kind: layout.nodes[top].kind, classReference: layout.nodes[top].classReference)
            }
            name = include.layout
        }
        return nil
    }

    // MARK: The include graph

    /// The include diagnostics of a layout checked as `name` (or of one with no name in the source, when
    /// `name` is `nil`, which nothing can include back), given its include sites.
    ///
    /// - Parameter source: The including file's bytes, where an `unknown-layout` fix-it finds `layout=`.
    func diagnostics(
        for sites: [IncludeSite], of name: String?, layout: Layout, elements: Int, source: [UInt8]? = nil
    ) -> [Diagnostic] {
        if let name { return summary(name).diagnostics }
        for site in sites { computeSummaries(from: site.name) }
        return judge(
            sites, of: nil, layout: layout, elements: elements, component: [], cycles: nil, source: source
        ).diagnostics
    }

    private func summary(_ name: String) -> IncludeSummary {
        if let found = state.withLock({ $0.summaries[name] }) { return found }
        computeSummaries(from: name)
        return state.withLock { $0.summaries[name] } ?? IncludeSummary(diagnostics: [], errors: 0, depth: 0)
    }

    /// The names a layout includes that the source can give.
    private func edges(of name: String) -> [String] {
        let sites = checkedLayout(name).value.sites
        var names: [String] = []
        names.reserveCapacity(sites.count)
        for site in sites where decodedLayout(site.name).value.failure == nil { names.append(site.name) }
        return names
    }

    /// Tarjan's strongly connected components over the layouts reachable from `start`, iteratively:
    /// each component is finished after every component it includes, so its includes' summaries are
    /// known when its own are made. Layouts summarised already are not walked again.
    private func computeSummaries(from start: String) {
        guard decodedLayout(start).value.failure == nil, state.withLock({ $0.summaries[start] }) == nil else { return }
        if summarizeShallow(start) { return }
        // Each layout walked is known by its order of discovery; the rest of its state is kept in arrays
        // by that number, so a step hashes its name once.
        struct Frame {
            var order: Int
            var edges: [String]
            /// Whether the layout includes itself: a component of one is a cycle only then.
            var includesItself: Bool
            var next = 0
        }
        var order: [String: Int] = [:]
        var walked: [String] = []
        var low: [Int] = []
        var onStack: [Bool] = []
        var stack: [Int] = []
        var frames: [Frame] = []
        func push(_ name: String) {
            let number = walked.count
            order[name] = number
            walked.append(name)
            low.append(number)
            onStack.append(true)
            stack.append(number)
            let all = edges(of: name)
            let pending = state.withLock { state in all.filter { state.summaries[$0] == nil } }
            frames.append(Frame(order: number, edges: pending, includesItself: all.contains(name)))
        }
        push(start)
        while let frame = frames.last {
            if frame.next < frame.edges.count {
                let target = frame.edges[frame.next]
                frames[frames.count - 1].next += 1
                if let targetOrder = order[target] {
                    if onStack[targetOrder] { low[frame.order] = min(low[frame.order], targetOrder) }
                } else {
                    push(target)
                }
                continue
            }
            frames.removeLast()
            let frameLow = low[frame.order]
            if let parent = frames.last { low[parent.order] = min(low[parent.order], frameLow) }
            guard frameLow == frame.order else { continue }
            var component: Set<String> = []
            while let member = stack.popLast() {
                onStack[member] = false
                component.insert(walked[member])
                if member == frame.order { break }
            }
            finish(component, includesItself: frame.includesItself)
        }
    }

    /// The walk's common case, without its tables: `start`'s includes not yet summarised include
    /// nothing not yet summarised themselves. The walk would finish each of them, in order, as a
    /// component of one, then `start`: so does this. `false`, having done nothing, otherwise.
    private func summarizeShallow(_ start: String) -> Bool {
        let all = edges(of: start)
        let pending = state.withLock { state in all.filter { state.summaries[$0] == nil } }
        var leaves: [String] = []
        for target in pending where !leaves.contains(target) {
            guard target != start else { return false }
            let below = edges(of: target)
            guard state.withLock({ state in below.allSatisfy { state.summaries[$0] != nil } }) else { return false }
            leaves.append(target)
        }
        for leaf in leaves { finish([leaf], component: [], cycles: nil) }
        finish([start], component: [], cycles: nil)
        return true
    }

    /// Judges every layout of one component and stores their summaries together, in one step: another
    /// thread that finds one of them summarised then finds them all, and never walks a cycle with
    /// some of its edges missing (which made cycles longer than the depth limit come out differently
    /// on each run with several jobs).
    ///
    /// - Parameter includesItself: Whether a component of one layout includes that layout itself.
    private func finish(_ component: Set<String>, includesItself: Bool) {
        let members = component.sorted()
        // A component of one that does not include itself is no cycle: `judge` then never asks whether
        // an include is in it.
        guard component.count > 1 || includesItself else {
            finish(members, component: [], cycles: nil)
            return
        }
        finish(members, component: component, cycles: ComponentGraph(members, edges: edges(of:)))
    }

    /// Judges `members`, sorted, and stores their summaries together.
    private func finish(_ members: [String], component: Set<String>, cycles: ComponentGraph?) {
        var made: [(String, IncludeSummary)] = []
        for name in members {
            let own = checkedLayout(name)
            let decoded = decodedLayout(name)
            guard let layout = decoded.value.layout else {
                made.append((name, IncludeSummary(diagnostics: [], errors: own.value.errors, depth: 0)))
                continue
            }
            var summary = judge(
                own.value.sites, of: name, layout: layout, elements: own.value.elements, component: component,
                cycles: cycles, source: decoded.value.source)
            summary.errors += own.value.errors
            made.append((name, summary))
        }
        state.withLock { state in
            for (name, summary) in made where state.summaries[name] == nil { state.summaries[name] = summary }
        }
    }

    /// Each include of one layout, judged in order of precedence: a name the source does not have, a
    /// layout it cannot read or that cannot be included, a cycle, nesting too deep, a broken layout.
    ///
    /// The elements the includes add up to are counted as each include is judged: the first include
    /// that takes the layout past `maximumExpandedElements` is an `input-limit` error, reported once.
    /// An included layout that is itself too large is already an error there, and so `invalid-include` here.
    private func judge(
        _ sites: [IncludeSite], of name: String?, layout: Layout, elements: Int, component: Set<String>,
        cycles: ComponentGraph?, source: [UInt8]?
    ) -> IncludeSummary {
        var collector = DiagnosticCollector()
        var fixSource: FixItSource?
        var suggestions = SuggestionBudget()
        var errors = 0
        var depth = 0
        let limit = IncludeResolution.maximumExpandedElements
        var expanded = min(elements, limit + 1)
        for site in sites {
            let location = layout.location(site.position)
            let target = decodedLayout(site.name)
            func report(_ rule: RuleID, _ message: String) {
                errors += 1
                collector.report(rule, message, at: location)
            }
            switch target.value.failure {
            case .unknown(let reason):
                let closest = sortedNames.flatMap {
                    suggestions.closest(to: site.name, in: $0, countingTies: true)
                }
                let hint = closest.map { "; did you mean '\($0.name)'?" + LayoutRules.noFix(tie: $0.tie) } ?? ""
                var fixIts: [FixIt] = []
                if let closest, closest.tie == nil, site.position.file == .main, let source {
                    if fixSource == nil { fixSource = FixItSource(file: layout.file, bytes: source) }
                    fixIts =
                        fixSource?.replacing(site.name, with: closest.name, inAttribute: "layout", at: site.position)
                        .map { [$0] } ?? []
                }
                errors += 1
                collector.report(
                    Diagnostic(
                        rule: .unknownLayout, message: "cannot include \(quoted(site.name)): \(reason)\(hint)",
                        location: location, fixIts: fixIts))
                continue
            case .unreadable(let reason):
                report(.invalidInclude, "cannot include \(quoted(site.name)): \(reason)")
                continue
            case nil: break
            }
            if let included = target.value.layout, let problem = Self.shapeProblem(of: included) {
                report(.invalidInclude, "cannot include \(target.value.file): \(problem)")
                continue
            }
            if component.contains(site.name), let name, let cycles {
                report(.includeCycle, cycles.cycleMessage(from: site.name, to: name))
                continue
            }
            let included = summary(site.name)
            if included.depth + 1 > IncludeResolution.maximumDepth {
                // Too deep here is too deep for every includer: the limit is reported at each.
                depth = IncludeResolution.maximumDepth + 1
                report(
                    .inputLimit,
                    "includes nest deeper than \(IncludeResolution.maximumDepth) levels below \(quoted(site.name))")
                continue
            }
            depth = max(depth, included.depth + 1)
            if included.errors > 0 {
                let count = "\(included.errors) error\(included.errors == 1 ? "" : "s")"
                errors += 1
                var diagnostic = Diagnostic(
                    rule: .invalidInclude,
                    message: "cannot include \(target.value.file): it has \(count); check it by itself",
                    location: location)
                if let first = firstError(of: site.name), let place = first.sourceLocation {
                    diagnostic.notes = [
                        Diagnostic.Note(message: "first error: \(first.message) [\(first.rule)]", location: place)
                    ]
                }
                collector.report(diagnostic)
                continue
            }
            if expanded <= limit, expanded + included.expandedElements > limit {
                report(
                    .inputLimit,
                    "with its includes expanded, the layout has more than \(limit) elements once "
                        + "\(quoted(site.name)) adds its \(included.expandedElements)")
            }
            expanded = min(expanded + included.expandedElements, limit + 1)
        }
        return IncludeSummary(
            diagnostics: collector.diagnostics, errors: errors, depth: depth, expandedElements: expanded)
    }

    /// Why `layout` cannot be included, if it cannot: it must be one object, with no placeholders.
    private static func shapeProblem(of layout: Layout) -> String? {
        if layout.owner != nil || !layout.externals.isEmpty {
            return "it has placeholders (<owner> or <external>), which only a layout loaded by itself can have"
        }
        if layout.topLevel.count != 1 {
            return "it has \(layout.topLevel.count) top-level objects; an included layout has exactly one"
        }
        return nil
    }

    /// The first error a broken layout has, by itself or at one of its includes.
    private func firstError(of name: String) -> Diagnostic? {
        let own = checkedLayout(name).value.diagnostics.first { $0.severity == .error }
        return own ?? state.withLock { $0.summaries[name] }?.diagnostics.first
    }

    // MARK: Compiling, once per name

    /// The compiled template of `name`, which has no errors; made once and shared by every includer,
    /// held in a box: a look-up is one retain rather than a copy of the template's every reference.
    func template(_ name: String) -> Held<LayoutTemplate>? {
        if let found = state.withLock({ $0.templates[name] }) { return found }
        let own = checkedLayout(name)
        guard let catalog, let analysis = own.value.analysis, let classes = own.value.classes else { return nil }
        var included: [Int: Held<LayoutTemplate>] = [:]
        for site in own.value.sites {
            // Nesting is at most `maximumDepth` deep here: deeper is an error, and this runs on none.
            guard let template = template(site.name) else { return nil }
            included[site.object] = template
        }
        let compiled = Held(
            LayoutTemplate(analysis: analysis, classes: classes, catalog: catalog, included: included))
        return state.withLock { state in
            if let earlier = state.templates[name] { return earlier }
            state.templates[name] = compiled
            return compiled
        }
    }
}

/// A value a store hands out by reference: one retain per look-up, not a copy of every reference the
/// value holds.
final class Held<Value: Sendable>: Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}

/// The includes among the layouts of one strongly connected component, by index: what an
/// `include-cycle` message is found in, without a lock or a dictionary lookup per step.
struct ComponentGraph {
    /// A cycle's message names this many layouts at most, then how many it has: every layout of a
    /// cycle of 4,000 is reported, and naming them all in each made the output quadratic.
    static let namedInCycle = 6

    private let names: [String]
    private let index: [String: Int]
    private let successors: [[Int]]

    init(_ members: [String], edges: (String) -> [String]) {
        names = members
        var index: [String: Int] = [:]
        for (position, name) in members.enumerated() { index[name] = position }
        self.index = index
        successors = members.map { name in edges(name).compactMap { index[$0] } }
    }

    /// `include cycle: A → B → C → A; …`: a shortest way from `start` back to `end` (the includer)
    /// along includes, found breadth first in site order so that every run says the same.
    func cycleMessage(from start: String, to end: String) -> String {
        guard let from = index[start], let to = index[end] else {
            return "include cycle through \(quoted(start)); a layout cannot contain itself"
        }
        var previous = [Int](repeating: -1, count: names.count)
        var queue = [from]
        var next = 0
        var reached = from == to
        while !reached, next < queue.count {
            let current = queue[next]
            next += 1
            for target in successors[current] where previous[target] == -1 && target != from {
                previous[target] = current
                if target == to {
                    reached = true
                    break
                }
                queue.append(target)
            }
        }
        var path = [to]
        var current = to
        while current != from, previous[current] >= 0 {
            current = previous[current]
            path.append(current)
        }
        let cycle = [to] + path.reversed()
        let limit = Self.namedInCycle
        guard cycle.count > limit + 1 else {
            return "include cycle: " + cycle.map { names[$0] }.joined(separator: " → ")
                + "; a layout cannot contain itself"
        }
        let shown = cycle.prefix(limit - 1).map { names[$0] } + ["…", names[cycle[cycle.count - 2]], names[to]]
        return "include cycle of \(cycle.count - 1) layouts: " + shown.joined(separator: " → ")
            + "; a layout cannot contain itself"
    }
}
