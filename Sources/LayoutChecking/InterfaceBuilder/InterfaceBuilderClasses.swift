import LayoutKit

/// The classes Interface Builder files may name, as one `ClassCatalog` for the rule engine, and the step
/// that finds the class a nib's object is.
///
/// The catalog holds the run's Swift classes, module by module (same-named classes of two modules stay
/// apart), with their `@IBOutlet`s and, by selector, their `@IBAction`s and `@objc` methods; extensions,
/// also of a `typealias`, add to their class. Above them are UIKit's classes with the outlets UIKit
/// declares, and `UIResponder`'s actions. A class whose superclass is neither in the sources nor UIKit's
/// (a library's, or a name two modules declare) has an unknown ancestry: the rules then say nothing that
/// would need it. UIKit's classes are of a module whose sources were not read: the rules never say one of
/// them lacks a member.
struct InterfaceBuilderClasses: Sendable {
    /// What the rules read.
    private(set) var catalog = ClassCatalog.builtIn
    /// The modules whose Swift sources the run was given.
    let modules: Set<String>
    /// Module → every name Interface Builder may know a class by (its Swift name, its own name when
    /// nested, its `@objc` name) → key.
    private var byModule: [String: [String: String]] = [:]
    /// Name → the keys of the classes of that name in every module.
    private var byName: [String: [String]] = [:]
    /// The app's class names, for suggestions.
    private(set) var names: [String] = []

    /// The module of UIKit's classes in the catalog.
    static let uiKit = "UIKit"

    /// What a name finds among the classes the app declares.
    enum Lookup: Equatable {
        case found(String)
        /// Two modules declare a class of that name and nothing says which: nothing can be known.
        case ambiguous
        case none
    }

    /// One class with its extensions merged.
    private struct Merged {
        var module: String
        var name: String
        var superclass: String?
        var location: SourceLocation
        var outlets: [SwiftOutlet] = []
        var actions: [SwiftAction] = []
        var outletNames: Set<String> = []
        var selectors: Set<String> = []

        var key: String { "\(module).\(name)" }

        mutating func add(_ declaration: SwiftTypeDeclaration) {
            for outlet in declaration.outlets where outletNames.insert(outlet.name).inserted { outlets.append(outlet) }
            // An `@objc` method answers a selector as an `@IBAction` does.
            for action in declaration.actions + declaration.objectiveCMethods
            where selectors.insert(action.selector).inserted {
                actions.append(action)
            }
        }
    }

    /// Classes declared more than once in their module with nothing to tell which a nib means
    /// (`SwiftClassModel`): found as `.ambiguous`, so no rule judges their members.
    private var ambiguous: Set<String> = []

    /// - Parameter model: The run's Swift classes; the catalog takes the declarations a UIKit file means.
    init(_ model: SwiftClassModel) {
        self.init(model.files(for: .interfaceBuilder), ambiguous: Set(model.ambiguous(for: .interfaceBuilder).keys))
        unread = model.unreadNames
    }

    /// Names that Swift files that could not be read whole declare or extend: a `customClass` of such a
    /// name that no file read declares is unknown, not missing.
    private var unread: Set<String> = []

    /// - Parameters:
    ///   - files: The declarations of every Swift file with the module that compiles it, each
    ///   class declared once in its module.
    ///   - ambiguous: The keys of those that stand for several declarations.
    init(_ files: [(module: String, declarations: SwiftDeclarations)], ambiguous: Set<String> = []) {
        modules = Set(files.map(\.module))
        self.ambiguous = ambiguous
        var aliases: [String: [String: String]] = [:]
        for (module, file) in files {
            for alias in file.typeAliases where aliases[module]?[alias.name] == nil {
                aliases[module, default: [:]][alias.name] = alias.target
            }
        }
        var classes: [Merged] = []
        var indexOfKey: [String: Int] = [:]
        // Classes first, so that an extension finds its class whichever file it is in.
        for (module, file) in files {
            for declaration in file.types where declaration.kind == .class {
                let key = "\(module).\(declaration.name)"
                // `SwiftClassModel` leaves one declaration of each name in a module.
                if indexOfKey[key] != nil { continue }
                indexOfKey[key] = classes.count
                var merged = Merged(
                    module: module, name: declaration.name, superclass: declaration.superclass,
                    location: declaration.location)
                merged.add(declaration)
                classes.append(merged)
                // Interface Builder names a class by its Objective-C name, or by its own (simple) name.
                for name in Set(
                    [declaration.name, declaration.objectiveCName, simpleName(declaration.name)].compactMap(\.self))
                where byModule[module]?[name] == nil {
                    byModule[module, default: [:]][name] = key
                    byName[name, default: []].append(key)
                }
            }
        }
        // What the app's extensions add to UIKit's classes, by UIKit name.
        var uiKitAdditions: [String: Merged] = [:]
        for (module, file) in files {
            for declaration in file.types where declaration.kind == .extension {
                // `extension Alias`, for `typealias Alias = Class`, extends the class (a few steps at most).
                var name = declaration.name
                for _ in 0..<8 {
                    guard case .none = lookup(name, from: module),
                        let target = aliases[module]?[name] ?? aliases[module]?[simpleName(name)]
                    else { break }
                    name = target
                }
                switch lookup(name, from: module) {
                case .found(let key):
                    if let index = indexOfKey[key] { classes[index].add(declaration) }
                case .ambiguous:
                    // Of a class two other modules declare: it may add to either, so to both (a selector
                    // one of them answers is then never reported missing).
                    for key in byName[name] ?? byName[simpleName(name)] ?? [] {
                        if let index = indexOfKey[key] { classes[index].add(declaration) }
                    }
                case .none:
                    let plain = simpleName(name)
                    guard UIKitCatalog.contains(plain) else { continue }
                    uiKitAdditions[
                        plain, default: Merged(module: Self.uiKit, name: plain, location: declaration.location)
                    ]
                    .add(declaration)
                }
            }
        }
        var decoder = ClassSchemaDecoder()
        for name in UIKitCatalog.classNames {
            decoder.add(uiKitDeclaration(name, adding: uiKitAdditions[name]))
        }
        for merged in classes {
            decoder.add(declaration(of: merged))
        }
        catalog = decoder.finish().catalog
        catalog.coveredModules = modules
        names = classes.map(\.name)
    }

    /// The class a name finds seen from `module`: that module's class of the name, else the one class of
    /// that name in any module.
    private func lookup(_ name: String, from module: String) -> Lookup {
        if let key = byModule[module]?[name] ?? byModule[module]?[simpleName(name)] {
            return ambiguous.contains(key) ? .ambiguous : .found(key)
        }
        return lookup(name, module: nil)
    }

    /// The class Interface Builder's `customClass` names, in `customModule` when that is a module of the
    /// run; without one (or with a module whose sources were not given), the one class of that name.
    func lookup(_ name: String, module: String?) -> Lookup {
        let found = declared(name, module: module)
        if case .found(let key) = found, ambiguous.contains(key) { return .ambiguous }
        if found == .none, unread.contains(simpleName(name)) { return .ambiguous }
        return found
    }

    /// `lookup(_:module:)` before the ambiguous classes are set apart.
    private func declared(_ name: String, module: String?) -> Lookup {
        if let module, let classes = byModule[module] {
            return (classes[name] ?? classes[simpleName(name)]).map(Lookup.found) ?? .none
        }
        let candidates = byName[name] ?? byName[simpleName(name)] ?? []
        switch candidates.count {
        case 0: return .none
        case 1: return .found(candidates[0])
        default: return .ambiguous
        }
    }

    /// Whether a name may be a class the app declares (found, or declared by several modules).
    func declares(_ name: String) -> Bool { lookup(name, module: nil) != .none }

    /// The catalog key of a type a Swift declaration of `module` writes (`UILabel`, `PhotoView?`,
    /// `[UIButton]!`): the app's class, else UIKit's; empty when it is neither, or names two modules'.
    private func typeKey(_ written: String, from module: String) -> String {
        let trimmed = Self.withoutDecoration(written)
        switch lookup(trimmed, from: module) {
        case .found(let key): return key
        case .ambiguous: return ""
        case .none:
            let plain = simpleName(trimmed)
            return UIKitCatalog.contains(plain) ? "\(Self.uiKit).\(plain)" : ""
        }
    }

    /// `written` without spaces, `?`, `!`, `[` and `]`: ASCII text with none of them (most: `UILabel`) as
    /// it is, other ASCII text filtered by its bytes (in ASCII a character is a byte, but for `\r\n`, which
    /// is none of them), any other text by `Character`.
    static func withoutDecoration(_ written: String) -> String {
        func isDecoration(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "!")
                || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")
        }
        let utf8 = written.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else {
            return String(written.filter { !" ?![]".contains($0) })
        }
        guard utf8.contains(where: isDecoration) else { return written }
        return String(decoding: utf8.filter { !isDecoration($0) }, as: UTF8.self)
    }

    /// A Swift class as a declaration of the catalog: its superclass resolved, its outlets typed.
    private func declaration(of merged: Merged) -> ClassSchemaDecoder.Declaration {
        var base: (name: String, location: SourceLocation)?
        var unknownBase: String?
        var openReason: String?
        if let superclass = merged.superclass {
            switch lookup(superclass, from: merged.module) {
            case .found(let key): base = (key, merged.location)
            case .ambiguous:
                unknownBase = superclass
                openReason = "its superclass '\(superclass)' is declared by several modules"
            case .none:
                let plain = simpleName(superclass)
                if UIKitCatalog.contains(plain) {
                    base = ("\(Self.uiKit).\(plain)", merged.location)
                } else {
                    unknownBase = superclass
                    openReason = "its superclass '\(superclass)' is neither in the Swift sources nor a UIKit class"
                }
            }
        }
        var declaration = ClassSchemaDecoder.Declaration(
            name: merged.name, module: merged.module, base: base,
            members: members(merged, module: merged.module), location: merged.location, openReason: openReason,
            typesAreKeys: true)
        declaration.unknownBase = unknownBase
        declaration.collections = Set(
            merged.outlets.filter(\.isCollection).map { MemberKey(kind: .outlet, name: $0.name) })
        return declaration
    }

    /// The outlets (required: implicitly unwrapped, which crash when read unconnected) and actions (by
    /// selector, with their sender's type) of a merged class.
    private func members(
        _ merged: Merged, module: String
    ) -> [(key: MemberKey, type: String, optional: Bool, values: [String], location: SourceLocation)] {
        merged.outlets.map { outlet in
            (
                MemberKey(kind: .outlet, name: outlet.name), typeKey(outlet.typeName, from: module),
                outlet.optionality != .implicitlyUnwrapped, [], outlet.location
            )
        }
            + merged.actions.map { action in
                (
                    MemberKey(kind: .action, name: action.selector),
                    action.senderType.map { typeKey($0, from: module) } ?? "", true, [], action.location
                )
            }
    }

    /// A UIKit class: its superclass, the outlets UIKit declares on it (collections written `[T]`), its
    /// actions, and what the app's extensions add. It has no place in any file.
    private func uiKitDeclaration(_ name: String, adding additions: Merged?) -> ClassSchemaDecoder.Declaration {
        let nowhere = SourceLocation(file: "", line: 1, column: 1)
        var members: [(key: MemberKey, type: String, optional: Bool, values: [String], location: SourceLocation)] = []
        var collections: Set<MemberKey> = []
        for (outlet, type) in UIKitCatalog.outlets(of: name).sorted(by: { $0.key < $1.key }) {
            let key = MemberKey(kind: .outlet, name: outlet)
            let isCollection = type.hasPrefix("[")
            if isCollection { collections.insert(key) }
            let element = isCollection ? String(type.dropFirst().dropLast()) : type
            members.append(
                (key, UIKitCatalog.contains(element) ? "\(Self.uiKit).\(element)" : "", true, [], nowhere))
        }
        for selector in UIKitCatalog.actions(of: name) {
            members.append((MemberKey(kind: .action, name: selector), "", true, [], nowhere))
        }
        if let additions {
            let declared = Set(members.map(\.key))
            for member in self.members(additions, module: "") where !declared.contains(member.key) {
                members.append(member)
            }
            collections.formUnion(
                additions.outlets.filter(\.isCollection).map { MemberKey(kind: .outlet, name: $0.name) })
        }
        var declaration = ClassSchemaDecoder.Declaration(
            name: name, module: Self.uiKit,
            base: UIKitCatalog.superclass(of: name).map { ("\(Self.uiKit).\($0)", nowhere) }, members: members,
            location: nowhere, typesAreKeys: true)
        declaration.collections = collections
        return declaration
    }
}

/// `Outer.Inner` → `Inner`; `Module.Name` → `Name`.
func simpleName(_ name: String) -> String {
    // Most names have no dot: the name itself, with no array of parts made.
    guard name.utf8.contains(UInt8(ascii: ".")) else { return name }
    return name.split(separator: ".").last.map(String.init) ?? name
}
