import Foundation
import LayoutChecking
import LayoutKit

/// What an app's files outside Swift and Interface Builder say about which Interface Builder files it
/// loads: the Info.plist files under the PATHs and the Swift source roots, the `INFOPLIST_KEY_…` build
/// settings of the Xcode projects there or beside them, and whether any Objective-C file is there (its
/// literals are not read, so nothing can be said to be loaded by nothing).
enum AppSettings {
    /// The context of `IdentifierCheck` for a run over `paths` with Swift sources under `roots`.
    static func context(
        paths: [SystemPath], roots: [SystemPath], isExcluded: (@Sendable (SystemPath) -> Bool)?
    ) -> IdentifierCheck.Context {
        let everywhere = (paths + roots).filter { $0 != .standardInput && LayoutCheck.isDirectory($0) }
        var context = IdentifierCheck.Context()
        readObjectiveC(everywhere, isExcluded, into: &context)
        var names: Set<String> = []
        // A setting that may name any file leaves `settingsNames` nil: nothing is unloaded.
        guard let plists = readPropertyLists(everywhere, isExcluded, names: &names),
            let projects = readBuildSettings(everywhere, isExcluded, plists: plists.paths, names: &names)
        else { return context }
        if plists.read + projects > 0 { context.settingsNames = names }
        return context
    }

    /// Whether the Objective-C files may name an Interface Builder identifier or file (one that cannot be
    /// read may name anything), and the classes they implement.
    private static func readObjectiveC(
        _ paths: [SystemPath], _ isExcluded: (@Sendable (SystemPath) -> Bool)?,
        into context: inout IdentifierCheck.Context
    ) {
        // The reuse identifiers registered, unless a file could not be read (it may register any).
        var registrations: [ReuseRegistration]? = []
        for suffix in [".m", ".mm"] {
            var search = discovery(suffix, paths, isExcluded)
            while let file = search.next() {
                guard case .bytes(let bytes) = file.contents() else {
                    context.hasObjectiveC = true
                    registrations = nil
                    continue
                }
                let scan = objectiveC(bytes)
                context.hasObjectiveC = context.hasObjectiveC || scan.namesInterfaceBuilder
                context.objectiveCClasses.formUnion(scan.classes)
                registrations? += ObjectiveCRegistrations.scan(bytes, file: file.displayPath)
            }
        }
        context.objectiveCRegistrations = registrations
    }

    /// The names the `Info.plist` files (`Info.plist`, `Shop-Info.plist`) load, added to `names`: how many
    /// were read and their paths; `nil` when one may name any file (it cannot be read — not a regular
    /// file, malformed, past the reader's work limit — or names one the build fills in, `$(MAIN_STORYBOARD)`).
    private static func readPropertyLists(
        _ paths: [SystemPath], _ isExcluded: (@Sendable (SystemPath) -> Bool)?, names: inout Set<String>
    ) -> (read: Int, paths: Set<String>)? {
        var plists = discovery("Info.plist", paths, isExcluded)
        var read = 0
        var readPlists: Set<String> = []
        while let file = plists.next() {
            guard case .bytes(let bytes) = file.contents(), let found = storyboardNames(inPropertyList: bytes) else {
                return nil
            }
            if found.contains(where: { $0.contains("$(") || $0.contains("${") }) { return nil }
            names.formUnion(found)
            readPlists.insert(standardized(file.displayPath))
            read += 1
        }
        return (read, readPlists)
    }

    /// The names Xcode's generated Info.plist loads (`INFOPLIST_KEY_UIMainStoryboardFile` and the like of
    /// each target of the projects under the PATHs and the Swift folders, or beside them), added to
    /// `names`: how many projects were read; `nil` when a target may load a file no setting names.
    private static func readBuildSettings(
        _ paths: [SystemPath], _ isExcluded: (@Sendable (SystemPath) -> Bool)?, plists: Set<String>,
        names: inout Set<String>
    ) -> Int? {
        var projects = discovery("project.pbxproj", paths, isExcluded)
        // Found beside a folder, not named: opened without blocking, a regular file only.
        for beside in projectsBeside(paths) { try? projects.add(beside, isExplicit: false) }
        var read = 0
        while let file = projects.next() {
            let parts = file.displayPath.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count >= 2, parts[parts.count - 2].hasSuffix(".xcodeproj"),
                case .bytes(let bytes) = file.contents(),
                case .project(let project) = XcodeProjects.read(bytes, file: file.displayPath)
            else { continue }
            let folder = parts.dropLast(2).joined(separator: "/")
            for target in project.targets {
                guard let loaded = loadedNames(target, folder: folder, plists: plists) else { return nil }
                names.formUnion(loaded)
            }
            read += 1
        }
        return read
    }

    /// The files one target's build settings load; `nil` when it may load one they do not name: a setting
    /// of an `.xcconfig` or the environment, an extension (it names its storyboard in its Info.plist's
    /// NSExtension dictionary) without its Info.plist, a target's own Info.plist that was not read.
    private static func loadedNames(_ target: XcodeTarget, folder: String, plists: Set<String>) -> Set<String>? {
        var names: Set<String> = []
        for key in target.buildSettings.keys
        where key.hasPrefix("INFOPLIST_KEY_") && (key.contains("Storyboard") || key.contains("NibFile")) {
            guard let name = target.setting(key), !name.contains("$(") else { return nil }
            names.insert(name)
        }
        if target.productType?.contains("extension") == true, target.buildSettings["INFOPLIST_FILE"] == nil {
            return nil
        }
        if target.buildSettings["INFOPLIST_FILE"] != nil {
            guard let plist = target.setting("INFOPLIST_FILE"),
                plists.contains(standardized(plist.hasPrefix("/") || folder.isEmpty ? plist : "\(folder)/\(plist)"))
            else { return nil }
        }
        return names
    }

    /// The words of Objective-C that name a storyboard, nib, scene, segue or reuse identifier
    /// (`storyboardWithName:`, `nibWithNibName:`, `loadNibNamed:`, `initWithNibName:`,
    /// `instantiateViewControllerWithIdentifier:`, `performSegueWithIdentifier:`,
    /// `registerNib:forCellReuseIdentifier:`, `dequeueReusableCellWithIdentifier:` …).
    private static let interfaceBuilderWords = ["Nib", "nib", "Storyboard", "storyboard", "Segue", "Identifier"]

    /// Whether an Objective-C file may name an Interface Builder identifier or file (any of
    /// `interfaceBuilderWords` in it, comments and strings included), and the classes it implements, which
    /// load the nib named like them by default. A scan of the bytes, linear in them.
    ///
    /// Searched as bytes: the words and `@implementation NAME` are ASCII, and the regular
    /// expression and Foundation's `contains` that did it before went through the text a `Character` at a
    /// time (a tenth of a real app's run, ownCloud's 600 Objective-C files).
    static func objectiveC(_ bytes: [UInt8]) -> (namesInterfaceBuilder: Bool, classes: Set<String>) {
        bytes.withUnsafeBytes { text in
            let names = interfaceBuilderWords.contains { ObjectiveCScan.find($0, in: text, from: 0) != nil }
            var classes: Set<String> = []
            var from = 0
            while let start = ObjectiveCScan.find("@implementation", in: text, from: from) {
                from = start + "@implementation".utf8.count
                if let name = ObjectiveCScan.implementedClass(in: text, after: from) { classes.insert(name) }
            }
            return (names, classes)
        }
    }

    /// `X.xcodeproj/project.pbxproj` in the folders that hold `paths`: a project beside the app's folder
    /// (`MyApp.xcodeproj` beside `MyApp/`), not searched below. Only inside the repository (article
    /// "Security"): the folder above the repository's root is not listed, and a project there, or one
    /// whose links lead out, is not read.
    static func projectsBeside(_ paths: [SystemPath]) -> [SystemPath] {
        var found: [SystemPath] = []
        var seen: Set<String> = []
        let workingDirectory = (try? RepositoryBoundary.workingDirectory().get()) ?? "/"
        for path in paths {
            let parent = (standardized(path.description) as NSString).deletingLastPathComponent
            let boundary = RepositoryBoundary(
                workingDirectory: workingDirectory,
                anchor: ArtifactPath.absolute(path.description, in: workingDirectory))
            guard seen.insert(parent).inserted, let resolved = RepositoryBoundary.resolved(parent),
                boundary.contains(resolved), let names = try? FileManager.default.contentsOfDirectory(atPath: parent)
            else { continue }
            for name in names.sorted() where name.hasSuffix(".xcodeproj") {
                let file = "\(parent)/\(name)/project.pbxproj"
                if FileManager.default.fileExists(atPath: file), boundary.readProblem(file) == nil {
                    found.append(SystemPath(file))
                }
            }
        }
        return found
    }

    /// An absolute path without `.` and `..`, for comparing paths spelt differently.
    private static func standardized(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    private static func discovery(
        _ suffix: String, _ paths: [SystemPath], _ isExcluded: (@Sendable (SystemPath) -> Bool)?
    ) -> FileDiscovery {
        var search = FileDiscovery(suffix: suffix, yieldsSuffixAlone: true)
        search.isExcluded = isExcluded
        for path in paths { try? search.add(path) }
        return search
    }

    /// Every string under a key that names an Interface Builder file to load, at any depth
    /// (`InfoPropertyList`: binary, XML or text, in work linear in the file, shared objects walked once);
    /// `nil` for a file that is not a property list.
    static func storyboardNames(inPropertyList bytes: [UInt8]) -> Set<String>? {
        InfoPropertyList.storyboardNames(bytes)
    }
}

/// The byte searches of `AppSettings.objectiveC(_:)`.
private enum ObjectiveCScan {
    /// Where `word` first occurs in `text` at or after `from`: `memchr` for its first byte, `memcmp` for
    /// the rest (glibc's `memmem` is not in the C library's Swift module).
    static func find(_ word: String, in text: UnsafeRawBufferPointer, from: Int) -> Int? {
        guard let base = text.baseAddress else { return nil }
        var word = word
        return word.withUTF8 { needle -> Int? in
            guard let first = needle.first, let rest = needle.baseAddress else { return nil }
            var index = from
            while text.count - index >= needle.count {
                guard let found = memchr(base + index, Int32(first), text.count - index - needle.count + 1) else {
                    return nil
                }
                index = base.distance(to: UnsafeRawPointer(found))
                if memcmp(base + index, rest, needle.count) == 0 { return index }
                index += 1
            }
            return nil
        }
    }

    /// The name after `@implementation` and at least one white space (Unicode's, as the regular
    /// expression `\s` took it), when one follows: `[A-Za-z_][A-Za-z0-9_]*`.
    static func implementedClass(in text: UnsafeRawBufferPointer, after start: Int) -> String? {
        var index = start
        while let width = whiteSpaceWidth(text, at: index) { index += width }
        guard index > start, index < text.count, isIdentifierByte(text[index], first: true) else { return nil }
        let nameStart = index
        while index < text.count, isIdentifierByte(text[index], first: false) { index += 1 }
        return String(decoding: UnsafeRawBufferPointer(rebasing: text[nameStart..<index]), as: UTF8.self)
    }

    private static func isIdentifierByte(_ byte: UInt8, first: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "_"): true
        case UInt8(ascii: "0")...UInt8(ascii: "9"): !first
        default: false
        }
    }

    /// The bytes of the white space at `index` (ASCII's, or one of Unicode's in UTF-8), or `nil`.
    private static func whiteSpaceWidth(_ text: UnsafeRawBufferPointer, at index: Int) -> Int? {
        guard index < text.count else { return nil }
        let byte = text[index]
        if byte == 0x20 || (0x09...0x0D).contains(byte) { return 1 }
        let next = index + 1 < text.count ? text[index + 1] : 0
        let third = index + 2 < text.count ? text[index + 2] : 0
        switch (byte, next) {
        case (0xC2, 0x85), (0xC2, 0xA0): return 2  // U+0085, U+00A0
        case (0xE1, 0x9A) where third == 0x80: return 3  // U+1680
        case (0xE2, 0x80) where (0x80...0x8A).contains(third) || [0xA8, 0xA9, 0xAF].contains(third): return 3
        case (0xE2, 0x81) where third == 0x9F: return 3  // U+205F
        case (0xE3, 0x80) where third == 0x80: return 3  // U+3000
        default: return nil
        }
    }
}
