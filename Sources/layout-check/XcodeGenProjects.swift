import Foundation
import LayoutChecking
import LayoutKit

extension RunPlan {
    /// With no Xcode project under the PATHs, the project a generator would make: an XcodeGen spec
    /// (`project.yml`) in a PATH's folder gives the run its targets (`XcodeProjects.add(_:spec:in:)`); one
    /// it cannot read, or Tuist's `Project.swift`, which is code, is said once, and the run stays in
    /// folder mode.
    mutating func readGeneratorSpecs(_ arguments: Arguments) {
        guard projects.isEmpty else { return }
        for path in arguments.paths where path != .standardInput && LayoutCheck.isDirectory(path) {
            var folder = path.description
            while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
            let prefix = folder == "." ? "" : "\(folder)/"
            let spec = SystemPath("\(prefix)project.yml")
            if FileManager.default.fileExists(atPath: spec.description) {
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
        switch XcodeGenProject.read(bytes) {
        case .project(let project):
            projects.add(project, spec: spec.description, in: folder == "." ? "" : folder)
        case .unreadable(let reason, let line):
            projects.summaries.append(
                "\(spec):\(line): the XcodeGen spec is not read (\(reason)); its Interface Builder files are "
                    + "checked in folder mode")
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
                name: target.name, module: XcodeTarget.identifier(target.name),
                platform: target.platforms.joined(separator: " "), buildsForUIKit: target.buildsForUIKit,
                swiftFiles: [], interfaceBuilderFiles: [], synchronizedFolders: [],
                dependencies: target.targetDependencies.compactMap { indices[$0] },
                packageProducts: target.packageProducts)
            for source in target.sources {
                guard let path = locate(Self.located(source.path, in: folder), boundary: boundary, listings: &listings)
                else { continue }
                if LayoutCheck.isDirectory(path) {
                    added.synchronizedFolders.append((path, Set(source.excludes)))
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
        summaries.append(
            "read the XcodeGen spec \(file): "
                + (described.isEmpty ? "no target" : described.joined(separator: ", ")))
    }
}
