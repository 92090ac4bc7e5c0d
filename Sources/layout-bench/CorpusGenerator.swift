import Foundation
import LayoutKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a corpus of valid layouts of realistic size and shape, and the class schemas they need, so
/// that `layout-check --schemas DIR/Schemas DIR/Layouts` and `xmllint --schema Schemas/layout.xsd` both
/// accept every file.
///
/// Layout `i` depends only on the seed and `i`, never on how many are written: a corpus of 1,000 is the
/// first 1,000 files of a corpus of 100,000, so the scale row compares like with like.
struct CorpusGenerator {
    /// What was written.
    struct Summary {
        var files = 0
        var bytes = 0
        var views = 0
        /// Every layout's path, in number order.
        var paths: [String] = []
        var layoutsDirectory = ""
        var schemasDirectory = ""
    }

    let seed: UInt64
    let classes: CorpusClasses

    init(seed: UInt64) {
        self.seed = seed
        self.classes = CorpusClasses(seed: seed)
    }

    /// Writes `DIR/Schemas/*.classes.xml` and `count` layouts under `DIR/Layouts/`, 1,000 to a folder.
    ///
    /// - Throws: when a folder or file cannot be written.
    func write(count: Int, to directory: String) throws -> Summary {
        let files = FileManager.default
        var summary = Summary()
        summary.layoutsDirectory = directory + "/Layouts"
        summary.schemasDirectory = directory + "/Schemas"
        try files.createDirectory(atPath: summary.schemasDirectory, withIntermediateDirectories: true)
        for schema in classes.schemaDocuments() {
            try write(schema.text, to: summary.schemasDirectory + "/" + schema.name)
        }
        var folder = ""
        for index in 0..<count {
            let name = Self.folder(index / 1000)
            if name != folder {
                folder = name
                try files.createDirectory(
                    atPath: summary.layoutsDirectory + "/" + folder, withIntermediateDirectories: true)
            }
            let layout = self.layout(number: index)
            let path = "\(summary.layoutsDirectory)/\(folder)/\(layout.className)_\(index).layout.xml"
            try write(layout.text, to: path)
            summary.paths.append(path)
            summary.files += 1
            summary.bytes += layout.text.utf8.count
            summary.views += layout.views
        }
        return summary
    }

    /// The folder of `Layouts/` that holds layouts `1000 * number` up to `1000 * number + 999`.
    static func folder(_ number: Int) -> String {
        let digits = String(number)
        return "Module" + String(repeating: "0", count: max(0, 3 - digits.count)) + digits
    }

    /// One `open`, `write`, `close`: Foundation's `createFile` costs about a millisecond a file here,
    /// which made generating 100,000 files take minutes.
    private func write(_ text: String, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw BenchmarkError(description: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var text = text
        let written = text.withUTF8 { bytes in systemWrite(descriptor, bytes.baseAddress, bytes.count) }
        guard written == text.utf8.count else {
            throw BenchmarkError(description: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Layout number `number`: its text, the class of its main object, and how many views it creates.
    func layout(number: Int) -> (text: String, className: String, views: Int) {
        var random = SeededGenerator(seed: seed &+ UInt64(number) &* 0xD1B5_4A32_D192_ED03)
        let chosen = classes.viewClasses[random.int(in: 0...classes.viewClasses.count - 1)]
        var builder = LayoutBuilder(random: random)
        let text = builder.build(
            number: number, className: chosen.name, element: chosen.element, outlets: chosen.outlets)
        return (text, chosen.name, builder.viewCount)
    }
}

/// One element being generated; a class so the tree can be grown in place.
private final class GeneratedElement {
    let kind: String
    var attributes: [(name: String, value: String)] = []
    var children: [GeneratedElement] = []
    var connections: [(property: String, destination: String)] = []

    init(_ kind: String) {
        self.kind = kind
    }

    func set(_ name: String, _ value: String) {
        attributes.append((name, value))
    }

    var id: String? { attributes.first { $0.name == "id" }?.value }
}

/// Builds the text of one layout from a random stream.
private struct LayoutBuilder {
    var random: SeededGenerator
    private(set) var viewCount = 0
    private var ids: Set<String> = []
    private var idCounter = 0

    init(random: SeededGenerator) {
        self.random = random
    }

    mutating func build(number: Int, className: String, element: String, outlets: [CorpusClasses.Outlet]) -> String {
        let top = GeneratedElement(element)
        let topID = element == "tableViewCell" ? "cell" : element == "view" ? "header" : "card"
        var needsTopID = random.chance(40)
        top.set("class", className)
        if random.chance(50) { top.set("module", CorpusClasses.module) }
        setProperties(of: top, reuseIdentifier: className)
        ids.insert(topID)

        var owner: (className: String, connections: [(String, String)])?
        if random.chance(35) {
            if element == "tableViewCell" {
                owner = (CorpusClasses.feedController, [("prototypeCell", topID)])
            } else if element == "view" {
                owner = (CorpusClasses.profileController, [("headerView", topID)])
            }
            if owner != nil { needsTopID = true }
        }
        ids.insert("owner")

        var externals: [String] = []
        var targets: [GeneratedElement] = []
        for outlet in outlets {
            switch outlet.type {
            case CorpusClasses.dateFormatter:
                let module = random.chance(50) ? " module=\"\(CorpusClasses.module)\"" : ""
                externals.append(
                    "<external id=\"dateFormatter\" name=\"dateFormatter\" class=\"\(CorpusClasses.dateFormatter)\"\(module)/>"
                )
                ids.insert("dateFormatter")
                top.connections.append((outlet.name, "dateFormatter"))
            case CorpusClasses.feedController:
                if owner?.className == CorpusClasses.feedController, random.chance(70) {
                    top.connections.append((outlet.name, "owner"))
                }
            default:
                if outlet.isOptional, random.chance(30) { continue }
                let kind = outlet.type == "view" ? random.pick(["view", "imageView", "label"]) : outlet.type
                let target = GeneratedElement(kind)
                if random.chance(50) {
                    target.set("outlet", outlet.name)
                } else {
                    let id = uniqueID(outlet.name)
                    target.set("id", id)
                    top.connections.append((outlet.name, id))
                }
                setProperties(of: target, reuseIdentifier: nil)
                targets.append(target)
            }
        }
        if random.chance(10) {
            externals.append(
                "<external id=\"imageLoader\" name=\"imageLoader\" class=\"\(CorpusClasses.imageLoader)\"/>")
            ids.insert("imageLoader")
        }

        // 8 to 36 views, most often about 20.
        let wanted = (random.int(in: 6...34) + random.int(in: 6...34) + 1) / 2 + 1
        var items = targets
        while items.count + 1 < wanted {
            let roll = random.int(in: 0...99)
            let kind =
                roll < 30 ? "stackView" : roll < 65 ? "label" : roll < 80 ? "imageView" : roll < 90 ? "button" : "view"
            let filler = GeneratedElement(kind)
            if random.chance(15) { filler.set("id", uniqueID(kind)) }
            setProperties(of: filler, reuseIdentifier: nil)
            items.append(filler)
        }
        random.shuffle(&items)
        var containers = [top]
        for item in items {
            random.pick(containers).children.append(item)
            if item.kind == "stackView" || item.kind == "view" { containers.append(item) }
        }
        if needsTopID { top.attributes.insert(("id", topID), at: 0) }
        viewCount = items.count + 1

        var topLevel = [top]
        if random.chance(6) {
            let footer = GeneratedElement("view")
            footer.set("id", uniqueID("footer"))
            setProperties(of: footer, reuseIdentifier: nil)
            for _ in 0..<random.int(in: 1...4) {
                let child = GeneratedElement(random.pick(["label", "imageView"]))
                setProperties(of: child, reuseIdentifier: nil)
                footer.children.append(child)
            }
            viewCount += footer.children.count + 1
            if owner?.className == CorpusClasses.profileController, random.chance(50), let id = footer.id {
                owner?.connections.append(("footerView", id))
            }
            topLevel.append(footer)
        }

        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- Generated layout \(number): a \(element) of class \(className), \(viewCount) views. -->
            <layout xmlns="urn:layoutkit:layout:1">

            """
        if let owner {
            text += "    <owner class=\"\(owner.className)\" id=\"owner\">\n        <connections>\n"
            for (property, destination) in owner.connections {
                text += "            <outlet property=\"\(property)\" destination=\"\(destination)\"/>\n"
            }
            text += "        </connections>\n    </owner>\n"
        }
        for external in externals { text += "    \(external)\n" }
        if owner != nil || !externals.isEmpty { text += "\n" }
        for element in topLevel { write(element, depth: 1, into: &text) }
        text += "</layout>\n"
        return text
    }

    private mutating func uniqueID(_ stem: String) -> String {
        var id = stem
        while ids.contains(id) {
            idCounter += 1
            id = "\(stem)\(idCounter)"
        }
        ids.insert(id)
        return id
    }

    private static let texts = [
        "Title", "Subtitle", "Read more", "Terms & Conditions", "Café au lait", "Price: 9,99 €", "Followers",
        "Now playing…", "Ünïcödé ✓", "Done", "<Draft>", "\"Quoted\"",
    ]
    private static let colours = ["#FFFFFF", "#000000", "#8E8E93", "#3C3C43", "#0A84FF", "#FF3B30CC", "#f2f2f7"]
    private static let images = ["placeholder", "avatar-placeholder", "hero", "icon.share", "star.fill", "cover-art"]

    /// A realistic subset of the attributes the element's kind takes, with valid values.
    private mutating func setProperties(of element: GeneratedElement, reuseIdentifier: String?) {
        if random.chance(5) { element.set("hidden", random.pick(["true", "false"])) }
        if random.chance(5) { element.set("alpha", random.pick(["0", "0.5", "0.85", "1"])) }
        if random.chance(15) { element.set("backgroundColor", random.pick(Self.colours)) }
        if random.chance(5) { element.set("tag", String(random.int(in: -5...500))) }
        switch element.kind {
        case "label":
            if random.chance(50) { element.set("text", random.pick(Self.texts)) }
            if random.chance(70) {
                element.set(
                    "font",
                    random.pick(["body", "headline", "subheadline", "caption", "footnote", "title2", "title3"]))
            }
            if random.chance(40) { element.set("textColor", random.pick(Self.colours)) }
            if random.chance(40) { element.set("numberOfLines", String(random.int(in: 0...3))) }
            if random.chance(20) { element.set("textAlignment", random.pick(["natural", "left", "center", "right"])) }
        case "imageView":
            if random.chance(80) { element.set("image", random.pick(Self.images)) }
            if random.chance(60) { element.set("contentMode", random.pick(["aspectFit", "aspectFill", "center"])) }
        case "button":
            if random.chance(70) { element.set("title", random.pick(["Share", "Like", "Follow", "Buy", "Play"])) }
            if random.chance(40) { element.set("image", random.pick(Self.images)) }
        case "stackView":
            if random.chance(90) { element.set("axis", random.pick(["horizontal", "vertical"])) }
            if random.chance(60) { element.set("spacing", random.pick(["2", "4", "8", "12", "16", "2.5"])) }
            if random.chance(40) { element.set("alignment", random.pick(["fill", "leading", "center", "trailing"])) }
            if random.chance(30) { element.set("distribution", random.pick(["fill", "fillEqually", "equalSpacing"])) }
        case "tableViewCell":
            if let reuseIdentifier, random.chance(90) { element.set("reuseIdentifier", reuseIdentifier) }
            if random.chance(40) { element.set("selectionStyle", random.pick(["none", "default"])) }
            if random.chance(30) {
                element.set("accessoryType", random.pick(["none", "disclosureIndicator", "checkmark"]))
            }
        default:
            break
        }
        if random.chance(20) { element.set("accessibilityIdentifier", "\(element.kind).\(random.int(in: 1...99))") }
    }

    /// Writes an element as people do: four-space indents, attributes wrapped under the first one past
    /// 110 columns, `<connections>` last.
    private func write(_ element: GeneratedElement, depth: Int, into text: inout String) {
        let indent = String(repeating: "    ", count: depth)
        var line = indent + "<" + element.kind
        let continuation = String(repeating: " ", count: line.count + 1)
        for (name, value) in element.attributes {
            let attribute = "\(name)=\"\(XMLText.escaped(value))\""
            if line.count + attribute.count + 1 > 110, line.contains("=") {
                text += line + "\n"
                line = continuation + attribute
            } else {
                line += " " + attribute
            }
        }
        if element.children.isEmpty, element.connections.isEmpty {
            text += line + "/>\n"
            return
        }
        text += line + ">\n"
        for child in element.children { write(child, depth: depth + 1, into: &text) }
        if !element.connections.isEmpty {
            text += indent + "    <connections>\n"
            for (property, destination) in element.connections {
                text += indent + "        <outlet property=\"\(property)\" destination=\"\(destination)\"/>\n"
            }
            text += indent + "    </connections>\n"
        }
        text += indent + "</" + element.kind + ">\n"
    }
}

/// `write(2)`, under a name that the generator's own `write(_:to:)` does not shadow.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
