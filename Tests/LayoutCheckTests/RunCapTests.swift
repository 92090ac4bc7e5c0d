import Foundation
import Testing

/// The per-file cap holds for the run, not per Xcode target (issue "Hostile input, round 4", item 1): a
/// storyboard that many targets build is checked once per distinct set of classes and reported once, at
/// most the cap's findings and one summary, however many targets list it. And the summary of a file's
/// findings past the cap takes the highest severity it hides: a run of warnings exits 0.
@Suite struct RunCapTests {
    /// A project of `targets` iOS targets that all build the synchronized folder `Shared` (a storyboard
    /// with `connections` outlets its class lacks, and the class), each with a folder of its own holding a
    /// class of its own, so that each target sees other Swift files.
    static func project(targets: Int, connections: Int) throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        var objects = ""
        var targetIDs: [String] = []
        func id(_ kind: Int, _ index: Int) -> String { String(format: "4D%02X%020X", kind, index) }
        objects +=
            "\t\t\(id(1, 0)) = {isa = PBXFileSystemSynchronizedRootGroup; path = Shared; sourceTree = \"<group>\"; };\n"
        objects +=
            "\t\t\(id(9, 0)) = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = iphoneos;}; name = Debug; };\n"
        objects += "\t\t\(id(8, 0)) = {isa = XCConfigurationList; buildConfigurations = (\(id(9, 0)),); };\n"
        for index in 1...targets {
            let name = "Target\(index)"
            objects +=
                "\t\t\(id(1, index)) = {isa = PBXFileSystemSynchronizedRootGroup; path = \(name); sourceTree = \"<group>\"; };\n"
            objects +=
                "\t\t\(id(9, index)) = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_NAME = \(name); SDKROOT = iphoneos;}; name = Debug; };\n"
            objects +=
                "\t\t\(id(8, index)) = {isa = XCConfigurationList; buildConfigurations = (\(id(9, index)),); };\n"
            objects +=
                "\t\t\(id(2, index)) = {isa = PBXNativeTarget; buildConfigurationList = \(id(8, index)); buildPhases = (); dependencies = (); fileSystemSynchronizedGroups = (\(id(1, 0)), \(id(1, index)),); name = \(name); productType = \"com.apple.product-type.application\"; };\n"
            targetIDs.append(id(2, index))
            try folder.write(
                "import UIKit\n\nfinal class \(name)Controller: UIViewController {}\n",
                to: "\(name)/\(name)Controller.swift")
        }
        objects +=
            "\t\t\(id(3, 0)) = {isa = PBXProject; buildConfigurationList = \(id(8, 0)); mainGroup = \(id(1, 0)); targets = (\(targetIDs.joined(separator: ", ")),); };\n"
        try folder.write(
            "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjectVersion = 77;\n\tobjects = {\n\(objects)\t};\n\trootObject = \(id(3, 0));\n}\n",
            to: "Cards.xcodeproj/project.pbxproj")
        try folder.write("import UIKit\n\nfinal class CardView: UIView {}\n", to: "Shared/CardView.swift")
        let outlets = (0..<connections).map {
            #"<outlet property="missing\#($0)" destination="Lb1-lB-1aA" id="Co\#($0)"/>"#
        }
        try folder.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch">
                <scenes>
                    <scene sceneID="Sc1-aA-1aA">
                        <objects>
                            <viewController id="Vc1-vC-1aA" sceneMemberID="viewController">
                                <view key="view" contentMode="scaleToFill" id="Cd1-vW-1aA" customClass="CardView" customModuleProvider="target">
                                    <subviews>
                                        <label opaque="NO" text="Title" id="Lb1-lB-1aA"/>
                                    </subviews>
                                    <connections>
                                        \(outlets.joined(separator: "\n"))
                                    </connections>
                                </view>
                            </viewController>
                        </objects>
                    </scene>
                </scenes>
            </document>
            """, to: "Shared/Cards.storyboard")
        return folder
    }

    /// Lines of standard output that are findings in the storyboard (not notes).
    static func storyboardFindings(_ result: CommandResult) -> [String] {
        result.outputLines.filter { $0.hasPrefix("Shared/Cards.storyboard:") && !$0.contains(": note: ") }
    }

    @Test func aStoryboardManyTargetsBuildIsReportedOnceUnderOneCap() throws {
        let few = try Self.project(targets: 2, connections: 1_050)
        defer { few.remove() }
        let many = try Self.project(targets: 12, connections: 1_050)
        defer { many.remove() }
        let fewResult = try runLayoutCheck(["Cards.xcodeproj"], in: few.url)
        let manyResult = try runLayoutCheck(["Cards.xcodeproj"], in: many.url)
        let fewFindings = Self.storyboardFindings(fewResult)
        let manyFindings = Self.storyboardFindings(manyResult)
        // The cap's findings and its summary, once: as many lines for twelve targets as for two.
        #expect(fewFindings.count == 1_001, "\(fewFindings.count) lines: \(fewResult.standardError)")
        #expect(manyFindings.count == fewFindings.count, "\(manyFindings.count) lines for twelve targets")
        #expect(manyFindings.last?.contains("not shown: the limit is") == true)
        #expect(manyResult.standardOutput.utf8.count < fewResult.standardOutput.utf8.count * 11 / 10)
    }

    @Test func aSummaryOfWarningsPastTheCapIsAWarning() throws {
        let folder = try Self.project(targets: 1, connections: 1_050)
        defer { folder.remove() }
        try folder.write(
            #"<layout-check xmlns="urn:layoutkit:config:1"><rule id="unknown-outlet" severity="warning"/></layout-check>"#,
            to: "layout-check.xml")
        let result = try runLayoutCheck(["Cards.xcodeproj"], in: folder.url)
        let summary = try #require(Self.storyboardFindings(result).last)
        #expect(summary.contains(": warning: ") && summary.contains("not shown: the limit is"), "\(summary)")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("0 errors, 1001 warnings"), "\(result.standardError)")
    }
}
