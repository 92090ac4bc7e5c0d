import LayoutKit

/// What `layout-check` takes from an Xcode project (`MyApp.xcodeproj/project.pbxproj`): its native
/// targets, each with the Swift files it compiles, the Interface Builder files it copies, the folders
/// Xcode 16 keeps in sync with it, and the build settings of its default configuration.
///
/// Paths are relative to the project's folder (the one that holds `MyApp.xcodeproj`, moved by the
/// project's `projectDirPath`), `..` resolved, or absolute when the project names them so. Files of
/// the SDK, the developer folder or the build products are not sources and are left out.
package struct XcodeProject: Sendable {
    /// A project, or the diagnostic that says why the file is not one.
    package enum Reading: Sendable {
        case project(XcodeProject)
        case failure(Diagnostic)
    }

    /// The native targets, in the project's order.
    package var targets: [XcodeTarget]

    /// Reads a project file.
    ///
    /// - Parameter file: The path printed in diagnostics.
    /// - Returns: The project, or the one problem that stops it from being read: `input-limit` for a
    ///   file over 4 MiB or nested too deep, `unreadable-file` for anything else, at its line and column.
    package static func read(_ bytes: [UInt8], file: String) -> Reading {
        guard bytes.count <= InputLimits.maximumFileBytes else {
            return .failure(
                Diagnostic(
                    rule: .inputLimit,
                    message: "the project file is larger than \(InputLimits.maximumFileMebibytes) MiB",
                    location: SourceLocation(file: file, line: 1, column: 1)))
        }
        let root: PropertyListValue
        do throws(OldStylePropertyList.Problem) {
            root = try OldStylePropertyList.parse(bytes)
        } catch {
            return .failure(
                Diagnostic(
                    rule: error.isLimit ? .inputLimit : .unreadableFile,
                    message: "cannot read the Xcode project: \(error.message)",
                    location: SourceLocation(file: file, line: error.line, column: error.column)))
        }
        do throws(ProjectProblem) {
            var reader = try ProjectReader(root: root)
            // `Shop.xcodeproj/project.pbxproj` → `Shop`.
            let parts = file.split(separator: "/")
            if parts.count >= 2, parts[parts.count - 2].hasSuffix(".xcodeproj") {
                reader.projectName = String(parts[parts.count - 2].dropLast(".xcodeproj".count))
            }
            return .project(try reader.project())
        } catch {
            return .failure(
                Diagnostic(
                    rule: error.isLimit ? .inputLimit : .unreadableFile,
                    message: "cannot read the Xcode project: \(error.message)",
                    location: SourceLocation(file: file, line: error.value.line, column: error.value.column)))
        }
    }
}

/// A native target of an Xcode project.
package struct XcodeTarget: Sendable {
    /// The target's name, as Xcode shows it.
    package var name: String
    /// The name its Swift code is compiled under: `PRODUCT_MODULE_NAME`, else `PRODUCT_NAME` made an
    /// identifier as Xcode does, else the target's name made an identifier.
    package var moduleName: String
    /// `com.apple.product-type.application`, `…framework`, …
    package var productType: String?
    /// The Swift files of its Sources build phase.
    package var swiftFiles: [String]
    /// The `.xib` and `.storyboard` files of its Resources build phase, each localized copy of a variant
    /// group included.
    package var interfaceBuilderFiles: [String]
    /// Xcode 16 folders whose files all belong to the target, but those the project excepts.
    package var synchronizedFolders: [XcodeSynchronizedFolder]
    /// Files of Xcode 16 folders the target does not own that the project adds to it one by one (an
    /// exception set of another target's folder names this target: Xcode's "Target Membership" box
    /// ticked for a file): `path` the folder's, `exceptions` the files added (relative to the folder;
    /// `/Localized/dir/Name.storyboard` stands for each `dir/*.lproj/Name.storyboard`).
    package var synchronizedAdditions: [XcodeSynchronizedFolder] = []
    /// The targets it depends on, by index into `XcodeProject.targets`.
    package var dependencies: [Int]
    /// The Swift package products it links (`packageProductDependencies`) that are not a remote package's:
    /// a local package's product, by its name.
    package var packageProducts: [String] = []
    /// The build settings of the default configuration (keys it does not set: another configuration's),
    /// the project's under the target's, unexpanded.
    package var buildSettings: [String: String]

    /// A build setting with `$(VAR)` / `${VAR}` references to other settings, `TARGET_NAME`,
    /// `PROJECT_NAME` (from the file's path) and `SRCROOT` (`.`, the project's folder) expanded (and the `:c99extidentifier`, `:rfc1034identifier`, `:lower` and `:upper`
    /// modifiers applied); `nil` when it is not set or refers to something the project does not say
    /// (an `.xcconfig` file's setting, the environment).
    package func setting(_ key: String) -> String? {
        var budget = 64
        var bytes = Self.maximumExpansionBytes
        return expand(key, depth: 0, budget: &budget, bytes: &bytes)
    }

    /// The most bytes a setting's expansion may produce, its references' values included: a setting that
    /// names a long one many times (or one that does so in turn) is not known rather than a megabyte per
    /// reference. No setting the checker reads (a module name, a platform, a file) comes near it.
    package static let maximumExpansionBytes = 16384

    /// `SDKROOT` (`iphoneos`, `macosx`, `watchos`, `appletvos`, `xros`), when the project says.
    package var sdk: String? { setting("SDKROOT") }

    /// The platforms the target builds for: `SUPPORTED_PLATFORMS` when set, else `SDKROOT`'s.
    package var platforms: [String] {
        if let supported = setting("SUPPORTED_PLATFORMS") {
            let listed = supported.split(separator: " ").map(String.init)
            if !listed.isEmpty { return listed }
        }
        return sdk.map { [$0] } ?? []
    }

    /// Whether the target may build for a UIKit platform (iOS, tvOS, visionOS, Mac Catalyst); `true`
    /// when the project does not say, so that a target is never ruled out on a guess.
    package var buildsForUIKit: Bool {
        let known = platforms.filter { $0 != "auto" }
        if known.isEmpty { return true }
        if setting("SUPPORTS_MACCATALYST") == "YES" { return true }
        return known.contains { platform in
            ["iphone", "appletv", "xr"].contains { platform.hasPrefix($0) }
        }
    }

    private func expand(_ key: String, depth: Int, budget: inout Int, bytes: inout Int) -> String? {
        budget -= 1
        guard depth < 16, budget > 0 else { return nil }
        let raw: String
        switch key {
        case "TARGET_NAME": raw = buildSettings[key] ?? name
        // The project's folder, which every path of the project is relative to.
        case "SRCROOT", "SOURCE_ROOT", "PROJECT_DIR": raw = buildSettings[key] ?? "."
        case "inherited": return ""
        default:
            guard let value = buildSettings[key] else {
                return key == "PRODUCT_NAME" ? name : nil
            }
            raw = value
        }
        // Each value is paid for as it is read: the raw text here, once; what references add, in them.
        bytes -= raw.utf8.count
        guard bytes >= 0 else { return nil }
        var result = ""
        var rest = Substring(raw)
        while let dollar = rest.firstIndex(of: "$") {
            result += rest[..<dollar]
            let afterDollar = rest.index(after: dollar)
            guard afterDollar < rest.endIndex,
                let close: Character = ["(": ")", "{": "}"][rest[afterDollar]],
                let end = rest[afterDollar...].firstIndex(of: close)
            else {
                result.append("$")
                rest = rest[afterDollar...]
                continue
            }
            let reference = rest[rest.index(after: afterDollar)..<end].split(
                separator: ":", omittingEmptySubsequences: false)
            guard let variable = reference.first,
                var value = expand(String(variable), depth: depth + 1, budget: &budget, bytes: &bytes)
            else { return nil }
            for modifier in reference.dropFirst() {
                switch modifier {
                case "c99extidentifier": value = XcodeTarget.identifier(value)
                case "rfc1034identifier":
                    value = String(value.map { $0.isLetter || $0.isNumber || $0 == "." ? $0 : "-" })
                case "lower": value = value.lowercased()
                case "upper": value = value.uppercased()
                default: return nil
                }
            }
            result += value
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }

    /// A name made a C identifier as Xcode's `c99extidentifier` does: characters other than letters,
    /// digits and `_` become `_`, and a leading digit gets a `_` before it.
    package static func identifier(_ name: String) -> String {
        var result = String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        if let first = result.first, first.isNumber { result = "_" + result }
        return result.isEmpty ? "_" : result
    }
}

/// A folder Xcode 16 keeps in sync with a target (`PBXFileSystemSynchronizedRootGroup`): every file
/// under it belongs to the target but those in `exceptions` (paths relative to the folder).
package struct XcodeSynchronizedFolder: Sendable, Equatable {
    package var path: String
    package var exceptions: Set<String>

    /// How Xcode names a localized file in an exception set: `/Localized/dir/Name.storyboard` for
    /// every `dir/xx.lproj/Name.storyboard`.
    package static let localizedPrefix = "/Localized/"
}

/// A project file whose objects do not fit together: where, and why.
private struct ProjectProblem: Error {
    var message: String
    var value: PropertyListValue
    /// Whether it is a limit of the reader (`input-limit`) rather than a malformed project.
    var isLimit = false
}

/// Turns the property list into targets: resolves each file's path through its groups once, and each
/// target's phases, configurations and dependencies by object id.
private struct ProjectReader {
    let objects: [String: PropertyListValue]
    let rootObject: PropertyListValue
    let root: PropertyListValue
    /// The project's name, for `PROJECT_NAME`.
    var projectName: String?
    /// Each group's or file's parent group, by id.
    private var parents: [String: String] = [:]
    /// Each group's folder once resolved: `nil` for a group outside the source tree.
    private var folders: [String: String?] = [:]
    /// How many groups each resolved group is inside.
    private var depths: [String: Int] = [:]
    /// For each target, the exception sets of synchronized folders that name it, by folder id: for a
    /// folder the target owns they take files away, for any other they add them.
    private var exceptionSets: [String: [(folder: String, members: [String])]] = [:]
    /// How deep groups may nest: paths stay short, so resolving every file's path is linear in the file.
    static let maximumGroupDepth = 256
    /// The longest group path resolved: `PATH_MAX` on Linux.
    static let maximumPathBytes = 4096
    /// The most bytes of file paths one project may resolve to: each file under a long group path is a
    /// long path, and 100,000 of them would otherwise be 400 MB. Eight times the largest project file.
    static let maximumPathBytesInAll = 32 << 20
    /// The bytes of the file paths resolved so far.
    private var pathBytes = 0

    init(root: PropertyListValue) throws(ProjectProblem) {
        self.root = root
        guard root.dictionary != nil else { throw ProjectProblem(message: "the file is not a dictionary", value: root) }
        guard let objects = root["objects"]?.dictionary else {
            throw ProjectProblem(message: "it has no 'objects' dictionary", value: root)
        }
        guard let id = root["rootObject"]?.string, let rootObject = objects[id] else {
            throw ProjectProblem(
                message: "its 'rootObject' names no object of the file", value: root["rootObject"] ?? root)
        }
        guard rootObject["isa"]?.string == "PBXProject" else {
            throw ProjectProblem(message: "its root object is not a PBXProject", value: rootObject)
        }
        self.objects = objects
        self.rootObject = rootObject
        // Every group lists its children: one pass gives every object its parent.
        for (id, object) in objects {
            guard let isa = object["isa"]?.string, isa.hasSuffix("Group") else { continue }
            for child in object["children"]?.array ?? [] {
                if let childID = child.string, parents[childID] == nil { parents[childID] = id }
            }
        }
        // Every synchronized folder lists its exception sets: one pass files them under their targets.
        for (id, object) in objects where object["isa"]?.string == "PBXFileSystemSynchronizedRootGroup" {
            for exceptionID in object["exceptions"]?.array ?? [] {
                guard let exception = exceptionID.string.flatMap({ objects[$0] }),
                    exception["isa"]?.string == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                    let target = exception["target"]?.string
                else { continue }
                let members = (exception["membershipExceptions"]?.array ?? []).compactMap(\.string)
                exceptionSets[target, default: []].append((id, members))
            }
        }
        // In the file's order of folder ids, so a run lists a target's files the same way every time.
        for target in exceptionSets.keys { exceptionSets[target]?.sort { $0.folder < $1.folder } }
    }

    mutating func project() throws(ProjectProblem) -> XcodeProject {
        let projectSettings = settings(of: rootObject)
        var targetIDs: [String] = []
        var targets: [XcodeTarget] = []
        // A target listed twice is one target: read, and its files checked, once.
        var listed: Set<String> = []
        for reference in rootObject["targets"]?.array ?? [] {
            guard let id = reference.string, let object = objects[id] else {
                throw ProjectProblem(message: "a target names no object of the file", value: reference)
            }
            guard object["isa"]?.string == "PBXNativeTarget", listed.insert(id).inserted else { continue }
            targetIDs.append(id)
            targets.append(try target(object, id: id, projectSettings: projectSettings))
        }
        let indices = Dictionary(targetIDs.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        for (index, id) in targetIDs.enumerated() {
            // A dependency listed many times (or through many dependency objects) is one.
            var seen: Set<Int> = []
            for dependency in objects[id]?["dependencies"]?.array ?? [] {
                if let dependencyID = dependency.string, let targetID = objects[dependencyID]?["target"]?.string,
                    let target = indices[targetID], seen.insert(target).inserted
                {
                    targets[index].dependencies.append(target)
                }
            }
        }
        return XcodeProject(targets: targets)
    }

    private mutating func target(
        _ object: PropertyListValue, id targetID: String, projectSettings: [String: String]
    ) throws(ProjectProblem) -> XcodeTarget {
        guard let name = object["name"]?.string else {
            throw ProjectProblem(message: "a target has no name", value: object)
        }
        var target = XcodeTarget(
            name: name, moduleName: "", productType: object["productType"]?.string, swiftFiles: [],
            interfaceBuilderFiles: [], synchronizedFolders: [], dependencies: [],
            buildSettings: projectSettings.merging(settings(of: object)) { _, target in target })
        if let projectName, target.buildSettings["PROJECT_NAME"] == nil {
            target.buildSettings["PROJECT_NAME"] = projectName
        }
        target.moduleName =
            [target.setting("PRODUCT_MODULE_NAME"), target.setting("PRODUCT_NAME").map(XcodeTarget.identifier)]
            .compactMap(\.self).first { !$0.isEmpty } ?? XcodeTarget.identifier(name)
        // Each file reference once per phase kind, however many build files (or phases) name it: its path
        // is resolved, and the file listed, once.
        var seenReferences: Set<String> = []
        var seenPaths: Set<String> = []
        for phaseID in object["buildPhases"]?.array ?? [] {
            guard let phase = phaseID.string.flatMap({ objects[$0] }) else { continue }
            let isa = phase["isa"]?.string
            guard isa == "PBXSourcesBuildPhase" || isa == "PBXResourcesBuildPhase" else { continue }
            for buildFileID in phase["files"]?.array ?? [] {
                guard let reference = buildFileID.string.flatMap({ objects[$0]?["fileRef"]?.string }),
                    seenReferences.insert("\(isa == "PBXSourcesBuildPhase") \(reference)").inserted
                else { continue }
                for path in try paths(of: reference)
                where seenPaths.insert("\(isa == "PBXSourcesBuildPhase") \(path)").inserted {
                    if path.hasSuffix(".swift") {
                        if isa == "PBXSourcesBuildPhase" { target.swiftFiles.append(path) }
                    } else if path.hasSuffix(".xib") || path.hasSuffix(".storyboard") {
                        target.interfaceBuilderFiles.append(path)
                    }
                }
            }
        }
        target.packageProducts = localProducts(of: object)
        let exceptionSets = self.exceptionSets[targetID] ?? []
        var owned: Set<String> = []
        for folderID in object["fileSystemSynchronizedGroups"]?.array ?? [] {
            guard let id = folderID.string, objects[id] != nil, let path = try folderPath(id) else { continue }
            owned.insert(id)
            var exceptions: Set<String> = []
            for set in exceptionSets where set.folder == id { exceptions.formUnion(set.members) }
            target.synchronizedFolders.append(XcodeSynchronizedFolder(path: path, exceptions: exceptions))
        }
        // Another target's folder whose exception set names this target: the files it lists belong to
        // this target as well (a file shared with an extension), not to no target.
        for set in exceptionSets where !owned.contains(set.folder) && !set.members.isEmpty {
            guard let path = try folderPath(set.folder) else { continue }
            target.synchronizedAdditions.append(XcodeSynchronizedFolder(path: path, exceptions: Set(set.members)))
        }
        return target
    }

    /// The names of the package products a target links, but those of a remote package (a local one is
    /// an `XCLocalSwiftPackageReference`, or, in projects before Xcode 15, a folder reference and no
    /// `package` at all).
    private func localProducts(of target: PropertyListValue) -> [String] {
        var names: [String] = []
        for reference in target["packageProductDependencies"]?.array ?? [] {
            guard let product = reference.string.flatMap({ objects[$0] }),
                product["isa"]?.string == "XCSwiftPackageProductDependency",
                let name = product["productName"]?.string, !names.contains(name)
            else { continue }
            let package = product["package"]?.string.flatMap { objects[$0] }
            if package?["isa"]?.string == "XCRemoteSwiftPackageReference" { continue }
            names.append(name)
        }
        return names
    }

    /// The build settings of an object's configuration list: its default configuration's; a key that
    /// configuration does not set takes the value of the first other configuration that does (a
    /// project's `Release` often leaves `SDKROOT` to what `Debug` says).
    private func settings(of object: PropertyListValue) -> [String: String] {
        guard let list = object["buildConfigurationList"]?.string.flatMap({ objects[$0] }) else { return [:] }
        var configurations = (list["buildConfigurations"]?.array ?? []).compactMap { $0.string.flatMap { objects[$0] } }
        if let index = configurations.firstIndex(where: {
            $0["name"]?.string == list["defaultConfigurationName"]?.string
        }) {
            configurations.insert(configurations.remove(at: index), at: 0)
        }
        var result: [String: String] = [:]
        for configuration in configurations {
            for (key, value) in configuration["buildSettings"]?.dictionary ?? [:] where result[key] == nil {
                if let text = value.string {
                    result[key] = text
                } else if let elements = value.array {
                    result[key] = elements.compactMap(\.string).joined(separator: " ")
                }
            }
        }
        return result
    }

    /// The source paths a build file's reference stands for: a file's own, or each file of a variant group.
    private mutating func paths(of reference: String) throws(ProjectProblem) -> [String] {
        guard let object = objects[reference] else { return [] }
        switch object["isa"]?.string {
        case "PBXFileReference":
            return try filePath(reference).map { [$0] } ?? []
        case "PBXVariantGroup", "XCVersionGroup":
            var result: [String] = []
            for child in object["children"]?.array ?? [] {
                if let id = child.string, objects[id]?["isa"]?.string == "PBXFileReference",
                    let path = try filePath(id)
                {
                    result.append(path)
                }
            }
            return result
        default:
            return []
        }
    }

    /// A file's path: its own `path` under the folder its `sourceTree` says.
    private mutating func filePath(_ id: String) throws(ProjectProblem) -> String? {
        guard let object = objects[id], let path = object["path"]?.string else { return nil }
        guard let base = try base(of: object, id: id) else { return nil }
        let joined = Self.joined(base, path)
        pathBytes += joined.utf8.count
        guard pathBytes <= Self.maximumPathBytesInAll else {
            throw ProjectProblem(
                message: "its files' paths come to more than \(Self.maximumPathBytesInAll >> 20) MiB", value: object,
                isLimit: true)
        }
        return joined
    }

    /// A group's folder: its parent's, with its own `path` when it has one.
    private mutating func folderPath(_ id: String) throws(ProjectProblem) -> String? {
        if let known = folders[id] { return known }
        // Resolved from the top down along the chain of parents, so each group is resolved once; a
        // chain that comes back to a group is a cycle, which Xcode itself cannot open.
        var chain: [String] = []
        var seen: Set<String> = []
        var current: String? = id
        while let group = current, folders[group] == nil {
            guard seen.insert(group).inserted else {
                throw ProjectProblem(
                    message: "group '\(Self.name(objects[group]) ?? group)' contains itself",
                    value: objects[group] ?? root)
            }
            chain.append(group)
            let object = objects[group]
            // A group's folder follows its parent only for `<group>`; other source trees start afresh.
            current = (object?["sourceTree"]?.string ?? "<group>") == "<group>" ? parents[group] : nil
        }
        let top = chain.last.flatMap { parents[$0] }
        var depth = top.flatMap { depths[$0] } ?? 0
        for group in chain.reversed() {
            depth += 1
            depths[group] = depth
            guard depth <= Self.maximumGroupDepth else {
                throw ProjectProblem(
                    message: "groups nest deeper than \(Self.maximumGroupDepth)", value: objects[group] ?? root,
                    isLimit: true)
            }
            guard let object = objects[group] else {
                folders[group] = .some(nil)
                continue
            }
            let base = try base(of: object, id: group)
            let own = object["path"]?.string
            let folder = base.map { base in own.map { Self.joined(base, $0) } ?? base }
            // No path the system can open is longer: a chain of long group paths would otherwise store a
            // string per group as long as all its parents' together (quadratic in the file).
            if let folder, folder.utf8.count > Self.maximumPathBytes {
                throw ProjectProblem(
                    message: "a group's path is longer than \(Self.maximumPathBytes) bytes", value: object,
                    isLimit: true)
            }
            folders[group] = .some(folder)
        }
        return folders[id] ?? nil
    }

    /// The folder a file's or group's `path` is relative to, by its `sourceTree`; `nil` for the SDK's,
    /// the developer folder's and the build products', which are not the project's sources.
    private mutating func base(of object: PropertyListValue, id: String) throws(ProjectProblem) -> String? {
        let projectFolder = rootObject["projectDirPath"]?.string ?? ""
        switch object["sourceTree"]?.string ?? "<group>" {
        case "<group>":
            guard let parent = parents[id] else {
                // The main group, or a file no group lists: the project's folder.
                return projectFolder
            }
            return try folderPath(parent)
        case "SOURCE_ROOT": return projectFolder
        case "<absolute>": return "/"
        default: return nil
        }
    }

    private static func name(_ object: PropertyListValue?) -> String? {
        object?["name"]?.string ?? object?["path"]?.string
    }

    /// `base/path` with `.` and `..` resolved; an absolute `path` stands alone.
    static func joined(_ base: String, _ path: String) -> String {
        let absolute = path.hasPrefix("/") || (path.isEmpty && base.hasPrefix("/"))
        var parts: [Substring] = []
        var leadingUps = 0
        for part in ((path.hasPrefix("/") ? "" : base + "/") + path).split(separator: "/") {
            if part == "." { continue }
            if part == ".." {
                if parts.isEmpty {
                    if !absolute { leadingUps += 1 }
                } else {
                    parts.removeLast()
                }
                continue
            }
            parts.append(part)
        }
        let joined = (Array(repeating: "..", count: leadingUps) + parts.map(String.init)).joined(separator: "/")
        return absolute ? "/" + joined : joined
    }
}
