import Foundation
import LayoutKit
import PhotoApp

/// A benchmark that could not run as set up: its inputs failed, or the two sides did different work.
struct BenchmarkError: Error, CustomStringConvertible {
    var description: String
}

/// The read, load and instantiate rows: LayoutKit and its alternatives on the story cell, in this process.
struct InProcessBenchmarks {
    let plan: TimingPlan
    private let bytes = Array(StoryCell.layout.utf8)
    private let data = Data(StoryCell.layout.utf8)
    private let file = "StoryCell.layout.xml"

    init(plan: TimingPlan) {
        self.plan = plan
    }

    /// The rows, after checking that every side succeeds and that the loader and the hand-written code
    /// build the same graph.
    func run() throws -> [ResultRow] {
        RawLibXML2.initialize()
        let size = "20-view cell, \(Format.fixed(Double(bytes.count) / 1024, 1)) KB"
        let validated = LayoutValidator.validate(bytes, file: file, catalog: nil)
        guard validated.isEmpty else {
            throw BenchmarkError(description: "the story cell is invalid: \(validated.map(\.description))")
        }
        guard RawLibXML2.parseAndFree(bytes), FoundationXMLReaders.parseCollectingAttributes(data) != nil,
            FoundationXMLReaders.document(data) != nil
        else { throw BenchmarkError(description: "an XML parser refused the story cell") }

        let registry = try StoryCell.registry()
        let loader = try LayoutLoader(data: data, file: file, registry: registry)
        let formatter = DateFormat()
        let externals: [String: AnyObject] = ["dateFormatter": formatter]
        try checkSameGraph(loader: loader, formatter: formatter)

        let bytes = self.bytes
        let data = self.data
        let file = self.file
        let read = try Stopwatch.compare(
            plan,
            [
                { Sink.keep(LayoutValidator.decodedObjectCount(bytes, file: file) ?? -1) },
                { Sink.keep(RawLibXML2.parseAndFree(bytes) ? 1 : 0) },
                { Sink.keep(FoundationXMLReaders.parseCollectingAttributes(data) ?? -1) },
                { Sink.keep(FoundationXMLReaders.document(data) ?? -1) },
            ])
        let load = try Stopwatch.compare(
            plan,
            [
                { Sink.keep(try LayoutLoader(data: data, file: file, registry: registry).file.utf8.count) },
                { Sink.keep(RawLibXML2.parseAndFree(bytes) ? 1 : 0) },
            ])
        let instantiate = try Stopwatch.compare(
            plan,
            [
                { Sink.keep(try loader.instantiate(StoryCell.self, externalObjects: externals).subviews.count) },
                { Sink.keep(StoryCell.buildByHand(dateFormatter: formatter).subviews.count) },
            ])

        let features = try featureRows()
        let readLabel = "read: parse + decode into `Layout` (`LayoutValidator.decodedObjectCount`, `package`), \(size)"
        return [
            row("read", readLabel, read[0], "libxml2 `xmlReadMemory` + `xmlFreeDoc`", read[1], goal: 1),
            row(
                "read", readLabel, read[0], "FoundationXML `XMLParser`, delegate collecting every attribute", read[2],
                goal: 0.7),
            row("read", readLabel, read[0], "FoundationXML `XMLDocument(data:)`", read[3]),
            row(
                "load", "`LayoutLoader(data:file:registry:)` (parse, check, compile), \(size)", load[0],
                "libxml2 `xmlReadMemory` + `xmlFreeDoc`", load[1], goal: 1.5),
            row(
                "instantiate", "`loader.instantiate(StoryCell.self, externalObjects:)`, 20 views, 14 outlets",
                instantiate[0], "hand-written Swift: same views, properties, tree, outlets, `awakeFromLayout()`",
                instantiate[1], goal: 1.2),
        ] + features
    }

    /// The 1.1 rows: load and instantiate `FeatureCell`, which includes `ProfileHeader` and so uses an
    /// include, two actions and two properties, against parsing both files and building the same graph by
    /// hand.
    private func featureRows() throws -> [ResultRow] {
        let header = try FeatureCell.headerLayout()
        let source = InMemoryLayoutSource(["FeatureCell": FeatureCell.layout, "ProfileHeader": header])
        let registry = try FeatureCell.registry()
        let loader = try LayoutLoader(named: "FeatureCell", from: source, registry: registry)
        try checkSameFeatureGraph(loader: loader)
        let cellBytes = Array(FeatureCell.layout.utf8)
        let headerBytes = Array(header.utf8)
        let size = "\(Format.fixed(Double(cellBytes.count + headerBytes.count) / 1024, 1)) KB in 2 files"
        let load = try Stopwatch.compare(
            plan,
            [
                {
                    Sink.keep(
                        try LayoutLoader(named: "FeatureCell", from: source, registry: registry, sharingIncludes: false)
                            .file.utf8.count)
                },
                { Sink.keep(RawLibXML2.parseAndFree(cellBytes) && RawLibXML2.parseAndFree(headerBytes) ? 1 : 0) },
                {
                    Sink.keep(
                        try LayoutLoader(named: "FeatureCell", from: source, registry: registry).file.utf8.count)
                },
            ])
        let instantiate = try Stopwatch.compare(
            plan,
            [
                { Sink.keep(try loader.instantiate(FeatureCell.self).subviews.count) },
                { Sink.keep(FeatureCell.buildByHand().subviews.count) },
            ])
        return [
            row(
                "load 1.1, first",
                "`LayoutLoader(named:from:registry:)`, cell + included header, \(size), includes read afresh", load[0],
                "libxml2 `xmlReadMemory` + `xmlFreeDoc` of both files", load[1], goal: 2.5),
            row(
                "load 1.1",
                "`LayoutLoader(named:from:registry:)`, cell + included header, \(size), includes shared by an earlier load",
                load[2], "libxml2 `xmlReadMemory` + `xmlFreeDoc` of both files", load[1], goal: 1.5),
            row(
                "instantiate 1.1",
                "`loader.instantiate(FeatureCell.self)`, 14 views, 9 outlets, 2 properties, 2 actions",
                instantiate[0], "hand-written Swift: same views, properties, tree, outlets, targets, awake",
                instantiate[1], goal: 1.2),
        ]
    }

    /// Throws unless the loader and `FeatureCell.buildByHand` create identical graphs whose actions fire.
    private func checkSameFeatureGraph(loader: LayoutLoader) throws {
        func describe(_ cell: FeatureCell) -> [String]? {
            guard let header = cell.header, cell.awokeConnected else { return nil }
            header.followButton?.sendActions(for: .primaryActionTriggered)
            cell.shareButton?.sendActions(for: .primaryActionTriggered)
            return ObjectGraph.describe(cell, outlets: FeatureCell.outlets)
                + ObjectGraph.describe(header, outlets: ProfileHeaderView.outlets)
                + ["cornerRadius=\(header.cornerRadius) style=\(header.style)"]
                + ["followTaps=\(header.followTaps) shareTaps=\(cell.shareTaps)"]
        }
        let loaded = describe(try loader.instantiate(FeatureCell.self))
        let built = describe(FeatureCell.buildByHand())
        guard let loaded, loaded == built, loaded.last == "followTaps=1 shareTaps=1",
            loaded.count == 14 + FeatureCell.outlets.count + 11 + ProfileHeaderView.outlets.count + 2
        else {
            throw BenchmarkError(
                description: "the loader and the hand-written code build different 1.1 graphs:\n"
                    + "loader: \(loaded ?? [])\n  hand: \(built ?? [])")
        }
    }

    /// A row whose goal is a ratio at most `goal`, or, without one, being faster than the alternative.
    private func row(
        _ step: String, _ layoutKit: String, _ ours: Timing, _ against: String, _ theirs: Timing,
        goal: Double? = nil
    ) -> ResultRow {
        let ratio = ours.median / theirs.median
        return ResultRow(
            step: step, layoutKit: layoutKit, layoutKitResult: Format.timing(ours), against: against,
            againstResult: Format.timing(theirs), ratio: ratio,
            goal: goal.map { "≤ \(Format.ratio($0))" } ?? "< 1× (faster)",
            isMet: goal.map { ratio <= $0 } ?? (ratio < 1))
    }

    /// Throws unless the loader and `StoryCell.buildByHand` create identical graphs, so that the
    /// instantiate row compares the same work.
    private func checkSameGraph(loader: LayoutLoader, formatter: DateFormat) throws {
        let fromLoader = try loader.instantiate(StoryCell.self, externalObjects: ["dateFormatter": formatter])
        let byHand = StoryCell.buildByHand(dateFormatter: formatter)
        let loaded = ObjectGraph.describe(fromLoader, outlets: StoryCell.outlets)
        let built = ObjectGraph.describe(byHand, outlets: StoryCell.outlets)
        guard loaded == built, fromLoader.awokeConnected, byHand.awokeConnected, loaded.count == 20 + 14 else {
            let differences = zip(loaded, built).filter { $0 != $1 }.map { "loader: \($0)\n  hand: \($1)" }
            throw BenchmarkError(
                description: "the loader and the hand-written code build different graphs:\n"
                    + differences.joined(separator: "\n"))
        }
    }
}
