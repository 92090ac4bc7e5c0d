import LayoutKit

/// The Swift classes of a run, read once: every file's declarations with its module, and one rule for a
/// class name that one module declares more than once, the same for layouts and Interface Builder files.
///
/// Such a name is common in real repositories: an iOS and a macOS `SettingsViewController` in one folder
/// (folder mode gives both the folder's module), a `#if os(iOS)` … `#else` pair, a stale copy no target
/// builds. Where the declarations can be told apart by the framework their ancestry reaches — UIKit for
/// an Interface Builder file (only UIKit documents are checked), LayoutKit's views for a layout — the one
/// that applies is kept and the others are left out of that kind of file's catalog. Otherwise the class
/// is *ambiguous*: it stays in the catalog with no known base and an open reason, so no rule says it lacks
/// a member or leaves one unconnected, and the run says why, once (`notes`).
///
/// Linear in the declarations: only names declared more than once are looked at twice.
package struct SwiftClassModel: Sendable {
    /// What a kind of file needs of the classes.
    package enum View: Sendable {
        /// `.layout.xml` files: classes that derive from LayoutKit's views (or plain objects).
        case layouts
        /// UIKit `.xib` and `.storyboard` files.
        case interfaceBuilder
    }

    /// The framework a class's ancestry reaches.
    enum Family: Equatable, Sendable {
        case uiKit
        case appKit
        case layoutKit
        /// No superclass, `NSObject`, or a superclass the sources do not show.
        case unknown
    }

    /// One declaration of a duplicated class: where it is and what its ancestry reaches.
    struct Declaration: Sendable {
        var file: Int
        var type: Int
        var location: SourceLocation
        var family: Family
    }

    /// Every file's declarations with its module, as read.
    package let files: [(module: String, declarations: SwiftDeclarations)]
    /// `Module.Name` → its declarations, for each class name a module declares more than once.
    let duplicates: [String: [Declaration]]
    /// Module → the names the files of it that could not be read whole declare or extend, with one such
    /// file: unknown, not missing.
    let unread: [String: [String: String]]

    /// - Parameter files: Each Swift file's declarations with the module that compiles it.
    package init(_ files: [(module: String, declarations: SwiftDeclarations)]) {
        self.files = files
        var unread: [String: [String: String]] = [:]
        for (module, file) in files {
            for name in file.unreadNames where unread[module]?[name] == nil {
                unread[module, default: [:]][name] = file.file
            }
        }
        self.unread = unread
        // A file two targets of one module compile is read twice: one declaration, not two.
        var places: [String: Set<SourceLocation>] = [:]
        for (module, file) in files {
            for type in file.types where type.kind == .class {
                places["\(module).\(type.name)", default: []].insert(type.location)
            }
        }
        let count = places.mapValues(\.count)
        guard count.values.contains(where: { $0 > 1 }) else {
            duplicates = [:]
            return
        }
        // The superclasses of every class, by module, to follow an ancestry through the app's own classes.
        var superclasses: [String: [String?]] = [:]
        for (module, file) in files {
            for type in file.types where type.kind == .class {
                superclasses["\(module).\(type.name)", default: []].append(type.superclass)
            }
        }
        var found: [String: [Declaration]] = [:]
        var families: [String: Family] = [:]
        for (fileIndex, (module, file)) in files.enumerated() {
            for (typeIndex, type) in file.types.enumerated() where type.kind == .class {
                let key = "\(module).\(type.name)"
                guard count[key, default: 0] > 1,
                    found[key]?.contains(where: { $0.location == type.location }) != true
                else { continue }
                let reached = Self.family(
                    of: type.superclass, module: module, superclasses: superclasses, known: &families, depth: 0)
                found[key, default: []].append(
                    Declaration(file: fileIndex, type: typeIndex, location: type.location, family: reached))
            }
        }
        duplicates = found
    }

    /// The framework `superclass` (written in `module`) reaches: UIKit's and AppKit's classes by name,
    /// LayoutKit's views by their Swift names, the app's own classes followed (a few steps at most).
    private static func family(
        of superclass: String?, module: String, superclasses: [String: [String?]], known: inout [String: Family],
        depth: Int
    ) -> Family {
        guard let superclass, depth < 16 else { return .unknown }
        let plain = simpleName(superclass)
        if UIKitCatalog.contains(plain) { return .uiKit }
        if ClassCatalog.builtInElementsBySwiftName[plain] != nil { return .layoutKit }
        if isAppKit(plain) { return .appKit }
        let key = "\(module).\(superclass)"
        if let family = known[key] { return family }
        // The app's own class: what its declarations reach, when they agree.
        guard let parents = superclasses[key] else { return .unknown }
        known[key] = .unknown
        let reached = Set(
            parents.map {
                family(of: $0, module: module, superclasses: superclasses, known: &known, depth: depth + 1)
            })
        let agreed: Family = reached.count == 1 ? reached.first ?? .unknown : .unknown
        known[key] = agreed
        return agreed
    }

    /// Whether a class name is AppKit's: `NS` and a word of AppKit's view layer (`NSViewController`,
    /// `NSTableCellView`, `NSWindowController`), never Foundation's `NSObject`.
    private static func isAppKit(_ name: String) -> Bool {
        guard name.hasPrefix("NS"), name.count > 2, name != "NSObject" else { return false }
        let words = [
            "View", "Controller", "Window", "Panel", "Cell", "Item", "Control", "Button", "Field", "Responder",
            "Menu", "Document", "Application",
        ]
        return words.contains { name.hasSuffix($0) }
    }

    /// The framework each kind of file's classes come from.
    private static func family(of view: View) -> Family {
        switch view {
        case .layouts: .layoutKit
        case .interfaceBuilder: .uiKit
        }
    }

    /// Which declaration of a duplicated class a kind of file means: its index in the class's
    /// declarations, or `nil` when nothing tells them apart.
    private func chosen(_ declarations: [Declaration], for view: View) -> Int? {
        let matching = declarations.indices.filter { declarations[$0].family == Self.family(of: view) }
        return matching.count == 1 ? matching[0] : nil
    }

    /// The files' declarations as a kind of file sees them: of each duplicated class, only the declaration
    /// that applies (or, when none can be told apart, the first, which `ambiguous(for:)` makes open).
    package func files(for view: View) -> [(module: String, declarations: SwiftDeclarations)] {
        guard !duplicates.isEmpty else { return files }
        var dropped: [Int: Set<Int>] = [:]
        for declarations in duplicates.values {
            let kept = chosen(declarations, for: view) ?? 0
            for (index, declaration) in declarations.enumerated() where index != kept {
                dropped[declaration.file, default: []].insert(declaration.type)
            }
        }
        var result = files
        for (file, types) in dropped {
            result[file].declarations.types = result[file].declarations.types.enumerated()
                .filter { !types.contains($0.offset) }.map(\.element)
        }
        return result
    }

    /// The classes a kind of file cannot tell apart, or that a file that could not be read may declare
    /// or extend, `Module.Name` → why, for the catalog's open reason.
    package func ambiguous(for view: View) -> [String: String] {
        var reasons: [String: String] = [:]
        for (module, file) in files {
            for type in file.types where type.kind == .class {
                if let unreadFile = unread[module]?[simpleName(type.name)] {
                    reasons["\(module).\(type.name)"] =
                        "it is also named in \(unreadFile), which could not be read whole"
                }
            }
        }
        for (key, declarations) in duplicates where chosen(declarations, for: view) == nil {
            let places = declarations.prefix(3).map { "\($0.location.file):\($0.location.line)" }
            reasons[key] =
                "it is declared \(declarations.count) times in its module (\(places.joined(separator: ", "))"
                + (declarations.count > 3 ? ", …" : "") + ") and nothing tells which one applies"
        }
        return reasons
    }

    /// The names files that could not be read whole declare or extend, in any module: a class of such a
    /// name that the files read do not declare is unknown, not missing.
    package var unreadNames: Set<String> {
        Set(unread.values.flatMap(\.keys))
    }

    /// What the run says once about the classes it could not tell apart (no rule judges their members)
    /// and that its files use: for layouts, every such class when layouts were checked; for Interface
    /// Builder files, those whose name a checked file gives as a class (`interfaceBuilderNames`).
    package func notes(layouts: Bool, interfaceBuilderNames: Set<String>) -> [String] {
        var keys: Set<String> = []
        if layouts {
            keys.formUnion(ambiguous(for: .layouts).filter { duplicates[$0.key] != nil }.keys)
        }
        keys.formUnion(
            ambiguous(for: .interfaceBuilder).keys.filter {
                duplicates[$0] != nil && interfaceBuilderNames.contains(simpleName($0))
            })
        guard !keys.isEmpty else { return [] }
        let sorted = keys.sorted()
        let named = sorted.prefix(5).map { key -> String in
            let places = duplicates[key, default: []].prefix(3).map { "\($0.location.file):\($0.location.line)" }
            return "\(key) (\(places.joined(separator: ", ")))"
        }
        return [
            "\(sorted.count) class\(sorted.count == 1 ? " is" : "es are") declared more than once in one module "
                + "with nothing to tell which declaration a file means, so no rule says \(sorted.count == 1 ? "it lacks" : "they lack") "
                + "a member or leaves one unconnected: \(named.joined(separator: ", "))"
                + (sorted.count > 5 ? " and \(sorted.count - 5) more" : "")
        ]
    }

    /// The catalog layouts are judged by.
    package func layoutCatalog() -> ClassCatalog {
        var builder = SwiftCatalogBuilder(
            files(for: .layouts), ambiguous: ambiguous(for: .layouts), unread: unread)
        return builder.catalog()
    }
}
