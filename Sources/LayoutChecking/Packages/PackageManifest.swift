import LayoutKit

/// What `layout-check` takes from a local Swift package's `Package.swift`, read and never run: its
/// targets (name, kind, `path:`, `sources:`, `exclude:`, the dependencies it names), its products and the
/// local packages it depends on (`.package(path:)`).
///
/// The manifest is read from sourcekitd's syntactic structure of the file (the `Package(…)` call, whole:
/// every argument's label and range, every nested call), and the string literals from the file's bytes
/// at those ranges. A value the syntax does not show as a literal (a variable, a function's result, a
/// list built by a loop) is not guessed: the part it stands for is left to SwiftPM's defaults where there
/// is one (`Sources/<Target>`), and `notes` says what was not read.
package struct PackageManifest: Sendable, Equatable {
    /// A target of the manifest.
    package struct Target: Sendable, Equatable {
        /// `.target`, `.executableTarget`, `.testTarget`; other kinds (plugins, macros, binary and system
        /// library targets) hold no Interface Builder file and are not read.
        package enum Kind: String, Sendable, Equatable {
            case regular = "target"
            case executable = "executableTarget"
            case test = "testTarget"
        }

        package var name: String
        package var kind: Kind
        /// `path:`, relative to the package's folder; `nil` for SwiftPM's default.
        package var path: String?
        /// `sources:`, relative to the target's folder; `nil` for the whole folder.
        package var sources: [String]?
        /// `exclude:`, relative to the target's folder.
        package var exclude: [String] = []
        /// The names `dependencies:` lists.
        package var dependencies: [Dependency] = []
    }

    /// One entry of a target's `dependencies:`.
    package enum Dependency: Sendable, Equatable {
        /// `"Name"` or `.byName(name:)`: a target of the package, else a product of a dependency.
        case byName(String)
        /// `.target(name:)`.
        case target(String)
        /// `.product(name:package:)`.
        case product(name: String, package: String?)
    }

    /// A product of the manifest.
    package struct Product: Sendable, Equatable {
        package var name: String
        /// Its targets' names; `nil` when the manifest does not list them as literals.
        package var targets: [String]?
    }

    /// A local package the manifest depends on.
    package struct LocalPackage: Sendable, Equatable {
        /// `path:`, relative to the package's folder.
        package var path: String
        /// `name:`, when given (SwiftPM then names it so in `.product(name:package:)`).
        package var name: String?
    }

    /// `Package(name:)`.
    package var name: String?
    package var targets: [Target] = []
    package var products: [Product] = []
    package var localPackages: [LocalPackage] = []
    /// What the manifest builds in code the checker does not read, each said once.
    package var notes: [String] = []

    /// A manifest, or why the file could not be read as one.
    package enum Reading: Sendable, Equatable {
        case manifest(PackageManifest)
        case unreadable(String)
    }

    /// Reads a manifest from sourcekitd's filtered reply for it (a reply kept with the calls named
    /// `Package`, `SourceKit.Reply`) and the file's bytes.
    package static func read(_ reply: SourceKit.Reply, bytes: [UInt8]) -> Reading {
        guard case .structure(let lines) = SourceKit.answer(reply) else {
            if case .failure(let reason) = reply { return .unreadable(reason) }
            return .unreadable("sourcekitd's answer is not one the checker reads")
        }
        var calls: [StructureNode] = []
        let read = lines.forEachDeclaration { node in
            var pending = [node]
            while let next = pending.popLast() {
                if next.kind == "source.lang.swift.expr.call", next.name == "Package" {
                    calls.append(next)
                } else {
                    pending += next.children
                }
            }
        }
        guard read else { return .unreadable("sourcekitd's answer is not one the checker reads") }
        guard calls.count == 1, let call = calls.first else {
            return .unreadable(
                calls.isEmpty ? "it has no Package(…) call" : "it makes \(calls.count) Package(…) values")
        }
        var reader = ManifestReader(bytes: bytes)
        return .manifest(reader.package(call))
    }
}

/// Reads the arguments of the `Package(…)` call.
private struct ManifestReader {
    let bytes: [UInt8]
    var manifest = PackageManifest()

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func package(_ call: StructureNode) -> PackageManifest {
        for (label, argument) in arguments(of: call) {
            switch label {
            case "name": manifest.name = literal(argument)
            case "products": products(argument)
            case "dependencies": dependencies(argument)
            case "targets": targets(argument)
            default: continue
            }
        }
        return manifest
    }

    private mutating func products(_ argument: StructureNode) {
        guard let elements = array(argument, what: "its products") else { return }
        for case .call(let call) in elements {
            let arguments = arguments(of: call)
            guard let name = arguments.first(where: { $0.label == "name" }).flatMap({ literal($0.node) }) else {
                continue
            }
            var product = PackageManifest.Product(name: name, targets: nil)
            if let list = arguments.first(where: { $0.label == "targets" }) {
                product.targets = literals(list.node, what: "the targets of product '\(name)'")
            }
            manifest.products.append(product)
        }
    }

    private mutating func dependencies(_ argument: StructureNode) {
        guard let elements = array(argument, what: "its package dependencies") else { return }
        for case .call(let call) in elements where lastName(call) == "package" {
            let arguments = arguments(of: call)
            guard let path = arguments.first(where: { $0.label == "path" }) else { continue }
            guard let text = literal(path.node) else {
                note("the path of a local package dependency")
                continue
            }
            let name = arguments.first { $0.label == "name" }.flatMap { literal($0.node) }
            manifest.localPackages.append(PackageManifest.LocalPackage(path: text, name: name))
        }
    }

    private mutating func targets(_ argument: StructureNode) {
        guard let elements = array(argument, what: "its targets") else { return }
        for element in elements {
            guard case .call(let call) = element else {
                note("a target of its list")
                continue
            }
            let kindName = lastName(call)
            guard let kind = PackageManifest.Target.Kind(rawValue: kindName) else { continue }
            let arguments = arguments(of: call)
            guard let name = arguments.first(where: { $0.label == "name" }).flatMap({ literal($0.node) }) else {
                note("the name of a .\(kindName)")
                continue
            }
            var target = PackageManifest.Target(name: name, kind: kind)
            for (label, value) in arguments {
                switch label {
                case "path":
                    target.path = literal(value)
                    if target.path == nil { note("the path of target '\(name)'") }
                case "sources": target.sources = literals(value, what: "the sources of target '\(name)'")
                case "exclude": target.exclude = literals(value, what: "what target '\(name)' excludes") ?? []
                case "dependencies": target.dependencies = targetDependencies(value, of: name)
                default: continue
                }
            }
            manifest.targets.append(target)
        }
    }

    private mutating func targetDependencies(_ value: StructureNode, of target: String) -> [PackageManifest.Dependency]
    {
        guard let elements = array(value, what: "the dependencies of target '\(target)'") else { return [] }
        var result: [PackageManifest.Dependency] = []
        for element in elements {
            switch element {
            case .literal(let name): result.append(.byName(name))
            case .other: note("a dependency of target '\(target)'")
            case .call(let call):
                let arguments = arguments(of: call)
                let name = arguments.first { $0.label == "name" }.flatMap { literal($0.node) }
                guard let name else { continue }
                switch lastName(call) {
                case "target": result.append(.target(name))
                case "byName": result.append(.byName(name))
                case "product":
                    let package = arguments.first { $0.label == "package" }.flatMap { literal($0.node) }
                    result.append(.product(name: name, package: package))
                default: continue
                }
            }
        }
        return result
    }

    // MARK: The syntax

    /// One element of an array literal.
    enum Element {
        case literal(String)
        case call(StructureNode)
        /// Anything else: a variable, a concatenation, a call of a function.
        case other
    }

    /// `.target` → `target`.
    private func lastName(_ call: StructureNode) -> String {
        (call.name ?? "").split(separator: ".").last.map(String.init) ?? ""
    }

    /// A call's arguments with their labels, in order.
    private func arguments(of call: StructureNode) -> [(label: String?, node: StructureNode)] {
        call.children.filter { $0.kind == "source.lang.swift.expr.argument" }.map { ($0.name, $0) }
    }

    /// The bytes of a node's value: an argument's after its label, an array's between its brackets.
    private func body(_ node: StructureNode) -> Range<Int>? {
        guard let offset = node.bodyOffset ?? node.offset, let length = node.bodyLength ?? node.length,
            offset >= 0, length >= 0, offset <= bytes.count, length <= bytes.count - offset
        else { return nil }
        return offset..<offset + length
    }

    /// An argument's value when it is one plain string literal (no escapes, no interpolation).
    private func literal(_ argument: StructureNode) -> String? {
        guard let range = body(argument) else { return nil }
        var index = range.lowerBound
        skipSpace(&index, end: range.upperBound)
        guard let text = stringLiteral(&index, end: range.upperBound) else { return nil }
        skipSpace(&index, end: range.upperBound)
        return index == range.upperBound ? text : nil
    }

    /// An argument's array literal of string literals; `nil`, and a note, when it is anything else.
    private mutating func literals(_ argument: StructureNode, what: String) -> [String]? {
        guard let elements = array(argument, what: what) else { return nil }
        var result: [String] = []
        for element in elements {
            guard case .literal(let text) = element else {
                note(what)
                return nil
            }
            result.append(text)
        }
        return result
    }

    /// The elements of an argument's array literal; `nil`, and a note, when its value is not one.
    private mutating func array(_ argument: StructureNode, what: String) -> [Element]? {
        guard let array = argument.children.first(where: { $0.kind == "source.lang.swift.expr.array" }),
            let range = body(array), let whole = body(argument),
            array.offset == whole.lowerBound, array.length == whole.count
        else {
            note(what)
            return nil
        }
        // The nested calls by where they start; what lies between them is read from the bytes.
        let calls = Dictionary(
            array.children.compactMap { child in child.offset.map { ($0, child) } },
            uniquingKeysWith: { first, _ in first })
        var elements: [Element] = []
        var index = range.lowerBound
        while true {
            skipSpace(&index, end: range.upperBound)
            guard index < range.upperBound else { break }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            let start = index
            var element = Element.other
            if let call = calls[start], call.kind == "source.lang.swift.expr.call", let length = call.length,
                length > 0
            {
                index = min(start + length, range.upperBound)
                element = .call(call)
            } else if let text = stringLiteral(&index, end: range.upperBound) {
                element = .literal(text)
            }
            // Whatever follows an element before its comma (`+ more`, `.map { … }`) makes it another thing.
            skipSpace(&index, end: range.upperBound)
            if index < range.upperBound, bytes[index] != UInt8(ascii: ",") {
                element = .other
                skipElement(&index, end: range.upperBound)
            }
            elements.append(element)
        }
        return elements
    }

    /// A plain string literal at `index`, which moves past it; `nil` (and `index` where it was) otherwise.
    private func stringLiteral(_ index: inout Int, end: Int) -> String? {
        guard index < end, bytes[index] == UInt8(ascii: "\"") else { return nil }
        var cursor = index + 1
        while cursor < end {
            switch bytes[cursor] {
            case UInt8(ascii: "\""):
                guard cursor > index + 1 || cursor + 1 >= end || bytes[cursor + 1] != UInt8(ascii: "\"") else {
                    return nil
                }
                let text = String(decoding: bytes[(index + 1)..<cursor], as: UTF8.self)
                index = cursor + 1
                return text
            case UInt8(ascii: "\\"), UInt8(ascii: "\n"): return nil
            default: cursor += 1
            }
        }
        return nil
    }

    /// Moves past spaces, line breaks and comments.
    private func skipSpace(_ index: inout Int, end: Int) {
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
                || byte == UInt8(ascii: "\r")
            {
                index += 1
            } else if byte == UInt8(ascii: "/"), index + 1 < end, bytes[index + 1] == UInt8(ascii: "/") {
                while index < end, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            } else if byte == UInt8(ascii: "/"), index + 1 < end, bytes[index + 1] == UInt8(ascii: "*") {
                index += 2
                while index + 1 < end, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) {
                    index += 1
                }
                index = min(index + 2, end)
            } else {
                return
            }
        }
    }

    /// Moves to the comma that ends the element at `index` (brackets, parentheses and strings skipped).
    private func skipElement(_ index: inout Int, end: Int) {
        var depth = 0
        var inString = false
        while index < end {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") {
                    index += 1
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
                depth += 1
            } else if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
                depth -= 1
            } else if byte == UInt8(ascii: ","), depth <= 0 {
                return
            }
            index += 1
        }
    }

    private mutating func note(_ what: String) {
        let text = "\(what): not written as literals, so not read"
        if !manifest.notes.contains(text) { manifest.notes.append(text) }
    }
}
