import Foundation
import LayoutChecking
import LayoutKit

/// The local Swift packages of a run: every `Package.swift` under the PATHs' directories (a modular app's
/// `Packages/Feature/`, `Modules/Core/`), read through sourcekitd's syntactic structure and never run.
/// Each target becomes a target of the run like an Xcode target: its folder (SwiftPM's `Sources/<Target>`
/// or its `path:`, its `sources:`, less what `exclude:` names) holds its Swift and Interface Builder files,
/// which are checked against its own classes and those of the local targets and products it depends on;
/// an Xcode target that links a local package's product sees that product's targets.
struct LocalPackages {
    /// A manifest read, with where its package is.
    struct Package {
        var manifest: PackageManifest
        /// The folder that holds `Package.swift`, as the run prints it (`.` for the working directory).
        var folder: String
        /// The run's target of each of the manifest's targets, by name.
        var targets: [String: Int] = [:]
    }

    /// At most this many manifests are read: a repository that holds more is not a modular app but a
    /// collection of packages (vendored checkouts), and each costs a sourcekitd request.
    static let maximumManifests = 256
    /// The largest manifest read; a real one is a few kilobytes.
    static let maximumManifestBytes = 1 << 20
    /// Folders whose packages are other people's (SwiftPM's and Xcode's checkouts, CocoaPods, Carthage).
    static let vendoredFolders: Set<String> = ["checkouts", "SourcePackages", "Pods", "Carthage"]

    var packages: [Package] = []
    /// What the run says about them: each package read, what it could not read.
    var summaries: [String] = []

    /// The manifests under `paths` (directories only), in the order found, and the first one past
    /// `maximumManifests`, which is not read (the run says so).
    static func manifests(
        under paths: [SystemPath], isExcluded: (@Sendable (SystemPath) -> Bool)?
    ) -> (files: [InputFile], diagnostics: [Diagnostic], firstUnread: String?) {
        var search = FileDiscovery(suffix: "Package.swift", yieldsSuffixAlone: true)
        search.isExcluded = { path in
            vendoredFolders.contains(path.description.split(separator: "/").last.map(String.init) ?? "")
                || isExcluded?(path) == true
        }
        for path in paths where path != .standardInput && LayoutCheck.isDirectory(path) { try? search.add(path) }
        var files: [InputFile] = []
        while let file = search.next() {
            guard file.displayPath.split(separator: "/").last == "Package.swift" else { continue }
            guard files.count < maximumManifests else { return (files, search.diagnostics, file.displayPath) }
            files.append(file)
        }
        return (files, search.diagnostics, nil)
    }

    /// Reads each manifest through the run's worker (sourcekitd, the calls named `Package` kept whole), which
    /// goes on to read the Swift files: one sourcekitd loaded, not one for the manifests and one for the code.
    mutating func read(_ files: [InputFile], worker: inout SwiftDeclarationsWorkerConnection) {
        guard !files.isEmpty else { return }
        do throws(UsageError) { try worker.ready() } catch {
            summaries.append("the Swift packages' manifests were not read: \(error.message)")
            return
        }
        let calls = worker.calls
        worker.calls = ["Package"]
        defer { worker.calls = calls }
        let budget = Locked(SourceKitBudget(environment: ProcessInfo.processInfo.environment))
        for file in files {
            let path = file.displayPath
            let folder = path == "Package.swift" ? "." : String(path.dropLast("/Package.swift".count))
            guard case .bytes(let bytes) = file.contents() else {
                summaries.append("\(path): not read (not a regular file, or unreadable)")
                continue
            }
            guard bytes.count <= Self.maximumManifestBytes else {
                summaries.append("\(path): not read (larger than \(Self.maximumManifestBytes >> 20) MiB)")
                continue
            }
            guard case .reply(let reply) = worker.reply(to: bytes, name: path, budget: budget) else {
                summaries.append("\(path): not read (sourcekitd's time for the run is spent)")
                break
            }
            switch PackageManifest.read(reply, bytes: bytes) {
            case .manifest(let manifest): packages.append(Package(manifest: manifest, folder: folder))
            case .unreadable(let reason): summaries.append("\(path): not read as a package manifest (\(reason))")
            }
        }
    }
}

extension XcodeProjects {
    /// Adds the local packages' targets to the run's targets, and to each Xcode target the package targets
    /// of the local products it links. Without an Xcode project they are the run's targets only when one of
    /// them holds an Interface Builder file (otherwise the run stays in folder mode).
    mutating func add(_ local: LocalPackages) {
        let xcodeTargets = targets.count
        var local = local
        for index in local.packages.indices { addTargets(of: &local.packages[index]) }
        guard targets.count > xcodeTargets else {
            summaries += local.summaries
            return
        }
        if xcodeTargets == 0, !targets.contains(where: hasNibs) {
            targets = []
            return
        }
        for package in local.packages { linkDependencies(of: package, among: local.packages) }
        for index in 0..<xcodeTargets {
            for product in targets[index].packageProducts {
                for target in Self.targets(ofProduct: product, in: local.packages) where target != index {
                    targets[index].dependencies.append(target)
                }
            }
        }
        for package in local.packages where !package.targets.isEmpty {
            let manifest = package.folder == "." ? "Package.swift" : "\(package.folder)/Package.swift"
            let names = package.manifest.targets.compactMap { package.targets[$0.name] != nil ? $0.name : nil }
            summaries.append("read the Swift package \(manifest): \(names.joined(separator: ", "))")
            summaries += package.manifest.notes.map { "\(manifest): \($0)" }
        }
        summaries += local.summaries
    }

    /// Whether a target's folders hold an Interface Builder file.
    func hasNibs(_ target: Target) -> Bool {
        InterfaceBuilderRun(
            files: [], folders: target.synchronizedFolders.map(\.path), exceptions: [], isExcluded: nil
        ).findsAnyFile
    }

    /// Each target of a manifest whose folder is there, inside the package and the repository, as a target
    /// of the run with its folders and exceptions.
    private mutating func addTargets(of package: inout LocalPackages.Package) {
        let workingDirectory = (try? RepositoryBoundary.workingDirectory().get()) ?? "/"
        let boundary = RepositoryBoundary(
            workingDirectory: workingDirectory, anchor: ArtifactPath.absolute(package.folder, in: workingDirectory))
        for target in package.manifest.targets where package.targets[target.name] == nil {
            guard let base = Self.folder(of: target, in: package.folder),
                boundary.readProblem(base) == nil, LayoutCheck.isDirectory(SystemPath(base))
            else { continue }
            var folders: [(path: SystemPath, exceptions: Set<String>)] = []
            for folder in (target.sources ?? ["."]).map({ Self.located($0, in: base) })
            where Self.isInside(folder, base) && boundary.readProblem(folder) == nil
                && FileManager.default.fileExists(atPath: folder)
            {
                let excluded = target.exclude.map { Self.located($0, in: base) }
                let exceptions = excluded.compactMap { path in
                    path.hasPrefix(folder + "/") ? String(path.dropFirst(folder.count + 1)) : nil
                }
                folders.append((SystemPath(folder), Set(exceptions)))
            }
            package.targets[target.name] = targets.count
            targets.append(
                Target(
                    name: target.name, module: XcodeTarget.identifier(target.name), platform: "Swift package",
                    buildsForUIKit: true, swiftFiles: [], interfaceBuilderFiles: [], synchronizedFolders: folders,
                    dependencies: [], isPackage: true))
        }
    }

    /// A target's folder: its `path:` inside the package, else the first of SwiftPM's folders that exists.
    static func folder(of target: PackageManifest.Target, in package: String) -> String? {
        if let path = target.path {
            let located = located(path, in: package)
            return isInside(located, package) ? located : nil
        }
        let roots =
            target.kind == .test
            ? ["Tests", "Sources", "Source", "src", "srcs"] : ["Sources", "Source", "src", "srcs"]
        return roots.map { located("\($0)/\(target.name)", in: package) }.first {
            LayoutCheck.isDirectory(SystemPath($0))
        }
    }

    /// Whether `path` is `folder` or under it (both as `located` prints them).
    static func isInside(_ path: String, _ folder: String) -> Bool {
        guard !path.hasPrefix("/") || folder.hasPrefix("/") else { return false }
        if folder == "." { return !path.hasPrefix("..") && !path.hasPrefix("/") }
        return path == folder || path.hasPrefix(folder + "/")
    }

    /// Makes each target of a package depend on the targets its `dependencies:` name: its package's, and
    /// the products' of the local packages it depends on.
    private mutating func linkDependencies(of package: LocalPackages.Package, among all: [LocalPackages.Package]) {
        let dependencies = package.manifest.localPackages.compactMap { local in
            let folder = Self.located(local.path, in: package.folder)
            return all.firstIndex { $0.folder == folder }.map { (all[$0], local.name) }
        }
        for target in package.manifest.targets {
            guard let index = package.targets[target.name] else { continue }
            var linked: [Int] = []
            for dependency in target.dependencies {
                switch dependency {
                case .target(let name): linked += package.targets[name].map { [$0] } ?? []
                case .byName(let name):
                    linked +=
                        package.targets[name].map { [$0] } ?? Self.targets(ofProduct: name, in: dependencies.map(\.0))
                case .product(let name, let identity):
                    let named = dependencies.filter { dependency, alias in
                        guard let identity = identity?.lowercased() else { return true }
                        return Self.identity(of: dependency, alias: alias) == identity
                            || dependency.manifest.name?.lowercased() == identity
                    }
                    linked += Self.targets(ofProduct: name, in: named.map(\.0))
                }
            }
            for dependency in linked where dependency != index && !targets[index].dependencies.contains(dependency) {
                targets[index].dependencies.append(dependency)
            }
        }
    }

    /// How `.product(name:package:)` names a local package: its `.package(name:path:)` name, else its
    /// folder's name, lowercased (SwiftPM's identity); its manifest's `name:` is accepted too.
    private static func identity(of package: LocalPackages.Package, alias: String?) -> String {
        (alias ?? package.folder.split(separator: "/").last.map(String.init) ?? package.folder).lowercased()
    }

    /// The run's targets of the products named `name` of `packages`: its listed targets, or, when the
    /// manifest does not list them as literals, every target of the package but its tests (more classes
    /// seen can only make a file's class found, never a finding); a target of that name when no product is.
    static func targets(ofProduct name: String, in packages: [LocalPackages.Package]) -> [Int] {
        var result: [Int] = []
        for package in packages {
            if let product = package.manifest.products.first(where: { $0.name == name }) {
                let names =
                    product.targets
                    ?? package.manifest.targets.filter { $0.kind != .test }.map(\.name)
                result += names.compactMap { package.targets[$0] }
            } else if let target = package.targets[name] {
                result.append(target)
            }
        }
        return result
    }
}

extension RunPlan {
    /// Reads the local Swift packages under the PATHs (for a project named as a PATH, under its folder)
    /// and adds their targets to the run's (`XcodeProjects.add(_:)`). Nothing is read when sourcekitd
    /// cannot be found: the run says why when it comes to the Swift files.
    mutating func readLocalPackages(
        _ arguments: Arguments, exclusion: (@Sendable (SystemPath) -> Bool)?, early: inout EarlyWorker
    ) {
        let folders = arguments.paths.map { path in
            guard XcodeProjects.isProject(path) else { return path }
            let parts = path.description.split(separator: "/", omittingEmptySubsequences: false)
            let folder = parts.dropLast(path.description.hasSuffix("/") ? 2 : 1).joined(separator: "/")
            return SystemPath(folder.isEmpty ? "." : folder)
        }
        let (files, _, firstUnread) = LocalPackages.manifests(under: folders, isExcluded: exclusion)
        if let firstUnread {
            projects.summaries.append(
                "only the first \(LocalPackages.maximumManifests) Swift packages' manifests were read; from "
                    + "\(firstUnread) on, their targets are not the run's (name the folders to check as PATHs)")
        }
        guard !files.isEmpty else { return }
        var local = LocalPackages()
        guard early.lend({ local.read(files, worker: &$0) }) else { return }
        let hadTargets = !projects.targets.isEmpty
        projects.add(local)
        // With no project, the packages are the run's targets only when they hold every Interface Builder
        // file under the PATHs: a nib beside them would be in no target, where folder mode checks it.
        guard !hadTargets, !projects.targets.isEmpty,
            let search = try? InterfaceBuilderRun(arguments, isExcluded: projects.unclaimed(exclusion)),
            search.findsAnyFile
        else { return }
        projects.targets = []
        projects.summaries.append(
            "the Swift packages' targets do not hold every Interface Builder file under the PATHs, and there is no "
                + "Xcode project: they are checked in folder mode")
    }
}
