extension ClassCatalog {
    /// One way two catalogs disagree about a class or one of its members.
    public struct Difference: Hashable, Sendable, CustomStringConvertible {
        /// The class it is about: `Module.Name`, or the plain name of a class declared without a module.
        public let className: String
        /// The member it is about, when it is about one.
        let member: MemberKey?
        /// One sentence naming the class, the member and what each side says.
        public let description: String
        /// Where this catalog declares the member, or else the class, the difference is about: in a
        /// catalog read from class schema files, the line to change. `nil` when this catalog does not
        /// declare it or was not read from files.
        public let location: SourceLocation?

        /// The outlet it is about, when it is about one.
        public var outletName: String? { member?.kind == .outlet ? member?.name : nil }
    }

    /// Every way this catalog and `other` disagree about their declared classes: a class only one side
    /// has, a different module or base, a member (an outlet, action or property) only one side declares,
    /// a different member type, optionality or enum values.
    ///
    /// Built-in classes are not compared. Members are compared on the class that declares them, so an
    /// outlet moved from a class to its base is a difference even though both still inherit it. Only
    /// what a class schema can say is compared: never how a registry's member is applied.
    /// Classes pair up by `Module.Name`; a class left over on each side with the same plain name pairs
    /// up too, and its module is reported as the difference.
    /// - Parameters:
    ///   - other: The catalog to compare this one with.
    ///   - name: What the sentences call this catalog, e.g. `"Schemas/"`.
    ///   - otherName: What the sentences call `other`, e.g. `"the registry"`.
    /// - Returns: The differences ordered by class, one sentence each; empty when the catalogs agree.
    public func differences(
        from other: ClassCatalog, named name: String = "this catalog",
        otherNamed otherName: String = "the other catalog"
    ) -> [Difference] {
        let mine = classes.values.filter { $0.builtIn == nil }
        let theirs = other.classes.values.filter { $0.builtIn == nil }
        var leftMine = Dictionary(uniqueKeysWithValues: mine.map { ($0.key, $0) })
        var leftTheirs = Dictionary(uniqueKeysWithValues: theirs.map { ($0.key, $0) })
        var pairs: [(mine: ClassEntry, theirs: ClassEntry)] = []
        for entry in mine {
            if let match = leftTheirs.removeValue(forKey: entry.key) {
                leftMine[entry.key] = nil
                pairs.append((entry, match))
            }
        }
        for entry in Array(leftMine.values) {
            let mineNamed = leftMine.values.filter { $0.name == entry.name }
            let theirsNamed = leftTheirs.values.filter { $0.name == entry.name }
            if mineNamed.count == 1, theirsNamed.count == 1, let match = theirsNamed.first {
                leftMine[entry.key] = nil
                leftTheirs[match.key] = nil
                pairs.append((entry, match))
            }
        }
        // A key of this catalog as `other` spells the same class.
        let translation = Dictionary(uniqueKeysWithValues: pairs.map { ($0.mine.key, $0.theirs.key) })
        func translated(_ key: String) -> String { translation[key] ?? key }

        var found: [Difference] = []
        func report(_ className: String, _ declared: ClassEntry?, member: MemberKey? = nil, _ sentence: String) {
            let declaration = member.flatMap { key in declared?.members.first { $0.key == key } }
            found.append(
                Difference(
                    className: className, member: member, description: sentence,
                    location: declaration?.location ?? declared?.location))
        }
        for entry in leftMine.values {
            report(entry.key, entry, "class '\(entry.key)' is in \(name) but not in \(otherName)")
        }
        for entry in leftTheirs.values {
            report(entry.key, nil, "class '\(entry.key)' is in \(otherName) but not in \(name)")
        }
        for (mineEntry, theirsEntry) in pairs {
            let className = mineEntry.module != nil ? mineEntry.key : theirsEntry.key
            let subject = "class '\(className)'"
            if mineEntry.module != theirsEntry.module {
                func module(_ module: String?) -> String { module.map { "module '\($0)'" } ?? "no module" }
                report(
                    className, mineEntry,
                    "\(subject) has \(module(mineEntry.module)) in \(name) but \(module(theirsEntry.module)) in \(otherName)"
                )
            }
            if mineEntry.base.map(translated) != theirsEntry.base {
                func base(_ key: String?) -> String { key.map { "base '\($0)'" } ?? "no base" }
                report(
                    className, mineEntry,
                    "\(subject) has \(base(mineEntry.base)) in \(name) but \(base(theirsEntry.base)) in \(otherName)")
            }
            let theirMembers = Dictionary(
                theirsEntry.members.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
            for member in mineEntry.members {
                let memberSubject = "\(member.key) of \(subject)"
                guard let match = theirMembers[member.key] else {
                    report(
                        className, mineEntry, member: member.key,
                        "\(memberSubject) is in \(name) but not in \(otherName)")
                    continue
                }
                let sameType =
                    if let type = member.type, let matchType = match.type {
                        translated(type) == matchType
                    } else {
                        member.type == nil && match.type == nil && member.typeName == match.typeName
                    }
                if !sameType {
                    report(
                        className, mineEntry, member: member.key,
                        "\(memberSubject) has type '\(member.type ?? member.typeName)' in \(name) "
                            + "but '\(match.type ?? match.typeName)' in \(otherName)")
                }
                if member.values != match.values {
                    report(
                        className, mineEntry, member: member.key,
                        "\(memberSubject) accepts '\(member.values.joined(separator: " "))' in \(name) "
                            + "but '\(match.values.joined(separator: " "))' in \(otherName)")
                }
                if member.isOptional != match.isOptional {
                    func optionality(_ isOptional: Bool) -> String { isOptional ? "optional" : "required" }
                    report(
                        className, mineEntry, member: member.key,
                        "\(memberSubject) is \(optionality(member.isOptional)) in \(name) "
                            + "but \(optionality(match.isOptional)) in \(otherName)")
                }
            }
            let myKeys = Set(mineEntry.members.map(\.key))
            for member in theirsEntry.members where !myKeys.contains(member.key) {
                report(
                    className, mineEntry, member: member.key,
                    "\(member.key) of \(subject) is in \(otherName) but not in \(name)")
            }
        }
        // Grouped by class, in the order each class's differences were found.
        return found.enumerated()
            .sorted { ($0.element.className, $0.offset) < ($1.element.className, $1.offset) }
            .map(\.element)
    }
}
