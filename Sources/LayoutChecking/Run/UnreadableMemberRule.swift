import LayoutKit

/// `unreadable-member`: each element of a Swift class's `outlets`/`actions`/`properties` array literal that
/// the checker cannot read as an entry, at the entry, naming it. Such an entry makes its class open, as a
/// list a helper builds does; unlike that deliberate choice (`open-class`, off by default), an entry
/// written as an entry but not read as one is most likely a spelling the checker does not know, and hiding
/// it would let a renamed member pass every check. A list built by code around the literal
/// (`super.outlets + made()`) is not reported here.
struct UnreadableMemberRule: RunRule {
    let id = RuleID.unreadableMember

    func findings(_ facts: inout RunFacts) -> [RunFinding] {
        guard facts.swiftCatalog != nil, let model = facts.model else { return [] }
        var seen: Set<SourceLocation> = []
        var found: [RunFinding] = []
        for (_, declarations) in model.files {
            for type in declarations.types {
                for list in type.memberLists {
                    for entry in list.unreadEntries where seen.insert(entry.location).inserted {
                        found.append(
                            RunFinding(
                                Diagnostic(
                                    rule: id, severity: .warning, message: Self.message(entry, in: type),
                                    location: entry.location)))
                    }
                }
            }
        }
        return found
    }

    static func message(_ entry: SwiftUnreadEntry, in type: SwiftTypeDeclaration) -> String {
        let kinds = "\(entry.kind.plural)"
        let spellings =
            switch entry.kind {
            case .outlet: "Outlet(\"name\", \\T.property) or .mainActor(\"name\", \\T.property)"
            case .action: "Action(\"name\", T.method) or .mainActor(\"name\", T.method)"
            case .property: "Property(\"name\", \\T.property)"
            }
        return "the checker cannot read '\(entry.text)' in the \(kinds) of '\(type.name)', so '\(type.name)' is open "
            + "and no rule checks its \(kinds); write it \(spellings), with the name a string literal"
    }
}
