import Foundation
import LayoutChecking
import Testing

/// Where sourcekitd is looked for, on Linux and on a Mac with Xcode: the search runs against directory
/// trees made here in the shape each platform installs (real files and links, the checker's own view of
/// them), whichever machine runs the test.
@Suite struct SourceKitSearchTests {
    /// A scratch directory (links resolved, so that paths compare with what `realpath` gives) and the
    /// files made in it.
    final class Tree {
        let root: String

        init() throws {
            let made = FileManager.default.temporaryDirectory.appendingPathComponent("toolchains-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
            root = try #require(SourceKit.resolvedPath(made.path))
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        /// Makes an empty file at `relative` and returns its path.
        @discardableResult func file(_ relative: String) throws -> String {
            let path = root + "/" + relative
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            #expect(FileManager.default.createFile(atPath: path, contents: Data()))
            return path
        }

        /// Makes a symbolic link at `relative` to `destination` (relative to the link's folder).
        func link(_ relative: String, to destination: String) throws {
            let path = root + "/" + relative
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: destination)
        }

        /// The search on `platform` as `SourceKit.locate` makes it, with the Apple platforms' fixed places
        /// moved into this tree.
        func search(_ platform: SourceKitSearch.Platform, _ environment: [String: String]) -> SourceKitSearch {
            var search = SourceKitSearch(
                platform: platform, environment: environment, isFile: SourceKit.isRegularFile,
                resolve: SourceKit.resolvedPath)
            search.xcodeSelectLink = root + "/var/db/xcode_select_link"
            search.defaultDeveloperDirectory = root + "/Applications/Xcode.app/Contents/Developer"
            return search
        }
    }

    static func message(_ body: () throws(SourceKit.LoadError) -> String) -> String {
        do throws(SourceKit.LoadError) {
            let found = try body()
            Issue.record("found \(found)")
            return ""
        } catch {
            return error.message
        }
    }

    // MARK: Linux

    /// A swift.org toolchain unpacked somewhere, its swift linked from a folder on PATH.
    static func linuxToolchain() throws -> (tree: Tree, library: String) {
        let tree = try Tree()
        try tree.file("swift-6.2/usr/bin/swift")
        let library = try tree.file("swift-6.2/usr/lib/libsourcekitdInProc.so")
        try tree.link("bin/swift", to: "../swift-6.2/usr/bin/swift")
        try FileManager.default.createDirectory(atPath: tree.root + "/empty", withIntermediateDirectories: true)
        return (tree, library)
    }

    @Test func linuxFindsTheLibraryBesideTheSwiftOnPathThroughItsLink() throws {
        let (tree, library) = try Self.linuxToolchain()
        let search = tree.search(.linux, ["PATH": "\(tree.root)/empty::\(tree.root)/bin"])
        #expect(try search.library(toolchain: nil) == library)
    }

    @Test(arguments: ["swift-6.2", "swift-6.2/usr", "swift-6.2/usr/lib/libsourcekitdInProc.so"])
    func linuxTakesAToolchainGivenAsItsRootItsUsrOrTheLibrary(_ given: String) throws {
        let (tree, library) = try Self.linuxToolchain()
        let search = tree.search(.linux, [:])
        #expect(try search.library(toolchain: tree.root + "/" + given) == library)
        let fromEnvironment = tree.search(.linux, ["LAYOUTKIT_TOOLCHAIN": tree.root + "/" + given])
        #expect(try fromEnvironment.library(toolchain: nil) == library)
    }

    @Test func aToolchainNamedInTheEnvironmentIsTheOnlyPlaceLookedAt() throws {
        let (tree, _) = try Self.linuxToolchain()
        let search = tree.search(.linux, ["LAYOUTKIT_TOOLCHAIN": tree.root + "/bin", "PATH": tree.root + "/bin"])
        let message = Self.message { () throws(SourceKit.LoadError) in try search.library(toolchain: nil) }
        #expect(message.contains("'\(tree.root)/bin' (from LAYOUTKIT_TOOLCHAIN)"), "\(message)")
        #expect(message.contains("--toolchain DIR") && message.contains("usr/lib/libsourcekitdInProc.so"))
    }

    @Test func linuxSaysWhichSwiftOnPathHasNoLibraryAndLooksAtNoXcode() throws {
        let tree = try Tree()
        try tree.file("toolchain/usr/bin/swift")
        try tree.file(
            "Applications/Xcode.app/Contents/Developer/Toolchains/XcodeDefault.xctoolchain/usr/lib/"
                + "sourcekitdInProc.framework/sourcekitdInProc")
        let search = tree.search(
            .linux, ["PATH": tree.root + "/toolchain/usr/bin", "DEVELOPER_DIR": tree.root + "/Applications/Xcode.app"])
        let message = Self.message { () throws(SourceKit.LoadError) in try search.library(toolchain: nil) }
        #expect(message.contains("the swift on PATH (\(tree.root)/toolchain/usr/bin/swift)"), "\(message)")
        #expect(message.contains("LAYOUTKIT_TOOLCHAIN=DIR"), "\(message)")
    }

    // MARK: Apple platforms

    static let xcodeToolchain = "Contents/Developer/Toolchains/XcodeDefault.xctoolchain/usr/lib"

    /// Two Xcodes where the App Store and a download put them (the beta one, older, without the in-process
    /// framework), xcrun's `swift` shim in `/usr/bin`, and a swift.org toolchain in `~/Library`.
    static func macintosh() throws -> Tree {
        let tree = try Tree()
        try tree.file("Applications/Xcode.app/\(xcodeToolchain)/sourcekitd.framework/sourcekitd")
        try tree.file("Applications/Xcode.app/\(xcodeToolchain)/sourcekitdInProc.framework/sourcekitdInProc")
        try tree.file("Applications/Xcode-beta.app/\(xcodeToolchain)/sourcekitd.framework/sourcekitd")
        try tree.file("usr/bin/swift")
        try tree.file("Library/Developer/Toolchains/swift-6.2.xctoolchain/usr/bin/swift")
        try tree.file(
            "Library/Developer/Toolchains/swift-6.2.xctoolchain/usr/lib/sourcekitdInProc.framework/sourcekitdInProc")
        return tree
    }

    /// What the search finds on a Mac, by what is set; `nil` where it should find nothing.
    struct MacCase: Sendable, CustomTestStringConvertible {
        var name: String
        var path: [String] = ["usr/bin"]
        var developerDirectory: String?
        var xcodeSelect: String?
        var toolchain: String?
        var removeDefaultXcode = false
        var expected: String?
        var testDescription: String { name }
    }

    static let macCases = [
        MacCase(
            name: "xcrun's shim on PATH: Xcode.app's toolchain, the in-process framework first",
            expected: "Applications/Xcode.app/\(xcodeToolchain)/sourcekitdInProc.framework/sourcekitdInProc"),
        MacCase(
            name: "xcode-select chose the beta: its sourcekitd.framework",
            xcodeSelect: "../../Applications/Xcode-beta.app/Contents/Developer",
            expected: "Applications/Xcode-beta.app/\(xcodeToolchain)/sourcekitd.framework/sourcekitd"),
        MacCase(
            name: "DEVELOPER_DIR, naming the app, comes before PATH and xcode-select",
            path: ["Library/Developer/Toolchains/swift-6.2.xctoolchain/usr/bin"],
            developerDirectory: "Applications/Xcode-beta.app", xcodeSelect: "../../Applications/Xcode.app",
            expected: "Applications/Xcode-beta.app/\(xcodeToolchain)/sourcekitd.framework/sourcekitd"),
        MacCase(
            name: "a swift.org toolchain's swift on PATH",
            path: ["nowhere", "Library/Developer/Toolchains/swift-6.2.xctoolchain/usr/bin", "usr/bin"],
            expected:
                "Library/Developer/Toolchains/swift-6.2.xctoolchain/usr/lib/sourcekitdInProc.framework/sourcekitdInProc"
        ),
        MacCase(
            name: "--toolchain naming an Xcode", toolchain: "Applications/Xcode-beta.app/Contents/Developer",
            expected: "Applications/Xcode-beta.app/\(xcodeToolchain)/sourcekitd.framework/sourcekitd"),
        MacCase(
            name: "--toolchain naming Xcode's toolchain",
            toolchain: "Applications/Xcode.app/Contents/Developer/Toolchains/XcodeDefault.xctoolchain",
            expected: "Applications/Xcode.app/\(xcodeToolchain)/sourcekitdInProc.framework/sourcekitdInProc"),
        MacCase(
            name: "an xcode-select link to a removed Xcode, no Xcode.app: nothing", xcodeSelect: "../../Gone.app",
            removeDefaultXcode: true),
    ]

    @Test(arguments: macCases) func macFinds(_ macCase: MacCase) throws {
        let tree = try Self.macintosh()
        if let destination = macCase.xcodeSelect { try tree.link("var/db/xcode_select_link", to: destination) }
        if macCase.removeDefaultXcode {
            try FileManager.default.removeItem(atPath: tree.root + "/Applications/Xcode.app")
        }
        var environment = ["PATH": macCase.path.map { tree.root + "/" + $0 }.joined(separator: ":")]
        environment["DEVELOPER_DIR"] = macCase.developerDirectory.map { tree.root + "/" + $0 }
        let search = tree.search(.darwin, environment)
        let toolchain = macCase.toolchain.map { tree.root + "/" + $0 }
        if let expected = macCase.expected {
            #expect(try search.library(toolchain: toolchain) == tree.root + "/" + expected)
        } else {
            let message = Self.message { () throws(SourceKit.LoadError) in try search.library(toolchain: toolchain) }
            #expect(message.contains("beside the swift on PATH (\(tree.root)/usr/bin/swift)"), "\(message)")
            #expect(message.contains("/Applications/Xcode.app/Contents/Developer)"), "\(message)")
            #expect(message.contains("--toolchain DIR") && message.contains("LAYOUTKIT_TOOLCHAIN=DIR"), "\(message)")
            #expect(message.contains("XcodeDefault.xctoolchain"), "\(message)")
        }
    }

    @Test func macSaysWhatIsMissingInAGivenToolchain() throws {
        let tree = try Self.macintosh()
        let search = tree.search(.darwin, ["PATH": tree.root + "/usr/bin"])
        let message = Self.message { () throws(SourceKit.LoadError) in try search.library(toolchain: tree.root + "/usr")
        }
        #expect(message.contains("(from --toolchain)"), "\(message)")
        #expect(message.contains("sourcekitdInProc.framework/sourcekitdInProc or usr/lib/sourcekitd.framework"))
    }
}
