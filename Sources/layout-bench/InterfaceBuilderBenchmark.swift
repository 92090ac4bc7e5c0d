import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The interface-builder row: `layout-check --swift-sources` over a generated UIKit app of 1,000 Swift
/// files and 500 nibs (read by the toolchain's sourcekitd and libxml2), against the same checker over 500
/// generated layouts, the run with layouts only. Of the Swift files, 700 are view controllers, 299 are
/// generated code that declares no class (string and image accessors, as resource generators write
/// them), and one is a 1.5 MB generated file that declares a thousand classes (a GraphQL client's). Each
/// view controller also loads nibs, registers and dequeues cells by string literals, which the identifier
/// rules judge; the same app without those calls is timed beside it, and a note gives what they add.
struct InterfaceBuilderBenchmark {
    let layoutCheck: String
    let intermediate: String
    let seed: UInt64
    let quick: Bool
    let progress: (String) -> Void

    private static let swiftFiles = 1000
    private static let viewControllers = 700
    private static let largeFileBytes = 1_500_000
    private static let nibs = 500
    private var runs: Int { quick ? 3 : 5 }

    func run() throws -> (rows: [ResultRow], notes: [String]) {
        let root = NSTemporaryDirectory() + "layout-bench-ib-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: root) }
        progress("generating \(Self.swiftFiles) Swift files and \(Self.nibs) nibs in \(root)…")
        let app = root + "/App"
        let plain = root + "/Plain"
        let client = Self.generatedClient()
        for (folder, withIdentifiers) in [(app, true), (plain, false)] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for index in 1...Self.viewControllers {
                try Data(Self.swiftFile(index, identifierCalls: withIdentifiers).utf8).write(
                    to: URL(fileURLWithPath: "\(folder)/Screen\(index).swift"))
            }
            for index in Self.viewControllers + 1..<Self.swiftFiles {
                try Data(Self.generatedAccessors(index).utf8).write(
                    to: URL(fileURLWithPath: "\(folder)/Resources\(index).swift"))
            }
            try Data(client.text.utf8).write(to: URL(fileURLWithPath: "\(folder)/API.swift"))
            for index in 1...Self.nibs {
                try Data(Self.nib(index).utf8).write(to: URL(fileURLWithPath: "\(folder)/Screen\(index).xib"))
            }
        }
        let layouts = try CorpusGenerator(seed: seed).write(count: Self.nibs, to: root + "/layouts")

        let log = root + "/run.log"
        let report = root + "/child.txt"
        let interfaceBuilder = [layoutCheck, "--swift-sources", app, app]
        let withoutIdentifiers = [layoutCheck, "--swift-sources", plain, plain]
        let layoutsOnly = [layoutCheck, "--schemas", layouts.schemasDirectory, layouts.layoutsDirectory]
        // The first run, untimed, also samples the memory; the timed rounds do not (`ChildReport.memoryOption`).
        let first = try ChildReport.run(
            interfaceBuilder, intermediate: intermediate, report: report, log: log, samplingMemory: true)
        guard first.exit.status == 0 else {
            // Without a toolchain's sourcekitd (no swift on PATH) the row cannot be measured; say so.
            let reason = (try? String(contentsOfFile: log, encoding: .utf8))?.split(separator: "\n").last ?? ""
            return (
                [],
                [
                    "interface-builder: not measured, `layout-check --swift-sources` exited with "
                        + "\(first.exit.status): \(reason)"
                ]
            )
        }
        var checked: [Duration] = []
        var baseline: [Duration] = []
        var plainRuns: [Duration] = []
        var peak = first.exit.peakTreeMemory
        var proportional = first.exit.peakTreeProportional
        var checkedCPU: [Duration] = []
        var plainCPU: [Duration] = []
        for round in 1...runs {
            progress("interface-builder: timed round \(round) of \(runs)…")
            let (exit, elapsed) = try ChildReport.run(
                interfaceBuilder, intermediate: intermediate, report: report, log: "/dev/null")
            checked.append(elapsed)
            checkedCPU.append(exit.cpu)
            let plain = try ChildReport.run(
                withoutIdentifiers, intermediate: intermediate, report: report, log: "/dev/null")
            plainRuns.append(plain.elapsed)
            plainCPU.append(plain.exit.cpu)
            baseline.append(
                try ChildReport.run(layoutsOnly, intermediate: intermediate, report: report, log: "/dev/null").elapsed)
        }
        // A second sampled run, after the timed ones: the peak is the larger of the two.
        let sampled = try ChildReport.run(
            interfaceBuilder, intermediate: intermediate, report: report, log: "/dev/null", samplingMemory: true)
        peak = max(peak, sampled.exit.peakTreeMemory)
        proportional = max(proportional, sampled.exit.peakTreeProportional)
        let timing = Timing(samples: checked.sorted(), operationsPerSample: 1)
        let against = Timing(samples: baseline.sorted(), operationsPerSample: 1)
        let withoutCalls = Timing(samples: plainRuns.sorted(), operationsPerSample: 1)
        let added = (timing.median / withoutCalls.median - 1) * 100
        let cpu = Timing(samples: checkedCPU.sorted(), operationsPerSample: 1)
        let plainCPUTiming = Timing(samples: plainCPU.sorted(), operationsPerSample: 1)
        let addedCPU = (cpu.median / plainCPUTiming.median - 1) * 100
        let row = ResultRow(
            step: "interface-builder",
            layoutKit: "`layout-check --swift-sources`, \(Format.count(Self.swiftFiles)) Swift files (one of 1.5 MB) "
                + "and \(Self.nibs) nibs, wall; peak PSS (RSS) with the workers",
            layoutKitResult:
                "\(Format.timing(timing)); \(Format.mebibytes(proportional)) (\(Format.mebibytes(peak)))",
            against: "`layout-check`, \(Self.nibs) generated layouts (layouts only), wall",
            againstResult: Format.timing(against), ratio: timing.median / against.median,
            goal: "≤ 1.0 s per 1,000 Swift files; ≤ 150 MiB",
            isMet: timing.median <= .seconds(1) && proportional <= 150 * 1024 * 1024)
        return (
            [row],
            [
                "interface-builder: median of \(runs) runs, interleaved; \(Self.viewControllers) Swift files are view "
                    + "controllers with 15 outlets and 10 actions, each nib its File's Owner with all of them "
                    + "connected; \(Self.swiftFiles - Self.viewControllers - 1) are generated accessors that declare "
                    + "no class (not sent to sourcekitd); API.swift declares \(Format.count(client.classes)) "
                    + "classes in 1.5 MB; two sourcekitd workers, one request at a time each; peak PSS is the "
                    + "largest sum of layout-check's and its workers' proportional set sizes (a page they share, "
                    + "sourcekitd's library above all, counted once), peak RSS the largest sum of their resident "
                    + "sets (shared pages counted once per process), both sampled every 2 ms in two untimed runs; the goal is judged "
                    + "on PSS, what the run takes from the machine",
                "interface-builder: CPU time (user + system, all processes) \(Format.timing(cpu))",
                "interface-builder: identifier calls (3 nib loads, a registration and 2 dequeues by literal per "
                    + "view controller, so sourcekitd also parses 10 more lines a file): wall \(Format.timing(timing)) "
                    + "with them, \(Format.timing(withoutCalls)) without, " + String(format: "%+.1f %%", added)
                    + "; CPU time \(Format.timing(cpu)) with, \(Format.timing(plainCPUTiming)) without, "
                    + String(format: "%+.1f %%", addedCPU) + " (goal ≤ +15 %)",
            ]
        )
    }

    /// A view controller with 15 label outlets and 10 button actions, about 70 lines; with
    /// `identifierCalls`, a method that loads nibs and registers and dequeues a cell by literal names.
    private static func swiftFile(_ index: Int, identifierCalls: Bool) -> String {
        var lines = ["import UIKit", "", "final class Screen\(index): UIViewController {"]
        if identifierCalls {
            // Every name exists: the nibs are Screen1…Screen500, the cell identifier is registered here.
            let nib = (index - 1) % nibs + 1
            lines += [
                "    func loadParts(into tableView: UITableView) {",
                "        _ = UINib(nibName: \"Screen\(nib)\", bundle: nil)",
                "        _ = Bundle.main.loadNibNamed(\"Screen\(nib % nibs + 1)\", owner: self, options: nil)",
                "        let child = Screen\(index)(nibName: \"Screen\(nib)\", bundle: nil)",
                "        tableView.register(UITableViewCell.self, forCellReuseIdentifier: \"Row\(index)\")",
                "        _ = tableView.dequeueReusableCell(withIdentifier: \"Row\(index)\", for: IndexPath(row: 0, section: 0))",
                "        _ = tableView.dequeueReusableCell(withIdentifier: \"Row\(index)\", for: IndexPath(row: 1, section: 0))",
                "        _ = child",
                "    }", "",
            ]
        }
        for outlet in 1...15 { lines.append("    @IBOutlet weak var label\(outlet): UILabel!") }
        for action in 1...10 {
            lines += [
                "", "    @IBAction func tapped\(action)(_ sender: UIButton) {",
                "        let value = label\(action).text ?? \"\"",
                "        label\(action).isHidden = value.count > \(action)", "    }",
            ]
        }
        return (lines + ["}", ""]).joined(separator: "\n")
    }

    /// Generated string and image accessors, as resource generators write them: no class, nothing the
    /// catalog reads, about 60 lines.
    private static func generatedAccessors(_ index: Int) -> String {
        var lines = [
            "// Generated by a resource generator; do not edit.", "import UIKit", "", "struct Resources\(index) {",
        ]
        for key in 1...25 {
            lines.append(
                "    static let title\(key) = NSLocalizedString(\"screen\(index).title\(key)\", comment: \"\")")
            lines.append("    static var image\(key): UIImage? { UIImage(named: \"screen\(index)-\(key)\") }")
        }
        return (lines + ["}", ""]).joined(separator: "\n")
    }

    /// A generated GraphQL client of about 1.5 MB: a query class per operation, each with nested
    /// selection-set structs whose properties have accessor bodies.
    private static func generatedClient() -> (text: String, classes: Int) {
        var text = "// Generated by a GraphQL code generator; do not edit.\nimport Foundation\n\n"
        var index = 0
        while text.utf8.count < largeFileBytes {
            index += 1
            text += """
                public final class Query\(index)Query: GraphQLQuery {
                  public let operationDefinition: String = "query Q\(index)($id: ID!) { item(id: $id) { name count } }"
                  public var id: String
                  public init(id: String) {
                    self.id = id
                  }
                  public var variables: GraphQLMap? {
                    return ["id": id]
                  }
                  public struct Data: GraphQLSelectionSet {
                    public static let possibleTypes: [String] = ["Query"]
                    public private(set) var resultMap: ResultMap
                    public init(unsafeResultMap: ResultMap) {
                      self.resultMap = unsafeResultMap
                    }
                    public var item: Item? {
                      get { return (resultMap["item"] as? ResultMap).flatMap { Item(unsafeResultMap: $0) } }
                      set { resultMap.updateValue(newValue?.resultMap, forKey: "item") }
                    }
                    public struct Item: GraphQLSelectionSet {
                      public var name: String {
                        get { return resultMap["name"]! as! String }
                        set { resultMap.updateValue(newValue, forKey: "name") }
                      }
                      public var count: Int {
                        get { return resultMap["count"]! as! Int }
                        set { resultMap.updateValue(newValue, forKey: "count") }
                      }
                      public private(set) var resultMap: ResultMap
                    }
                  }
                }

                """
        }
        return (text, index)
    }

    /// An id in Xcode's shape (`aBc-12-xYz`), different for every number.
    private static func objectID(_ number: Int) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        func letter(_ value: Int) -> Character { letters[value % letters.count] }
        return "\(letter(number))\(letter(number / 52))\(letter(number / 2704))-\(number % 100 / 10)\(number % 10)-"
            + "\(letter(number / 7))\(letter(number / 11))\(letter(number / 13))"
    }

    /// The nib of `Screen<index>`: every outlet and action connected, as Xcode writes it.
    private static func nib(_ index: Int) -> String {
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"3.0\" toolsVersion=\"21701\" "
                + "targetRuntime=\"iOS.CocoaTouch\" propertyAccessControl=\"none\" useAutolayout=\"YES\">",
            "    <dependencies>",
            "        <plugIn identifier=\"com.apple.InterfaceBuilder.IBCocoaTouchPlugin\" version=\"21679\"/>",
            "    </dependencies>", "    <objects>",
            "        <placeholder placeholderIdentifier=\"IBFilesOwner\" id=\"-1\" userLabel=\"File's Owner\" "
                + "customClass=\"Screen\(index)\" customModule=\"App\" customModuleProvider=\"target\">",
            "            <connections>",
        ]
        var next = index * 100
        func id() -> String {
            next += 1
            return objectID(next)
        }
        let view = id()
        let labels = (1...15).map { _ in id() }
        let buttons = (1...10).map { _ in id() }
        for (number, label) in labels.enumerated() {
            lines.append(
                "                <outlet property=\"label\(number + 1)\" destination=\"\(label)\" id=\"\(id())\"/>")
        }
        lines += [
            "                <outlet property=\"view\" destination=\"\(view)\" id=\"\(id())\"/>",
            "            </connections>",
            "        </placeholder>",
            "        <placeholder placeholderIdentifier=\"IBFirstResponder\" id=\"-2\" customClass=\"UIResponder\"/>",
            "        <view contentMode=\"scaleToFill\" id=\"\(view)\">",
            "            <rect key=\"frame\" x=\"0.0\" y=\"0.0\" width=\"393\" height=\"852\"/>",
            "            <subviews>",
        ]
        for (number, label) in labels.enumerated() {
            lines += [
                "                <label opaque=\"NO\" contentMode=\"left\" text=\"Label \(number)\" "
                    + "textAlignment=\"natural\" translatesAutoresizingMaskIntoConstraints=\"NO\" id=\"\(label)\">",
                "                    <rect key=\"frame\" x=\"16\" y=\"\(20 + number * 30)\" width=\"361\" height=\"21\"/>",
                "                    <fontDescription key=\"fontDescription\" type=\"system\" pointSize=\"17\"/>",
                "                    <nil key=\"textColor\"/>", "                </label>",
            ]
        }
        for (number, button) in buttons.enumerated() {
            lines += [
                "                <button opaque=\"NO\" contentMode=\"scaleToFill\" buttonType=\"system\" id=\"\(button)\">",
                "                    <rect key=\"frame\" x=\"16\" y=\"\(500 + number * 30)\" width=\"100\" height=\"30\"/>",
                "                    <state key=\"normal\" title=\"Button\"/>", "                    <connections>",
                "                        <action selector=\"tapped\(number + 1):\" destination=\"-1\" "
                    + "eventType=\"touchUpInside\" id=\"\(id())\"/>",
                "                    </connections>", "                </button>",
            ]
        }
        lines += [
            "            </subviews>",
            "            <color key=\"backgroundColor\" white=\"1\" alpha=\"1\" colorSpace=\"custom\" "
                + "customColorSpace=\"genericGamma22GrayColorSpace\"/>",
            "        </view>", "    </objects>", "</document>", "",
        ]
        return lines.joined(separator: "\n")
    }
}
