import Foundation
import LayoutKit

/// The layouts of one run, by name, for `<include>`: every `*.layout.xml` found under the PATHs given,
/// named by its file name without `.layout.xml`. Two files of one name: the first found wins (the
/// search's order, which is deterministic), as the first of two paths to one file is the one printed.
///
/// The index is made by `search` the first time it is needed — an include to resolve — and kept for
/// the run: a run whose layouts include nothing never lists its files.
final class RunLayouts: LayoutSource {
    private let search: @Sendable () -> [InputFile]
    private let index = Locked<[String: InputFile]?>(nil)

    /// - Parameter search: Every file of the run, in the order the checker's search finds them.
    init(search: @escaping @Sendable () -> [InputFile]) {
        self.search = search
    }

    private var files: [String: InputFile] {
        // Made inside the lock: a second task that needs it waits for the one search rather than
        // repeating it.
        index.withLock { index in
            if let index { return index }
            var files: [String: InputFile] = [:]
            for file in search() {
                guard let name = Self.name(of: file), files[name] == nil else { continue }
                files[name] = file
            }
            index = files
            return files
        }
    }

    /// The name a file is included by; `nil` for standard input or a file not named `*.layout.xml`.
    static func name(of file: InputFile) -> String? {
        guard file.path != nil else { return nil }
        let path = file.displayPath
        let base = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        guard base.hasSuffix(".layout.xml"), base.count > ".layout.xml".count else { return nil }
        return String(base.dropLast(".layout.xml".count))
    }

    /// The name `file` is known by in the run, when it is the file that name gives.
    func name(of file: InputFile) -> String? {
        guard let name = Self.name(of: file), files[name]?.displayPath == file.displayPath else { return nil }
        return name
    }

    func loadLayout(named name: String) throws(LayoutError) -> LayoutData {
        guard let file = files[name] else {
            throw LayoutError(diagnostics: [
                Diagnostic(rule: .unreadableFile, message: "no layout named '\(name)' in the run", location: nil)
            ])
        }
        switch file.contents() {
        case .bytes(let bytes): return LayoutData(data: Data(bytes), file: file.displayPath)
        case .unreadable(let reason): throw LayoutError(diagnostics: [file.unreadable(reason)])
        }
    }

    func layoutNames() -> [String]? { Array(files.keys) }
}
