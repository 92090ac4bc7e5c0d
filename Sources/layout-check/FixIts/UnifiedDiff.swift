/// A file's fix-its as a unified diff (`diff -u`, with `a/` and `b/` before the path as git writes it),
/// three lines of context around each change. Lines end where the file's LF does; a CR before it stays
/// part of the line, so a CRLF file's diff applies back to it.
enum UnifiedDiff {
    static let context = 3

    static func diff(path: String, old: [UInt8], new: [UInt8]) -> String {
        let oldLines = lines(old)
        let newLines = lines(new)
        // The lines that differ lie between the common start and the common end, found per hunk below by
        // walking both from each end; fix-its change few lines, so the whole is near-linear.
        var prefix = 0
        while prefix < oldLines.count, prefix < newLines.count, oldLines[prefix] == newLines[prefix] { prefix += 1 }
        if prefix == oldLines.count && prefix == newLines.count { return "" }
        var suffix = 0
        while suffix < oldLines.count - prefix, suffix < newLines.count - prefix,
            oldLines[oldLines.count - 1 - suffix] == newLines[newLines.count - 1 - suffix]
        {
            suffix += 1
        }
        // Within the changed stretch, edits keep the line count of each changed line (an attribute's value
        // lies on one line) unless they remove or add line breaks: pair lines up while the counts allow,
        // and split into hunks where a run of equal lines is long enough.
        let oldEnd = oldLines.count - suffix
        let newEnd = newLines.count - suffix
        var output = "--- a/\(path)\n+++ b/\(path)\n"
        if oldEnd - prefix == newEnd - prefix {
            // Line for line: a hunk per group of changed lines closer than twice the context.
            var changed: [Int] = []
            for index in prefix..<oldEnd where oldLines[index] != newLines[index] { changed.append(index) }
            var start = 0
            while start < changed.count {
                var end = start
                while end + 1 < changed.count, changed[end + 1] - changed[end] <= 2 * context { end += 1 }
                let from = max(0, changed[start] - context)
                let to = min(oldLines.count, changed[end] + context + 1)
                output += "@@ -\(range(from, to - from)) +\(range(from, to - from)) @@\n"
                var index = from
                while index < to {
                    if oldLines[index] == newLines[index] {
                        output += line(" ", oldLines[index])
                    } else {
                        output += line("-", oldLines[index])
                        output += line("+", newLines[index])
                    }
                    index += 1
                }
                start = end + 1
            }
        } else {
            // One hunk over the whole changed stretch.
            let from = max(0, prefix - context)
            let oldTo = min(oldLines.count, oldEnd + context)
            let newTo = newEnd + (oldTo - oldEnd)
            output += "@@ -\(range(from, oldTo - from)) +\(range(from, newTo - from)) @@\n"
            for index in from..<prefix { output += line(" ", oldLines[index]) }
            for index in prefix..<oldEnd { output += line("-", oldLines[index]) }
            for index in prefix..<newEnd { output += line("+", newLines[index]) }
            for index in oldEnd..<oldTo { output += line(" ", oldLines[index]) }
        }
        return output
    }

    /// `start,count` as a hunk header writes it: 1-based, and the line before for no lines.
    private static func range(_ start: Int, _ count: Int) -> String {
        count == 0 ? "\(start),0" : "\(start + 1),\(count)"
    }

    private static func line(_ marker: String, _ bytes: ArraySlice<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        return bytes.last == UInt8(ascii: "\n")
            ? marker + text : marker + text + "\n\\ No newline at end of file\n"
    }

    /// The lines of a file, each with its LF.
    private static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var result: [ArraySlice<UInt8>] = []
        var start = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            result.append(bytes[start...index])
            start = index + 1
        }
        if start < bytes.count { result.append(bytes[start...]) }
        return result
    }
}
