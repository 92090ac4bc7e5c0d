import Foundation
import LayoutChecking
import LayoutKit

extension RunPlan {
    /// With no Xcode project under the PATHs, the project a generator would make: an XcodeGen spec
    /// (`project.yml`) in a PATH's folder gives the run its targets (`XcodeProjects.add(_:spec:in:)`); one
    /// it cannot read, or Tuist's `Project.swift`, which is code, is said once, and the run stays in
    /// folder mode. `beforeReading` is called before a spec is read (the run starts its sourcekitd worker).
    mutating func readGeneratorSpecs(_ arguments: Arguments, beforeReading: () -> Void = {}) {
        guard projects.isEmpty else { return }
        for path in arguments.paths where path != .standardInput && LayoutCheck.isDirectory(path) {
            var folder = path.description
            while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
            let prefix = folder == "." ? "" : "\(folder)/"
            let spec = SystemPath("\(prefix)project.yml")
            if FileManager.default.fileExists(atPath: spec.description) {
                beforeReading()
                readXcodeGenSpec(spec, in: folder)
            } else if FileManager.default.fileExists(atPath: "\(prefix)Project.swift") {
                projects.summaries.append(
                    "\(prefix)Project.swift is a Tuist project, which is code and is not read: its targets are "
                        + "not known until it is generated")
            }
        }
    }

    private mutating func readXcodeGenSpec(_ spec: SystemPath, in folder: String) {
        let file = InputFile(path: spec, isExplicit: false)
        guard case .bytes(let bytes) = file.contents() else {
            projects.summaries.append("\(spec): not read (not a regular file, or unreadable); checked in folder mode")
            return
        }
        let prefix = folder == "." ? "" : "\(folder)/"
        switch XcodeGenProject.read(bytes, including: { Self.includedSpec($0, in: folder) }) {
        case .project(let project):
            projects.add(project, spec: spec.description, in: folder == "." ? "" : folder)
        case .unreadable(let reason, let line, let included):
            let location = included.map { "\(prefix)\($0)" } ?? spec.description
            let inside = included == nil ? "" : "in a spec it includes: "
            projects.summaries.append(
                "\(location):\(line): the XcodeGen spec \(included == nil ? "" : "\(spec) ")is not read (\(inside)"
                    + "\(reason)); its Interface Builder files are checked in folder mode")
        }
    }

    /// A spec another includes, at `path` relative to the root spec's `folder`: read as the root spec is
    /// (a regular file, opened without blocking), and only inside the repository — an include is the
    /// spec's to say, like a configuration's paths (article "Security").
    private static func includedSpec(_ path: String, in folder: String) -> XcodeGenProject.IncludedSpec {
        let located = XcodeProjects.located(path, in: folder == "." ? "" : folder)
        let workingDirectory = (try? RepositoryBoundary.workingDirectory().get()) ?? "/"
        let boundary = RepositoryBoundary(
            workingDirectory: workingDirectory, anchor: ArtifactPath.absolute(folder, in: workingDirectory))
        if let problem = boundary.readProblem(located, rule: "an XcodeGen spec's includes stay inside it") {
            return .unreadable(problem)
        }
        switch InputFile(path: SystemPath(located), isExplicit: false).contents() {
        case .bytes(let bytes): return .bytes(bytes)
        case .unreadable(let reason): return .unreadable(reason)
        }
    }
}

extension XcodeProjects {
    /// An XcodeGen spec's targets as the run's: each `sources:` folder a synchronized folder (its plain
    /// `excludes:` the exceptions), a Swift or Interface Builder file named alone the target's file, inside
    /// the repository as a project's files are.
    mutating func add(_ spec: XcodeGenProject, spec file: String, in folder: String) {
        let first = targets.count
        let indices = Dictionary(
            spec.targets.enumerated().map { ($1.name, first + $0) }, uniquingKeysWith: { first, _ in first })
        let workingDirectory = (try? RepositoryBoundary.workingDirectory().get()) ?? "/"
        let boundary = RepositoryBoundary(
            workingDirectory: workingDirectory,
            anchor: ArtifactPath.absolute(folder.isEmpty ? "." : folder, in: workingDirectory))
        var listings: [String: [String]] = [:]
        var described: [String] = []
        for target in spec.targets {
            var added = Target(
                name: target.name, module: target.moduleName ?? XcodeTarget.identifier(target.name),
                platform: target.platforms.joined(separator: " "), buildsForUIKit: target.buildsForUIKit,
                swiftFiles: [], interfaceBuilderFiles: [], synchronizedFolders: [],
                dependencies: target.targetDependencies.compactMap { indices[$0] },
                packageProducts: target.packageProducts)
            for source in target.sources {
                guard let path = locate(Self.located(source.path, in: folder), boundary: boundary, listings: &listings)
                else { continue }
                if LayoutCheck.isDirectory(path) {
                    added.synchronizedFolders.append((path, Self.excluded(source.excludes, in: path)))
                } else if path.hasSuffix(".swift") {
                    added.swiftFiles.append(path)
                } else if InterfaceBuilderRun.isInterfaceBuilderFile(path) {
                    added.interfaceBuilderFiles.append(path)
                }
            }
            targets.append(added)
            let platform = added.platform.isEmpty ? "no platform" : added.platform
            described.append("\(target.name) (\(platform), module \(added.module))")
        }
        let included = spec.includedSpecs.count
        let with = included == 0 ? "" : " (with the \(included) spec\(included == 1 ? "" : "s") it includes)"
        summaries.append(
            "read the XcodeGen spec \(file)\(with): "
                + (described.isEmpty ? "no target" : described.joined(separator: ", ")))
    }

    /// What a source folder's `excludes:` take out of it, relative to it: each plain path, and each file
    /// or folder a glob matches. The folder is listed once, only when some exclude is a glob, and only
    /// its real folders are entered (not a symbolic link's); a matched folder is taken out whole, its
    /// contents not listed. Expanding here keeps the exceptions the plain set every later search skips
    /// by name, at the cost of one listing of those folders.
    static func excluded(_ excludes: [String], in folder: SystemPath) -> Set<String> {
        var excluded: Set<String> = []
        var globs: [XcodeGenGlob] = []
        for exclude in excludes {
            if XcodeGenGlob.isPattern(exclude), let glob = XcodeGenGlob(exclude) {
                globs.append(glob)
            } else {
                excluded.insert(exclude)
            }
        }
        guard !globs.isEmpty else { return excluded }
        var pending: [[Substring]] = [[]]
        while let relative = pending.popLast() {
            let path = ([Substring(folder.description)] + relative).joined(separator: "/")
            for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
                let child = relative + [Substring(name)]
                if globs.contains(where: { $0.matches(child) }) {
                    excluded.insert(child.joined(separator: "/"))
                } else if isRealFolder("\(path)/\(name)") {
                    pending.append(child)
                }
            }
        }
        return excluded
    }

    /// Whether a path is a folder itself, not a symbolic link to one.
    private static func isRealFolder(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }
}
