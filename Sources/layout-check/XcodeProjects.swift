import Foundation
import LayoutChecking
import LayoutKit

/// The Xcode projects of a run: those named as PATHs (`MyApp.xcodeproj`) and, when no Swift sources
/// were named, those found in the PATHs' directories. Each native target brings its Swift files (its
/// module: the project's module name) and its Interface Builder files, which are checked against the
/// classes of that target and of the targets it depends on — never against another target's
/// same-named class.
struct XcodeProjects {
    /// A native target, its paths as the run prints them.
    struct Target {
        var name: String
        var module: String
        /// `SDKROOT`, or `SUPPORTED_PLATFORMS` when `SDKROOT` does not say, for the summary.
        var platform: String
        var buildsForUIKit: Bool
        var swiftFiles: [SystemPath]
        var interfaceBuilderFiles: [SystemPath]
        var synchronizedFolders: [(path: SystemPath, exceptions: Set<String>)]
        /// Indices into `targets` of the run.
        var dependencies: [Int]
        /// The local package products it links, by name (`XcodeTarget.packageProducts`).
        var packageProducts: [String] = []
        /// Whether it is a local Swift package's target (`LocalPackages`) rather than an Xcode project's.
        var isPackage = false
    }

    var targets: [Target] = []
    /// Each project read, with its targets, for the summary.
    var summaries: [String] = []
    /// Project files that could not be read or are not projects.
    var diagnostics: [Diagnostic] = []
    /// Files a project lists that do not exist (Xcode shows them in red): not checked, counted.
    var missingFiles = 0
    /// Files and folders a project lists that lead out of its repository once links are followed, or
    /// to a FIFO, socket or device (article "Security"): a project is the repository's to say, like a
    /// configuration, so what it names is read only inside it. Not read, counted.
    var outsideFiles = 0

    var isEmpty: Bool { targets.isEmpty && diagnostics.isEmpty }
    /// Whether some target lists Interface Builder files or a folder that may hold them.
    var hasInterfaceBuilderFiles: Bool {
        targets.contains { !$0.interfaceBuilderFiles.isEmpty || !$0.synchronizedFolders.isEmpty }
    }

    /// Whether a PATH names a project.
    static func isProject(_ path: SystemPath) -> Bool {
        path.description.hasSuffix(".xcodeproj") || path.description.hasSuffix(".xcodeproj/")
    }

    /// Reads the projects the PATHs name, and with `searchingDirectories` those under the PATHs that
    /// are directories (every `*.xcodeproj/project.pbxproj` the search finds); `beforeReading` is called
    /// before each project found is read (at the first, the run starts its sourcekitd worker).
    init(
        _ paths: [SystemPath], searchingDirectories: Bool, isExcluded: (@Sendable (SystemPath) -> Bool)?,
        beforeReading: () -> Void = {}
    ) {
        var search = FileDiscovery(suffix: "project.pbxproj", yieldsSuffixAlone: true)
        search.isExcluded = isExcluded
        for path in paths where path != .standardInput {
            if Self.isProject(path) {
                let text = path.description.hasSuffix("/") ? String(path.description.dropLast()) : path.description
                // The project file is the bundle's, not named: a FIFO there must not stall the run.
                do throws(UsageError) { try search.add(SystemPath(text + "/project.pbxproj"), isExplicit: false) } catch
                {
                    // Named, and not a project: said, never passed over (a missing PATH stopped the run before).
                    diagnostics.append(
                        Diagnostic(
                            rule: .unreadableFile,
                            message: "cannot read the Xcode project: '\(text)' holds no project.pbxproj",
                            location: SourceLocation(file: text, line: 1, column: 1)))
                }
            } else if searchingDirectories, LayoutCheck.isDirectory(path) {
                try? search.add(path)
            }
        }
        while let file = search.next() {
            let display = file.displayPath
            let parts = display.split(separator: "/", omittingEmptySubsequences: false)
            // Only a project file in its bundle: `X.xcodeproj/project.pbxproj`.
            guard parts.count >= 2, parts[parts.count - 2].hasSuffix(".xcodeproj") else { continue }
            let folder = parts.dropLast(2).joined(separator: "/")
            beforeReading()
            switch file.contents() {
            case .unreadable(let reason): diagnostics.append(file.unreadable(reason))
            case .bytes(let bytes):
                switch XcodeProjects.read(bytes, file: display) {
                case .failure(let diagnostic): diagnostics.append(diagnostic)
                case .project(let project): add(project, named: String(parts[parts.count - 2]), in: folder)
                }
            }
        }
    }

    private mutating func add(_ project: XcodeProject, named name: String, in folder: String) {
        let first = targets.count
        var listings: [String: [String]] = [:]
        let workingDirectory = (try? RepositoryBoundary.workingDirectory().get()) ?? "/"
        let boundary = RepositoryBoundary(
            workingDirectory: workingDirectory,
            anchor: ArtifactPath.absolute(folder.isEmpty ? "." : folder, in: workingDirectory))
        // Each path once, though many build files, targets or exception sets name it.
        var known: [String: SystemPath?] = [:]
        func existing(_ paths: [String]) -> [SystemPath] {
            paths.compactMap { path in
                if let found = known[path] { return found }
                let found = locate(Self.located(path, in: folder), boundary: boundary, listings: &listings)
                known[path] = .some(found)
                return found
            }
        }
        var described: [String] = []
        for target in project.targets {
            let platform = target.sdk ?? target.platforms.joined(separator: " ")
            described.append("\(target.name) (\(platform.isEmpty ? "no SDK" : platform), module \(target.moduleName))")
            var added = Target(
                name: target.name, module: target.moduleName, platform: platform,
                buildsForUIKit: target.buildsForUIKit, swiftFiles: existing(target.swiftFiles),
                interfaceBuilderFiles: existing(target.interfaceBuilderFiles),
                synchronizedFolders: target.synchronizedFolders.compactMap { folder in
                    existing([folder.path]).first.map { path in
                        (path, Set(folder.exceptions.flatMap { Self.members($0, of: path.description) }))
                    }
                },
                dependencies: target.dependencies.map { first + $0 }, packageProducts: target.packageProducts)
            for folder in target.synchronizedAdditions {
                guard let path = existing([folder.path]).first else { continue }
                addMembers(of: folder, at: path, to: &added, boundary: boundary, listings: &listings)
            }
            targets.append(added)
        }
        let location = folder.isEmpty ? name : "\(folder)/\(name)"
        summaries.append(
            "read the Xcode project \(location): "
                + (described.isEmpty ? "no native target" : described.joined(separator: ", ")))
    }

    /// Files of another target's synchronized folder that the project adds to `target`: each held to the
    /// repository and counted when missing, as every file a project lists.
    private mutating func addMembers(
        of folder: XcodeSynchronizedFolder, at path: SystemPath, to target: inout Target, boundary: RepositoryBoundary,
        listings: inout [String: [String]]
    ) {
        for member in folder.exceptions.sorted() {
            let members = Self.members(member, of: path.description)
            if members.isEmpty {
                // `../../outside/x.storyboard`: a member that is no path inside the folder.
                if Self.leavesFolder(member) { outsideFiles += 1 } else { missingFiles += 1 }
            }
            for member in members {
                guard let file = locate("\(path)/\(member)", boundary: boundary, listings: &listings) else { continue }
                if member.hasSuffix(".swift") {
                    target.swiftFiles.append(file)
                } else if InterfaceBuilderRun.isInterfaceBuilderFile(file) {
                    target.interfaceBuilderFiles.append(file)
                } else if LayoutCheck.isDirectory(file) {
                    target.synchronizedFolders.append((file, []))
                }
            }
        }
    }

    /// A path of a project in `folder` (the one holding the `.xcodeproj`), as the run prints it: `..`
    /// resolved by name, so that a path that leaves the project's folder and comes back is the path a
    /// directory search prints for the same file; `.` for the folder itself.
    static func located(_ path: String, in folder: String) -> String {
        XcodeGenProject.joined(folder, path)
    }

    /// The file a project lists at `path`, as the file system spells it (`ignoringCase`), when it exists
    /// inside the repository: the boundary is checked on that spelling, the path the run opens, so that
    /// `/ETC` or `../OUTSIDE` is not let through for being spelt otherwise than `/etc` (article
    /// "Security"). Counts what is outside (or not a regular file or folder) and what is missing.
    mutating func locate(
        _ path: String, boundary: RepositoryBoundary, listings: inout [String: [String]]
    ) -> SystemPath? {
        let exists = FileManager.default.fileExists(atPath: path)
        // A folder outside is not even listed to find another spelling: where the path would be is checked
        // first (the nearest folder of it that exists).
        if !exists, boundary.writeProblem(path) != nil {
            outsideFiles += 1
            return nil
        }
        let spelt = exists ? path : Self.ignoringCase(path, listings: &listings)
        guard let spelt else {
            missingFiles += 1
            return nil
        }
        if boundary.readProblem(spelt) != nil {
            outsideFiles += 1
            return nil
        }
        return SystemPath(spelt)
    }

    /// Whether an exception set's member is no path inside its folder: absolute, or with a `..`.
    static func leavesFolder(_ member: String) -> Bool {
        let relative =
            member.hasPrefix(XcodeSynchronizedFolder.localizedPrefix)
            ? String(member.dropFirst(XcodeSynchronizedFolder.localizedPrefix.count)) : member
        return relative.hasPrefix("/") || relative.split(separator: "/").contains("..")
    }

    /// The files a synchronized folder's exception set means by `member` (relative to `folder`): itself,
    /// or for Xcode's `/Localized/dir/Name.storyboard` each `dir/xx.lproj/Name.storyboard` there is.
    /// A member that leads out of the folder (`leavesFolder`) means no file: nothing outside is read.
    static func members(_ member: String, of folder: String) -> [String] {
        guard !leavesFolder(member) else { return [] }
        guard member.hasPrefix(XcodeSynchronizedFolder.localizedPrefix) else { return [member] }
        let relative = member.dropFirst(XcodeSynchronizedFolder.localizedPrefix.count)
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
        let name = String(parts.last ?? "")
        let directory = parts.dropLast().joined(separator: "/")
        let prefix = directory.isEmpty ? "" : directory + "/"
        let listing = (try? FileManager.default.contentsOfDirectory(atPath: "\(folder)/\(directory)")) ?? []
        return listing.filter { $0.hasSuffix(".lproj") }.sorted().map { "\(prefix)\($0)/\(name)" }
            .filter { FileManager.default.fileExists(atPath: "\(folder)/\($0)") }
    }

    /// `path` as the file system spells it, for a project made on macOS, whose file system ignores case
    /// (`BucketList/` in the project, `Bucketlist/` on disk): each missing name is looked up in its
    /// folder's listing (read once per folder), and must match exactly one entry there.
    static func ignoringCase(_ path: String, listings: inout [String: [String]]) -> String? {
        var resolved = path.hasPrefix("/") ? "/" : ""
        for name in path.split(separator: "/").map(String.init) {
            let candidate = resolved.isEmpty || resolved == "/" ? resolved + name : resolved + "/" + name
            if name == ".." || FileManager.default.fileExists(atPath: candidate) {
                resolved = candidate
                continue
            }
            let folder = resolved.isEmpty ? "." : resolved
            if listings[folder] == nil {
                listings[folder] = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            }
            let matches = listings[folder, default: []].filter { $0.lowercased() == name.lowercased() }
            guard matches.count == 1 else { return nil }
            resolved = resolved.isEmpty || resolved == "/" ? resolved + matches[0] : resolved + "/" + matches[0]
        }
        return resolved
    }

    /// Each target's Swift sources as roots of the run; the files of a synchronized folder but those
    /// the project excepts. A file under a root named with `--swift-sources` is left to that root.
    func swiftRoots(besides explicit: [SwiftSourceRoot]) -> [SwiftSourceRoot] {
        let explicitFolders = explicit.map { $0.path.description.hasSuffix("/") ? $0.path.description : "\($0.path)/" }
        func isExplicit(_ path: SystemPath) -> Bool {
            explicitFolders.contains { path.description.hasPrefix($0) || path.description + "/" == $0 }
        }
        var roots: [SwiftSourceRoot] = []
        let read = readTargets()
        for (index, target) in targets.enumerated() where read.contains(index) {
            for file in target.swiftFiles where !isExplicit(file) {
                var root = SwiftSourceRoot(file, module: target.module)
                root.target = index
                roots.append(root)
            }
            for folder in target.synchronizedFolders where !isExplicit(folder.path) {
                var root = SwiftSourceRoot(folder.path, module: target.module)
                root.target = index
                root.exceptions = Set(folder.exceptions.map { "\(folder.path)/\($0)" })
                roots.append(root)
            }
        }
        return roots
    }

    /// The targets whose Swift files the run reads: every Xcode project's, and a local package's target
    /// only when it holds Interface Builder files or a target that may is linked to it (a package of
    /// server code or build tools beside the app is not read).
    func readTargets() -> Set<Int> {
        var read: Set<Int> = []
        for index in targets.indices where !read.contains(index) {
            if !targets[index].isPackage || hasNibs(targets[index]) { read.formUnion(visibleTargets(from: index)) }
        }
        return read
    }

    /// The targets whose classes an Interface Builder file of `target` may name: itself and those it
    /// depends on, directly or not, that build for a UIKit platform.
    func visibleTargets(from target: Int) -> Set<Int> {
        var visible: Set<Int> = [target]
        var pending = [target]
        while let next = pending.popLast() {
            for dependency in targets[next].dependencies
            where targets[dependency].buildsForUIKit && visible.insert(dependency).inserted {
                pending.append(dependency)
            }
        }
        return visible
    }
}

extension XcodeProjects {
    /// `isExcluded`, and every file a target claims: what a directory search leaves to be checked
    /// against the classes of the whole run.
    func unclaimed(_ isExcluded: (@Sendable (SystemPath) -> Bool)?) -> (@Sendable (SystemPath) -> Bool)? {
        guard !targets.isEmpty else { return isExcluded }
        let files = Set(targets.flatMap { $0.interfaceBuilderFiles.map(\.description) })
        let folders = targets.flatMap { $0.synchronizedFolders.map(\.path.description) }
        return { path in
            let text = path.description
            return files.contains(text) || folders.contains { text == $0 || text.hasPrefix($0 + "/") }
                || isExcluded?(path) == true
        }
    }

    /// One unit of Interface Builder files per target that has any, each seeing the Swift files of the
    /// targets it may see (`visibleTargets(from:)`); a file two targets list is checked for each distinct
    /// set of classes, and its findings kept once. Most targets (frameworks, tests) have no Interface
    /// Builder file: no unit, no class index.
    ///
    /// The files a directory search finds that no target lists are built into no app of the projects (or
    /// into a Swift package whose sources the projects do not name): counted, not checked — judged
    /// against the projects' classes they would give false findings.
    func units(isExcluded: (@Sendable (SystemPath) -> Bool)?) -> [CheckRun.InterfaceBuilderUnit] {
        targets.indices.compactMap { index in
            let target = targets[index]
            guard !target.interfaceBuilderFiles.isEmpty || !target.synchronizedFolders.isEmpty else { return nil }
            let visible = visibleTargets(from: index)
            // The nibs of the local package targets it sees ship in their bundles beside its own, and may be
            // what connects the outlets of a package class its own files use.
            let folders =
                target.synchronizedFolders
                + visible.sorted().filter { $0 != index && targets[$0].isPackage }.flatMap {
                    targets[$0].synchronizedFolders
                }
            let run = InterfaceBuilderRun(
                files: target.interfaceBuilderFiles, folders: folders.map(\.path),
                exceptions: Set(folders.flatMap { folder in folder.exceptions.map { "\(folder.path)/\($0)" } }),
                isExcluded: isExcluded)
            return CheckRun.InterfaceBuilderUnit(search: run, sees: { $0.map { visible.contains($0) } ?? true })
        }
    }
}

extension XcodeProjects {
    /// The projects read in this process, by displayed path, with the bytes they were read from.
    private static let readings = Locked<[String: (bytes: [UInt8], reading: XcodeProject.Reading)]>([:])

    /// `XcodeProject.read`, once per project a run reads: the project search and the identifier rules'
    /// settings both come to each project, and a large one (a megabyte) costs a tenth of a second to
    /// parse. Kept only while the bytes are the same.
    static func read(_ bytes: [UInt8], file: String) -> XcodeProject.Reading {
        if let known = readings.withLock({ $0[file] }), known.bytes == bytes { return known.reading }
        let reading = XcodeProject.read(bytes, file: file)
        readings.withLock { $0[file] = (bytes, reading) }
        return reading
    }
}
