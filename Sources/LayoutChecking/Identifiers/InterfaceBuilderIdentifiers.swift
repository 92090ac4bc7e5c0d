import LayoutKit

/// What one Interface Builder file defines and names that Swift code refers to by string: its reuse
/// identifiers, scenes' storyboard identifiers, segue identifiers, and the storyboards it references.
package struct InterfaceBuilderIdentifiers: Sendable {
    /// A name and where the file defines it.
    struct Definition: Sendable {
        var name: String
        var location: SourceLocation
    }

    /// A scene with a storyboard identifier: its view controller's id and element.
    struct Scene: Sendable {
        var identifier: String
        var objectID: String
        var element: String
        var location: SourceLocation
        /// The lines of its `<scene>`, from its start tag to its last element's: what lies inside it.
        var lines: ClosedRange<Int>
    }

    /// The file, as diagnostics name it.
    package var file = ""
    /// Where its `<document>` begins.
    var location = SourceLocation(file: "", line: 1, column: 1)
    /// `reuseIdentifier` of prototype cells, nib cells and reusable views.
    var reuseIdentifiers: [Definition] = []
    /// Scenes with a `storyboardIdentifier`.
    var scenes: [Scene] = []
    /// `identifier` of segues.
    var segues: [Definition] = []
    /// The ids of the objects some segue of the file leads to, and its initial view controller's.
    var reachedObjects: Set<String> = []
    /// `storyboardName` of storyboard references: files loaded by this one.
    var referencedStoryboards: Set<String> = []
    /// `referencedIdentifier` of storyboard references: scenes of other storyboards reached from here.
    var referencedScenes: Set<String> = []

    init() {}

    /// Collects the identifiers of a document read by `XMLReader`, whatever its platform.
    init(_ root: ParsedElement, file: String) {
        self.file = file
        location = SourceLocation(file: file, line: root.position.line, column: root.position.column)
        if let initial = root.attribute("initialViewController") { reachedObjects.insert(initial) }
        // Each element with the lines of the `<scene>` it is in, if any.
        var pending: [(ParsedElement, ClosedRange<Int>?)] = [(root, nil)]
        while let (element, scene) = pending.popLast() {
            let lines = element.name == "scene" ? Self.lines(of: element) : scene
            record(element, scene: lines)
            pending += element.children.map { ($0, lines) }
        }
    }

    /// The lines from an element's start tag to the start tag of its last element.
    private static func lines(of element: ParsedElement) -> ClosedRange<Int> {
        var last = element
        while let child = last.children.last { last = child }
        return element.position.line...max(element.position.line, last.position.line)
    }

    private mutating func record(_ element: ParsedElement, scene: ClosedRange<Int>?) {
        guard !element.attributes.isEmpty else { return }
        let location = SourceLocation(file: file, line: element.position.line, column: element.position.column)
        if let reuse = element.attribute("reuseIdentifier"), !reuse.isEmpty {
            reuseIdentifiers.append(Definition(name: reuse, location: location))
        }
        if let identifier = element.attribute("storyboardIdentifier"), !identifier.isEmpty,
            let id = element.attribute("id")
        {
            scenes.append(
                Scene(
                    identifier: identifier, objectID: id, element: element.name, location: location,
                    lines: scene ?? location.line...location.line))
        }
        switch element.name {
        case "segue":
            if let destination = element.attribute("destination") { reachedObjects.insert(destination) }
            if let identifier = element.attribute("identifier"), !identifier.isEmpty {
                segues.append(Definition(name: identifier, location: location))
            }
        case "viewControllerPlaceholder":
            if let name = element.attribute("storyboardName") { referencedStoryboards.insert(name) }
            if let identifier = element.attribute("referencedIdentifier") { referencedScenes.insert(identifier) }
        default:
            break
        }
    }
}

extension ParsedElement {
    /// The value of the attribute without a namespace of this name.
    fileprivate func attribute(_ name: String) -> String? {
        attributes.first { $0.name == name && $0.namespace == nil }?.value
    }
}

extension InterfaceBuilderIdentifiers {
    /// The identifiers of a file that is not checked itself (another platform's, or one beside the Swift
    /// sources rather than under the PATHs); `nil` when it is not an Interface Builder document.
    package static func read(_ bytes: [UInt8], file: String) -> InterfaceBuilderIdentifiers? {
        guard case .document(let root) = XMLReader.read(bytes, file: file), root.name == "document" else { return nil }
        return InterfaceBuilderIdentifiers(root, file: file)
    }

    /// The name code loads the file by: `Main` for `Base.lproj/Main.storyboard`, `Header` for `Header~ipad.xib`.
    var loadName: String {
        var name = Substring(file.split(separator: "/").last ?? Substring(file))
        for suffix in [".storyboard", ".xib"] where name.hasSuffix(suffix) { name = name.dropLast(suffix.count) }
        for device in ["~iphone", "~ipad"] where name.hasSuffix(device) { name = name.dropLast(device.count) }
        return String(name)
    }

    /// Whether it is a storyboard rather than a nib.
    var isStoryboard: Bool { file.hasSuffix(".storyboard") }
}
