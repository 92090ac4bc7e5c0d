import LayoutKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes one file's fix-its: only a regular file inside the repository, reached through links that stay
/// inside it, that still has the bytes the rules read; the new bytes go to a temporary file in the same
/// folder, which is then renamed over the file, so that a reader sees the old file or the new one, never
/// part of either.
struct FixWriter {
    let boundary: RepositoryBoundary
    /// Called after the new bytes are written to the temporary file and before the file is checked once
    /// more and replaced: the tests change the file here, to see the write refused. Never set by the tool.
    var beforeReplace: (String) -> Void = { _ in }

    /// A file ready to be replaced: where it is, its bytes and mode as they are, and its bytes fixed.
    struct Prepared {
        var resolved: String
        var current: [UInt8]
        var mode: mode_t
        var fixed: [UInt8]
    }

    /// The file's fixed bytes, or why it may not be changed: it is not a regular file inside the repository
    /// (the links to it followed), or its bytes are not those that were checked. What a dry run shows and
    /// what `write` writes.
    func prepare(_ file: FixPlan.FileEdits) -> Result<Prepared, Problem> {
        guard let digest = file.checkedDigest else {
            return .failure(Problem("its fix-its do not say which bytes were checked"))
        }
        guard let resolved = RepositoryBoundary.resolved(file.file) else {
            return .failure(Problem("it no longer exists"))
        }
        guard boundary.contains(resolved) else {
            return .failure(
                Problem(
                    "it leads to \(quoted(resolved, limit: 200)), outside the repository "
                        + "(\(quoted(boundary.root, limit: 200)))"))
        }
        let current: (bytes: [UInt8], mode: mode_t)
        switch Self.read(resolved) {
        case .success(let read): current = read
        case .failure(let problem): return .failure(problem)
        }
        guard FixIt.digest(of: current.bytes) == digest else {
            return .failure(Problem("it changed after it was checked"))
        }
        guard let fixed = file.applied(to: current.bytes) else {
            return .failure(Problem("an edit reaches past its end"))
        }
        return .success(Prepared(resolved: resolved, current: current.bytes, mode: current.mode, fixed: fixed))
    }

    /// Why `file` was not changed; `nil` when it was.
    func write(_ file: FixPlan.FileEdits) -> String? {
        let prepared: Prepared
        switch prepare(file) {
        case .success(let ready): prepared = ready
        case .failure(let problem): return problem.description
        }
        let resolved = prepared.resolved
        let current = (bytes: prepared.current, mode: prepared.mode)
        let fixed = prepared.fixed
        guard fixed != current.bytes else { return nil }
        let slash = resolved.lastIndex(of: "/").map { resolved.index(after: $0) } ?? resolved.startIndex
        let folder = String(resolved[..<slash])
        var template = Array((folder + "." + resolved[slash...] + ".layout-check-fix-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return "cannot make a temporary file beside it: \(SystemError(errno))" }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var replaced = false
        defer { if !replaced { unlink(temporary) } }
        let written = Self.writeAll(fixed, to: descriptor)
        _ = fchmod(descriptor, current.mode & 0o7777)
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written, synced else { return "cannot write the temporary file beside it: \(SystemError(errno))" }
        beforeReplace(resolved)
        // Once more, as late as it can be: a change made while the new bytes were written is not lost.
        guard case .success(let again) = Self.read(resolved), again.bytes == current.bytes else {
            return "it changed after it was checked"
        }
        guard rename(temporary, resolved) == 0 else { return "cannot replace it: \(SystemError(errno))" }
        replaced = true
        return nil
    }

    /// The bytes and permission bits of a regular file, opened without following a final link (the path
    /// is resolved already) and without blocking.
    static func read(_ path: String) -> Result<(bytes: [UInt8], mode: mode_t), Problem> {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(Problem("cannot open it: \(SystemError(errno))")) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            return .failure(Problem("it is not a regular file"))
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        // No further than one byte past what a checked file can be: a larger one is not the file checked.
        while bytes.count <= LayoutValidator.maximumFileBytes {
            let count = chunk.withUnsafeMutableBytes { readFromDescriptor(descriptor, $0) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(Problem("cannot read it: \(SystemError(errno))"))
            }
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        return .success((bytes, status.st_mode))
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { writeToFile(descriptor, $0) }
            if count < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += count
        }
        return true
    }

    /// Why a file could not be read.
    struct Problem: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}

/// `read(2)` and `write(2)`, outside `FixWriter`, whose own `write` would hide them.
private func readFromDescriptor(_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
    read(descriptor, buffer.baseAddress, buffer.count)
}

private func writeToFile(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
    write(descriptor, bytes.baseAddress, bytes.count)
}
