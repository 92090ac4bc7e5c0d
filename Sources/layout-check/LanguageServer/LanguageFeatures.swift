import Foundation
import LayoutKit

/// Completion, hover, definition, code actions and rename: each reads the document's markup
/// (`LayoutSyntax`) at the cursor and the workspace's classes (`WorkspaceChecker.catalog`).
extension LanguageServer {
    /// The open document and the offset a request's `textDocument` and `position` name.
    private func target(_ params: [String: Any]) throws(ResponseError) -> (document: TextDocument, offset: Int) {
        guard let item = params["textDocument"] as? [String: Any], let uri = item["uri"] as? String else {
            throw .invalidParams("no textDocument.uri")
        }
        guard let document = documents[uri] else {
            throw ResponseError(code: ResponseError.requestFailed, message: "'\(uri)' is not open; open it first")
        }
        guard let position = Self.position(params["position"]) else { throw .invalidParams("no position") }
        guard let offset = document.exactOffset(of: position) else {
            throw .invalidParams(
                "position \(position.line):\(position.character) is outside the document "
                    + "(\(document.lineStarts.count) lines)")
        }
        return (document, offset)
    }

    /// Whether a request is about an open file that is not a layout (an Interface Builder file, which has
    /// diagnostics only, or any other XML an editor sends): its answer is then empty.
    private func isNotLayout(_ params: [String: Any]) -> Bool {
        guard let uri = (params["textDocument"] as? [String: Any])?["uri"] as? String else { return false }
        return documents[uri] != nil && !Self.isLayout(uri)
    }

    // MARK: Completion

    func completion(_ params: [String: Any]) throws(ResponseError) -> Any {
        if isNotLayout(params) { return ["isIncomplete": false, "items": [Any]()] as [String: Any] }
        let (document, offset) = try target(params)
        let syntax = LayoutSyntax(document.units)
        let context = Context(syntax: syntax, checker: checker(for: document.path), document: document)
        var items: [[String: Any]] = []
        func add(_ labels: [String], kind: Int, detail: String? = nil) {
            for label in labels {
                var item: [String: Any] = ["label": label, "kind": kind]
                if let detail { item["detail"] = detail }
                items.append(item)
            }
        }
        switch syntax.place(at: offset) {
        case .elementName(let index):
            let parent = syntax.elements[index].parent
            let grandparent = parent.flatMap { syntax.elements[$0].parent }
            add(
                FormatVocabulary.children(
                    of: parent.map { syntax.elements[$0].name }, in: grandparent.map { syntax.elements[$0].name }),
                kind: 10)
        case .content(let parent):
            if offset > 0, document.units[offset - 1] == 60 {
                add(FormatVocabulary.children(of: parent.map { syntax.elements[$0].name }), kind: 10)
            }
        case .attributeName(let index, _):
            let element = syntax.elements[index]
            let present = Set(element.attributes.map(\.name))
            add(FormatVocabulary.attributes(of: element.name).filter { !present.contains($0) }, kind: 5)
        case .attributeValue(let index, let number):
            let element = syntax.elements[index]
            let attribute = element.attributes[number]
            for (label, kind, detail) in context.values(for: attribute.name, of: index) {
                items.append(["label": label, "kind": kind, "detail": detail])
            }
        }
        return ["isIncomplete": false, "items": items]
    }

    // MARK: Hover

    func hover(_ params: [String: Any]) throws(ResponseError) -> Any {
        if isNotLayout(params) { return NSNull() }
        let (document, offset) = try target(params)
        let syntax = LayoutSyntax(document.units)
        let context = Context(syntax: syntax, checker: checker(for: document.path), document: document)
        switch syntax.place(at: offset) {
        case .attributeValue(let index, let number):
            let attribute = syntax.elements[index].attributes[number]
            guard let text = context.describe(attribute: attribute, of: index) else { return NSNull() }
            return [
                "contents": ["kind": "markdown", "value": text], "range": lspRange(document, attribute.valueRange!),
            ]
        case .attributeName(let index, let number?):
            let element = syntax.elements[index]
            let attribute = element.attributes[number]
            guard let text = FormatDocumentation.text(attribute.name, element: element.name) else { return NSNull() }
            return ["contents": ["kind": "markdown", "value": text], "range": lspRange(document, attribute.nameRange)]
        case .elementName(let index):
            let element = syntax.elements[index]
            guard let text = FormatDocumentation.element(element.name) else { return NSNull() }
            return ["contents": ["kind": "markdown", "value": text], "range": lspRange(document, element.nameRange)]
        default:
            return NSNull()
        }
    }

    // MARK: Definition

    func definition(_ params: [String: Any]) throws(ResponseError) -> Any {
        if isNotLayout(params) { return NSNull() }
        let (document, offset) = try target(params)
        let syntax = LayoutSyntax(document.units)
        let checker = checker(for: document.path)
        let context = Context(syntax: syntax, checker: checker, document: document)
        guard case .attributeValue(let index, let number) = syntax.place(at: offset) else { return NSNull() }
        let element = syntax.elements[index]
        let attribute = element.attributes[number]
        switch (element.name, attribute.name) {
        case ("include", "layout"):
            guard let path = checker.layoutPath(named: attribute.value) else { return NSNull() }
            let start: [String: Any] = ["line": 0, "character": 0]
            return ["uri": Self.uri(of: path), "range": ["start": start, "end": start]]
        case (_, "destination"):
            guard let target = syntax.element(withID: attribute.value) else { return NSNull() }
            return ["uri": document.uri, "range": lspRange(document, syntax.elements[target].nameRange)]
        case (_, "class"):
            guard let key = context.classKey(of: index), let found = checker.catalog?.classes[key]?.location else {
                return NSNull()
            }
            return location(found)
        default:
            guard let member = context.member(attribute: attribute, of: index), let found = member.location else {
                return NSNull()
            }
            return location(found)
        }
    }

    // MARK: Code actions

    /// The fix-its of the layout's findings whose place is in the requested range, as quick fixes: each
    /// one workspace edit, its byte ranges turned into the client's UTF-16 positions (of the open
    /// document as edited, or of the file on disk for an edit in another file).
    func codeActions(_ params: [String: Any]) throws(ResponseError) -> Any {
        guard let item = params["textDocument"] as? [String: Any], let uri = item["uri"] as? String else {
            throw .invalidParams("no textDocument.uri")
        }
        guard let document = documents[uri] else {
            throw ResponseError(code: ResponseError.requestFailed, message: "'\(uri)' is not open; open it first")
        }
        guard let range = params["range"].flatMap(Self.range), document.exactOffset(of: range.start) != nil,
            document.exactOffset(of: range.end) != nil
        else {
            throw .invalidParams("no range inside the document")
        }
        let found = Self.isLayout(uri) ? layoutFindings(document) : []
        var actions: [[String: Any]] = []
        for diagnostic in found where !diagnostic.fixIts.isEmpty {
            let position = document.position(line: diagnostic.location.line, column: diagnostic.location.column)
            guard position.line >= range.start.line, position.line <= range.end.line else { continue }
            for fix in diagnostic.fixIts {
                guard let changes = workspaceChanges(fix) else { continue }
                actions.append([
                    "title": fix.description, "kind": "quickfix", "isPreferred": diagnostic.fixIts.count == 1,
                    "diagnostics": [lspDiagnostic(diagnostic, in: document)], "edit": ["changes": changes],
                ])
            }
        }
        return actions
    }

    /// A fix-it's edits by document URI, as LSP text edits; `nil` when a file it edits cannot be read.
    private func workspaceChanges(_ fix: FixIt) -> [String: [[String: Any]]]? {
        var changes: [String: [[String: Any]]] = [:]
        for (path, edits) in Dictionary(grouping: fix.edits, by: \.file) {
            let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
            let uri = Self.uri(of: absolute)
            let text: TextDocument
            if let open = documents[uri] {
                text = open
            } else if let bytes = FileManager.default.contents(atPath: absolute) {
                text = TextDocument(uri: uri, path: absolute, version: 0, text: String(decoding: bytes, as: UTF8.self))
            } else {
                return nil
            }
            let positions = text.positions(
                ofUTF8: Set(edits.flatMap { [$0.byteRange.lowerBound, $0.byteRange.upperBound] }))
            for edit in edits {
                guard let start = positions[edit.byteRange.lowerBound], let end = positions[edit.byteRange.upperBound]
                else { return nil }
                changes[uri, default: []].append([
                    "range": lspRange(text, start: start, end: end), "newText": edit.replacement,
                ])
            }
        }
        return changes
    }

    // MARK: Rename

    func prepareRename(_ params: [String: Any]) throws(ResponseError) -> Any {
        if isNotLayout(params) { return NSNull() }
        let (document, offset) = try target(params)
        let syntax = LayoutSyntax(document.units)
        guard
            let outlet = Context(syntax: syntax, checker: checker(for: document.path), document: document)
                .outlet(at: offset)
        else {
            return NSNull()
        }
        return ["range": lspRange(document, outlet.range), "placeholder": outlet.name]
    }

    /// Renames an outlet: in every layout of the workspace that connects that outlet of that class (an
    /// `outlet=` under an object of the class, an `<outlet property=>` in its connections), and in the
    /// Swift list entry that declares it (`Outlet("name", …)`).
    func rename(_ params: [String: Any]) throws(ResponseError) -> Any {
        let (document, offset) = try target(params)
        guard let newName = params["newName"] as? String, Self.isSwiftName(newName) else {
            throw .invalidParams("the new name must be a Swift identifier: letters, digits and _")
        }
        let checker = checker(for: document.path)
        let syntax = LayoutSyntax(document.units)
        guard let outlet = Context(syntax: syntax, checker: checker, document: document).outlet(at: offset) else {
            throw ResponseError(code: ResponseError.requestFailed, message: "no outlet at this position to rename")
        }
        var changes: [String: [[String: Any]]] = [:]
        var paths = Set(checker.layoutIndex().values)
        for open in documents.values where Self.isLayout(open.uri) { paths.insert(open.path) }
        for path in paths.sorted() {
            let uri = Self.uri(of: path)
            let other: TextDocument
            if let open = documents[uri] {
                other = open
            } else if let data = FileManager.default.contents(atPath: path) {
                other = TextDocument(uri: uri, path: path, version: 0, text: String(decoding: data, as: UTF8.self))
            } else {
                continue
            }
            let context = Context(syntax: LayoutSyntax(other.units), checker: checker, document: other)
            let edits = context.outletConnections(named: outlet.name, ofClass: outlet.classKey).map { range in
                ["range": lspRange(other, range), "newText": newName] as [String: Any]
            }
            if !edits.isEmpty { changes[uri] = edits }
        }
        if let member = checker.catalog?.lineage(of: outlet.classKey).lazy.flatMap(\.members)
            .first(where: { $0.kind == .outlet && $0.name == outlet.name }),
            let declared = member.location, let edit = swiftListEdit(declared, name: outlet.name, newName: newName)
        {
            changes[edit.uri, default: []].append(edit.edit)
        }
        return ["changes": changes]
    }

    /// The edit of `"name"` on the line of a Swift list entry, when it is there exactly once.
    private func swiftListEdit(_ location: SourceLocation, name: String, newName: String) -> (
        uri: String, edit: [String: Any]
    )? {
        guard let data = FileManager.default.contents(atPath: location.file) else { return nil }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard location.line >= 1, location.line <= lines.count else { return nil }
        let line = Array(lines[location.line - 1].utf16)
        let needle = Array("\"\(name)\"".utf16)
        var found: [Int] = []
        if line.count >= needle.count {
            for start in 0...(line.count - needle.count) where Array(line[start..<(start + needle.count)]) == needle {
                found.append(start)
            }
        }
        guard found.count == 1 else { return nil }
        let start: [String: Any] = ["line": location.line - 1, "character": found[0] + 1]
        let end: [String: Any] = ["line": location.line - 1, "character": found[0] + 1 + name.utf16.count]
        return (Self.uri(of: location.file), ["range": ["start": start, "end": end], "newText": newName])
    }

    static func isSwiftName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic)
        else { return false }
        return name.unicodeScalars.allSatisfy {
            $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
        }
    }
}

/// What a layout's markup means at a place: which class an element is of, which class's members an
/// attribute names.
struct Context {
    let syntax: LayoutSyntax
    let checker: WorkspaceChecker
    let document: TextDocument

    private var catalog: ClassCatalog? { checker.catalog }

    /// The class an element creates or stands for: its `class=` (and `module=`), else its built-in class.
    func classKey(of index: Int) -> String? {
        let element = syntax.elements[index]
        guard FormatVocabulary.isObjectElement(element.name) || element.name == "owner" || element.name == "external"
        else { return nil }
        return checker.classKey(
            named: element.value("class"), module: element.value("module"),
            element: FormatVocabulary.isObjectElement(element.name) ? element.name : nil)
    }

    /// The owner's class, if the layout has an owner with one.
    var ownerClassKey: String? {
        syntax.elements.firstIndex { $0.name == "owner" }.flatMap(classKey(of:))
    }

    /// The class whose members an attribute of element `index` names, by the format's rules.
    func memberClass(attribute: String, of index: Int) -> String? {
        let element = syntax.elements[index]
        switch (element.name, attribute) {
        case ("outlet", "property"):
            // The object whose <connections> holds it.
            return element.parent.flatMap { syntax.elements[$0].parent }.flatMap(classKey(of:))
        case ("action", "name"):
            return element.value("destination").flatMap(syntax.element(withID:)).flatMap(classKey(of:))
                ?? ownerClassKey
        case ("property", "name"):
            return element.parent.flatMap { syntax.elements[$0].parent }.flatMap(classKey(of:))
        case (_, "outlet"), (_, "action"):
            // The nearest enclosing object element that has a class, else the owner.
            for ancestor in syntax.lineage(of: index).dropFirst()
            where FormatVocabulary.isObjectElement(syntax.elements[ancestor].name)
                && syntax.elements[ancestor].value("class") != nil
            {
                return classKey(of: ancestor)
            }
            return ownerClassKey
        default:
            return nil
        }
    }

    /// The member kind an attribute names.
    static func memberKind(element: String, attribute: String) -> MemberKind? {
        switch (element, attribute) {
        case ("outlet", "property"), (_, "outlet"): .outlet
        case ("action", "name"), (_, "action"): .action
        case ("property", "name"): .property
        default: nil
        }
    }

    /// The members of a kind a class has, its own and inherited.
    func members(_ kind: MemberKind, of key: String) -> [ClassCatalog.Member] {
        (catalog?.lineage(of: key) ?? []).flatMap { $0.members.filter { $0.kind == kind } }
    }

    /// The member an attribute's value names.
    func member(attribute: LayoutSyntax.Attribute, of index: Int) -> ClassCatalog.Member? {
        guard let kind = Self.memberKind(element: syntax.elements[index].name, attribute: attribute.name),
            let key = memberClass(attribute: attribute.name, of: index)
        else { return nil }
        return members(kind, of: key).first { $0.name == attribute.value }
    }

    /// Completions for an attribute's value: (label, LSP item kind, detail).
    func values(for attribute: String, of index: Int) -> [(String, Int, String)] {
        let element = syntax.elements[index]
        if let kind = Self.memberKind(element: element.name, attribute: attribute) {
            var result: [(String, Int, String)] = []
            var seen: Set<String> = []
            for key in [memberClass(attribute: attribute, of: index), kind == .action ? nil : ownerClassKey]
                .compactMap({ $0 })
            {
                for member in members(kind, of: key) where seen.insert(member.name).inserted {
                    result.append(
                        (member.name, kind == .action ? 2 : 10, "\(kind.rawValue) of \(key): \(member.typeName)"))
                }
            }
            return result
        }
        switch attribute {
        case "class":
            return (catalog?.classes.values ?? [:].values).filter { !$0.isBuiltIn }.map {
                ($0.name, 7, $0.key)
            }.sorted { $0.0 < $1.0 }
        case "module":
            let modules = Set((catalog?.classes.values ?? [:].values).compactMap { $0.isBuiltIn ? nil : $0.module })
            return modules.sorted().map { ($0, 9, "module") }
        case "value" where element.name == "property":
            // An enum property's values, from the class's declaration.
            guard let name = element.attribute("name"),
                let member = member(attribute: name, of: index), !member.values.isEmpty
            else { return [] }
            return member.values.map { ($0, 20, "\(member.name): \(member.typeName)") }
        case "destination":
            return syntax.elements.compactMap { other in
                other.value("id").map { ($0, 6, "<\(other.name)>") }
            }
        case "layout" where element.name == "include":
            return checker.layoutIndex().sorted { $0.key < $1.key }.map { ($0.key, 17, $0.value) }
        default:
            let control =
                element.name == "action"
                ? element.parent.flatMap { syntax.elements[$0].parent }
                    .map { syntax.elements[$0].name } : nil
            return (FormatVocabulary.values(of: attribute, control: control) ?? []).map { ($0, 20, attribute) }
        }
    }

    /// Markdown for a hover over an attribute's value: a class or member with its declaration, or the
    /// attribute's documentation.
    func describe(attribute: LayoutSyntax.Attribute, of index: Int) -> String? {
        let element = syntax.elements[index]
        if attribute.name == "class", let key = classKey(of: index), let entry = catalog?.classes[key] {
            var text = "```swift\nclass \(entry.name)\(entry.base.map { ": \($0)" } ?? "")\n```\n"
            text += "class `\(key)`"
            if let location = entry.location {
                text += ", declared at `\(location)`"
                if Self.swiftLines(location).contains(where: { $0.contains("@MainActor") }) {
                    text += "; main-actor isolated"
                }
            }
            if let reason = entry.openReason { text += "\n\nopen: \(reason)" }
            return text
        }
        if let member = member(attribute: attribute, of: index) {
            let key = memberClass(attribute: attribute.name, of: index) ?? "?"
            var text = "```swift\n\(member.kind.rawValue) \(member.name): \(member.typeName)\n```\n"
            text += "\(member.kind.rawValue) of `\(key)`, "
            text +=
                member.isOptional
                ? "optional (a layout may leave it unconnected)" : "required (every layout of the class connects it)"
            if let location = member.location {
                let lines = Self.swiftLines(location)
                let isMainActor = lines.contains { $0.contains("@MainActor") || $0.contains(".mainActor") }
                text += ", \(isMainActor ? "main-actor isolated" : "not main-actor isolated")"
                text += "\n\ndeclared at `\(location)`"
                if let line = lines.last?.trimmingCharacters(in: .whitespaces), !line.isEmpty {
                    text += ":\n```swift\n\(line)\n```"
                }
            }
            return text
        }
        return FormatDocumentation.text(attribute.name, element: element.name)
    }

    /// The Swift line at a location and the two before it (for attributes such as `@MainActor`).
    static func swiftLines(_ location: SourceLocation) -> [String] {
        guard let data = FileManager.default.contents(atPath: location.file), data.count <= 4 << 20 else { return [] }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard location.line >= 1, location.line <= lines.count else { return [] }
        return lines[max(0, location.line - 3)..<location.line].map(String.init)
    }

    /// The outlet named at an offset: in `outlet="…"` or `<outlet property="…">`, with the class it belongs to.
    func outlet(at offset: Int) -> (name: String, classKey: String, range: Range<Int>)? {
        guard case .attributeValue(let index, let number) = syntax.place(at: offset) else { return nil }
        let attribute = syntax.elements[index].attributes[number]
        guard Self.memberKind(element: syntax.elements[index].name, attribute: attribute.name) == .outlet,
            let key = memberClass(attribute: attribute.name, of: index), let range = attribute.valueRange,
            !attribute.value.isEmpty
        else { return nil }
        return (attribute.value, key, range)
    }

    /// The ranges of every value in this layout that connects outlet `name` of class `key` (or of a subclass).
    func outletConnections(named name: String, ofClass key: String) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        for index in syntax.elements.indices {
            for attribute in syntax.elements[index].attributes where attribute.value == name {
                guard Self.memberKind(element: syntax.elements[index].name, attribute: attribute.name) == .outlet,
                    let owner = memberClass(attribute: attribute.name, of: index),
                    let range = attribute.valueRange,
                    catalog?.lineage(of: owner).contains(where: { $0.key == key }) == true
                else { continue }
                ranges.append(range)
            }
        }
        return ranges
    }
}
