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
        for suffix in [".m", ".mm"] {
            var search = discovery(suffix, everywhere, isExcluded)
            while let file = search.next() {
                // A file that cannot be read may name anything.
                guard case .bytes(let bytes) = file.contents() else {
                    context.hasObjectiveC = true
                    continue
                }
                let scan = objectiveC(bytes)
                context.hasObjectiveC = context.hasObjectiveC || scan.namesInterfaceBuilder
                context.objectiveCClasses.formUnion(scan.classes)
            }
        }
        // `Info.plist`, `Shop-Info.plist`.
        var plists = discovery("Info.plist", everywhere, isExcluded)
        var names: Set<String> = []
        var read = 0
        var readPlists: Set<String> = []
        while let file = plists.next() {
            // One that cannot be read (not a regular file, malformed, past the reader's work limit) may
            // name any file.
            guard case .bytes(let bytes) = file.contents(), let found = storyboardNames(inPropertyList: bytes) else {
                return context
            }
            // A name the build fills in (`$(MAIN_STORYBOARD)`) could be any file.
            if found.contains(where: { $0.contains("$(") || $0.contains("${") }) { return context }
            names.formUnion(found)
            readPlists.insert(standardized(file.displayPath))
            read += 1
        }
        // Xcode's generated Info.plist: `INFOPLIST_KEY_UIMainStoryboardFile` and the like of each target of
        // the projects under the PATHs and the Swift folders, or beside them.
        var projects = discovery("project.pbxproj", everywhere, isExcluded)
        // Found beside a folder, not named: opened without blocking, a regular file only.
        for beside in projectsBeside(everywhere) { try? projects.add(beside, isExplicit: false) }
        while let file = projects.next() {
            let parts = file.displayPath.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count >= 2, parts[parts.count - 2].hasSuffix(".xcodeproj"),
                case .bytes(let bytes) = file.contents(),
                case .project(let project) = XcodeProjects.read(bytes, file: file.displayPath)
            else { continue }
            let folder = parts.dropLast(2).joined(separator: "/")
            for target in project.targets {
                for key in target.buildSettings.keys
                where key.hasPrefix("INFOPLIST_KEY_") && (key.contains("Storyboard") || key.contains("NibFile")) {
                    // A setting of an `.xcconfig` or the environment: the name is not known.
                    guard let name = target.setting(key), !name.contains("$(") else { return context }
                    names.insert(name)
                }
                // An extension names its storyboard in its Info.plist's NSExtension dictionary, which no
                // build setting can give: without that file, the storyboard it loads is not known.
                if target.productType?.contains("extension") == true, target.buildSettings["INFOPLIST_FILE"] == nil {
                    return context
                }
                // A target's own Info.plist that was not read may name its main storyboard.
                if target.buildSettings["INFOPLIST_FILE"] != nil {
                    guard let plist = target.setting("INFOPLIST_FILE"),
                        readPlists.contains(
                            standardized(plist.hasPrefix("/") || folder.isEmpty ? plist : "\(folder)/\(plist)"))
                    else { return context }
                }
            }
            read += 1
        }
        if read > 0 { context.settingsNames = names }
        return context
    }

    /// The words of Objective-C that name a storyboard, nib, scene, segue or reuse identifier
    /// (`storyboardWithName:`, `nibWithNibName:`, `loadNibNamed:`, `initWithNibName:`,
    /// `instantiateViewControllerWithIdentifier:`, `performSegueWithIdentifier:`,
    /// `registerNib:forCellReuseIdentifier:`, `dequeueReusableCellWithIdentifier:` …).
    private static let interfaceBuilderWords = ["Nib", "nib", "Storyboard", "storyboard", "Segue", "Identifier"]

    /// Whether an Objective-C file may name an Interface Builder identifier or file (any of
    /// `interfaceBuilderWords` in it, comments and strings included), and the classes it implements, which
    /// load the nib named like them by default. A scan of the bytes, linear in them.
    static func objectiveC(_ bytes: [UInt8]) -> (namesInterfaceBuilder: Bool, classes: Set<String>) {
        let text = String(decoding: bytes, as: UTF8.self)
        let names = interfaceBuilderWords.contains { text.contains($0) }
        var classes: Set<String> = []
        for match in text.matches(of: /@implementation\s+([A-Za-z_][A-Za-z0-9_]*)/) {
            classes.insert(String(match.output.1))
        }
        return (names, classes)
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
