import Foundation
import LayoutChecking
import LayoutKit
import Testing

/// Reading `project.pbxproj`: what the checker takes from a project in Xcode's shape, and a diagnostic
/// with its line, column and rule for every file that is not one.
@Suite struct XcodeProjectTests {
    static let fixture = "Tests/LayoutCheckTests/Fixtures/XcodeProject"

    struct NotRead: Error {}

    /// A project of `count` targets, each compiling two files of its own group and copying a localized
    /// storyboard, with a group nested ten deep per target: what grows with a real app.
    static func large(targets count: Int) -> [UInt8] {
        var objects = ""
        var targets: [String] = []
        var groups: [String] = []
        for index in 0..<count {
            let t = "T\(index)"
            targets.append(t)
            groups.append("\(t)G0")
            for level in 0..<10 {
                let child = level < 9 ? "\(t)G\(level + 1)" : "\(t)F1, \(t)F2, \(t)V"
                objects +=
                    "\(t)G\(level) = {isa = PBXGroup; children = (\(child)); path = g\(level); sourceTree = \"<group>\";};\n"
            }
            objects += """
                \(t) = {isa = PBXNativeTarget; name = \(t); buildConfigurationList = \(t)L; buildPhases = (\(t)S, \(t)R); dependencies = (\(t)D);};
                \(t)D = {isa = PBXTargetDependency; target = T0;};
                \(t)L = {isa = XCConfigurationList; buildConfigurations = (\(t)C);};
                \(t)C = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_NAME = "$(TARGET_NAME)"; SDKROOT = iphoneos;}; name = Release;};
                \(t)S = {isa = PBXSourcesBuildPhase; files = (\(t)B1, \(t)B2);};
                \(t)R = {isa = PBXResourcesBuildPhase; files = (\(t)B3);};
                \(t)B1 = {isa = PBXBuildFile; fileRef = \(t)F1;};
                \(t)B2 = {isa = PBXBuildFile; fileRef = \(t)F2;};
                \(t)B3 = {isa = PBXBuildFile; fileRef = \(t)V;};
                \(t)F1 = {isa = PBXFileReference; path = A.swift; sourceTree = "<group>";};
                \(t)F2 = {isa = PBXFileReference; path = B.swift; sourceTree = "<group>";};
                \(t)V = {isa = PBXVariantGroup; children = (\(t)VB, \(t)VD); name = Main.storyboard; sourceTree = "<group>";};
                \(t)VB = {isa = PBXFileReference; path = Base.lproj/Main.storyboard; sourceTree = "<group>";};
                \(t)VD = {isa = PBXFileReference; path = de.lproj/Main.storyboard; sourceTree = "<group>";};

                """
        }
        let text = """
            // !$*UTF8*$!
            { objects = {
            P = {isa = PBXProject; mainGroup = M; targets = (\(targets.joined(separator: ", ")));};
            M = {isa = PBXGroup; children = (\(groups.joined(separator: ", "))); sourceTree = "<group>";};
            \(objects)}; rootObject = P; }
            """
        return Array(text.utf8)
    }

    @Test func aLargeProjectIsReadWhole() throws {
        guard case .project(let project) = XcodeProject.read(Self.large(targets: 50), file: "p") else {
            Issue.record("not read")
            return
        }
        #expect(project.targets.count == 50)
        #expect(project.targets.allSatisfy { $0.swiftFiles.count == 2 && $0.interfaceBuilderFiles.count == 2 })
        #expect(project.targets[7].swiftFiles.first == "g0/g1/g2/g3/g4/g5/g6/g7/g8/g9/A.swift")
        #expect(project.targets[7].dependencies == [0])
    }

    static func project(_ text: String) -> XcodeProject.Reading {
        XcodeProject.read(Array(text.utf8), file: "project.pbxproj")
    }

    static func read(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> XcodeProject {
        switch project(text) {
        case .project(let project): return project
        case .failure(let diagnostic):
            Issue.record("not read: \(diagnostic)", sourceLocation: sourceLocation)
            throw NotRead()
        }
    }

    @Test func theFixtureProjectsTargetsModulesFilesAndSettings() throws {
        let path = Repository.root.appendingPathComponent("\(Self.fixture)/TwoPlatforms.xcodeproj/project.pbxproj")
        guard
            case .project(let project) = XcodeProject.read(
                try Repository.bytes(path), file: "TwoPlatforms.xcodeproj/project.pbxproj")
        else {
            Issue.record("not read")
            return
        }
        try #require(project.targets.count == 2)
        let (phone, mac) = (project.targets[0], project.targets[1])
        #expect(phone.name == "Phone App")
        // PRODUCT_NAME = $(TARGET_NAME), made an identifier as Xcode does.
        #expect(phone.moduleName == "Phone_App")
        #expect(phone.sdk == "iphoneos", "the project's SDKROOT under the target's")
        #expect(phone.buildsForUIKit)
        #expect(phone.swiftFiles == ["Phone/SettingsViewController.swift"])
        #expect(phone.interfaceBuilderFiles == ["Phone/Base.lproj/Main.storyboard"], "the variant group's storyboard")
        #expect(phone.synchronizedFolders.map(\.path) == ["Profile"])
        #expect(phone.synchronizedFolders.first?.exceptions == ["README.md"])
        #expect(phone.setting("INFOPLIST_KEY_UIMainStoryboardFile") == "Main")
        #expect(phone.setting("PRODUCT_BUNDLE_IDENTIFIER") == "com.example.phone-app")
        #expect(mac.setting("PROJECT_NAME") == "TwoPlatforms")
        #expect(mac.moduleName == "Mac")
        #expect(mac.sdk == "macosx")
        #expect(!mac.buildsForUIKit)
        #expect(mac.swiftFiles == ["Mac/SettingsViewController.swift"])
        #expect(mac.interfaceBuilderFiles == ["Mac/Settings.xib"])
        #expect(mac.synchronizedFolders.isEmpty)
    }

    /// A project of the shape `objects` needs, with `objects` and a target whose settings are `settings`.
    static func minimal(objects: String = "", settings: String = "", groupChildren: String = "") -> String {
        """
        // !$*UTF8*$!
        {
            objects = {
                P = {isa = PBXProject; mainGroup = G; targets = (T); buildConfigurationList = PL;};
                PL = {isa = XCConfigurationList; buildConfigurations = (PC);};
                PC = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = iphoneos;}; name = Debug;};
                G = {isa = PBXGroup; children = (\(groupChildren)); sourceTree = "<group>";};
                T = {isa = PBXNativeTarget; name = "My App"; buildConfigurationList = TL; buildPhases = (S);};
                TL = {isa = XCConfigurationList; buildConfigurations = (TC); defaultConfigurationName = Release;};
                TC = {isa = XCBuildConfiguration; buildSettings = {\(settings)}; name = Release;};
                S = {isa = PBXSourcesBuildPhase; files = (B);};
                B = {isa = PBXBuildFile; fileRef = F;};
                F = {isa = PBXFileReference; path = A.swift; sourceTree = "<group>";};
                \(objects)
            };
            rootObject = P;
        }
        """
    }

    @Test(arguments: [
        ("", "My_App"),
        ("PRODUCT_NAME = \"Shop-Kit 2\";", "Shop_Kit_2"),
        ("PRODUCT_NAME = \"2Go\";", "_2Go"),
        ("PRODUCT_MODULE_NAME = ShopKit; PRODUCT_NAME = Other;", "ShopKit"),
        ("PRODUCT_MODULE_NAME = \"$(PRODUCT_NAME:c99extidentifier)\"; PRODUCT_NAME = \"a b\";", "a_b"),
        // A setting of an .xcconfig file the project does not hold: the next rule decides.
        ("PRODUCT_MODULE_NAME = \"$(FROM_XCCONFIG)\";", "My_App"),
        ("PRODUCT_NAME = \"$(A)\"; A = \"$(B)\"; B = \"$(A)\";", "My_App"),
        ("PRODUCT_NAME = \"${TARGET_NAME:lower}\";", "my_app"),
    ])
    func theModuleNameIsXcodes(settings: String, module: String) throws {
        let withInfo = Self.minimal(settings: settings + " INFOPLIST_FILE = \"$(SRCROOT)/App/Info.plist\";")
        #expect(try Self.read(withInfo).targets.first?.setting("INFOPLIST_FILE") == "./App/Info.plist")
        let project = try Self.read(Self.minimal(settings: settings, groupChildren: "F"))
        #expect(project.targets.first?.moduleName == module)
        #expect(project.targets.first?.swiftFiles == ["A.swift"])
    }

    @Test func filesResolveThroughGroupsAndSourceTrees() throws {
        let objects = """
            A = {isa = PBXGroup; children = (Bg, F2, F3, F4, F5); path = "App Sources"; sourceTree = "<group>";};
            Bg = {isa = PBXGroup; children = (F); name = Logical; sourceTree = "<group>";};
            F2 = {isa = PBXFileReference; path = ../Shared/B.swift; sourceTree = "<group>";};
            F3 = {isa = PBXFileReference; path = Root.swift; sourceTree = SOURCE_ROOT;};
            F4 = {isa = PBXFileReference; path = UIKit.swift; sourceTree = SDKROOT;};
            F5 = {isa = PBXFileReference; path = /abs/C.swift; sourceTree = "<absolute>";};
            B2 = {isa = PBXBuildFile; fileRef = F2;}; B3 = {isa = PBXBuildFile; fileRef = F3;};
            B4 = {isa = PBXBuildFile; fileRef = F4;}; B5 = {isa = PBXBuildFile; fileRef = F5;};
            """
        let text = Self.minimal(objects: objects, groupChildren: "A")
            .replacingOccurrences(of: "files = (B)", with: "files = (B, B2, B3, B4, B5)")
        let project = try Self.read(text)
        #expect(
            project.targets.first?.swiftFiles == [
                "App Sources/A.swift", "Shared/B.swift", "Root.swift", "/abs/C.swift",
            ])
    }

    /// Each broken file is one diagnostic at its place with its rule, never a trap or a partial project.
    @Test(arguments: [
        ("{ objects = { ; rootObject = P; }", "unreadable-file", 1, 15, "expected a key or '}'"),
        ("{ a = \"open", "unreadable-file", 1, 7, "not closed"),
        ("{ a = b; /* never closed", "unreadable-file", 1, 10, "comment opened here"),
        ("{ a = (b c); }", "unreadable-file", 1, 10, "expected ',' or ')'"),
        ("{ a = <0f zz>; }", "unreadable-file", 1, 11, "not hex"),
        ("{ a = b }", "unreadable-file", 1, 9, "expected ';'"),
        ("{ a = b; } trailing", "unreadable-file", 1, 12, "after the property list's end"),
        ("{\n  a = {\n    b = c;\n", "unreadable-file", 4, 1, "ends inside the dictionary opened at line 2"),
        ("", "unreadable-file", 1, 1, "holds no property list"),
        ("// !$*UTF8*$!\n{ archiveVersion = 1; }", "unreadable-file", 2, 1, "no 'objects'"),
        ("{ objects = {}; rootObject = X; }", "unreadable-file", 1, 30, "names no object"),
        ("{ objects = { X = {isa = PBXGroup;}; }; rootObject = X; }", "unreadable-file", 1, 19, "not a PBXProject"),
        ("(a, b)", "unreadable-file", 1, 1, "not a dictionary"),
    ])
    func brokenFilesAreOneDiagnosticAtTheirPlace(text: String, rule: String, line: Int, column: Int, words: String) {
        guard case .failure(let diagnostic) = Self.project(text) else {
            Issue.record("read as a project: \(text)")
            return
        }
        #expect(diagnostic.rule.rawValue == rule, "\(diagnostic)")
        #expect(
            diagnostic.location == SourceLocation(file: "project.pbxproj", line: line, column: column), "\(diagnostic)")
        #expect(diagnostic.message.contains(words), "\(diagnostic)")
        #expect(!diagnostic.message.contains("\n"))
    }

    @Test func aStringThatIsNotUTF8IsUnreadableAtItsQuote() {
        let bytes = Array("{ a = \"caf".utf8) + [0xE9] + Array("\"; }".utf8)
        guard case .failure(let diagnostic) = XcodeProject.read(bytes, file: "p") else {
            Issue.record("read")
            return
        }
        #expect(diagnostic.rule == .unreadableFile)
        #expect(diagnostic.message.contains("not valid UTF-8"))
        #expect(diagnostic.location == SourceLocation(file: "p", line: 1, column: 7))
    }

    @Test func nestingPastTheLimitIsAnInputLimitNotADeepRecursion() {
        let depth = 100_000
        let text = "{ a = " + String(repeating: "(", count: depth) + String(repeating: ")", count: depth) + "; }"
        guard case .failure(let diagnostic) = Self.project(text) else {
            Issue.record("read")
            return
        }
        #expect(diagnostic.rule == .inputLimit, "\(diagnostic)")
        #expect(diagnostic.location.column == 7 + OldStylePropertyList.maximumDepth - 1)
    }

    @Test func aFileOverFourMebibytesIsAnInputLimit() {
        let bytes =
            Array("{ a = \"".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 4 * 1024 * 1024) + Array("\"; }".utf8)
        guard case .failure(let diagnostic) = XcodeProject.read(bytes, file: "p") else {
            Issue.record("read")
            return
        }
        #expect(diagnostic.rule == .inputLimit)
    }

    @Test func aGroupThatContainsItselfIsUnreadableAtTheGroup() {
        let objects = """
            A = {isa = PBXGroup; children = (Bx); path = a; sourceTree = "<group>";};
            Bx = {isa = PBXGroup; children = (A, F); path = b; sourceTree = "<group>";};
            """
        // The main group lists F too late to be its parent: F's parent is B, inside the cycle.
        guard case .failure(let diagnostic) = Self.project(Self.minimal(objects: objects)) else {
            Issue.record("read")
            return
        }
        #expect(diagnostic.rule == .unreadableFile, "\(diagnostic)")
        #expect(diagnostic.message.contains("contains itself"), "\(diagnostic)")
        #expect(diagnostic.location.line > 1)
    }

    @Test func groupsNestedPastTheLimitAreAnInputLimit() {
        let depth = 300
        var objects = ""
        for level in 0..<depth {
            let child = level + 1 < depth ? "G\(level + 1)" : "F"
            objects += "G\(level) = {isa = PBXGroup; children = (\(child)); path = d; sourceTree = \"<group>\";};\n"
        }
        guard case .failure(let diagnostic) = Self.project(Self.minimal(objects: objects, groupChildren: "G0")) else {
            Issue.record("read")
            return
        }
        #expect(diagnostic.rule == .inputLimit, "\(diagnostic)")
    }

    @Test func escapesAndCommentsAreReadAsXcodeWritesThem() throws {
        let value = try OldStylePropertyList.parse(
            Array(
                #"""
                // !$*UTF8*$!
                { /* c */ a = "x\"y\n\\\U00e9\101"; b = ( 1, 2, ); c = <0a0B>; d = $A/b-c.d_e+f:g; }
                """#.utf8))
        #expect(value["a"]?.string == "x\"y\n\\éA")
        #expect(value["b"]?.array?.compactMap(\.string) == ["1", "2"])
        #expect(value["c"]?.string == "0a0B")
        #expect(value["d"]?.string == "$A/b-c.d_e+f:g")
    }

    /// Every prefix of a real project file is a diagnostic or a project, never a trap.
    @Test func everyTruncationOfTheFixtureIsReadOrRefused() throws {
        let path = Repository.root.appendingPathComponent("\(Self.fixture)/TwoPlatforms.xcodeproj/project.pbxproj")
        let bytes = try Repository.bytes(path)
        // Up to the last '}': the newline after it is all that may go.
        let end = try #require(bytes.lastIndex(of: UInt8(ascii: "}")))
        var refused = 0
        for end in stride(from: 0, through: end, by: 7) {
            if case .failure(let diagnostic) = XcodeProject.read(Array(bytes[..<end]), file: "p") {
                refused += 1
                #expect(diagnostic.rule == .unreadableFile)
            }
        }
        #expect(refused == end / 7 + 1, "every proper prefix is refused")
    }

    /// A key in quotes may span lines; the message about it stays on one (a fuzzer finding, kept in
    /// Fixtures/fuzz).
    @Test func aKeyWithALineBreakIsQuotedOnOneLineInItsMessage() {
        let text = "// !$*UTF8*$!\n{\n\t\"two\nlines\" u;\n}\n"
        guard case .failure(let diagnostic) = XcodeProject.read(Array(text.utf8), file: "p") else {
            Issue.record("a key without '=' read")
            return
        }
        #expect(diagnostic.message.contains(#"the key "two\nlines""#))
        #expect(!diagnostic.message.contains("\n"))
    }
}
