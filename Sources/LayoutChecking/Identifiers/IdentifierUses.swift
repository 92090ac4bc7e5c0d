import LayoutKit

/// One call of a Swift file that names an Interface Builder identifier or file by a string, as the
/// syntax shows it: `dequeueReusableCell(withIdentifier: "Cell", for: indexPath)`,
/// `register(PhotoCell.self, forCellReuseIdentifier: "Photo")`, `UIStoryboard(name: "Main", bundle: nil)`.
struct IdentifierUse: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        /// `dequeueReusableCell(withIdentifier:for:)`, `dequeueReusableCell(withReuseIdentifier:for:)`,
        /// `dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)`.
        case dequeue
        /// `register(_:forCellReuseIdentifier:)`, `register(_:forCellWithReuseIdentifier:)`,
        /// `register(_:forHeaderFooterViewReuseIdentifier:)`,
        /// `register(_:forSupplementaryViewOfKind:withReuseIdentifier:)`: defines a reuse identifier.
        case registration
        /// `instantiateViewController(withIdentifier:)`, `instantiateViewController(identifier:)`,
        /// `instantiateViewController(identifier:creator:)`.
        case storyboardIdentifier
        /// `performSegue(withIdentifier:sender:)`.
        case segue
        /// `UIStoryboard(name:bundle:)`.
        case storyboardName
        /// `UINib(nibName:bundle:)`, `init(nibName:bundle:)`, `loadNibNamed(_:owner:…)`.
        case nibName
    }

    /// Which of UIKit's registries of reusable views a registration adds to and a dequeue takes from:
    /// they are apart, so a name registered in one is never dequeued from another.
    enum Registry: String, Sendable, Hashable, CaseIterable {
        /// A table view's cells.
        case tableCell = "table view cell"
        /// A table view's header and footer views.
        case tableHeaderFooter = "table view header or footer"
        /// A collection view's cells.
        case collectionCell = "collection view cell"
        /// A collection view's supplementary views.
        case collectionSupplementary = "collection view supplementary view"
    }

    var kind: Kind
    /// The string literal's text; `nil` for anything else (a constant, interpolation, a call).
    var literal: String?
    /// The argument as written when it is no plain literal (`PhotoCell.reuseIdentifier`,
    /// `String(describing: PhotoCell.self)`), for `IdentifierExpressions` to evaluate; `nil` for a literal.
    var expression: String?
    /// The registry of a dequeue or a registration.
    var registry: Registry?
    /// The call as UIKit spells it, for messages: `dequeueReusableCell(withIdentifier:for:)`.
    var call: String
    /// Whether a missing name would be a crash the checker can be sure of: false for a load from a bundle
    /// it cannot place (`UINib(nibName: "X", bundle: frameworkBundle)`), which still counts as loading "X".
    var isJudged = true
    /// `X` of a `Bundle(for: X.self)` bundle: the run's own bundle only when `X` is a type of the run (a
    /// pod's or framework's class names that framework's bundle, whose files the run may not have).
    var bundleClass: String?
    /// Where the string argument is.
    var location: SourceLocation
}

/// Reads the calls of `IdentifierUse` from sourcekitd's syntactic structure, which lists every call of a
/// file (in bodies and at the top level alike) with its arguments' labels and ranges; the literals are
/// read from the file's bytes. One pass over the structure; no second request.
package struct IdentifierUseReader {
    let bytes: [UInt8]
    let file: String
    private var found: [(offset: Int, use: IdentifierUse)] = []

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// Every use in `structure`, in the order of the file.
    static func uses(in structure: StructureNode, bytes: [UInt8], file: String) -> [IdentifierUse] {
        var reader = IdentifierUseReader(bytes: bytes, file: file)
        reader.collect(structure)
        return reader.uses()
    }

    /// Reads the calls in `structure` and everything under it (one top-level declaration of a filtered
    /// reply, or a whole reply).
    mutating func collect(_ structure: StructureNode) {
        var pending = [structure]
        while let entry = pending.popLast() {
            let children = entry.children
            if entry.kind == "source.lang.swift.expr.call" { read(call: entry, children) }
            pending += children
        }
    }

    /// Every use collected, in the order of the file.
    func uses() -> [IdentifierUse] {
        guard !found.isEmpty else { return [] }
        // In file order, so that the line table is walked forward once.
        let found = self.found.sorted { $0.offset < $1.offset }
        var lines = LineTable(bytes, file: .main)
        return found.map { offset, use in
            var use = use
            let position = lines.position(ofOffset: offset)
            use.location = SourceLocation(file: file, line: position.line, column: position.column)
            return use
        }
    }

    private struct Argument {
        var label: String?
        var offset: Int
        var length: Int
    }

    private mutating func read(call: StructureNode, _ children: [StructureNode]) {
        guard let callee = call.name else { return }
        let arguments = children.compactMap { child -> Argument? in
            guard child.kind == "source.lang.swift.expr.argument",
                let offset = child.bodyOffset, let length = child.bodyLength
            else { return nil }
            return Argument(label: child.name, offset: offset, length: length)
        }
        let labels = arguments.map { $0.label ?? "_" }
        let base = Self.baseName(callee)
        switch (base, labels) {
        case ("dequeueReusableCell", ["withIdentifier", "for"]):
            add(.dequeue, "dequeueReusableCell(withIdentifier:for:)", arguments[0], registry: .tableCell)
        case ("dequeueReusableCell", ["withReuseIdentifier", "for"]):
            add(.dequeue, "dequeueReusableCell(withReuseIdentifier:for:)", arguments[0], registry: .collectionCell)
        case ("dequeueReusableSupplementaryView", ["ofKind", "withReuseIdentifier", "for"]):
            add(
                .dequeue, "dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)", arguments[1],
                registry: .collectionSupplementary)
        case ("register", ["_", "forCellReuseIdentifier"]):
            add(.registration, "register(_:forCellReuseIdentifier:)", arguments[1], registry: .tableCell)
        case ("register", ["_", "forCellWithReuseIdentifier"]):
            add(.registration, "register(_:forCellWithReuseIdentifier:)", arguments[1], registry: .collectionCell)
        case ("register", ["_", "forHeaderFooterViewReuseIdentifier"]):
            add(
                .registration, "register(_:forHeaderFooterViewReuseIdentifier:)", arguments[1],
                registry: .tableHeaderFooter)
        case ("register", ["_", "forSupplementaryViewOfKind", "withReuseIdentifier"]):
            add(
                .registration, "register(_:forSupplementaryViewOfKind:withReuseIdentifier:)", arguments[2],
                registry: .collectionSupplementary)
        case ("instantiateViewController", ["withIdentifier"]):
            add(.storyboardIdentifier, "instantiateViewController(withIdentifier:)", arguments[0])
        case ("instantiateViewController", ["identifier"]):
            add(.storyboardIdentifier, "instantiateViewController(identifier:)", arguments[0])
        // The creator as a trailing closure is an argument without a label.
        case ("instantiateViewController", ["identifier", "creator"]),
            ("instantiateViewController", ["identifier", "_"]):
            add(.storyboardIdentifier, "instantiateViewController(identifier:creator:)", arguments[0])
        case ("performSegue", ["withIdentifier", "sender"]):
            add(.segue, "performSegue(withIdentifier:sender:)", arguments[0])
        case ("UIStoryboard", ["name", "bundle"]):
            add(.storyboardName, "UIStoryboard(name:bundle:)", arguments[0], bundle: arguments[1])
        case (_, ["nibName", "bundle"]):
            let text = self.text(arguments[0])
            // `nil` loads the nib named like the class; `super.init(nibName: nibNameOrNil, …)` passes on
            // what its own caller gave, whose call is read where it is.
            if text == "nil" || (callee.hasSuffix("super.init") && !text.hasPrefix("\"")) { return }
            add(
                .nibName, base == "UINib" ? "UINib(nibName:bundle:)" : "init(nibName:bundle:)", arguments[0],
                bundle: arguments[1])
        case ("loadNibNamed", let labels) where labels.count >= 2 && labels[0] == "_" && labels[1] == "owner":
            let receiver = callee.dropLast("loadNibNamed".count)
            let isMainOrOwn =
                receiver == "Bundle.main." || receiver.hasPrefix("Bundle(for:") || receiver == "Bundle.module."
            add(
                .nibName, "loadNibNamed(_:owner:\(labels.count > 2 ? "options:" : ""))", arguments[0],
                isJudged: isMainOrOwn, bundleClass: Self.bundleClass(String(receiver)))
        default:
            return
        }
    }

    /// What sourcekitd's reply must keep for this reader (`SwiftStructureFilter.calls`) and what makes a
    /// file worth reading (`SwiftFileScan.calls`): the callees it reads by name, and `nibName:` for the
    /// `init(nibName:bundle:)` of any class, kept by its first argument's label.
    package static let callees: Set<String> = [
        "dequeueReusableCell", "dequeueReusableSupplementaryView", "register", "instantiateViewController",
        "performSegue", "UIStoryboard", "loadNibNamed", "nibName:",
    ]

    /// `tableView?.dequeueReusableCell` → `dequeueReusableCell`; `UIStoryboard.init` → `UIStoryboard`.
    static func baseName(_ callee: String) -> String {
        var name = Substring(callee)
        if name.hasSuffix(".init") { name = name.dropLast(".init".count) }
        if let dot = name.lastIndex(of: ".") { name = name[name.index(after: dot)...] }
        return String(name)
    }

    private func text(_ argument: Argument) -> String {
        guard argument.offset >= 0, argument.length >= 0, argument.offset + argument.length <= bytes.count else {
            return ""
        }
        return trimmedText(bytes[argument.offset..<argument.offset + argument.length])
    }

    /// The string of a plain literal (`"Cell"`); `nil` for interpolation, escapes, raw or multi-line
    /// strings, concatenation, constants and calls, which the checker does not evaluate.
    static func literal(_ text: String) -> String? {
        guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\""), !text.hasPrefix("\"\"\"") else {
            return nil
        }
        let inner = text.dropFirst().dropLast()
        guard !inner.contains(where: { $0 == "\\" || $0 == "\"" || $0 == "\n" }) else { return nil }
        return String(inner)
    }

    /// The longest argument kept as an expression to evaluate: the spellings `IdentifierExpressions`
    /// knows are short, and a long one (a closure) is none of them.
    static let longestExpression = 200

    /// Bundles whose files are the run's: the main bundle, the bundle of a class of the sources, SwiftPM's
    /// resource bundle. Any other (a framework's bundle in a variable) may hold files the run has not seen.
    private static func isOwnBundle(_ text: String) -> Bool {
        ["nil", ".main", "Bundle.main", "Bundle.module", ".module"].contains(text) || text.hasPrefix("Bundle(for:")
    }

    /// `X` of `Bundle(for: X.self)` (also as a receiver, `Bundle(for: X.self).`); `nil` for any other
    /// bundle and for `Bundle(for: type(of: self))` / `Bundle(for: Self.self)`, the calling class's own.
    static func bundleClass(_ text: String) -> String? {
        guard text.hasPrefix("Bundle(for:") else { return nil }
        var inner = Substring(text.dropFirst("Bundle(for:".count))
        if inner.hasSuffix(".") { inner = inner.dropLast() }
        guard inner.hasSuffix(")") else { return nil }
        inner = inner.dropLast()
        let name = inner.trimmingCharacters(in: .whitespaces)
        guard name.hasSuffix(".self") else { return nil }
        let type = String(name.dropLast(".self".count))
        guard type != "Self", type.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else {
            return nil
        }
        return type.split(separator: ".").last.map(String.init)
    }

    private mutating func add(
        _ kind: IdentifierUse.Kind, _ call: String, _ argument: Argument, bundle: Argument? = nil,
        isJudged: Bool = true, bundleClass: String? = nil, registry: IdentifierUse.Registry? = nil
    ) {
        let value = text(argument)
        var use = IdentifierUse(
            kind: kind, literal: Self.literal(value), call: call,
            isJudged: isJudged && (bundle.map { Self.isOwnBundle(text($0)) } ?? true),
            bundleClass: bundleClass ?? bundle.flatMap { Self.bundleClass(text($0)) },
            location: SourceLocation(file: file, line: 1, column: 1))
        use.registry = registry
        // A reuse identifier written otherwise than by a literal may still be one the code shows.
        if use.literal == nil, registry != nil, value.utf8.count <= Self.longestExpression {
            use.expression = value
        }
        if use.literal == nil { use.isJudged = false }
        found.append((argument.offset, use))
    }
}
