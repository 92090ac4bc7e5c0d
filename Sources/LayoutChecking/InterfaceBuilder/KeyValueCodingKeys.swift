import LayoutKit

/// The step between a nib's connections and the rules that a format decides, as the class step is: which
/// member an outlet connection's key sets at run time.
///
/// UIKit connects an outlet with `setValue(_:forKey:)`, and key-value coding looks, in order, for a setter
/// `set<Key>:`, then `_set<Key>:` (`<Key>` is the key with its first letter capitalised), then, when the
/// class allows it (`accessInstanceVariablesDirectly`, `true` by default), the instance variables `_<key>`,
/// `_is<Key>`, `<key>`, `is<Key>`. For a Swift class only the setters can answer a key the class does not
/// declare under that very name:
/// - an `@IBOutlet var noGroupsButton` is `@objc`, so it has the setter `setNoGroupsButton:`, which the key
///   `NoGroupsButton` finds as well as `noGroupsButton` does;
/// - an `@objc` method `setFooter(_:)` or `_setFooter(_:)` answers the key `footer`;
/// - a Swift stored property's instance variable carries the property's own name (never `_name`) and an
///   empty type encoding, which key-value coding's instance-variable setter does not handle (it switches on
///   the encoding's first character), so the instance-variable steps set nothing in a Swift class.
///
/// A connection that works only through this lookup is no crash: it is connected (to the outlet it sets,
/// for `unconnected-outlet`), and it is reported as an `unknown-outlet` *warning* that says how it works, with
/// a fix-it that writes the outlet's own name where there is one.
struct KeyValueCodingKeys {
    let catalog: ClassCatalog

    /// The key with its first letter capitalised, as key-value coding forms `set<Key>:`; `nil` when the
    /// first character is not an ASCII letter (no other key is read as this one then).
    static func capitalised(_ key: String) -> String? {
        guard let first = key.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return nil }
        return first.properties.uppercaseMapping + key.unicodeScalars.dropFirst().map(String.init).joined()
    }

    /// What a key that names no outlet of the class sets at run time: an outlet whose setter the key finds,
    /// or an `@objc` setter method; `nil` when nothing does (an `unknown-outlet` error stays one).
    enum Answer: Equatable {
        case outlet(String)
        case method(String)
    }

    /// What key-value coding can find on a class, by name: its outlets (inherited ones included, the
    /// nearest class's first), each by its capitalised name, and its `@objc` selectors.
    struct Setters {
        var outlets: Set<String> = []
        var outletByCapitalised: [String: String] = [:]
        var selectors: Set<String> = []
        var declarations: [MemberKey: SourceLocation] = [:]

        init(_ lineage: [ClassCatalog.ClassEntry]) {
            for member in lineage.lazy.flatMap(\.members) {
                switch member.kind {
                case .outlet:
                    outlets.insert(member.name)
                    if let capitalised = KeyValueCodingKeys.capitalised(member.name),
                        outletByCapitalised[capitalised] == nil
                    {
                        outletByCapitalised[capitalised] = member.name
                    }
                case .action: selectors.insert(member.name)
                default: continue
                }
                if declarations[member.key] == nil, let location = member.location, !location.file.isEmpty {
                    declarations[member.key] = location
                }
            }
        }

        /// What `key` sets, when the class declares no outlet of that name.
        func answer(_ key: String) -> Answer? {
            guard !outlets.contains(key), let capitalised = KeyValueCodingKeys.capitalised(key) else { return nil }
            if let outlet = outletByCapitalised[capitalised] { return .outlet(outlet) }
            return ["set\(capitalised):", "_set\(capitalised):"].first(where: selectors.contains).map(Answer.method)
        }
    }

    /// Rewrites, in place, each outlet connection of an app class's object whose key names no outlet but
    /// which key-value coding answers: to the outlet it sets, or (a setter method, no outlet) out of what the
    /// rules judge. Returns the warning each one is, at its `<outlet>`.
    func resolve(
        _ document: inout InterfaceBuilderDocument, classKeys: [String?], file: String, bytes: [UInt8]
    ) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        var fixSource: FixItSource?
        var setters: [String: Setters] = [:]
        for index in document.objects.indices {
            guard let classKey = classKeys[index], let entry = catalog.classes[classKey],
                entry.module != InterfaceBuilderClasses.uiKit,
                !catalog.lineage(of: classKey).contains(where: { $0.openReason != nil })
            else { continue }
            let connections = document.objects[index].connections
            guard connections.contains(where: { $0.kind != .action }) else { continue }
            if setters[classKey] == nil { setters[classKey] = Setters(catalog.lineage(of: classKey)) }
            guard let found = setters[classKey] else { continue }
            var kept: [ExternalDocument.Connection] = []
            for var connection in connections {
                guard connection.kind != .action, let answer = found.answer(connection.name) else {
                    kept.append(connection)
                    continue
                }
                let written = connection.name
                let location = SourceLocation(file: file, line: connection.line, column: connection.column)
                let position = SourcePosition(
                    file: .main, offset: connection.offset, line: connection.line, column: connection.column)
                switch answer {
                case .outlet(let name):
                    connection.name = name
                    kept.append(connection)
                    if fixSource == nil { fixSource = FixItSource(file: file, bytes: bytes) }
                    let fixIt = fixSource?.replacing(written, with: name, inAttribute: "property", at: position)
                    let declared = found.declarations[MemberKey(kind: .outlet, name: name)]
                    warnings.append(
                        Diagnostic(
                            rule: .unknownOutlet, severity: .warning,
                            message: "\(classKey) has no outlet named '\(written)', but it connects at run time: "
                                + "key-value coding looks for set<Key>: and finds "
                                + "set\(Self.capitalised(written) ?? written):, the setter of the outlet '\(name)'; "
                                + "write '\(name)'",
                            location: location,
                            notes: declared.map {
                                [Diagnostic.Note(message: "outlet '\(name)' is declared here", location: $0)]
                            }
                                ?? [],
                            fixIts: fixIt.map { [$0] } ?? []))
                case .method(let selector):
                    let declared = found.declarations[MemberKey(kind: .action, name: selector)]
                    warnings.append(
                        Diagnostic(
                            rule: .unknownOutlet, severity: .warning,
                            message: "\(classKey) has no outlet named '\(written)', but it connects at run time: "
                                + "key-value coding looks for set<Key>: and _set<Key>: and calls its @objc "
                                + "method \(selector), which Interface Builder does not show as an outlet",
                            location: location,
                            notes: declared.map {
                                [Diagnostic.Note(message: "\(selector) is declared here", location: $0)]
                            }
                                ?? []))
                }
            }
            document.objects[index].connections = kept
        }
        return warnings
    }
}
