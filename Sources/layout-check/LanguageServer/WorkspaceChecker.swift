import Foundation
import LayoutChecking
import LayoutKit

/// The language server's one door to the checker: everything it knows of a workspace's configuration,
/// classes and layouts, and the diagnostics of one layout, comes through here.
///
/// A front end of `CheckRun`, as `layout-check` is: the configuration is read by the same `RunSettings`,
/// the Swift sources by the same `SwiftSources`, the classes are the run's one class model
/// (`CheckRun.Classes`, built once and kept until a Swift file changes), and each layout is judged by
/// `CheckRun.checkLayout`, so a finding in the editor is the one the command line prints: same rules,
/// wording, severities, suppressions, exclusions and baseline. The server calls nothing else of the
/// checker.
final class WorkspaceChecker {
    /// The folder the workspace is judged from, absolute, without a trailing `/`: the folder of the
    /// `layout-check.xml` nearest the opened file, else its package or repository root.
    let root: String
    /// The classes layouts are judged by: the Swift code's (the configuration's `<swift-sources>`, else
    /// SwiftPM's `Sources/*`), completed by class schemas; `nil` when there are none.
    private(set) var catalog: ClassCatalog?
    /// What the workspace's set-up says of itself: a configuration that cannot be used, Swift files that
    /// could not be read, no classes at all. For the client's log, as the CLI says them once a run.
    private(set) var notices: [Diagnostic] = []
    /// The Swift source folders read, absolute: a change to a file under one re-reads the catalog.
    private(set) var swiftRoots: [String] = []

    /// The configuration's settings; `nil` when the configuration found cannot be used (`notices` says
    /// why): the workspace is then judged with the defaults.
    private var settings: RunSettings?
    private let toolchain: String?
    /// The workspace's layouts by name (file name without `.layout.xml`), absolute paths; made on demand,
    /// by whichever check first needs it, and kept until layouts are created, deleted or renamed.
    private let index = Locked<[String: String]?>(nil)
    /// The classes layouts and Interface Builder files are judged by (`catalog` is their layouts' view).
    private var classes: CheckRun.Classes?
    /// The per-file check of Interface Builder files, when Swift sources were read whole.
    private var interfaceBuilder: InterfaceBuilderCheck?
    /// The catalog's classes by plain name, for `class=` lookups.
    private var classesByName: [String: [String]] = [:]

    /// Reads the configuration found from `root` and the classes it leads to.
    ///
    /// - Parameter toolchain: The toolchain whose sourcekitd reads the Swift files; `nil` as for the CLI
    ///   (`$LAYOUTKIT_TOOLCHAIN`, else the `swift` on `PATH`).
    init(root: String, toolchain: String? = nil) {
        self.root = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
        self.toolchain = toolchain
        loadSettings()
        reloadSwift()
    }

    /// The folder a workspace is judged from for a file in `directory`: the nearest folder at or above it
    /// with a `layout-check.xml`, else the nearest with `Package.swift` or `.git`, else `directory`.
    static func root(for directory: String) -> String {
        var current = directory.count > 1 && directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        while true {
            // The configuration search stops at the package or repository root, and so does this.
            for marker in [CheckConfiguration.fileName, "Package.swift", ".git"]
            where FileManager.default.fileExists(atPath: current + "/" + marker) {
                return current
            }
            guard current != "/", let slash = current.lastIndex(of: "/") else { return directory }
            current = slash == current.startIndex ? "/" : String(current[..<slash])
        }
    }

    // MARK: Diagnostics

    /// Every diagnostic the CLI would print for the layout at `path` (absolute) with contents `text`,
    /// judged with the workspace's classes and includes resolved among its layouts, the open documents
    /// (`openDocuments`, by absolute path) read in place of their files. Only the findings in this file;
    /// empty for a file the configuration excludes.
    func diagnostics(forFile path: String, text: [UInt8], openDocuments: [String: [UInt8]]) -> [Diagnostic] {
        if settings?.isExcluded(path: path) == true { return [] }
        // The index is made only when the layout includes another, as the CLI's `RunLayouts` does: a
        // workspace whose layouts include nothing is never searched.
        let search = indexSearch()
        let source = WorkspaceLayouts(overlay: openDocuments) {
            var index = search()
            for (open, _) in openDocuments {
                if let name = Self.layoutName(of: open), index[name] == nil { index[name] = open }
            }
            return index
        }
        // A source per check: its store of included layouts is read afresh, so an edit to an open
        // included layout is seen by the layouts that include it.
        var inputs = CheckRun.Inputs()
        inputs.classes = classes
        inputs.layoutSource = source
        inputs.configuration = settings?.configuration ?? CheckConfiguration()
        inputs.interfaceBuilderSettings = settings?.interfaceBuilderSettings ?? InterfaceBuilderSettings()
        var diagnostics = CheckRun(inputs).checkLayout(
            text, file: path, name: { Self.layoutName(of: path).flatMap { source.index[$0] == path ? $0 : nil } }
        ).filter { $0.sourceLocation?.file == path }
        if let settings, let baseline = settings.baseline {
            let (new, _) = baseline.match(settings.baselineEntries(diagnostics))
            diagnostics = new.map { diagnostics[$0] }
        }
        return diagnostics
    }

    /// The diagnostics of one Interface Builder file (`.xib`, `.storyboard`), read-only: the per-file rules
    /// of the CLI (`InterfaceBuilderCheck`) against the Swift sources' `@IBOutlet`s and `@IBAction`s, with
    /// the configuration's severities and `<ignore>`s. The run-wide rules (`unconnected-outlet` across
    /// files, the identifier rules) need the whole app and are the CLI's. `nil` when no Swift source was
    /// read: such a file cannot be judged.
    func interfaceBuilderDiagnostics(forFile path: String, text: [UInt8]) -> [Diagnostic]? {
        guard let interfaceBuilder else { return nil }
        if settings?.isExcluded(path: path) == true { return [] }
        return interfaceBuilder.check(text, file: path).diagnostics.filter { $0.sourceLocation?.file == path }
    }

    // MARK: The workspace's files

    /// Reads the Swift sources again (a Swift file changed or was saved) and the class schemas.
    func reloadSwift() {
        notices.removeAll { $0.rule != .configuration }
        interfaceBuilder = nil
        let never: @Sendable (SystemPath) -> Bool = { _ in false }
        let exclusion = settings?.searchExclusion ?? never
        var arguments = Arguments(jobs: 2)
        arguments.toolchain = toolchain
        var roots = settings?.swiftSourceDirectories(arguments) ?? []
        if roots.isEmpty {
            // SwiftPM's convention: each folder under Sources/ is a module.
            let sources = root + "/Sources"
            let folders = (try? FileManager.default.contentsOfDirectory(atPath: sources)) ?? []
            roots = folders.sorted().filter {
                !$0.hasPrefix(".") && LayoutCheck.isDirectory(SystemPath(sources + "/" + $0))
            }
            .map { SwiftSourceRoot(SystemPath(sources + "/" + $0)) }
        }
        swiftRoots = roots.map { ArtifactPath.absolute($0.path.description, in: root) }
        var swift: CheckRun.Swift?
        var sourceKitProblem: String?
        if !roots.isEmpty {
            do throws(UsageError) {
                let library: String
                do {
                    library = try SourceKit.locate(
                        toolchain: toolchain, environment: ProcessInfo.processInfo.environment)
                } catch {
                    throw UsageError(message: error.message)
                }
                var worker = try SwiftDeclarationsWorkerConnection(library: library, calls: [])
                let read = try SwiftSources.read(roots, worker: &worker, jobs: 2, isExcluded: exclusion)
                notices += read.diagnostics
                swift = CheckRun.Swift(files: read.files, targets: read.targets, isIncomplete: read.isIncomplete)
            } catch {
                sourceKitProblem = error.message
                notices.append(
                    Diagnostic(rule: .noClassSchemas, severity: .warning, message: error.message, location: nil))
            }
        }
        let classes = CheckRun.Classes(swift: swift, schemas: schemaFiles())
        notices += classes.diagnostics
        self.classes = classes
        catalog = classes.layoutCatalog
        interfaceBuilder = classes.model.map {
            InterfaceBuilderCheck(model: $0, settings: settings?.interfaceBuilderSettings ?? InterfaceBuilderSettings())
        }
        if catalog == nil, sourceKitProblem == nil {
            notices.append(
                Diagnostic(
                    rule: .noClassSchemas, severity: .warning,
                    message: "no class schema loaded and no Swift sources read; class rules are skipped", location: nil)
            )
        }
        classesByName = [:]
        for (key, entry) in catalog?.classes ?? [:] where !entry.isBuiltIn {
            classesByName[entry.name, default: []].append(key)
        }
    }

    /// Whether `path` (absolute) is a Swift file the catalog is read from.
    func readsSwift(_ path: String) -> Bool {
        path.hasSuffix(".swift") && swiftRoots.contains { path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
    }

    /// Forgets the index of layouts: a layout was created, deleted or renamed.
    func layoutsChanged() { index.withLock { $0 = nil } }

    /// The path of the layout named `name`, if the workspace has one.
    func layoutPath(named name: String) -> String? { layoutIndex()[name] }

    /// Every layout of the workspace by name.
    func layoutIndex() -> [String: String] { indexSearch()() }

    /// The search for the workspace's layouts by name, made once and kept (`index`): what a check's
    /// source asks for the first time it resolves an include.
    private func indexSearch() -> @Sendable () -> [String: String] {
        let (index, root, exclusion) = (index, root, settings?.searchExclusion)
        return {
            index.withLock { known in
                if let known { return known }
                var discovery = FileDiscovery(suffix: ".layout.xml")
                discovery.isExcluded = exclusion
                var found: [String: String] = [:]
                if (try? discovery.add(SystemPath(root))) != nil {
                    while let file = discovery.next() {
                        guard let name = Self.layoutName(of: file.displayPath), found[name] == nil else { continue }
                        found[name] = file.displayPath
                    }
                }
                known = found
                return found
            }
        }
    }

    /// The class a `class=` (and `module=`) names, by its key in the catalog; for an object element with
    /// no `class=`, its built-in class (`element`).
    func classKey(named name: String?, module: String?, element: String?) -> String? {
        guard let catalog else { return nil }
        guard let name, !name.isEmpty else {
            return element.flatMap { catalog.classes[$0] != nil ? $0 : nil }
        }
        if let module { return catalog.classes["\(module).\(name)"] != nil ? "\(module).\(name)" : nil }
        let keys = classesByName[name] ?? []
        return keys.count == 1 ? keys[0] : nil
    }

    /// The name a layout is included by: its file name without `.layout.xml`.
    static func layoutName(of path: String) -> String? {
        let base = path.split(separator: "/").last.map(String.init) ?? path
        guard base.hasSuffix(".layout.xml"), base.count > ".layout.xml".count else { return nil }
        return String(base.dropLast(".layout.xml".count))
    }

    // MARK: Loading

    private func loadSettings() {
        var arguments = Arguments(jobs: 1)
        switch RunSettings.discoverConfiguration(from: root) {
        case .none: break
        case .found(let path): arguments.configuration = path.hasPrefix("/") ? path : root + "/" + path
        case .refused(let diagnostic):
            notices.append(diagnostic)
            return
        }
        switch RunSettings.load(arguments, workingDirectory: root) {
        case .success(let loaded): settings = loaded
        case .failure(.usage(let error)):
            notices.append(Diagnostic(rule: .configuration, message: error.message, location: nil))
        case .failure(.invalid(let diagnostics)): notices += diagnostics
        }
    }

    /// The class schemas: the configuration's `<schemas>`, else `Schemas/` under the root when it exists.
    /// The class schema files: the configuration's, else the workspace's `Schemas/`.
    private func schemaFiles() -> [(path: String, bytes: [UInt8])] {
        var directories = settings?.schemaDirectories(Arguments(jobs: 1), defaultExists: false) ?? []
        if directories.isEmpty, LayoutCheck.isDirectory(SystemPath(root + "/Schemas")) {
            directories = [SystemPath(root + "/Schemas")]
        }
        var files = FileDiscovery(suffix: ".classes.xml")
        for directory in directories { try? files.add(directory) }
        var schemas: [(path: String, bytes: [UInt8])] = []
        while let file = files.next() {
            if case .bytes(let bytes) = file.contents() { schemas.append((file.displayPath, bytes)) }
        }
        return schemas
    }
}

/// The workspace's layouts for `<include>`, the open documents' text in place of their files': a
/// snapshot, made for one check.
private final class WorkspaceLayouts: LayoutSource {
    let overlay: [String: [UInt8]]
    private let search: @Sendable () -> [String: String]
    private let found = Locked<[String: String]?>(nil)

    /// - Parameter search: The layouts by name, asked for the first time an include is resolved.
    init(overlay: [String: [UInt8]], search: @escaping @Sendable () -> [String: String]) {
        self.overlay = overlay
        self.search = search
    }

    var index: [String: String] {
        found.withLock { found in
            if let found { return found }
            let made = search()
            found = made
            return made
        }
    }

    func loadLayout(named name: String) throws(LayoutError) -> LayoutData {
        guard let path = index[name] else {
            throw LayoutError(diagnostics: [
                Diagnostic(rule: .unreadableFile, message: "no layout named '\(name)' in the run", location: nil)
            ])
        }
        if let bytes = overlay[path] { return LayoutData(data: Data(bytes), file: path) }
        let file = InputFile(path: SystemPath(path), isExplicit: false)
        switch file.contents() {
        case .bytes(let bytes): return LayoutData(data: Data(bytes), file: path)
        case .unreadable(let reason): throw LayoutError(diagnostics: [file.unreadable(reason)])
        }
    }

    func layoutNames() -> [String]? { Array(index.keys) }
}
