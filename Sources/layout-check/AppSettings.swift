import Foundation
@_spi(LayoutCheck) @_spi(FileReading) import LayoutKit

/// What an app's files outside Swift and Interface Builder say about which Interface Builder files it
/// loads: the Info.plist files under the PATHs and the Swift source roots, and whether any Objective-C
/// file is there (its literals are not read, so nothing can be said to be loaded by nothing).
enum AppSettings {
    /// The context of `IdentifierCheck` for a run over `paths` with Swift sources under `roots`.
    static func context(
        paths: [SystemPath], roots: [SystemPath], isExcluded: (@Sendable (SystemPath) -> Bool)?
    ) -> IdentifierCheck.Context {
        let everywhere = (paths + roots).filter { $0 != .standardInput && LayoutCheck.isDirectory($0) }
        var context = IdentifierCheck.Context()
        context.hasObjectiveC = [".m", ".mm"].contains { suffix in
            var search = discovery(suffix, everywhere, isExcluded)
            return search.next() != nil
        }
        // `Info.plist`, `Shop-Info.plist`: the search yields names longer than its suffix.
        var plists = discovery(".plist", everywhere, isExcluded)
        var names: Set<String> = []
        var read = 0
        while let file = plists.next() {
            guard file.displayPath.hasSuffix("Info.plist"), case .bytes(let bytes) = file.contents(),
                let found = storyboardNames(inPropertyList: bytes)
            else { continue }
            // A name the build fills in (`$(MAIN_STORYBOARD)`) could be any file.
            if found.contains(where: { $0.contains("$(") || $0.contains("${") }) { return context }
            names.formUnion(found)
            read += 1
        }
        if read > 0 { context.settingsNames = names }
        return context
    }

    private static func discovery(
        _ suffix: String, _ paths: [SystemPath], _ isExcluded: (@Sendable (SystemPath) -> Bool)?
    ) -> FileDiscovery {
        var search = FileDiscovery(suffix: suffix)
        search.isExcluded = isExcluded
        for path in paths { try? search.add(path) }
        return search
    }

    /// Every string under a key that names an Interface Builder file to load — `UIMainStoryboardFile`
    /// (and its `~ipad` form), `UILaunchStoryboardName`, `UISceneStoryboardFile` inside
    /// `UIApplicationSceneManifest`, `NSMainNibFile`, `NSExtensionMainStoryboard` — at any depth;
    /// `nil` for a file that is not a property list.
    static func storyboardNames(inPropertyList bytes: [UInt8]) -> Set<String>? {
        guard
            let root = try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        else { return nil }
        var names: Set<String> = []
        var pending: [(key: String, value: Any)] = [("", root)]
        while let (key, value) = pending.popLast() {
            // Foundation on Linux hands dictionaries over with `AnyHashable` keys.
            if let dictionary = value as? [AnyHashable: Any] {
                pending += dictionary.compactMap { entry in (entry.key.base as? String).map { ($0, entry.value) } }
            } else if let array = value as? [Any] {
                pending += array.map { (key, $0) }
            } else if let string = value as? String, key.contains("Storyboard") || key.contains("NibFile") {
                names.insert(string)
            }
        }
        return names
    }
}
