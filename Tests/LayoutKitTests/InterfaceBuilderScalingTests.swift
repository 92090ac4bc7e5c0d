import Testing

@testable import LayoutChecking
@testable import LayoutKit

/// The Interface Builder side of the one engine is near-linear too: the catalog of a run's Swift classes
/// (chains, outlets, actions by selector, extensions through typealiases, names two modules declare) and
/// the judging of a nib of many objects and connections, each found through an index rather than a scan.
@Suite(.serialized) struct InterfaceBuilderScalingTests {
    /// `count` view controllers in two modules, in chains of ten above `UIViewController`, each with two
    /// outlets, an action, and an extension through a typealias adding another action; every tenth name
    /// declared by both modules.
    static func declarations(_ count: Int) -> [(module: String, declarations: SwiftDeclarations)] {
        let here = SourceLocation(file: "S.swift", line: 1, column: 1)
        var files: [(module: String, declarations: SwiftDeclarations)] = []
        for module in ["App", "Widget"] {
            var types: [SwiftTypeDeclaration] = []
            var aliases: [(name: String, target: String)] = []
            for index in 0..<count / 2 {
                let name = index % 10 == 9 ? "Shared\(index)" : "\(module)Controller\(index)"
                var type = SwiftTypeDeclaration(kind: .class, name: name, location: here)
                type.superclass = index % 10 == 0 ? "UIViewController" : "\(module)Controller\(index - 1)"
                type.outlets = [
                    SwiftOutlet(
                        name: "title\(index)", typeName: "UILabel", optionality: .implicitlyUnwrapped,
                        isCollection: false, location: here),
                    SwiftOutlet(
                        name: "buttons\(index)", typeName: "UIButton", optionality: .implicitlyUnwrapped,
                        isCollection: true, location: here),
                ]
                type.actions = [SwiftAction(selector: "tap\(index):", senderType: "UIButton", location: here)]
                types.append(type)
                var extended = SwiftTypeDeclaration(kind: .extension, name: "Alias\(index)", location: here)
                extended.objectiveCMethods = [SwiftAction(selector: "more\(index)", senderType: nil, location: here)]
                types.append(extended)
                aliases.append((name: "Alias\(index)", target: name))
            }
            var file = SwiftDeclarations(types: types, diagnostics: [])
            file.typeAliases = aliases
            files.append((module: module, declarations: file))
        }
        return files
    }

    /// A storyboard of `count` scenes of the classes above, each connecting its outlets (one of them to a
    /// missing object), an outlet collection and its action, and one unknown action.
    static func storyboard(_ count: Int) -> [UInt8] {
        var scenes = ""
        for index in 0..<count {
            let name = index % 10 == 9 ? "Shared\(index)" : "AppController\(index)"
            scenes += """
                <scene sceneID="s\(index)"><objects>
                <viewController id="c\(index)" customClass="\(name)" customModule="App" customModuleProvider="target">
                <view key="view" contentMode="scaleToFill" id="v\(index)"><subviews>
                <label id="l\(index)"/>
                <button id="b\(index)"><connections><action selector="tap\(index):" destination="c\(index)" id="a\(index)"/>
                <action selector="gone\(index):" destination="c\(index)" id="g\(index)"/></connections></button>
                </subviews></view>
                <connections><outlet property="title\(index)" destination="l\(index)" id="o\(index)"/>
                <outletCollection property="buttons\(index)" destination="b\(index)" id="p\(index)"/>
                <outlet property="missing\(index)" destination="nowhere\(index)" id="m\(index)"/></connections>
                </viewController></objects></scene>

                """
        }
        return Array(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
            <scenes>
            \(scenes)</scenes>
            </document>

            """.utf8)
    }

    @Test func theFixtureIsWhatItSays() {
        let check = InterfaceBuilderCheck(swift: Self.declarations(40))
        let report = check.check(Self.storyboard(20), file: "Main.storyboard")
        let rules = Dictionary(grouping: report.diagnostics, by: \.rule.rawValue).mapValues(\.count)
        // Each scene: its unknown action and its outlet to a missing object (which no class declares
        // either); the classes two modules declare are judged in their customModule's.
        #expect(
            rules == ["unknown-action": 20, "unknown-destination": 20, "unknown-outlet": 20], "\(report.diagnostics)")
    }

    @Test func fourTimesTheClassesTakeAtMostEightTimesAsLong() {
        let small = Self.declarations(2_000)
        let large = Self.declarations(8_000)
        _ = InterfaceBuilderCheck(swift: Self.declarations(500))
        let smallTime = ScalingTests.seconds { _ = InterfaceBuilderCheck(swift: small) }
        let largeTime = ScalingTests.seconds { _ = InterfaceBuilderCheck(swift: large) }
        let ratio = largeTime / max(smallTime, 0.005)
        #expect(ratio <= 8, "n=2,000 took \(smallTime) s, 4n took \(largeTime) s (×\(ratio))")
    }

    @Test func fourTimesTheScenesTakeAtMostEightTimesAsLong() {
        let check = InterfaceBuilderCheck(swift: Self.declarations(2_000))
        let small = Self.storyboard(200)
        let large = Self.storyboard(800)
        _ = check.check(Self.storyboard(50), file: "Main.storyboard")
        let smallTime = ScalingTests.seconds { _ = check.check(small, file: "Main.storyboard") }
        let largeTime = ScalingTests.seconds { _ = check.check(large, file: "Main.storyboard") }
        let ratio = largeTime / max(smallTime, 0.005)
        #expect(ratio <= 8, "200 scenes took \(smallTime) s, 800 took \(largeTime) s (×\(ratio))")
    }
}
