import Foundation
import LayoutKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the files a run's settings name may be (article "Security"): inside the repository once
/// symbolic links are followed, and a regular file or a folder. A configuration must not make the
/// checker read `/proc/self/fd/1` (which hangs `layout-check | tee`) or anything else on the machine,
/// and `--write-baseline` must not replace a device, a FIFO or a link's target.
struct RepositoryBoundary {
    /// The repository's folder, symbolic links resolved: the nearest folder with a `.git` entry at or
    /// above `anchor` (the configuration file's folder, for the paths it names), else at or above the
    /// working directory; without one, the deepest folder holding both (a build plugin may run the
    /// checker from a folder of its own, outside a package that is not in a repository).
    let root: String

    init(workingDirectory: String, anchor: String? = nil) {
        let working = Self.resolved(workingDirectory) ?? workingDirectory
        let anchored = anchor.map { Self.resolved($0) ?? $0 }
        if let found = anchored.flatMap(Self.repository(containing:)) ?? Self.repository(containing: working) {
            root = found
        } else if let anchored {
            root = Self.commonAncestor(anchored, working)
        } else {
            root = working
        }
    }

    /// The area a directory search stays in (article "Security"): the run's repository (the nearest
    /// folder with a `.git` entry at or above the working directory) when it holds the searched folder,
    /// so that a submodule's links into its superproject work from there; else the repository holding
    /// the folder; else the deepest folder holding it and the working directory. The folder itself,
    /// named on the command line or by a checked configuration path, is always inside; only the
    /// symbolic links found under it are held to the area.
    /// - Parameter folder: The searched folder, absolute, symbolic links resolved.
    init(searching folder: String, workingDirectory: String) {
        let working = Self.resolved(workingDirectory) ?? workingDirectory
        if let run = Self.repository(containing: working), RepositoryBoundary(root: run).contains(folder) {
            root = run
        } else {
            root = Self.repository(containing: folder) ?? Self.commonAncestor(folder, working)
        }
    }

    private init(root: String) {
        self.root = root
    }

    /// The working directory, absolute, or why it cannot be told. Foundation's `currentDirectoryPath`
    /// gives `""` for a folder deeper than about 1,000 bytes, which would make every relative path,
    /// the configuration search and the repository's boundary wrong without a word.
    static func workingDirectory() -> Result<String, SystemError> {
        guard let pointer = getcwd(nil, 0) else { return .failure(SystemError(errno)) }
        defer { free(pointer) }
        return .success(String(cString: pointer))
    }

    /// The nearest folder at or above `folder` (absolute, resolved) with a `.git` entry.
    private static func repository(containing folder: String) -> String? {
        var candidate = folder
        while true {
            if access(candidate + "/.git", F_OK) == 0 { return candidate }
            guard candidate != "/", let slash = candidate.lastIndex(of: "/") else { return nil }
            candidate = slash == candidate.startIndex ? "/" : String(candidate[..<slash])
        }
    }

    /// The deepest folder both absolute paths lie in.
    private static func commonAncestor(_ first: String, _ second: String) -> String {
        let shared = zip(first.split(separator: "/"), second.split(separator: "/")).prefix { $0 == $1 }
        return "/" + shared.map(\.0).joined(separator: "/")
    }

    /// The path with every symbolic link, `.` and `..` resolved; `nil` when it does not exist.
    static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// Whether a resolved path is the root or inside it.
    func contains(_ resolved: String) -> Bool {
        root == "/" || resolved == root || resolved.hasPrefix(root + "/")
    }

    /// Why a search does not follow a symbolic link that leads to `destination` (resolved), outside.
    func outsideReason(_ destination: String) -> String {
        "it is a symbolic link that leads to \(quoted(destination, limit: 200)), outside the repository "
            + "(\(quoted(root, limit: 200))); a search follows links only inside it"
    }

    /// Why a path a setting names is not read: it leads outside the repository, or to something that is
    /// neither a regular file nor a folder. `nil` when it may be read, or does not exist (reading it
    /// says so).
    /// - Parameter rule: What the message says of the boundary, after where the path leads.
    func readProblem(_ path: String, rule: String = "paths a configuration names stay inside it") -> String? {
        guard let resolved = Self.resolved(path) else {
            // `/proc/self/fd/1` on a pipe is a link to `pipe:[…]`, which is no path at all.
            var status = stat()
            if stat(path, &status) == 0 { return "it is not a regular file or a folder (a pipe, socket or device)" }
            return lstat(path, &status) == 0 ? "it is a symbolic link that leads to no file or folder" : nil
        }
        guard contains(resolved) else {
            return "it leads to \(quoted(resolved, limit: 200)), outside the repository (\(quoted(root, limit: 200))); "
                + rule
        }
        var status = stat()
        guard stat(resolved, &status) == 0 else { return nil }
        let type = status.st_mode & S_IFMT
        guard type == S_IFREG || type == S_IFDIR else {
            return "it is not a regular file or a folder (a FIFO, socket or device)"
        }
        return nil
    }

    /// Why a file the run writes may not be written at `path`: something that is not a regular file
    /// is there already (a symbolic link, a FIFO, a device, a folder), or its folder leads outside the
    /// repository. `nil` when it may be written. With `isFolder` (`--write-schemas DIR`), the same for a
    /// folder the run writes files into: anything there but a folder is refused.
    ///
    /// A path the user typed on the command line (`--output`, `--write-baseline`, `--write-schemas`) is
    /// theirs to put anywhere, `$RUNNER_TEMP/report.sarif` included (`confined: false`): confinement is for
    /// what files in the repository name. It still never replaces a link, FIFO, device or folder.
    func writeProblem(_ path: String, isFolder: Bool = false, confined: Bool = true) -> String? {
        var status = stat()
        let expected = isFolder ? S_IFDIR : S_IFREG
        if lstat(path, &status) == 0, status.st_mode & S_IFMT != expected {
            return isFolder
                ? "it exists and is not a folder (a symbolic link, file, FIFO, socket or device)"
                : "it exists and is not a regular file (a symbolic link, folder, FIFO, socket or device)"
        }
        guard confined else { return nil }
        // The folder may not exist yet: the nearest one that does decides where the file lands.
        let working = (try? Self.workingDirectory().get()) ?? "."
        var folder = path.hasPrefix("/") ? path : working + "/" + path
        if isFolder { folder += "/." }
        var resolved: String?
        repeat {
            guard let slash = folder.lastIndex(of: "/") else { break }
            folder = slash == folder.startIndex ? "/" : String(folder[..<slash])
            resolved = Self.resolved(folder)
        } while resolved == nil && folder != "/"
        guard let resolved, contains(resolved) else {
            return "its folder leads to \(quoted(resolved ?? folder, limit: 200)), outside the repository "
                + "(\(quoted(root, limit: 200)))"
        }
        return nil
    }
}
