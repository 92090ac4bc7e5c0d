import Foundation
import PackagePlugin

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Checks a target's layouts against its Swift code on every build that changed either: `layout-check`
/// (built from source, so it works on Linux) runs as a build command given the target's Swift sources
/// and those of the package's targets it depends on (`--swift-sources MODULE=DIR`), and the layouts
/// found in its folder, whatever its `resources:` say (`.copy("Layouts")` or `.process`). Its inputs
/// are those Swift files, the layouts, the class schemas it reads (the target's own and, unless the
/// configuration names others, the package's `Schemas/`, as `layout-check` run at the root reads them)
/// and the `layout-check.xml` the run reads with the files it names; its output, a stamp written only when the check passes, is an empty Swift file, so
/// that it is compiled rather than copied into the resource bundle. An error fails the build, each
/// diagnostic reaching `swift build` as `file:line:column: error: message [rule]`.
@main
struct LayoutCheckBuildPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let found = Self.files(under: target.directoryURL)
        let layouts = found.filter { $0.lastPathComponent.hasSuffix(".layout.xml") }
        guard !layouts.isEmpty else {
            Diagnostics.warning(
                "LayoutCheckBuildPlugin: target '\(target.name)' has no *.layout.xml under \(target.directoryURL.path); "
                    + "nothing to check")
            return []
        }
        let schemas = found.filter { $0.lastPathComponent.hasSuffix(".classes.xml") }
        var arguments: [String] = []
        var inputs = layouts + schemas
        let root = context.package.directoryURL
        let configuration = Self.configuration(from: target.directoryURL, root: root)
        var namesSchemas = false
        if let configuration {
            arguments += ["--config", configuration.path]
            // What the configuration makes the run read is an input too: editing the baseline or a Swift file
            // of a <swift-sources> reruns the check.
            let configured = ConfiguredFiles.read(configuration)
            inputs += [configuration] + configured.files
            namesSchemas = configured.namesSchemas
        }
        // Without <schemas> in the configuration, the class schemas `layout-check` reads at the package's
        // root (its default, `Schemas/`) and the target's own: both named, and both inputs, so that the
        // build, the command plugin and `layout-check` run at the root read the same schemas, and editing
        // one reruns the check. (SwiftPM asks a plugin for its commands again only when the manifest or the
        // target's files change: a schema file created or deleted outside the target counts from then on.)
        if !namesSchemas {
            let rootSchemas = Self.rootSchemas(of: root)
            if !rootSchemas.isEmpty {
                arguments += ["--schemas", root.appending(path: "Schemas").path]
                inputs += rootSchemas
            }
            if !schemas.isEmpty { arguments += ["--schemas", target.directoryURL.path] }
        }
        // The target's own Swift code and that of every target of this package it depends on (not of
        // other packages: LayoutKit's own views are built in).
        let packageTargets = Set(context.package.targets.map(\.id))
        let sourceTargets =
            [target]
            + target.recursiveTargetDependencies.filter { packageTargets.contains($0.id) }
            .compactMap { $0 as? SourceModuleTarget }
        for source in sourceTargets {
            let swift = source.sourceFiles(withSuffix: "swift").map(\.url)
            guard !swift.isEmpty else { continue }
            arguments += ["--swift-sources", "\(source.moduleName)=\(source.directoryURL.path)"]
            inputs += swift
        }
        let stamp = context.pluginWorkDirectoryURL.appending(path: "LayoutCheck\(target.name).swift")
        return [
            .buildCommand(
                displayName: "Checking the layouts of \(target.name)",
                executable: try context.tool(named: "layout-check").url,
                arguments: arguments + ["--touch", stamp.path, "--", target.directoryURL.path],
                inputFiles: inputs,
                outputFiles: [stamp])
        ]
    }

    /// The layouts and class schemas under `directory`, hidden folders (`.build`) left out.
    static func files(under directory: URL) -> [URL] {
        guard
            let walk = FileManager.default.enumerator(
                at: directory, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
        else { return [] }
        return walk.compactMap { $0 as? URL }.filter {
            $0.lastPathComponent.hasSuffix(".layout.xml") || $0.lastPathComponent.hasSuffix(".classes.xml")
        }
    }

    /// The class schemas in the package's `Schemas/` folder, at any depth: what `layout-check` reads by
    /// default when run at the package's root.
    static func rootSchemas(of root: URL) -> [URL] {
        let folder = root.appending(path: "Schemas")
        guard
            let walk = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
        else { return [] }
        return walk.compactMap { $0 as? URL }.filter { $0.lastPathComponent.hasSuffix(".classes.xml") }
    }

    /// The nearest `layout-check.xml` walking up from the target's folder to the package's root.
    static func configuration(from directory: URL, root: URL) -> URL? {
        var current = directory.standardizedFileURL
        let top = root.standardizedFileURL.path
        while true {
            let candidate = current.appending(path: "layout-check.xml")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            if current.path == top || current.path == "/" { return nil }
            current = current.deletingLastPathComponent()
        }
    }
}

/// The files a `layout-check.xml` makes a run read besides the target's own: its `<baseline path>`, and
/// the Swift files and class schemas under its `<swift-sources path>` and `<schemas path>`, relative to
/// its folder. Only their paths are read here; `layout-check` reads and checks the configuration itself.
final class ConfiguredFiles: NSObject, XMLParserDelegate {
    private let directory: URL
    private var files: [URL] = []
    private var namesSchemas = false

    private init(directory: URL) { self.directory = directory }

    /// The files `configuration` names, and whether it names class schemas (`<schemas>`): without, the run
    /// reads `Schemas/` where it happens.
    static func read(_ configuration: URL) -> (files: [URL], namesSchemas: Bool) {
        guard let parser = XMLParser(contentsOf: configuration) else { return ([], false) }
        let reader = ConfiguredFiles(directory: configuration.deletingLastPathComponent())
        parser.delegate = reader
        parser.shouldResolveExternalEntities = false
        _ = parser.parse()
        return (reader.files, reader.namesSchemas)
    }

    func parser(
        _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        guard let path = attributes["path"] else { return }
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : directory.appending(path: path)
        switch element {
        case "baseline": files.append(url)
        case "swift-sources": files += Self.files(under: url, suffix: ".swift")
        case "schemas":
            namesSchemas = true
            files += Self.files(under: url, suffix: ".classes.xml")
        default: break
        }
    }

    private static func files(under directory: URL, suffix: String) -> [URL] {
        guard
            let walk = FileManager.default.enumerator(
                at: directory, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
        else { return [] }
        return walk.compactMap { $0 as? URL }.filter { $0.lastPathComponent.hasSuffix(suffix) }
    }
}
