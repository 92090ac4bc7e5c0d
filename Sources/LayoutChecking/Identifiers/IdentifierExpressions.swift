import LayoutKit

/// What a reuse identifier written otherwise than by a literal evaluates to, as far as the run's Swift code
/// shows it. The spellings apps use:
///
/// - `String(describing: PhotoCell.self)` and `"\(PhotoCell.self)"`: the class's own name, `PhotoCell`
///   (of a nested class, its last part);
/// - `NSStringFromClass(PhotoCell.self)`: the Objective-C runtime's name, which for a Swift class is
///   module-qualified, `App.PhotoCell`, once for each module that declares the class (a file two targets
///   compile gives both), or its `@objc(Name)`; of a nested class it is a mangled name, which is not
///   worked out (unknown);
/// - `PhotoCell.reuseIdentifier`: the static member as the type, an extension of it, its superclasses or a
///   protocol it conforms to defines it (`static let reuseIdentifier = "Photo"`, or a protocol extension's
///   `static var reuseIdentifier: String { String(describing: self) }`, which gives `PhotoCell`);
/// - `T.reuseIdentifier` or `Self.reuseIdentifier` of a generic type: any value a definition of that member
///   in the run gives (the names of all the run's types, for one that gives the type's own name) — known
///   only when every definition of it is;
/// - `Cell.photo.rawValue`: a `String` enum case's raw value (its name when none is written);
/// - `cellID` or `self.cellID`, a name read bare: known when every binding of that name in the run is a
///   `let` of a literal (`private let cellID = "Switch"`); a `var`, a parameter, a loop or closure variable,
///   or a `let` of anything else makes it unknown.
///
/// Anything else (a local constant, an instance's property, a call) is unknown.
package struct IdentifierExpressions: Sendable {
    /// What an expression may be.
    enum Value: Equatable, Sendable {
        /// One of these names (one, when the expression is certain).
        case names(Set<String>)
        case unknown
    }

    private let statics: SwiftStaticStrings
    /// Class (simple name) → each declaration: module, qualified name, `@objc` name.
    private let classes: [String: [(module: String, qualified: String, objectiveC: String?)]]
    /// Type (simple name) → what it and its extensions inherit from or conform to.
    private let parents: [String: [String]]
    /// Every type name of the run: what `String(describing: self)` may give on a type not known.
    private let typeNames: Set<String>

    /// The expressions of the run's code, over its declarations and the static strings of its files.
    init(files: [(module: String, declarations: SwiftDeclarations)], statics: SwiftStaticStrings) {
        self.statics = statics
        var classes: [String: [(module: String, qualified: String, objectiveC: String?)]] = [:]
        var parents = statics.inherited
        for (module, file) in files {
            for type in file.types {
                let name = simpleName(type.name)
                parents[name, default: []] += (type.superclass.map { [$0] } ?? []) + type.inherited
                guard type.kind == .class else { continue }
                classes[name, default: []].append((module, type.name, type.objectiveCName))
            }
        }
        self.classes = classes
        self.parents = parents
        typeNames = Set(classes.keys).union(statics.declaredTypes).union(statics.extendedTypes)
    }

    /// The words a file must hold for its static strings to matter to these expressions: the members
    /// they read and the enums whose raw values they take.
    static func words(in expressions: [String]) -> Set<String> {
        var words: Set<String> = []
        for expression in expressions {
            let parts = path(of: expression.trimmingSpaces)
            guard let parts, let last = parts.last else { continue }
            if parts.count == 1 {
                words.insert(last)
            } else if parts.last == "rawValue", parts.count >= 3 {
                words.insert(parts[parts.count - 3])
            } else {
                words.insert(parts[parts.count - 1])
            }
        }
        return words
    }

    /// `A.b.c` → `["A", "b", "c"]`; `nil` for anything that is not a path of names.
    private static func path(of text: Substring) -> [String]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard !parts.isEmpty,
            parts.allSatisfy({ part in
                guard let first = part.first, first.isLetter || first == "_" else { return false }
                return part.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
            })
        else { return nil }
        return parts.map(String.init)
    }

    /// What `expression` (the argument as written) may be.
    ///
    /// - Parameter certain: Whether only what the expression is for sure counts (a dequeue is judged by it):
    ///   then neither a type parameter's member (a type the run does not show may define it) nor
    ///   `NSStringFromClass` (whose module a run over folders may have named otherwise than the build does)
    ///   is evaluated.
    func evaluate(_ expression: String, certain: Bool = false) -> Value {
        let text = expression.trimmingSpaces
        if let type = Self.inside(text, "String(describing:", ")") ?? Self.inside(text, "\"\\(", ")\"") {
            return typeName(type)
        }
        if let type = Self.inside(text, "NSStringFromClass(", ")") {
            return certain ? .unknown : runtimeName(type)
        }
        guard let parts = Self.path(of: text), let last = parts.last else { return .unknown }
        // A name read bare (or through `self.`): a property, a local or a global.
        if parts.count == 1 || (parts.count == 2 && parts[0] == "self") { return binding(last) }
        if parts.last == "rawValue", parts.count >= 3 {
            let value = statics.rawValues[parts[parts.count - 3]]?[parts[parts.count - 2]]
            return value.map { .names([$0]) } ?? .unknown
        }
        if certain, Self.isGeneric(parts[parts.count - 2]) { return .unknown }
        return member(parts[parts.count - 1], of: parts[parts.count - 2])
    }

    /// The text between `prefix` and `suffix` when `text` is exactly that, trimmed, `.self` removed.
    private static func inside(_ text: Substring, _ prefix: String, _ suffix: String) -> Substring? {
        guard text.hasPrefix(prefix), text.hasSuffix(suffix), text.count >= prefix.count + suffix.count else {
            return nil
        }
        var inner = text.dropFirst(prefix.count).dropLast(suffix.count).trimmingSpaces
        if inner.hasSuffix(".self") { inner = inner.dropLast(".self".count) }
        return inner
    }

    /// `String(describing: T.self)`: the type's own name, when `T` is a type of the run or UIKit's.
    private func typeName(_ written: Substring) -> Value {
        guard let parts = Self.path(of: written), let name = parts.last, !Self.isGeneric(name),
            typeNames.contains(name) || UIKitCatalog.contains(name)
        else { return .unknown }
        return .names([name])
    }

    /// `NSStringFromClass(T.self)`: `Module.T` for each module declaring the Swift class, its `@objc` name,
    /// or UIKit's own name; unknown for a nested class (a mangled name) or a class not known.
    private func runtimeName(_ written: Substring) -> Value {
        guard let parts = Self.path(of: written), let name = parts.last, !Self.isGeneric(name) else { return .unknown }
        if let declarations = classes[name] {
            var names: Set<String> = []
            for declaration in declarations {
                if let objectiveC = declaration.objectiveC {
                    names.insert(objectiveC)
                } else if declaration.qualified.contains(".") {
                    return .unknown
                } else {
                    names.insert("\(declaration.module).\(name)")
                }
            }
            return .names(names)
        }
        return UIKitCatalog.contains(name) ? .names([name]) : .unknown
    }

    /// `Self`, `T`, `C1`: a type parameter or the calling type, which may be any type.
    private static func isGeneric(_ name: String) -> Bool {
        name == "Self"
            || (name.count <= 2 && name.first?.isUppercase == true && name.dropFirst().allSatisfy(\.isNumber))
    }

    /// `Receiver.member`: the member's value on that type; on a type parameter, any value a definition of
    /// the member gives.
    private func member(_ member: String, of receiver: String) -> Value {
        if Self.isGeneric(receiver) { return anyValue(of: member) }
        guard receiver.first?.isUppercase == true, typeNames.contains(receiver) else { return .unknown }
        var visited: Set<String> = []
        return definition(of: member, on: receiver, as: receiver, visited: &visited) ?? .unknown
    }

    /// The member as `type` (or, searched in this order, its superclasses and protocols) defines it, read
    /// on `dynamic`; `nil` when none of them does.
    private func definition(
        of member: String, on type: String, as dynamic: String, visited: inout Set<String>
    ) -> Value? {
        guard visited.insert(type).inserted else { return nil }
        if let definitions = statics.members[type]?[member] {
            var names: Set<String> = []
            for definition in definitions {
                switch definition {
                case .literal(let text): names.insert(text)
                case .typeName: names.insert(dynamic)
                case .unknown: return .unknown
                }
            }
            return .names(names)
        }
        for parent in parents[type] ?? [] {
            if let found = definition(of: member, on: simpleName(parent), as: dynamic, visited: &visited) {
                return found
            }
        }
        return nil
    }

    /// What a name read bare may be: known when every binding of it in the run is a `let` of a literal.
    private func binding(_ name: String) -> Value {
        guard let definitions = statics.bindings[name], !definitions.isEmpty else { return .unknown }
        var names: Set<String> = []
        for definition in definitions {
            guard case .literal(let text) = definition else { return .unknown }
            names.insert(text)
        }
        return .names(names)
    }

    /// Every value a definition of `member` in the run gives; unknown when there is none or one is unknown.
    private func anyValue(of member: String) -> Value {
        var names: Set<String> = []
        var found = false
        for (_, members) in statics.members {
            guard let definitions = members[member] else { continue }
            found = true
            for definition in definitions {
                switch definition {
                case .literal(let text): names.insert(text)
                case .typeName: names.formUnion(typeNames)
                case .unknown: return .unknown
                }
            }
        }
        return found ? .names(names) : .unknown
    }
}

extension StringProtocol {
    /// Without the spaces, tabs and line breaks around it.
    var trimmingSpaces: SubSequence {
        var text = self[...]
        while let first = text.first, first.isWhitespace { text = text.dropFirst() }
        while let last = text.last, last.isWhitespace { text = text.dropLast() }
        return text
    }
}
