import LayoutKit

/// One object of a `.xib` or `.storyboard`: an element with an `id` that connections can name.
struct InterfaceBuilderObject: Sendable {
    enum Placeholder: Sendable {
        /// `IBFilesOwner`: the object that loads the nib, of its `customClass`.
        case filesOwner
        /// `IBFirstResponder`: whatever is first responder when the action is sent; nothing to check.
        case firstResponder
        /// Any other placeholder (a storyboard's exit, an external object).
        case other
    }

    /// The element name, e.g. `label`, `tableViewCell`.
    var element: String
    var id: String
    var customClass: String?
    var customModule: String?
    /// `target`: the class is in the app's own module, whatever `customModule` says.
    var customModuleProvider: String?
    var placeholder: Placeholder?
    var location: SourceLocation
    /// The byte offset of its start tag's `<`, where a fix-it finds its attributes.
    var offset = -1
    /// The connections written inside it, in document order, as the rule engine takes them: it is their
    /// source (of an action, the control). An `<outlet>`'s name is its `property`, an `<action>`'s its `selector`.
    var connections: [ExternalDocument.Connection] = []
}

/// The objects and connections of one Interface Builder file, from every scene of a storyboard.
struct InterfaceBuilderDocument: Sendable {
    /// Every element with an id, in document order, each with the connections written inside it. An id
    /// Xcode never writes twice may be in a file something else wrote: every element is kept, and the
    /// rule engine reports each later one as `duplicate-id`.
    var objects: [InterfaceBuilderObject] = []
    /// The index in `objects` of the first element of each id: what a connection's `destination` names.
    var firstObject: [String: Int] = [:]
    /// Its reuse identifiers, storyboard identifiers, segues and storyboard references.
    var identifiers = InterfaceBuilderIdentifiers()
    /// Every element with an `id` (objects and connections), each with the nearest enclosing one, by
    /// index: what a configuration's `<ignore object=>` matches against.
    private var scopeNodes: [(id: String, parent: Int?)] = []
    /// The innermost element with an `id` at or around each element a finding may be at, by position.
    private var scopes: [SourcePosition: Int] = [:]

    /// The ids of the element at `location` and of the elements around it, innermost first.
    func ids(at location: SourceLocation) -> [String] {
        var ids: [String] = []
        var next = scopes[SourcePosition(file: .main, line: location.line, column: location.column)]
        while let index = next {
            ids.append(scopeNodes[index].id)
            next = scopeNodes[index].parent
        }
        return ids
    }

    /// Records an element with an id inside `parent`; its index.
    private mutating func enterScope(_ id: String, parent: Int?, at position: SourcePosition) -> Int {
        scopeNodes.append((id, parent))
        scopes[position] = scopeNodes.count - 1
        return scopeNodes.count - 1
    }

    /// The document type attributes Xcode writes for UIKit nibs and storyboards: iOS (CocoaTouch) and tvOS
    /// (AppleTV), which are checked.
    private static let documentTypes = [
        "com.apple.InterfaceBuilder3.CocoaTouch.XIB", "com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB",
        "com.apple.InterfaceBuilder.AppleTV.XIB", "com.apple.InterfaceBuilder.AppleTV.Storyboard",
    ]

    /// The platform of a document type that is not UIKit's — macOS (`…Cocoa.XIB`,
    /// `…Cocoa.Storyboard.XIB`) or watchOS (`…WatchKit…`) — or `nil` for any other type.
    static func otherPlatform(ofDocumentType type: String) -> String? {
        if type.contains(".WatchKit.") { return "watchOS" }
        if type.contains(".Cocoa.") { return "macOS" }
        return nil
    }

    /// Reads a `.xib` or `.storyboard`; a file that is not well-formed XML or not an Interface Builder
    /// document is a diagnostic, and a document of another platform than UIKit's is skipped.
    enum ReadResult: Sendable {
        case document(InterfaceBuilderDocument)
        case failure(Diagnostic)
        /// A macOS or watchOS document (named by its platform): not checked against UIKit.
        case otherPlatform(String)
    }

    static func read(_ bytes: [UInt8], file: String) -> ReadResult {
        let root: ParsedElement
        switch XMLReader.read(bytes, file: file) {
        case .failure(let diagnostic): return .failure(diagnostic)
        case .document(let element): root = element
        }
        let at = SourceLocation(file: file, line: root.position.line, column: root.position.column)
        guard root.name == "document", root.namespace == nil else {
            return .failure(
                Diagnostic(
                    rule: .schema,
                    message: "not an Interface Builder file: the root element is <\(root.name)>, not <document>",
                    location: at))
        }
        let type = root.attribute("type")
        if let type, let platform = otherPlatform(ofDocumentType: type) { return .otherPlatform(platform) }
        guard let type, documentTypes.contains(type) else {
            return .failure(
                Diagnostic(
                    rule: .schema,
                    message: "not a UIKit Interface Builder file: <document type> is "
                        + (type.map { "'\($0)'" } ?? "missing") + ", not one of "
                        + documentTypes.map { "'\($0)'" }.joined(separator: ", "),
                    location: at))
        }
        var document = InterfaceBuilderDocument()
        document.collect(root, file: file, owner: nil, scope: nil)
        document.identifiers = InterfaceBuilderIdentifiers(root, file: file)
        return .document(document)
    }

    /// Records `element`'s object (if it has an id) and its connections, then its children's; `owner` is
    /// the index of the nearest enclosing object.
    private mutating func collect(_ element: ParsedElement, file: String, owner: Int?, scope: Int?) {
        let location = SourceLocation(file: file, line: element.position.line, column: element.position.column)
        if element.name == "connections" {
            guard let owner else { return }
            for connection in element.children {
                if let id = connection.attribute("id") {
                    _ = enterScope(id, parent: scope, at: connection.position)
                } else if let scope {
                    scopes[connection.position] = scope
                }
                let kind: ExternalDocument.Connection.Kind
                let nameAttribute: String
                switch connection.name {
                case "outlet": (kind, nameAttribute) = (.outlet, "property")
                case "outletCollection": (kind, nameAttribute) = (.outletCollection, "property")
                case "action": (kind, nameAttribute) = (.action, "selector")
                default: continue  // segues and anything newer: not checked
                }
                guard let name = connection.attribute(nameAttribute),
                    let destination = connection.attribute("destination")
                else { continue }
                var made = ExternalDocument.Connection(
                    kind: kind, name: name, destination: destination, line: connection.position.line,
                    column: connection.position.column)
                made.offset = Int(connection.position.offset)
                objects[owner].connections.append(made)
            }
            return
        }
        var owner = owner
        var scope = scope
        if let id = element.attribute("id") {
            scope = enterScope(id, parent: scope, at: element.position)
            var placeholder: InterfaceBuilderObject.Placeholder?
            if element.name == "placeholder" {
                switch element.attribute("placeholderIdentifier") {
                case "IBFilesOwner": placeholder = .filesOwner
                case "IBFirstResponder": placeholder = .firstResponder
                default: placeholder = .other
                }
            } else if element.name == "exit" {
                placeholder = .other
            }
            if firstObject[id] == nil { firstObject[id] = objects.count }
            owner = objects.count
            objects.append(
                InterfaceBuilderObject(
                    element: element.name, id: id,
                    customClass: element.attribute("customClass"),
                    customModule: element.attribute("customModule"),
                    customModuleProvider: element.attribute("customModuleProvider"),
                    placeholder: placeholder, location: location))
            objects[objects.count - 1].offset = Int(element.position.offset)
        }
        for child in element.children {
            collect(child, file: file, owner: owner, scope: scope)
        }
    }
}

extension ParsedElement {
    /// The value of the attribute without a namespace of this name.
    fileprivate func attribute(_ name: String) -> String? {
        attributes.first { $0.name == name && $0.namespace == nil }?.value
    }
}
