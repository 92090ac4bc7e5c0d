import Foundation
import LayoutKit
import Testing

@testable import LayoutChecking
@testable import layout_check

/// Issue 38 in the readers themselves: the work of each held to the size of its input by counters (objects
/// visited, targets and files listed, bytes expanded, patterns tried), never by a clock.
@Suite struct HostileReaderTests {
    // MARK: Item 5: Info.plist files

    /// Arrays that each hold the next one twice: the work grows with the levels (the bytes), not with the
    /// 2^levels leaves of the tree they stand for.
    @Test func aBinaryPlistWhoseArraysShareTheirChildrenIsWalkedOncePerObject() throws {
        var works: [Int] = []
        for levels in [10, 20, 60] {
            let bytes = BinaryPropertyListWriter.sharedArrays(levels: levels, key: "UIMainStoryboardFile", leaf: "Main")
            let reading = try #require(InfoPropertyList.read(bytes))
            #expect(reading.names == ["Main"])
            #expect(reading.work <= 4 * bytes.count, "\(reading.work) for \(bytes.count) bytes")
            works.append(reading.work)
        }
        // Linear in the levels: 60 levels cost about six times 10, not 2^50 times.
        #expect(works[2] <= 7 * works[0], "\(works)")
        // Through the checker's own entry point too.
        let dag = BinaryPropertyListWriter.sharedArrays(levels: 60, key: "NSMainNibFile", leaf: "MainMenu")
        #expect(AppSettings.storyboardNames(inPropertyList: dag) == ["MainMenu"])
    }

    /// Many entries of the offset table that point at one array's bytes: one object, read once.
    @Test func offsetTableEntriesSharingOneObjectAreOneObject() throws {
        let count = 200
        var bytes = BinaryPropertyListWriter.write(
            [.array(Array(1...count))] + Array(repeating: .array(Array(1...count)), count: count))
        // Point every entry after the first at the first array's second copy: 200 × 200 references if
        // each entry were its own object.
        let trailer = bytes.count - 32
        let table = bytes[(trailer + 24)..<(trailer + 32)].reduce(0) { $0 << 8 | Int($1) }
        let first = Int(bytes[table + 2]) << 8 | Int(bytes[table + 3])
        for index in 2...count {
            bytes[table + 2 * index] = UInt8(first >> 8)
            bytes[table + 2 * index + 1] = UInt8(first & 0xFF)
        }
        let reading = try #require(InfoPropertyList.read(bytes))
        #expect(reading.work <= 2 * (count + 2) + 16, "\(reading.work)")
    }

    /// The XML form: the names under their keys (entities decoded, arrays belonging to their key), nesting
    /// 200,000 deep without recursion, and a file cut short is no property list.
    @Test func xmlPlistsAreScannedOnceWithoutRecursion() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
                <key>UIMainStoryboardFile</key><string>Main &amp; More</string>
                <key>CFBundleName</key><string>NotAStoryboard</string>
                <!-- <key>UILaunchStoryboardName</key><string>Commented</string> -->
                <key>UIApplicationSceneManifest</key>
                <dict><key>UISceneConfigurations</key><dict><key>Role</key><array>
                    <dict><key>UISceneStoryboardFile</key><string>Scene</string></dict>
                </array></dict></dict>
                <key>Sizes</key><array><integer>1</integer><true/></array>
            </dict>
            </plist>
            """
        #expect(InfoPropertyList.storyboardNames(Array(plist.utf8)) == ["Main & More", "Scene"])
        #expect(InfoPropertyList.storyboardNames(Array(plist.utf8.dropLast(20))) == nil)
        let depth = 200_000
        let deep =
            "<plist><dict><key>UIMainStoryboardFile</key>" + String(repeating: "<array>", count: depth)
            + "<string>Deep</string>" + String(repeating: "</array>", count: depth) + "</dict></plist>"
        let reading = try #require(InfoPropertyList.read(Array(deep.utf8)))
        #expect(reading.names == ["Deep"])
        #expect(reading.work <= deep.utf8.count / 7 + 16, "\(reading.work)")
        #expect(InfoPropertyList.storyboardNames(Array("{ UIMainStoryboardFile = Main; Other = x; }".utf8)) == ["Main"])
    }

    // MARK: Item 7: quadratic project shapes

    /// A project whose `objects` are `objects` and whose target `T` has `targetFields`.
    static func project(objects: String, targetFields: String = "", targets: String = "T") -> [UInt8] {
        Array(
            """
            { objects = {
                P = {isa = PBXProject; mainGroup = G; targets = (\(targets));};
                G = {isa = PBXGroup; children = (L); sourceTree = "<group>";};
                T = {isa = PBXNativeTarget; name = App; buildPhases = (S); \(targetFields)};
                U = {isa = PBXNativeTarget; name = Kit; buildPhases = ();};
                D = {isa = PBXTargetDependency; target = U;};
                \(objects)
            }; rootObject = P; }
            """.utf8)
    }

    static func read(_ bytes: [UInt8]) throws -> XcodeProject {
        switch XcodeProject.read(bytes, file: "App.xcodeproj/project.pbxproj") {
        case .project(let project): return project
        case .failure(let diagnostic): throw Failure(diagnostic: diagnostic)
        }
    }

    struct Failure: Error {
        var diagnostic: Diagnostic
    }

    /// One dependency listed 6,400 times, one target listed 200 times, one file in 20,000 build files:
    /// each is one, whatever the count, so nothing downstream grows with the repetition.
    @Test func repeatedDependenciesTargetsAndBuildFilesAreOne() throws {
        for count in [10, 6_400] {
            let files = Array(repeating: "B", count: count).joined(separator: ", ")
            let text = Self.project(
                objects: """
                    L = {isa = PBXGroup; children = (F); path = "\(String(repeating: "long/", count: 400))App"; sourceTree = "<group>";};
                    F = {isa = PBXFileReference; path = A.swift; sourceTree = "<group>";};
                    B = {isa = PBXBuildFile; fileRef = F;};
                    S = {isa = PBXSourcesBuildPhase; files = (\(files));};
                    """,
                targetFields: "dependencies = (\(Array(repeating: "D", count: count).joined(separator: ", ")));",
                targets: Array(repeating: "T", count: min(count, 200)).joined(separator: ", ") + ", U")
            let project = try Self.read(text)
            #expect(project.targets.map(\.name) == ["App", "Kit"], "\(count)")
            #expect(project.targets.first?.dependencies == [1], "\(count)")
            #expect(project.targets.first?.swiftFiles.count == 1, "\(count)")
        }
    }

    /// A build setting that names a 4,000-byte one 60 times: 240 KB for one setting, within the 64
    /// references the expansion allows, so a 1 MB project of such targets printed 600 MB of module names. The
    /// expansion has a byte budget: past it the setting is not known, and no setting's value is longer than
    /// the budget, whatever the input.
    @Test func buildSettingExpansionIsBudgetedByBytes() throws {
        for count in [2, 60] {
            let settings =
                "PRODUCT_NAME = \"\(String(repeating: "$(C)", count: count))\"; "
                + "PRODUCT_MODULE_NAME = \"$(PRODUCT_NAME)\"; C = \"\(String(repeating: "x", count: 4_000))\";"
            let text = Self.project(
                objects: """
                    L = {isa = PBXGroup; children = (); sourceTree = "<group>";};
                    S = {isa = PBXSourcesBuildPhase; files = ();};
                    CL = {isa = XCConfigurationList; buildConfigurations = (C1);};
                    C1 = {isa = XCBuildConfiguration; buildSettings = {\(settings)}; name = Debug;};
                    """,
                targetFields: "buildConfigurationList = CL;")
            let target = try #require(try Self.read(text).targets.first)
            let expanded = target.setting("PRODUCT_NAME")
            #expect((expanded?.utf8.count ?? 0) <= XcodeTarget.maximumExpansionBytes, "\(count)")
            #expect(target.moduleName.utf8.count <= XcodeTarget.maximumExpansionBytes, "\(count)")
            if count == 2 { #expect(expanded?.utf8.count == 8_000) }
        }
    }

    /// 12,000 files under a group path of 4,000 bytes: 48 MB of paths from a 1.4 MB file. The paths a
    /// project resolves to have a budget too (eight times the largest project file): past it, `input-limit`.
    @Test func filePathsUnderALongGroupPathAreBudgeted() throws {
        let count = 12_000
        var objects = "L = {isa = PBXGroup; children = (\((0..<count).map { "F\($0)" }.joined(separator: ", "))); "
        objects += "path = \"\(String(repeating: "long/", count: 800))App\"; sourceTree = \"<group>\";};\n"
        objects += (0..<count).map {
            "F\($0) = {isa = PBXFileReference; path = A\($0).swift;}; B\($0) = {isa = PBXBuildFile; fileRef = F\($0);};"
        }
        .joined(separator: "\n")
        objects +=
            "\nS = {isa = PBXSourcesBuildPhase; files = (\((0..<count).map { "B\($0)" }.joined(separator: ", ")));};"
        let bytes = Self.project(objects: objects)
        #expect(bytes.count < InputLimits.maximumFileBytes)
        #expect(throws: Failure.self) { try Self.read(bytes) }
        do {
            _ = try Self.read(bytes)
        } catch let failure as Failure {
            #expect(failure.diagnostic.rule == .inputLimit, "\(failure.diagnostic.message)")
        }
        // A group path past PATH_MAX is one too.
        let deep = Self.project(
            objects: """
                L = {isa = PBXGroup; children = (M); path = "\(String(repeating: "a", count: 3_000))"; sourceTree = "<group>";};
                M = {isa = PBXGroup; children = (F); path = "\(String(repeating: "b", count: 3_000))"; sourceTree = "<group>";};
                F = {isa = PBXFileReference; path = A.swift;}; B = {isa = PBXBuildFile; fileRef = F;};
                S = {isa = PBXSourcesBuildPhase; files = (B);};
                """)
        #expect(throws: Failure.self) { try Self.read(deep) }
    }

    // MARK: Item 10: 50,000 ignores

    /// 50,000 `<ignore>`s, each of its own storyboard: a file meets only its own, by a lookup (no pattern
    /// tried); patterns with wildcards are tried only on paths that hold their plain name.
    @Test func ignoresAreLookedUpNotEachMatched() throws {
        var ignores: [CheckConfiguration.Ignore] = []
        for index in 0..<50_000 {
            let pattern = try PathPattern.parse("Scenes/S\(index % 800).storyboard").get()
            ignores.append(.init(rule: .unknownOutlet, file: pattern, object: "o\(index)"))
        }
        for index in 0..<100 {
            let pattern = try PathPattern.parse("**/Generated\(index)/*.storyboard").get()
            ignores.append(.init(rule: .unknownOutlet, file: pattern, object: "g\(index)"))
        }
        let settings = InterfaceBuilderSettings(rules: [:], ignores: ignores, relativePath: { $0 })
        let found = settings.index.applicable(to: "Scenes/S7.storyboard")
        #expect(found.ignores == Array(stride(from: 7, to: 50_000, by: 800)))
        #expect(found.patternsTried == 0)
        let generated = settings.index.applicable(to: "App/Generated3/Main.storyboard")
        #expect(generated.ignores == [50_003])
        #expect(generated.patternsTried == 1)
        // The first ignore written at an element is the one used.
        var usage = InterfaceBuilderUsage()
        let diagnostic = Diagnostic(
            rule: .unknownOutlet, message: "m",
            location: LayoutKit.SourceLocation(file: "Scenes/S7.storyboard", line: 3, column: 1))
        let kept = settings.judge(
            [diagnostic], file: "Scenes/S7.storyboard", ids: { _ in ["o807", "o7"] }, usage: &usage)
        #expect(kept.isEmpty)
        #expect(usage.usedIgnores == [7])
    }

    // MARK: Item 6 and 10: names

    @Test func aModuleNameIsASwiftIdentifier() {
        for name in ["App", "_Kit2", "Café", "Phone_App"] { #expect(SchemaFileNames.isIdentifier(name), "\(name)") }
        for name in ["../../escaped", "a/b", ".", "..", "2Go", "a b", "a.b", ""] {
            #expect(!SchemaFileNames.isIdentifier(name), "\(name)")
        }
        #expect(SchemaFileNames.fileName(forModule: "") == "Classes.classes.xml")
        #expect(SchemaFileNames.fileName(forModule: "../x") == nil)
    }

    @Test func literalNamesCompareCodeUnits() {
        #expect("\u{E9}" == "e\u{301}", "Swift's String: canonical equivalence")
        #expect(LiteralName("\u{E9}") != LiteralName("e\u{301}"))
        #expect(Set([LiteralName("\u{E9}"), LiteralName("e\u{301}")]).count == 2)
        #expect(LiteralName("Main") == LiteralName("Main"))
    }
}

/// The byte scan of Objective-C files (`AppSettings.objectiveC`): what the regular expression it
/// replaced found, on the shapes it matched.
@Suite struct ObjectiveCScanTests {
    @Test func findsImplementedClassesAndInterfaceBuilderWords() {
        let text = """
            // a comment naming a Storyboard
            @implementation  Alpha_1
            @end
            @implementation\tBeta : NSObject
            @implementation\u{00A0}Gamma
            @implementation\u{3000}Delta
            @implementationEpsilon
            @implementation 9Zeta
            @implementation
            """
        let scan = AppSettings.objectiveC(Array(text.utf8))
        #expect(scan.namesInterfaceBuilder)
        #expect(scan.classes == ["Alpha_1", "Beta", "Gamma", "Delta"])
        #expect(!AppSettings.objectiveC(Array("@implementation Plain\n@end".utf8)).namesInterfaceBuilder)
        #expect(AppSettings.objectiveC([]).classes.isEmpty)
        #expect(AppSettings.objectiveC(Array("@implementation ".utf8)).classes.isEmpty)
    }
}
