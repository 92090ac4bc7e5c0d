import Foundation
import LayoutKit

/// An `@IBOutlet` property of a Swift class.
struct SwiftOutlet: Sendable {
    enum Optionality: Sendable {
        /// `UILabel!`: reading it before Interface Builder connects it crashes.
        case implicitlyUnwrapped
        /// `UILabel?`
        case optional
        /// No `?` or `!` (which Swift refuses for an outlet; read as declared).
        case required
    }

    var name: String
    /// The class it holds (for a collection, the class of each element), without module or generic arguments.
    var typeName: String
    var optionality: Optionality
    /// `[UIButton]!`: an outlet collection.
    var isCollection: Bool
    var location: SourceLocation
}

/// An `@IBAction` method of a Swift class.
struct SwiftAction: Sendable {
    /// The Objective-C selector as Swift derives it (`share(sender:)` → `shareWithSender:`), or as
    /// `@objc(name:)` names it: sourcekitd works it out.
    var selector: String
    /// The type of its first parameter, if it has one.
    var senderType: String?
    var location: SourceLocation
}

/// A class or an extension of one, as one Swift file declares it.
struct SwiftTypeDeclaration: Sendable {
    enum Kind: Sendable {
        case `class`
        case `extension`
    }

    var kind: Kind
    /// The name as written, qualified by the types it is nested in (`Outer.Inner`).
    var name: String
    /// `@objc(Name)`: the name Objective-C, and so Interface Builder, knows it by.
    var objectiveCName: String?
    /// The first inherited type of a class, which is its superclass if it has one; module and generic
    /// arguments removed.
    var superclass: String?
    var outlets: [SwiftOutlet] = []
    var actions: [SwiftAction] = []
    /// Its methods exposed to Objective-C without `@IBAction` (`@objc`, or any method of an
    /// `@objcMembers` class or an `@objc extension`): they answer an action's selector as an `@IBAction` does.
    var objectiveCMethods: [SwiftAction] = []
    var inspectables: [String] = []
    /// Every type it inherits from or conforms to, as written (module and generic arguments removed).
    var inherited: [String] = []
    /// Its `outlets`, `actions` and `properties` lists, as the syntax shows them.
    var memberLists: [SwiftMemberList] = []
    /// Its instance properties, with their declared (or plainly inferred) types.
    var storedProperties: [SwiftProperty] = []
    /// Its instance methods: base name and the type of the first parameter.
    var methods: [SwiftMethod] = []
    var location: SourceLocation
}

/// One `outlets`, `actions` or `properties` list of a LayoutKit class, read from the syntax.
struct SwiftMemberList: Sendable {
    var kind: MemberKind
    var entries: [SwiftListEntry]
    /// Why the syntax does not show the whole list (a helper builds it), when it does not.
    var openReason: String?
    /// Whether it adds to `super.outlets` (…) rather than replacing what the superclass declares.
    var extendsSuper = true
    var location: SourceLocation
    /// The elements of its array literal that are calls the checker cannot read as entries (a misspelt or
    /// unknown factory, an entry of another kind, a name that is not a string literal): each makes the
    /// class open, and unlike a list a helper builds, is reported by default (`unreadable-member`).
    var unreadEntries: [SwiftUnreadEntry] = []
}

/// An element of a member list's array literal that the checker cannot read: the call as written (one
/// line, shortened) and where it is.
struct SwiftUnreadEntry: Sendable {
    var kind: MemberKind
    var text: String
    var location: SourceLocation
}

/// `Outlet("name", \T.prop, optional: true)`, `Action("name", T.method)`, `Property("name", \T.prop)`.
struct SwiftListEntry: Sendable {
    var kind: MemberKind
    /// The name layouts use.
    var name: String
    /// The type named before the member (`T` of `\T.prop`); `nil` for `\.prop`, `Self` or none.
    var root: String?
    /// The property the key path names, or the method.
    var member: String
    var isOptional: Bool
    var location: SourceLocation
}

/// An instance property: `var title: Label?` (type `Label`), `var count = 0` (type `Int`).
struct SwiftProperty: Sendable {
    var name: String
    /// The declared type without `?`/`!`, or the type its initial value plainly has; `nil` when neither shows.
    var typeName: String?
    var location: SourceLocation
}

/// An instance method: its base name and its first parameter's type.
struct SwiftMethod: Sendable {
    var name: String
    var firstParameterType: String?
    var location: SourceLocation
}

/// The classes and extensions one Swift file declares, read with sourcekitd.
package struct SwiftDeclarations: Sendable {
    var types: [SwiftTypeDeclaration]
    /// `typealias Name = Target` of the file, qualified names, targets as written.
    var typeAliases: [(name: String, target: String)] = []
    /// The cases of each enum of the file, by qualified name: the values of an enum property.
    var enumCases: [String: [String]] = [:]
    /// The protocols the file declares: an inherited name that is one is not a superclass.
    var protocols: Set<String> = []
    /// The calls that name a reuse identifier, storyboard identifier, segue or Interface Builder file.
    var identifierUses: [IdentifierUse] = []
    /// Problems reading the file: sourcekitd's failure, or its first syntax error.
    public var diagnostics: [Diagnostic]
    /// The file read, as its diagnostics name it (empty for declarations made otherwise): what
    /// `OutletUses` scans afterwards, for the few names that need it.
    package var file = ""
    /// Of a file that could not be read whole (sourcekitd failed on it, it does not parse, it is past the
    /// limit): the names its text declares or extends, by a scan of its words. Such a class is unknown, not
    /// missing: no rule says it is undeclared or lacks a member (`SwiftClassModel`).
    package var unreadNames: Set<String> = []

    /// Reads the declarations of one Swift file; what cannot be read becomes a diagnostic for that file.
    public static func read(_ bytes: [UInt8], file: String, with sourceKit: SourceKit) -> SwiftDeclarations {
        read(bytes, file: file) { sourceKit.reply(to: $0, name: file) }
    }

    /// Reads the declarations of one Swift file from what `ask` returns for its text (sourcekitd's
    /// reply, perhaps from another process); what cannot be read becomes a diagnostic for that file.
    public static func read(_ bytes: [UInt8], file: String, ask: ([UInt8]) -> SourceKit.Reply) -> SwiftDeclarations {
        var declarations = readDeclarations(bytes, file: file, ask: ask)
        declarations.file = file
        if declarations.diagnostics.contains(where: { $0.rule == .unreadableFile || $0.rule == .inputLimit }) {
            declarations.unreadNames = declaredNames(in: bytes)
        }
        return declarations
    }

    private static func readDeclarations(
        _ bytes: [UInt8], file: String, ask: ([UInt8]) -> SourceKit.Reply
    ) -> SwiftDeclarations {
        // The limit of every file LayoutKit reads; sourcekitd's own parser limits the nesting (256).
        if bytes.count > InputLimits.maximumFileBytes {
            return SwiftDeclarations(
                unreadable: Diagnostic(
                    rule: .inputLimit,
                    message:
                        "the file is larger than \(InputLimits.maximumFileBytes) bytes (4 MiB), the limit for one file",
                    location: SourceLocation(file: file, line: 1, column: 1)))
        }
        switch SourceKit.answer(ask(bytes)) {
        case .failure(let reason):
            return SwiftDeclarations(
                types: [],
                diagnostics: [
                    Diagnostic(
                        rule: .unreadableFile, message: "sourcekitd cannot read this Swift file: \(reason)",
                        location: SourceLocation(file: file, line: 1, column: 1))
                ])
        case .structure(let structure):
            return SwiftDeclarations(structure: structure, bytes: bytes, file: file)
                ?? SwiftDeclarations(
                    types: [],
                    diagnostics: [
                        Diagnostic(
                            rule: .unreadableFile,
                            message: "sourcekitd cannot read this Swift file: sourcekitd's answer is not a JSON object",
                            location: SourceLocation(file: file, line: 1, column: 1))
                    ])
        }
    }

    /// Whether the text at a 1-based line and column (UTF-8 bytes) is a `#error` or `#warning` directive,
    /// or its message, which a diagnostic of sourcekitd may point at.
    static func isDirective(_ bytes: [UInt8], line: Int, column: Int) -> Bool {
        guard line >= 1, column >= 1 else { return false }
        var start = 0
        var current = 1
        while current < line {
            guard let newline = bytes[start...].firstIndex(of: 0x0A) else { return false }
            start = newline + 1
            current += 1
        }
        let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
        let text = String(decoding: bytes[start..<end], as: UTF8.self).trimmingCharacters(in: .whitespaces)
        return text.hasPrefix("#error") || text.hasPrefix("#warning")
    }

    /// The names a Swift text declares or extends, by its words alone: each word after `class`,
    /// `extension`, `typealias` or `@objc(` (comments and strings included: a name too many only keeps a
    /// rule silent). One pass over the bytes.
    static func declaredNames(in bytes: [UInt8]) -> Set<String> {
        let introducers: Set<String> = ["class", "extension", "typealias", "objc"]
        let modifiers: Set<String> = [
            "func", "var", "let", "override", "final", "public", "private", "internal", "open", "fileprivate",
            "static", "subscript", "protocol", "init", "required", "convenience", "package",
        ]
        var names: Set<String> = []
        var previous = ""
        var word: [UInt8] = []
        func finish() {
            guard !word.isEmpty else { return }
            let text = String(decoding: word, as: UTF8.self)
            if introducers.contains(previous), !modifiers.contains(text), !introducers.contains(text) {
                names.insert(text)
            }
            previous = text
            word.removeAll(keepingCapacity: true)
        }
        for byte in bytes {
            let isWord =
                (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == 0x5F
                || (!word.isEmpty && byte >= 0x30 && byte <= 0x39)
            if isWord {
                word.append(byte)
            } else {
                finish()
            }
        }
        finish()
        return names
    }

    /// The declarations of a file that declares nothing the catalog reads (a scan of its words found
    /// none of the keywords a declaration needs): none, and the file, for what is read of its text later.
    package init(nothingDeclaredIn file: String) {
        self.init(types: [], diagnostics: [])
        self.file = file
    }

    /// The declarations of a file that could not be read: none, and the diagnostic that says why.
    public init(unreadable diagnostic: Diagnostic) {
        self.init(types: [], diagnostics: [diagnostic])
    }

    init(types: [SwiftTypeDeclaration], diagnostics: [Diagnostic]) {
        self.types = types
        self.diagnostics = diagnostics
    }

    /// The declarations of a filtered reply, read one top-level declaration at a time; `nil` when a line
    /// of it is not a JSON object.
    init?(structure lines: SourceKit.StructureLines, bytes: [UInt8], file: String) {
        var reader = StructureReader(bytes: bytes, file: file)
        // Calls are read from every top-level line: the filter hoists a kept call to the nearest kept node,
        // which is a top-level line of its own when nothing around it is kept.
        var calls = IdentifierUseReader(bytes: bytes, file: file)
        let read = lines.forEachDeclaration { declaration in
            reader.walk([declaration], in: nil)
            calls.collect(declaration)
        }
        guard read else { return nil }
        let structure = lines.header
        types = reader.types
        typeAliases = reader.typeAliases
        enumCases = reader.enumCases
        protocols = reader.protocols
        identifierUses = calls.uses()
        diagnostics = []
        // `#error("…")` and `#warning("…")` are directives the compiler acts on in the active branch only;
        // sourcekitd's syntactic pass reports them in every branch, but they are no syntax error.
        let errors = structure.diagnostics.filter {
            $0.severity == "source.diagnostic.severity.error"
                && !Self.isDirective(bytes, line: $0.line ?? 0, column: $0.column ?? 0)
        }
        if let first = errors.first {
            // sourcekitd's place and words, kept to a place in the file and one line of text.
            let line = max(1, min(first.line ?? 1, bytes.count + 1))
            let column = max(1, min(first.column ?? 1, bytes.count + 1))
            let text = (first.description ?? "syntax error").split(whereSeparator: \.isNewline)
                .joined(separator: " ")
            diagnostics.append(
                Diagnostic(
                    rule: .unreadableFile,
                    message: "this Swift file does not parse (\(text)); declarations after the error may be missed",
                    location: SourceLocation(file: file, line: line, column: column)))
        }
    }
}

/// Walks sourcekitd's substructure, collecting classes and extensions with their members.
private struct StructureReader {
    let bytes: [UInt8]
    let file: String
    var lines: LineTable
    var types: [SwiftTypeDeclaration] = []
    var typeAliases: [(name: String, target: String)] = []
    var enumCases: [String: [String]] = [:]
    var protocols: Set<String> = []

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
        lines = LineTable(bytes, file: .main)
    }

    mutating func walk(_ entries: [StructureNode], in outer: String?) {
        for entry in entries {
            guard let kind = entry.kind, let name = entry.name else { continue }
            switch kind {
            case "source.lang.swift.decl.class":
                let qualified = outer.map { "\($0).\(name)" } ?? name
                readType(entry, kind: .class, name: qualified)
                walk(entry.children, in: qualified)
            case "source.lang.swift.decl.extension":
                readType(entry, kind: .extension, name: name)
                walk(entry.children, in: name)
            case "source.lang.swift.decl.struct", "source.lang.swift.decl.enum":
                let qualified = outer.map { "\($0).\(name)" } ?? name
                if kind == "source.lang.swift.decl.enum" { enumCases[qualified] = cases(of: entry) }
                walk(entry.children, in: qualified)
            case "source.lang.swift.decl.protocol":
                protocols.insert(outer.map { "\($0).\(name)" } ?? name)
            case "source.lang.swift.decl.typealias":
                if let target = typeAliasTarget(entry) {
                    typeAliases.append((outer.map { "\($0).\(name)" } ?? name, target))
                }
            default:
                continue
            }
        }
    }

    private mutating func readType(_ entry: StructureNode, kind: SwiftTypeDeclaration.Kind, name: String) {
        let inherited = entry.inheritedTypes.compactMap(\.name)
        var declaration = SwiftTypeDeclaration(
            kind: kind, name: name,
            objectiveCName: objectiveCName(entry),
            superclass: kind == .class ? inherited.first.map(Self.className) : nil,
            location: location(entry.nameOffset ?? entry.offset ?? 0))
        declaration.inherited = inherited.map(Self.className)
        // `@objcMembers class` and `@objc extension` expose every method they declare.
        let exposesMethods =
            entry.attributes.contains("source.decl.attribute.objcMembers")
            || (kind == .extension && entry.attributes.contains("source.decl.attribute.objc"))
        let children = entry.children
        for (index, member) in children.enumerated() {
            let attributes = member.attributes
            let kind = member.kind ?? ""
            if kind == "source.lang.swift.decl.var.static" || kind == "source.lang.swift.decl.var.class",
                let name = member.name,
                let listKind = MemberKind.allCases.first(where: { $0.plural == name })
            {
                declaration.memberLists.append(
                    memberList(listKind, member, expressions: within(member, children, after: index)))
            }
            if kind == "source.lang.swift.decl.var.instance", let name = member.name {
                declaration.storedProperties.append(
                    SwiftProperty(
                        name: name, typeName: propertyType(member, expressions: within(member, children, after: index)),
                        location: location(declarationStart(member))))
            }
            if kind == "source.lang.swift.decl.function.method.instance", let name = member.name {
                let parameter = member.children.first {
                    $0.kind == "source.lang.swift.decl.var.parameter"
                }
                declaration.methods.append(
                    SwiftMethod(
                        name: String(name.prefix { $0 != "(" }),
                        firstParameterType: (parameter?.typeName).map(Self.className),
                        location: location(declarationStart(member))))
            }
            if kind == "source.lang.swift.decl.var.instance", let name = member.name {
                if attributes.contains("source.decl.attribute.iboutlet") {
                    declaration.outlets.append(outlet(member, name: name))
                }
                if attributes.contains("source.decl.attribute.ibinspectable") {
                    declaration.inspectables.append(name)
                }
            } else if kind == "source.lang.swift.decl.function.method.instance",
                attributes.contains("source.decl.attribute.ibaction"),
                let selector = member.selectorName
            {
                declaration.actions.append(action(member, selector: selector))
            } else if kind == "source.lang.swift.decl.function.method.instance",
                let name = member.name,
                exposesMethods || attributes.contains("source.decl.attribute.objc")
                    || attributes.contains("source.decl.attribute.objc.name"),
                let selector = objectiveCName(member) ?? Self.selector(ofMethod: name)
            {
                declaration.objectiveCMethods.append(action(member, selector: selector))
            }
        }
        types.append(declaration)
    }

    /// A method that answers `selector`, with the type of its first parameter (the sender).
    private mutating func action(_ member: StructureNode, selector: String) -> SwiftAction {
        let sender = member.children.first { $0.kind == "source.lang.swift.decl.var.parameter" }
        return SwiftAction(
            selector: selector, senderType: (sender?.typeName).map(Self.className),
            location: location(declarationStart(member)))
    }

    private mutating func outlet(_ member: StructureNode, name: String) -> SwiftOutlet {
        var type = withoutWhitespace(member.typeName ?? "")
        var optionality = SwiftOutlet.Optionality.required
        if type.hasSuffix("!") {
            optionality = .implicitlyUnwrapped
            type.removeLast()
        } else if type.hasSuffix("?") {
            optionality = .optional
            type.removeLast()
        } else if type.hasPrefix("Optional<"), type.hasSuffix(">") {
            optionality = .optional
            type = String(type.dropFirst("Optional<".count).dropLast())
        }
        var isCollection = false
        if type.hasPrefix("["), type.hasSuffix("]") {
            isCollection = true
            type = String(type.dropFirst().dropLast())
        } else if type.hasPrefix("Array<"), type.hasSuffix(">") {
            isCollection = true
            type = String(type.dropFirst("Array<".count).dropLast())
        }
        return SwiftOutlet(
            name: name, typeName: Self.className(type), optionality: optionality, isCollection: isCollection,
            location: location(declarationStart(member)))
    }

    // MARK: LayoutKit's member lists

    /// The expressions sourcekitd lists after a declaration that lie inside it: the initial value or
    /// body of a property comes as its siblings, not its children.
    private func within(_ member: StructureNode, _ siblings: [StructureNode], after index: Int) -> [StructureNode] {
        guard let start = member.offset, let length = member.length else { return [] }
        let end = start.addingReportingOverflow(length)
        var found = member.children
        for sibling in siblings[(index + 1)...] {
            guard let offset = sibling.offset, end.overflow || offset < end.partialValue else { break }
            found.append(sibling)
        }
        return found
    }

    /// The text of `length` bytes at `offset`, or `""` when the range is not in the file.
    private func text(_ offset: Int?, _ length: Int?) -> String {
        guard let offset, let length, offset >= 0, length >= 0, offset <= bytes.count, length <= bytes.count - offset
        else { return "" }
        return String(decoding: bytes[offset..<offset + length], as: UTF8.self)
    }

    /// Whether a call of `callee` (as sourcekitd names it) makes an entry of a `kind` list: every spelling
    /// LayoutKit's API offers, `LayoutKit.`-qualified or not — `Outlet(…)`, `Outlet.init(…)`,
    /// `Outlet.mainActor(…)`, and in the list's own type `.init(…)` and `.mainActor(…)` (outlets and
    /// actions; properties have no main-actor spelling).
    static func isEntryCall(_ callee: String, of kind: MemberKind) -> Bool {
        var name = Substring(callee)
        if name.hasPrefix("LayoutKit.") { name = name.dropFirst("LayoutKit.".count) }
        let type: Substring =
            switch kind {
            case .outlet: "Outlet"
            case .action: "Action"
            case .property: "Property"
            }
        if name.hasPrefix(type) { name = name.dropFirst(type.count) } else if !name.hasPrefix(".") { return false }
        switch name {
        case "", ".init": return true
        case ".mainActor": return kind != .property
        default: return false
        }
    }

    /// The words a list's declaration may hold besides its entries and still be all the list there is.
    private static let listWords: Set<String> = [
        "static", "class", "var", "let", "override", "public", "internal", "package", "private", "fileprivate",
        "open", "final", "nonisolated", "MainActor", "super", "return", "get", "Outlet", "Action", "Property",
        "Self", "Sendable", "outlets", "actions", "properties", "LayoutKit",
    ]

    /// One `outlets`/`actions`/`properties` list: its entries, and whether anything else builds it.
    private mutating func memberList(
        _ kind: MemberKind, _ member: StructureNode, expressions: [StructureNode]
    ) -> SwiftMemberList {
        var list = SwiftMemberList(
            kind: kind, entries: [], openReason: nil, location: location(declarationStart(member)))
        let start = member.offset ?? 0
        var declarationText = Array(text(start, member.length).utf8)
        func blank(_ entry: StructureNode) {
            guard let offset = entry.offset, let length = entry.length else { return }
            let from = offset.subtractingReportingOverflow(start)
            let to = from.partialValue.addingReportingOverflow(length)
            guard !from.overflow, !to.overflow else { return }
            let lower = max(0, from.partialValue)
            let upper = min(declarationText.count, to.partialValue)
            guard lower < upper else { return }
            for position in lower..<upper {
                declarationText[position] = UInt8(ascii: " ")
            }
        }
        // Each expression, and whether it is an element of an array literal (an entry) rather than code
        // around the list (`super.outlets + helper()`).
        var pending = expressions.map { (node: $0, isElement: false) }
        while let (expression, isElement) = pending.popLast() {
            let expressionKind = expression.kind ?? ""
            switch expressionKind {
            case "source.lang.swift.expr.array":
                pending += expression.children.map { (node: $0, isElement: true) }
            case "source.lang.swift.expr.call":
                let callee = expression.name ?? ""
                guard Self.isEntryCall(callee, of: kind), let entry = listEntry(kind, expression) else {
                    list.openReason =
                        list.openReason
                        ?? "its \(kind.plural) list calls \(callee.isEmpty ? "a function" : "'\(callee)'"), which the checker cannot read"
                    if isElement {
                        list.unreadEntries.append(
                            SwiftUnreadEntry(
                                kind: kind, text: Self.oneLine(text(expression.offset, expression.length)),
                                location: location(expression.offset ?? 0)))
                        // Its words are the entry's, not code around the list: the list stays as readable as
                        // its other entries make it.
                        blank(expression)
                    }
                    continue
                }
                list.entries.append(entry)
                blank(expression)
            default:
                list.openReason = list.openReason ?? "its \(kind.plural) list is built by code the checker cannot read"
            }
        }
        list.entries.sort { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
        list.unreadEntries.sort {
            ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column)
        }
        list.extendsSuper = String(decoding: declarationText, as: UTF8.self).contains("super.\(kind.plural)")
        if list.openReason == nil, let word = Self.unexpectedWord(in: String(decoding: declarationText, as: UTF8.self))
        {
            list.openReason = "its \(kind.plural) list uses '\(word)', which the checker cannot read"
        }
        return list
    }

    /// A call's text on one line, its runs of white space made one space, cut to 80 characters.
    static func oneLine(_ text: String) -> String {
        let words = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        return words.count > 80 ? String(words.prefix(79)) + "…" : words
    }

    /// The first word of a list's declaration, its entries blanked out, that is not part of a plain list.
    private static func unexpectedWord(in text: String) -> String? {
        var word = ""
        var inComment = false
        var previous: Character = " "
        for character in text + " " {
            if inComment {
                if character == "\n" { inComment = false }
                previous = character
                continue
            }
            if previous == "/" && character == "/" {
                inComment = true
                word = ""
                continue
            }
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
            } else {
                if !word.isEmpty, !listWords.contains(word) { return word }
                word = ""
                if !" \n\t\r:=[]{}+.,<>@()&/".contains(character) { return String(character) }
            }
            previous = character
        }
        return nil
    }

    /// One entry of a list, when every argument is one the checker can read.
    private mutating func listEntry(_ kind: MemberKind, _ call: StructureNode) -> SwiftListEntry? {
        let arguments = call.children.filter { $0.kind == "source.lang.swift.expr.argument" }
        let positional = arguments.filter { $0.name == nil }
        guard positional.count == 2 else { return nil }
        let name = text(positional[0].bodyOffset, positional[0].bodyLength)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard name.count >= 2, name.hasPrefix("\""), name.hasSuffix("\""),
            !name.dropFirst().dropLast().contains(where: { $0 == "\\" || $0 == "\"" })
        else { return nil }
        var reference = text(positional[1].bodyOffset, positional[1].bodyLength)
            .filter { !$0.isWhitespace }
        if kind == .action {
            guard !reference.hasPrefix("\\") else { return nil }
        } else {
            guard reference.hasPrefix("\\") else { return nil }
            reference.removeFirst()
        }
        let parts = reference.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let member = parts.last, !member.isEmpty,
            member.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
        else { return nil }
        let rootParts = parts.dropLast()
        let root = rootParts.joined(separator: ".")
        guard root.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else { return nil }
        var isOptional = false
        if let optional = arguments.first(where: { $0.name == "optional" }) {
            let value = text(optional.bodyOffset, optional.bodyLength)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            // A value the syntax does not settle is read as optional: never a false "not connected".
            isOptional = value != "false"
        }
        return SwiftListEntry(
            kind: kind, name: String(name.dropFirst().dropLast()),
            root: root.isEmpty || root == "Self" ? nil : root, member: member, isOptional: isOptional,
            location: location(call.offset ?? 0))
    }

    /// A property's type: as declared without `?`/`!`, else as its initial value plainly has it.
    private func propertyType(_ member: StructureNode, expressions: [StructureNode]) -> String? {
        if var type = member.typeName {
            type = withoutWhitespace(type)
            if type.hasSuffix("?") || type.hasSuffix("!") { type.removeLast() }
            if type.hasPrefix("Optional<"), type.hasSuffix(">") {
                type = String(type.dropFirst("Optional<".count).dropLast())
            }
            return type
        }
        let declaration = text(member.offset, member.length)
        guard let equals = declaration.firstIndex(of: "=") else { return nil }
        let value = declaration[declaration.index(after: equals)...].trimmingCharacters(in: .whitespacesAndNewlines)
        if let call = expressions.first(where: { $0.kind == "source.lang.swift.expr.call" }),
            let callee = call.name, value.hasPrefix(callee),
            callee.first?.isUppercase == true, value.hasSuffix(")")
        {
            return callee.hasSuffix(".init") ? String(callee.dropLast(".init".count)) : callee
        }
        if value == "true" || value == "false" { return "Bool" }
        // `Style.plain`: a case of an enum, whose type is the name before the last dot.
        if let dot = value.lastIndex(of: "."), value.first?.isUppercase == true,
            value.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." })
        {
            return String(value[..<dot])
        }
        if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { return "String" }
        let number = value.hasPrefix("-") ? String(value.dropFirst()) : value
        if !number.isEmpty, number.allSatisfy({ $0.isNumber || $0 == "_" }) { return "Int" }
        if !number.isEmpty, number.allSatisfy({ $0.isNumber || $0 == "_" || $0 == "." }),
            number.filter({ $0 == "." }).count == 1
        {
            return "Double"
        }
        return nil
    }

    /// The cases an enum declares, in order.
    private func cases(of entry: StructureNode) -> [String] {
        entry.children.filter { $0.kind == "source.lang.swift.decl.enumcase" }
            .flatMap(\.children)
            .filter { $0.kind == "source.lang.swift.decl.enumelement" }
            .compactMap { element -> String? in
                guard let name = (element.name).map({ String($0.prefix { $0 != "(" }) }) else {
                    return nil
                }
                // `case regular = "r"`: the raw value is what a layout writes.
                let value = element.children.first {
                    $0.kind == "source.lang.swift.structure.elem.init_expr"
                }
                let raw = value.map { text($0.offset, $0.length) }?
                    .trimmingCharacters(in: .whitespacesAndNewlines)
                if let raw, raw.count >= 2, raw.hasPrefix("\""), raw.hasSuffix("\"") {
                    return String(raw.dropFirst().dropLast())
                }
                return name
            }
    }

    /// What `typealias Name = Target` names, read from the file.
    private func typeAliasTarget(_ entry: StructureNode) -> String? {
        let declaration = text(entry.offset, entry.length)
        guard let equals = declaration.firstIndex(of: "=") else { return nil }
        let target = declaration[declaration.index(after: equals)...].filter { !$0.isWhitespace }
        return target.isEmpty
            ? nil : Self.className(String(target.prefix { $0 != "<" }).split(separator: ".").joined(separator: "."))
    }

    /// Where a member's declaration begins: its first attribute, or its keyword.
    private func declarationStart(_ member: StructureNode) -> Int {
        let attributeOffsets = member.attributeNodes.compactMap(\.offset)
        return ([member.offset ?? 0] + attributeOffsets).min() ?? 0
    }

    /// The name in `@objc(Name)`, read from the file: sourcekitd gives only where the attribute is.
    private func objectiveCName(_ entry: StructureNode) -> String? {
        for attribute in entry.attributeNodes where attribute.attribute == "source.decl.attribute.objc.name" {
            guard let offset = attribute.offset, let length = attribute.length,
                offset >= 0, length > 0, offset <= bytes.count, length <= bytes.count - offset
            else { continue }
            let text = String(decoding: bytes[offset..<offset + length], as: UTF8.self)
            guard let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")"), open < close else {
                continue
            }
            let name = text[text.index(after: open)..<close].trimmingCharacters(in: .whitespaces)
            return name.isEmpty ? nil : name
        }
        return nil
    }

    private mutating func location(_ offset: Int) -> SourceLocation {
        let position = lines.position(ofOffset: offset)
        return SourceLocation(file: file, line: position.line, column: position.column)
    }

    /// The Objective-C selector Swift gives a method named `name` (`send(_:)` → `send:`,
    /// `share(sender:)` → `shareWithSender:`, `refresh()` → `refresh`), as sourcekitd names only
    /// `@IBAction`s' selectors.
    static func selector(ofMethod name: String) -> String? {
        guard let open = name.firstIndex(of: "("), name.hasSuffix(")") else { return nil }
        let labels = name[name.index(after: open)..<name.index(before: name.endIndex)]
            .split(separator: ":", omittingEmptySubsequences: false).dropLast()
        var selector = String(name[..<open])
        guard let first = labels.first else { return selector }
        if first != "_" { selector += "With" + first.prefix(1).uppercased() + first.dropFirst() }
        selector += ":"
        for label in labels.dropFirst() { selector += (label == "_" ? "" : label) + ":" }
        return selector
    }

    /// The class a type name names: `UIKit.UILabel` → `UILabel`, `Base<Int>` → `Base`.
    static func className(_ type: String) -> String {
        // Most names are one plain word (`UIViewController`): returned as they are, with no Character walk.
        if type.utf8.allSatisfy({ byte in
            byte < 0x80 && byte != UInt8(ascii: "<") && byte != UInt8(ascii: ".") && byte > UInt8(ascii: " ")
        }) {
            return type
        }
        var name = withoutWhitespace(type)
        if let generic = name.firstIndex(of: "<") { name = String(name[..<generic]) }
        if let dot = name.lastIndex(of: ".") { name = String(name[name.index(after: dot)...]) }
        return name
    }
}

/// `text` without its white space (`Character.isWhitespace`): ASCII text with none as it is, other ASCII
/// text filtered by its bytes (in ASCII a character is a byte, but for `\r\n`, which is white space as its
/// bytes are), any other text by `Character`. Type names are read this way once per member.
func withoutWhitespace(_ text: String) -> String {
    func isWhitespace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || (byte >= 0x09 && byte <= 0x0D) }
    let utf8 = text.utf8
    guard utf8.allSatisfy({ $0 < 0x80 }) else { return text.filter { !$0.isWhitespace } }
    guard utf8.contains(where: isWhitespace) else { return text }
    return String(decoding: utf8.filter { !isWhitespace($0) }, as: UTF8.self)
}

/// The text of `bytes` without the white space and line breaks at either end, as Foundation's
/// `trimmingCharacters(in: .whitespacesAndNewlines)` gives it: trimmed by bytes when what is left begins
/// and ends with ASCII (the ASCII white space is the set's only ASCII), through Foundation otherwise.
func trimmedText(_ bytes: ArraySlice<UInt8>) -> String {
    func isWhitespace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || (byte >= 0x09 && byte <= 0x0D) }
    var start = bytes.startIndex
    var end = bytes.endIndex
    while start < end, isWhitespace(bytes[start]) { start += 1 }
    while end > start, isWhitespace(bytes[end - 1]) { end -= 1 }
    guard start == end || (bytes[start] < 0x80 && bytes[end - 1] < 0x80) else {
        return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
    return String(decoding: bytes[start..<end], as: UTF8.self)
}
