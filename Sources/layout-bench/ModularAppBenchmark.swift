import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The modular-app row: `layout-check ROOT` in project mode over a generated modular app, as a team with
/// local Swift packages has it: two Xcode projects (Xcode 16 synchronized folders), each app linking the
/// products of eight of sixteen local packages, each package a feature target (small views and view
/// controllers with their nibs), a core target it depends on and a test target. The projects and the
/// manifests are read (the manifests through sourcekitd, never run), every target is a unit, and the time
/// is given per 1,000 Swift files with the peak memory of the run and its workers.
struct ModularAppBenchmark {
    let layoutCheck: String
    let intermediate: String
    let quick: Bool
    let progress: (String) -> Void

    private static let apps = [(name: "Shop", files: 150, nibs: 50), (name: "Studio", files: 100, nibs: 30)]
    private static let packages = 16
    private static let featureFiles = 80
    private static let featureNibs = 10
    private static let coreFiles = 20
    private static let testFiles = 10
    private var runs: Int { quick ? 3 : 5 }

    /// How many Swift files the generated app has.
    static var swiftFiles: Int {
        apps.map(\.files).reduce(0, +) + packages * (featureFiles + coreFiles + testFiles)
    }

    func run() throws -> (rows: [ResultRow], notes: [String]) {
        let root = NSTemporaryDirectory() + "layout-bench-modular-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: root) }
        progress("generating a modular app of \(Self.swiftFiles) Swift files in \(root)…")
        try Self.generate(in: root)
        let log = root + "/run.log"
        let report = root + "/child.txt"
        // Run from the repository's root, as a team runs it: what a project lists is read only inside the
        // working directory's repository.
        let command = ["/bin/sh", "-c", "cd \"$0\" && exec \"$1\" .", root + "/repo", layoutCheck]
        let first = try ChildReport.run(
            command, intermediate: intermediate, report: report, log: log, samplingMemory: true)
        guard first.exit.status == 0 else {
            let reason = (try? String(contentsOfFile: log, encoding: .utf8))?.split(separator: "\n").last ?? ""
            return ([], ["modular-app: not measured, `layout-check` exited with \(first.exit.status): \(reason)"])
        }
        var times: [Duration] = []
        for round in 1...runs {
            progress("modular-app: timed round \(round) of \(runs)…")
            times.append(
                try ChildReport.run(command, intermediate: intermediate, report: report, log: "/dev/null").elapsed)
        }
        let sampled = try ChildReport.run(
            command, intermediate: intermediate, report: report, log: "/dev/null", samplingMemory: true)
        let peak = max(first.exit.peakTreeMemory, sampled.exit.peakTreeMemory)
        let proportional = max(first.exit.peakTreeProportional, sampled.exit.peakTreeProportional)
        let timing = Timing(samples: times.sorted(), operationsPerSample: 1)
        let perThousand = timing.median / (Double(Self.swiftFiles) / 1000)
        let row = ResultRow(
            step: "modular-app",
            layoutKit: "`layout-check ROOT`, 2 Xcode projects and \(Self.packages) local packages, "
                + "\(Format.count(Self.swiftFiles)) Swift files, wall per 1,000 Swift files; peak PSS (RSS) with the workers",
            layoutKitResult: "\(Format.duration(perThousand)) (\(Format.timing(timing)) in all); "
                + "\(Format.mebibytes(proportional)) (\(Format.mebibytes(peak)))",
            against: "goal", againstResult: "1.0 s per 1,000 Swift files", ratio: perThousand / .seconds(1),
            goal: "≤ 1.0 s per 1,000 Swift files; ≤ 150 MiB",
            isMet: perThousand <= .seconds(1) && proportional <= 150 * 1024 * 1024)
        return (
            [row],
            [
                "modular-app: median of \(runs) runs; each package's manifest is read through sourcekitd (a worker "
                    + "of its own), each of its targets and each app target is a unit of nibs"
            ]
        )
    }

    /// Writes the repository: `repo/<App>.xcodeproj`, `repo/<App>/`, `repo/Packages/Feature<N>/`.
    static func generate(in root: String) throws {
        let repository = root + "/repo"
        for (number, app) in apps.enumerated() {
            let folder = "\(repository)/\(app.name)"
            let products = (1...packages).filter { ($0 - 1) % apps.count == number }.map { "Feature\($0)Kit" }
            try write(project(app.name, products: products), to: "\(repository)/\(app.name).xcodeproj/project.pbxproj")
            for index in 1...app.files {
                try write(swiftFile("\(app.name)Screen\(index)"), to: "\(folder)/\(app.name)Screen\(index).swift")
            }
            for index in 1...app.nibs {
                try write(
                    nib("\(app.name)Screen\(index)", module: app.name), to: "\(folder)/\(app.name)Screen\(index).xib")
            }
        }
        for package in 1...packages {
            let folder = "\(repository)/Packages/Feature\(package)"
            try write(manifest(package), to: "\(folder)/Package.swift")
            let feature = "Feature\(package)"
            for index in 1...featureFiles {
                try write(
                    swiftFile("\(feature)View\(index)"), to: "\(folder)/Sources/\(feature)/\(feature)View\(index).swift"
                )
            }
            for index in 1...featureNibs {
                try write(
                    nib("\(feature)View\(index)", module: feature),
                    to: "\(folder)/Sources/\(feature)/\(feature)View\(index).xib")
            }
            for index in 1...coreFiles {
                try write(
                    "import Foundation\n\npublic struct \(feature)Model\(index) {\n    public var name = \"\(index)\"\n}\n",
                    to: "\(folder)/Sources/\(feature)Core/\(feature)Model\(index).swift")
            }
            for index in 1...testFiles {
                try write(
                    "import XCTest\n\nfinal class \(feature)Tests\(index): XCTestCase {\n    func testNothing() {}\n}\n",
                    to: "\(folder)/Tests/\(feature)Tests/\(feature)Tests\(index).swift")
            }
        }
    }

    private static func write(_ text: String, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    private static func manifest(_ number: Int) -> String {
        """
        // swift-tools-version:5.9
        import PackageDescription

        let package = Package(
            name: "Feature\(number)",
            platforms: [.iOS(.v16)],
            products: [.library(name: "Feature\(number)Kit", targets: ["Feature\(number)"])],
            targets: [
                .target(name: "Feature\(number)", dependencies: ["Feature\(number)Core"]),
                .target(name: "Feature\(number)Core"),
                .testTarget(name: "Feature\(number)Tests", dependencies: ["Feature\(number)"]),
            ]
        )

        """
    }

    /// A small view controller with three outlets and an action, as its nib connects them.
    private static func swiftFile(_ name: String) -> String {
        """
        import UIKit

        public final class \(name): UIViewController {
            @IBOutlet weak var titleLabel: UILabel!
            @IBOutlet weak var detailLabel: UILabel!
            @IBOutlet weak var actionButton: UIButton!

            @IBAction func tapped(_ sender: UIButton) {
                titleLabel.text = detailLabel.text
            }
        }

        """
    }

    private static func nib(_ name: String, module: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505" \
        targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES">
            <dependencies>
                <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="22504"/>
            </dependencies>
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" \
        customClass="\(name)" customModule="\(module)" customModuleProvider="target">
                    <connections>
                        <outlet property="titleLabel" destination="aT1-lB-001" id="aO1-oT-001"/>
                        <outlet property="detailLabel" destination="aD1-lB-001" id="aO2-oT-001"/>
                        <outlet property="actionButton" destination="aB1-bT-001" id="aO3-oT-001"/>
                        <outlet property="view" destination="aV1-vW-001" id="aO4-oT-001"/>
                    </connections>
                </placeholder>
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                <view contentMode="scaleToFill" id="aV1-vW-001">
                    <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                    <subviews>
                        <label opaque="NO" contentMode="left" text="Title" id="aT1-lB-001">
                            <rect key="frame" x="16" y="20" width="361" height="21"/>
                        </label>
                        <label opaque="NO" contentMode="left" text="Detail" id="aD1-lB-001">
                            <rect key="frame" x="16" y="50" width="361" height="21"/>
                        </label>
                        <button opaque="NO" contentMode="scaleToFill" buttonType="system" id="aB1-bT-001">
                            <rect key="frame" x="16" y="80" width="100" height="30"/>
                            <connections>
                                <action selector="tapped:" destination="-1" eventType="touchUpInside" id="aA1-aC-001"/>
                            </connections>
                        </button>
                    </subviews>
                </view>
            </objects>
        </document>

        """
    }

    /// An Xcode 16 project whose one app target owns the folder `<name>/` and links `products`, the local
    /// packages' products.
    private static func project(_ name: String, products: [String]) -> String {
        let references = products.indices.map { String(format: "4D%022X", $0 + 1) }
        let dependencies = zip(references, products).map {
            "\t\t\($0) = {isa = XCSwiftPackageProductDependency; productName = \($1);};"
        }
        return """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tobjectVersion = 77;
            \tobjects = {
            \t\t4C0000000000000000000001 = {isa = PBXFileSystemSynchronizedRootGroup; path = \(name); sourceTree = "<group>";};
            \t\t4C0000000000000000000002 = {isa = PBXGroup; children = (4C0000000000000000000001); sourceTree = "<group>";};
            \t\t4C0000000000000000000003 = {isa = PBXNativeTarget; buildConfigurationList = 4C0000000000000000000005; \
            buildPhases = (); dependencies = (); fileSystemSynchronizedGroups = (4C0000000000000000000001); name = \(name); \
            packageProductDependencies = (\(references.joined(separator: ", "))); productType = "com.apple.product-type.application";};
            \t\t4C0000000000000000000004 = {isa = PBXProject; mainGroup = 4C0000000000000000000002; \
            buildConfigurationList = 4C0000000000000000000005; projectDirPath = ""; targets = (4C0000000000000000000003);};
            \t\t4C0000000000000000000005 = {isa = XCConfigurationList; buildConfigurations = (4C0000000000000000000006); \
            defaultConfigurationName = Release;};
            \t\t4C0000000000000000000006 = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = iphoneos;}; name = Release;};
            \(dependencies.joined(separator: "\n"))
            \t};
            \trootObject = 4C0000000000000000000004;
            }

            """
    }
}
