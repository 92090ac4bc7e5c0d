import LayoutKit

/// The fix-its of a run, as `--fix` applies them: each file's edits in order, none overlapping.
///
/// A fix-it is applied whole or not at all. An edit that several fix-its make alike (two unused names of
/// one `lk:ignore` each removing the whole attribute) is made once. Two edits that overlap otherwise make
/// a guess of which to keep: the fix-its of both are skipped, each with a note, and their findings stay.
struct FixPlan: Sendable {
    /// One file's edits, by offset, and the digest of the bytes the rules read.
    struct FileEdits: Sendable {
        var file: String
        var edits: [FixIt.Edit]
        /// `nil` when some fix-it had no digest to give: such a file is not written.
        var checkedDigest: UInt64?
        /// How many fix-its edit it.
        var fixItCount = 0
    }

    var files: [FileEdits] = []
    /// Why fix-its were left out, one line each, for standard error.
    var notes: [String] = []
    /// How many fix-its are in the plan.
    var fixItCount = 0

    init(_ diagnostics: [Diagnostic]) {
        // Every fix-it with where its finding is, for the notes. A finding with two fix-its offers a
        // choice, not a repair.
        let fixIts = diagnostics.compactMap { diagnostic -> (fixIt: FixIt, place: String)? in
            guard diagnostic.fixIts.count == 1, let fixIt = diagnostic.fixIts.first, !fixIt.edits.isEmpty else {
                return nil
            }
            return (fixIt, diagnostic.sourceLocation?.description ?? "layout-check")
        }
        let distinct = Self.distinctEdits(fixIts.map(\.fixIt))
        let edits = distinct.edits
        let order = edits.indices.sorted { left, right in
            (edits[left].file, edits[left].byteRange.lowerBound, edits[left].byteRange.upperBound)
                < (edits[right].file, edits[right].byteRange.lowerBound, edits[right].byteRange.upperBound)
        }
        let skipped = skipOverlaps(edits, in: order, makers: distinct.makers, places: fixIts.map(\.place))
        // What is left, by file. A fix-it with an edit skipped is skipped whole.
        let kept = fixIts.indices.filter { !skipped.contains($0) }
        fixItCount = kept.count
        var byFile: [String: FileEdits] = [:]
        var fileOrder: [String] = []
        var keptEdits = Set<Int>()
        for number in kept {
            for edit in fixIts[number].fixIt.edits {
                if let index = distinct.index[edit] { keptEdits.insert(index) }
            }
        }
        for index in order where keptEdits.contains(index) {
            let edit = edits[index]
            if byFile[edit.file] == nil {
                byFile[edit.file] = FileEdits(file: edit.file, edits: [], checkedDigest: edit.checkedDigest)
                fileOrder.append(edit.file)
            }
            byFile[edit.file]?.edits.append(edit)
            if byFile[edit.file]?.checkedDigest != edit.checkedDigest { byFile[edit.file]?.checkedDigest = nil }
        }
        for number in kept {
            for file in Set(fixIts[number].fixIt.edits.map(\.file)) { byFile[file]?.fixItCount += 1 }
        }
        files = fileOrder.compactMap { byFile[$0] }
    }

    /// The distinct edits, each with the fix-its (by number) that make it.
    private static func distinctEdits(
        _ fixIts: [FixIt]
    ) -> (edits: [FixIt.Edit], makers: [[Int]], index: [FixIt.Edit: Int]) {
        var index: [FixIt.Edit: Int] = [:]
        var edits: [FixIt.Edit] = []
        var makers: [[Int]] = []
        for (number, fixIt) in fixIts.enumerated() {
            for edit in fixIt.edits {
                if let known = index[edit] {
                    if makers[known].last != number { makers[known].append(number) }
                } else {
                    index[edit] = edits.count
                    edits.append(edit)
                    makers.append([number])
                }
            }
        }
        return (edits, makers, index)
    }

    /// The fix-its (by number) whose edits overlap another's, with a note for each overlap, found in one
    /// pass over the edits by offset, file by file: an edit overlaps the one reaching furthest before it
    /// when it starts before that one ends (two insertions at one offset overlap too: their order would be
    /// a guess).
    private mutating func skipOverlaps(
        _ edits: [FixIt.Edit], in order: [Int], makers: [[Int]], places: [String]
    ) -> Set<Int> {
        var skipped = Set<Int>()
        var reaching: Int?
        for index in order {
            guard let previous = reaching, edits[previous].file == edits[index].file else {
                reaching = index
                continue
            }
            let earlier = edits[previous].byteRange
            let range = edits[index].byteRange
            if range.lowerBound < earlier.upperBound || range.lowerBound == earlier.lowerBound {
                let both = makers[previous] + makers[index]
                let newlySkipped = both.filter { !skipped.contains($0) }
                skipped.formUnion(both)
                if !newlySkipped.isEmpty {
                    let overlapping = Set(both.map { places[$0] }).sorted()
                    notes.append(
                        "layout-check: --fix: the fix-its of \(overlapping.joined(separator: " and ")) overlap in "
                            + "\(edits[index].file): both skipped")
                }
            }
            if range.upperBound > earlier.upperBound { reaching = index }
        }
        return skipped
    }
}

extension FixPlan.FileEdits {
    /// `bytes` with the edits made, last first so that each range is still the one the rule measured;
    /// `nil` when an edit reaches past the end.
    func applied(to bytes: [UInt8]) -> [UInt8]? {
        var result = bytes
        for edit in edits.reversed() {
            guard edit.byteRange.upperBound <= result.count else { return nil }
            result.replaceSubrange(edit.byteRange, with: Array(edit.replacement.utf8))
        }
        return result
    }
}
