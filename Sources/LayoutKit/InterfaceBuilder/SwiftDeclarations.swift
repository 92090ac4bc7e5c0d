import Foundation

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
    var inspectables: [String] = []
    var location: SourceLocation
}

/// The classes and extensions one Swift file declares, read with sourcekitd.
@_spi(LayoutCheck) public struct SwiftDeclarations: Sendable {
    var types: [SwiftTypeDeclaration]
    /// Problems reading the file: sourcekitd's failure, or its first syntax error.
    public var diagnostics: [Diagnostic]

    /// Reads the declarations of one Swift file; what cannot be read becomes a diagnostic for that file.
    public static func read(_ bytes: [UInt8], file: String, with sourceKit: SourceKit) -> SwiftDeclarations {
        read(bytes, file: file) { sourceKit.reply(to: $0, name: file) }
    }

    /// Reads the declarations of one Swift file from what `ask` returns for its text (sourcekitd's
    /// reply, perhaps from another process); what cannot be read becomes a diagnostic for that file.
    public static func read(_ bytes: [UInt8], file: String, ask: ([UInt8]) -> SourceKit.Reply) -> SwiftDeclarations {
        // The limit of every file LayoutKit reads; sourcekitd's own parser limits the nesting (256).
        if bytes.count > LayoutValidator.maximumFileBytes {
            return SwiftDeclarations(
                unreadable: Diagnostic(
                    rule: .inputLimit,
                    message:
                        "the file is larger than \(LayoutValidator.maximumFileBytes) bytes (4 MiB), the limit for one file",
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
        }
    }

    /// The declarations of a file that could not be read: none, and the diagnostic that says why.
    public init(unreadable diagnostic: Diagnostic) {
        self.init(types: [], diagnostics: [diagnostic])
    }

    init(types: [SwiftTypeDeclaration], diagnostics: [Diagnostic]) {
        self.types = types
        self.diagnostics = diagnostics
    }

    init(structure: [String: Any], bytes: [UInt8], file: String) {
        var reader = StructureReader(bytes: bytes, file: file)
        reader.walk(structure.children, in: nil)
        types = reader.types
        diagnostics = []
        let errors = (structure["key.diagnostics"] as? [[String: Any]] ?? []).filter {
            $0["key.severity"] as? String == "source.diagnostic.severity.error"
        }
        if let first = errors.first {
            let line = first["key.line"] as? Int ?? 1
            let column = first["key.column"] as? Int ?? 1
            let text = first["key.description"] as? String ?? "syntax error"
            diagnostics.append(
                Diagnostic(
                    rule: .unreadableFile,
                    message: "this Swift file does not parse (\(text)); declarations after the error may be missed",
                    location: SourceLocation(file: file, line: line, column: column)))
        }
    }
}

extension [String: Any] {
    fileprivate var children: [[String: Any]] { self["key.substructure"] as? [[String: Any]] ?? [] }
    fileprivate var attributes: [String] {
        (self["key.attributes"] as? [[String: Any]] ?? []).compactMap { $0["key.attribute"] as? String }
    }
    fileprivate func int(_ key: String) -> Int? { self[key] as? Int }
}

/// Walks sourcekitd's substructure, collecting classes and extensions with their members.
private struct StructureReader {
    let bytes: [UInt8]
    let file: String
    var lines: LineTable
    var types: [SwiftTypeDeclaration] = []

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
        lines = LineTable(bytes, file: .main)
    }

    mutating func walk(_ entries: [[String: Any]], in outer: String?) {
        for entry in entries {
            guard let kind = entry["key.kind"] as? String, let name = entry["key.name"] as? String else { continue }
            switch kind {
            case "source.lang.swift.decl.class":
                let qualified = outer.map { "\($0).\(name)" } ?? name
                readType(entry, kind: .class, name: qualified)
                walk(entry.children, in: qualified)
            case "source.lang.swift.decl.extension":
                readType(entry, kind: .extension, name: name)
                walk(entry.children, in: name)
            case "source.lang.swift.decl.struct", "source.lang.swift.decl.enum":
                walk(entry.children, in: outer.map { "\($0).\(name)" } ?? name)
            default:
                continue
            }
        }
    }

    private mutating func readType(_ entry: [String: Any], kind: SwiftTypeDeclaration.Kind, name: String) {
        let inherited = (entry["key.inheritedtypes"] as? [[String: Any]] ?? []).compactMap {
            $0["key.name"] as? String
        }
        var declaration = SwiftTypeDeclaration(
            kind: kind, name: name,
            objectiveCName: objectiveCName(entry),
            superclass: kind == .class ? inherited.first.map(Self.className) : nil,
            location: location(entry.int("key.nameoffset") ?? entry.int("key.offset") ?? 0))
        for member in entry.children {
            let attributes = member.attributes
            let kind = member["key.kind"] as? String ?? ""
            if kind == "source.lang.swift.decl.var.instance", let name = member["key.name"] as? String {
                if attributes.contains("source.decl.attribute.iboutlet") {
                    declaration.outlets.append(outlet(member, name: name))
                }
                if attributes.contains("source.decl.attribute.ibinspectable") {
                    declaration.inspectables.append(name)
                }
            } else if kind == "source.lang.swift.decl.function.method.instance",
                attributes.contains("source.decl.attribute.ibaction"),
                let selector = member["key.selector_name"] as? String
            {
                let sender = member.children.first {
                    $0["key.kind"] as? String == "source.lang.swift.decl.var.parameter"
                }
                declaration.actions.append(
                    SwiftAction(
                        selector: selector,
                        senderType: (sender?["key.typename"] as? String).map(Self.className),
                        location: location(declarationStart(member))))
            }
        }
        types.append(declaration)
    }

    private mutating func outlet(_ member: [String: Any], name: String) -> SwiftOutlet {
        var type = (member["key.typename"] as? String ?? "").filter { !$0.isWhitespace }
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

    /// Where a member's declaration begins: its first attribute, or its keyword.
    private func declarationStart(_ member: [String: Any]) -> Int {
        let attributeOffsets = (member["key.attributes"] as? [[String: Any]] ?? []).compactMap { $0.int("key.offset") }
        return ([member.int("key.offset") ?? 0] + attributeOffsets).min() ?? 0
    }

    /// The name in `@objc(Name)`, read from the file: sourcekitd gives only where the attribute is.
    private func objectiveCName(_ entry: [String: Any]) -> String? {
        for attribute in entry["key.attributes"] as? [[String: Any]] ?? []
        where attribute["key.attribute"] as? String == "source.decl.attribute.objc.name" {
            guard let offset = attribute.int("key.offset"), let length = attribute.int("key.length"),
                offset >= 0, length > 0, offset + length <= bytes.count
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

    /// The class a type name names: `UIKit.UILabel` → `UILabel`, `Base<Int>` → `Base`.
    static func className(_ type: String) -> String {
        var name = type.filter { !$0.isWhitespace }
        if let generic = name.firstIndex(of: "<") { name = String(name[..<generic]) }
        if let dot = name.lastIndex(of: ".") { name = String(name[name.index(after: dot)...]) }
        return name
    }
}
