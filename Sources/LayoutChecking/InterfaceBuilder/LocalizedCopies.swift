import LayoutKit

/// Localized copies of one Interface Builder file — `Base.lproj/Main.storyboard`, `fr.lproj/Main.storyboard`
/// — repeat its connections, so they repeat its findings. A finding of a copy that the base file has too
/// (same rule, same message) is reported once, at the base file, with a note at each copy; a copy's own
/// finding stays where it is.
package enum LocalizedCopies {
    /// `diagnostics` with each copy's repeat of a base file's finding folded into that finding's notes.
    /// Linear in the diagnostics: one grouping pass, one dictionary lookup per copy's finding.
    package static func fold(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        // The files of each localized group, by the path with its `xx.lproj` folder left out.
        var groups: [String: Set<String>] = [:]
        for diagnostic in diagnostics {
            guard let file = diagnostic.sourceLocation?.file, let key = groupKey(of: file) else { continue }
            groups[key, default: []].insert(file)
        }
        var base: [String: String] = [:]
        for (key, files) in groups where files.count > 1 {
            base[key] = files.first { $0.contains("/Base.lproj/") || $0.hasPrefix("Base.lproj/") } ?? files.min()
        }
        guard !base.isEmpty else { return diagnostics }

        struct Finding: Hashable {
            var file: String
            var rule: RuleID
            var message: String
        }
        var atBase: [Finding: Int] = [:]
        for index in diagnostics.indices {
            guard let file = diagnostics[index].sourceLocation?.file, let key = groupKey(of: file), base[key] == file
            else { continue }
            let finding = Finding(file: file, rule: diagnostics[index].rule, message: diagnostics[index].message)
            if atBase[finding] == nil { atBase[finding] = index }
        }
        var result = diagnostics
        var folded = Set<Int>()
        for index in diagnostics.indices {
            guard let location = diagnostics[index].sourceLocation, let key = groupKey(of: location.file),
                let baseFile = base[key], baseFile != location.file,
                let target = atBase[
                    Finding(file: baseFile, rule: diagnostics[index].rule, message: diagnostics[index].message)]
            else { continue }
            result[target].notes.append(
                Diagnostic.Note(message: "repeated in this localized copy", location: location))
            folded.insert(index)
        }
        return result.indices.filter { !folded.contains($0) }.map { result[$0] }
    }

    /// `Views/fr.lproj/Main.storyboard` → `Views/*.lproj/Main.storyboard`; `nil` outside an `.lproj` folder.
    static func groupKey(of file: String) -> String? {
        var parts = file.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[parts.count - 2].hasSuffix(".lproj") else { return nil }
        parts[parts.count - 2] = "*.lproj"
        return parts.joined(separator: "/")
    }
}
