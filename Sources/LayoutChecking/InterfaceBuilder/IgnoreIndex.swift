import LayoutKit

/// A configuration's `<ignore>`s arranged so that a file meets only those that can apply to it, and a
/// finding only those of its rule and its element: 50,000 ignores × 800 storyboards took 39 s and 892 MB
/// when each ignore's pattern was matched against each file, and each finding looked at every ignore of its
/// file.
///
/// Patterns are matched as `PathPatternSet` matches `<exclude>`s: each distinct pattern once per file, one
/// without wildcards by a dictionary lookup, one with a plain name among its parts only on paths that hold
/// that name. The order of the ignores is kept: where two could silence a finding, the first one written is
/// the one marked used.
struct IgnoreIndex: Sendable {
    /// Ignores of a declaration, by rule and `Class.outlet`: the first written.
    private var declarations: [RuleID: [String: Int]] = [:]
    /// Patterns without wildcards, by the names of the path they match, with the ignores that use them.
    private var literal: [[[Unicode.Scalar]]: [Int]] = [:]
    /// Patterns with a plain name among their parts, by that name.
    private var byName: [[Unicode.Scalar]: [(pattern: PathPattern, ignores: [Int])]] = [:]
    /// Patterns of wildcards alone.
    private var others: [(pattern: PathPattern, ignores: [Int])] = []

    init(_ ignores: [CheckConfiguration.Ignore]) {
        var grouped: [PathPattern: [Int]] = [:]
        var order: [PathPattern] = []
        for (index, ignore) in ignores.enumerated() {
            if let declaration = ignore.declaration {
                if declarations[ignore.rule]?[declaration] == nil {
                    declarations[ignore.rule, default: [:]][declaration] = index
                }
            } else if let pattern = ignore.file {
                if grouped[pattern] == nil { order.append(pattern) }
                grouped[pattern, default: []].append(index)
            }
        }
        for pattern in order {
            let indices = grouped[pattern] ?? []
            if let names = pattern.literalNames {
                literal[names, default: []] += indices
            } else if let name = pattern.requiredName {
                byName[name, default: []].append((pattern, indices))
            } else {
                others.append((pattern, indices))
            }
        }
    }

    /// The first ignore of `rule` about `declaration`.
    func ignore(of rule: RuleID, declaration: String) -> Int? {
        declarations[rule]?[declaration]
    }

    /// The ignores whose `file` matches `relative` (a path relative to the configuration's folder), in the
    /// order written, and how many patterns were tried on it (the test's measure of the work).
    func applicable(to relative: String) -> (ignores: [Int], patternsTried: Int) {
        let names = PathPattern.names(of: relative)
        var found = literal[names] ?? []
        var tried = 0
        var looked: Set<[Unicode.Scalar]> = []
        for name in names where looked.insert(name).inserted {
            for candidate in byName[name] ?? [] {
                tried += 1
                if candidate.pattern.matches(relative) { found += candidate.ignores }
            }
        }
        for candidate in others {
            tried += 1
            if candidate.pattern.matches(relative) { found += candidate.ignores }
        }
        return (found.sorted(), tried)
    }
}

/// The ignores that apply to one file, by rule and element id: a finding looks up the ids around it.
struct FileIgnores {
    /// For each rule, the first ignore of each object id.
    private var byObject: [RuleID: [String: Int]] = [:]

    init(_ indices: [Int], of ignores: [CheckConfiguration.Ignore]) {
        for index in indices {
            let ignore = ignores[index]
            guard let object = ignore.object, byObject[ignore.rule]?[object] == nil else { continue }
            byObject[ignore.rule, default: [:]][object] = index
        }
    }

    /// Whether any ignore of `rule` applies to the file.
    func has(_ rule: RuleID) -> Bool { byObject[rule] != nil }

    /// The first ignore of `rule` at one of `ids`.
    func ignore(of rule: RuleID, at ids: [String]) -> Int? {
        guard let objects = byObject[rule] else { return nil }
        return ids.compactMap { objects[$0] }.min()
    }
}
