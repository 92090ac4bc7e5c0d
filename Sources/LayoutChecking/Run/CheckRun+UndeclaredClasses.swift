import LayoutKit

extension CheckRun {
    /// How `unknown-class` begins when no Swift file the unit sees declares a `customClass`.
    static let undeclaredClass = "no Swift file declares the class '"

    /// The `unknown-class` findings of each unit, told where the class is declared when a Swift file the
    /// unit does not see declares it: a file of a target the unit's target neither is nor depends on, or a
    /// file no target compiles (`Inputs.swiftOutsideTargets`, read only when such a finding is there). The
    /// finding stays what it is (no target that builds the file has the class); its message says why.
    ///
    /// - Parameter units: The range of `diagnostics` each unit's check added, with the indices of the Swift
    ///   files it saw.
    func placingUndeclaredClasses(
        _ diagnostics: inout [Diagnostic], units: [(range: Range<Int>, visible: Set<Int>)], swift: Swift
    ) {
        let needed = Set(diagnostics.compactMap(Self.undeclaredName))
        guard !needed.isEmpty else { return }
        var inRun: [String: [(index: Int, location: SourceLocation)]] = [:]
        for (index, file) in swift.files.enumerated() {
            for type in file.declarations.types where type.kind == .class && needed.contains(simpleName(type.name)) {
                inRun[simpleName(type.name), default: []].append((index, type.location))
            }
        }
        var outside: [String: SourceLocation]?
        for unit in units {
            for index in unit.range {
                guard let name = Self.undeclaredName(diagnostics[index]) else { continue }
                if let declared = inRun[name]?.first(where: { !unit.visible.contains($0.index) }) {
                    diagnostics[index] = Self.placing(
                        diagnostics[index], name, at: declared.location,
                        "which this file's target neither compiles nor depends on a target that compiles")
                } else {
                    if outside == nil { outside = classesOutsideTargets(needed) }
                    guard let location = outside?[name] else { continue }
                    diagnostics[index] = Self.placing(
                        diagnostics[index], name, at: location, "which no target compiles")
                }
            }
        }
    }

    /// The class name of an `unknown-class` finding that says no Swift file declares it.
    private static func undeclaredName(_ diagnostic: Diagnostic) -> String? {
        guard diagnostic.rule == .unknownClass, diagnostic.message.hasPrefix(undeclaredClass) else { return nil }
        let rest = diagnostic.message.dropFirst(undeclaredClass.count)
        guard let end = rest.firstIndex(of: "'") else { return nil }
        return simpleName(String(rest[..<end]))
    }

    /// The finding, saying where the class is declared and why that file does not count, with a note there.
    private static func placing(
        _ diagnostic: Diagnostic, _ name: String, at location: SourceLocation, _ why: String
    ) -> Diagnostic {
        var placed = diagnostic
        let file = location.file.split(separator: "/").last.map(String.init) ?? location.file
        let rest = diagnostic.message.dropFirst(undeclaredClass.count)
        // `X' of this <element>`, then perhaps `; did you mean …`: the class is there, so no other name is
        // the fix, and a fix-it writing one would break the targets that do compile it.
        let clause = rest.firstIndex(of: ";").map { rest[..<$0] } ?? rest
        placed.message =
            "no Swift file that a target building this file compiles declares the class '\(clause): it is "
            + "declared in \(file), \(why)"
        placed.fixIts = []
        placed.notes.insert(
            Diagnostic.Note(message: "class '\(name)' is declared here, \(why)", location: location), at: 0)
        return placed
    }

    /// Where the Swift files no target compiles declare each of `names` as a class (a word scan of their
    /// text: `class Name`); the first place found for each.
    private func classesOutsideTargets(_ names: Set<String>) -> [String: SourceLocation] {
        guard var search = inputs.swiftOutsideTargets else { return [:] }
        var found: [String: SourceLocation] = [:]
        while let file = search.next(), found.count < names.count {
            guard case .bytes(let bytes) = file.contents() else { continue }
            let declared = SwiftDeclarations.declaredNames(in: bytes).intersection(names)
            guard !declared.isEmpty else { continue }
            let text = String(decoding: bytes, as: UTF8.self)
            for name in declared where found[name] == nil {
                guard let match = text.firstMatch(of: Regex<Substring>(verbatim: "class \(name)")) else { continue }
                let line = text[..<match.range.lowerBound].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
                found[name] = SourceLocation(file: file.displayPath, line: line, column: 1)
            }
        }
        return found
    }
}
