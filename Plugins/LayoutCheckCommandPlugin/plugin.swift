import Foundation
import PackagePlugin

/// `swift package layout-check [--target NAME]... [ARGS]`: runs `layout-check` with the same arguments,
/// in the package's directory, so that `layout-check.xml`, `Schemas/` and relative paths mean what they
/// mean there.
///
/// With no PATH, it checks the folder of each `--target NAME` (repeatable), else of every target that
/// has layouts; without a configuration or `--schemas`, each such target's own class schemas are read,
/// as the build plugin reads them. SwiftPM prints everything a command plugin writes on standard
/// output, so the report is all that `layout-check` writes there (`> report.sarif` is a report); what it
/// writes on standard error (the summary, or why the run could not proceed) comes back as the
/// plugin's remarks or errors, on standard error. `--quiet` and `--output FILE` are `layout-check`'s.
///
/// It declares no permission: checking needs none, and SwiftPM sandboxes plugins on macOS only, where
/// `--write-baseline FILE` (or `--output FILE`) into the package needs
/// `swift package --allow-writing-to-package-directory layout-check …`.
@main
struct LayoutCheckCommandPlugin: CommandPlugin {
    /// `layout-check`'s options that take a value, so that the value is not taken for a PATH.
    static let optionsWithValues: Set<String> = [
        "--schemas", "--swift-sources", "--toolchain", "--format", "--reporter", "--output", "--config", "--baseline",
        "--write-baseline", "--touch", "--jobs", "-j",
    ]

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        var toolArguments = extractor.remainingArguments
        if !targetNames.isEmpty || !Self.namesAPath(toolArguments) {
            let targets =
                try targetNames.isEmpty
                ? context.package.targets.compactMap { $0 as? SourceModuleTarget }.filter(Self.hasLayouts)
                : context.package.targets(named: targetNames).compactMap { $0 as? SourceModuleTarget }
            guard !targets.isEmpty else {
                Diagnostics.error("no target of this package has layouts (*.layout.xml); name a PATH or --target NAME")
                return
            }
            // The build plugin's rules: the nearest configuration of the targets' folders, and unless it
            // names class schemas, the package's `Schemas/` and the targets' own.
            toolArguments.insert(
                contentsOf: Self.configurationArguments(
                    arguments, targets: targets, root: context.package.directoryURL),
                at: toolArguments.firstIndex(of: "--") ?? toolArguments.endIndex)
            // The build plugin's Swift sources: each target's own and those of the package's targets it
            // depends on, so that both plugins judge the layouts against the same Swift code.
            let packageTargets = Set(context.package.targets.map(\.id))
            var modules: [String] = []
            for target in targets {
                let sources =
                    [target]
                    + target.recursiveTargetDependencies.filter { packageTargets.contains($0.id) }
                    .compactMap { $0 as? SourceModuleTarget }
                for source in sources where !source.sourceFiles(withSuffix: "swift").map(\.url).isEmpty {
                    let argument = "\(source.moduleName)=\(source.directoryURL.path)"
                    if !modules.contains(argument) { modules.append(argument) }
                }
            }
            toolArguments.insert(
                contentsOf: modules.flatMap { ["--swift-sources", $0] },
                at: toolArguments.firstIndex(of: "--") ?? toolArguments.endIndex)
            toolArguments += (toolArguments.contains("--") ? [] : ["--"]) + targets.map(\.directoryURL.path)
        }

        let process = Process()
        process.executableURL = try context.tool(named: "layout-check").url
        process.arguments = toolArguments
        process.currentDirectoryURL = context.package.directoryURL
        let standardError = Pipe()
        process.standardError = standardError
        try process.run()
        let message = String(decoding: standardError.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        // SwiftPM shows a plugin's progress and errors on its standard error, never among the report on
        // standard output: the summary and notes as progress, each problem as an error.
        for line in message.split(separator: "\n") {
            if line.contains(": error: ") {
                Diagnostics.error(String(line.trimmingPrefix("layout-check: error: ")))
            } else {
                Diagnostics.progress(String(line))
            }
        }
        // SwiftPM ends a failed plugin with exit status 1 whatever its own, so the last line says which.
        switch (process.terminationReason, process.terminationStatus) {
        case (.exit, 0): break
        case (.exit, 1): Diagnostics.error("layout-check found errors (exit status 1)")
        default:
            Diagnostics.error(
                "layout-check could not check (exit status \(process.terminationStatus)): nothing was checked")
        }
    }

    /// `--config` and `--schemas` as the build plugin gives them, unless the user gave their own: the nearest
    /// `layout-check.xml` from the targets' folders up to the package's root (when they share one), and,
    /// when it names no `<schemas>`, the package's `Schemas/` (what `layout-check` reads by default at the
    /// root) and each target's folder that holds class schemas.
    static func configurationArguments(_ arguments: [String], targets: [SourceModuleTarget], root: URL) -> [String] {
        if arguments.contains(where: { $0.hasPrefix("--schemas") }) { return [] }
        var result: [String] = []
        var configuration: URL?
        if let given = arguments.firstIndex(where: { $0 == "--config" || $0.hasPrefix("--config=") }) {
            let value =
                arguments[given] == "--config"
                ? (given + 1 < arguments.endIndex ? arguments[given + 1] : "")
                : String(arguments[given].dropFirst("--config=".count))
            configuration = value.hasPrefix("/") ? URL(fileURLWithPath: value) : root.appending(path: value)
        } else {
            let nearest = Set(targets.compactMap { nearestConfiguration(from: $0.directoryURL, root: root) })
            if nearest.count == 1, let only = nearest.first {
                configuration = only
                result += ["--config", only.path]
            }
        }
        if let configuration, namesSchemas(configuration) { return result }
        if FileManager.default.fileExists(atPath: root.appending(path: "Schemas").path) {
            result += ["--schemas", root.appending(path: "Schemas").path]
        }
        for target in targets where hasSchemas(target.directoryURL) {
            result += ["--schemas", target.directoryURL.path]
        }
        return result
    }

    /// The nearest `layout-check.xml` walking up from `directory` to the package's root.
    static func nearestConfiguration(from directory: URL, root: URL) -> URL? {
        var current = directory.standardizedFileURL
        let top = root.standardizedFileURL.path
        while true {
            let candidate = current.appending(path: "layout-check.xml")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            if current.path == top || current.path == "/" { return nil }
            current = current.deletingLastPathComponent()
        }
    }

    /// Whether a configuration has a `<schemas` element outside its comments (a plain look at its text:
    /// `layout-check` reads it properly, and says what is wrong with it).
    static func namesSchemas(_ configuration: URL) -> Bool {
        guard let data = FileManager.default.contents(atPath: configuration.path) else { return false }
        var text = Substring(String(decoding: data, as: UTF8.self))
        while let open = text.range(of: "<!--") {
            if text[..<open.lowerBound].contains("<schemas") { return true }
            guard let close = text[open.upperBound...].range(of: "-->") else { return false }
            text = text[close.upperBound...]
        }
        return text.contains("<schemas")
    }

    /// Whether a folder holds a class schema (`*.classes.xml`), at any depth.
    static func hasSchemas(_ directory: URL) -> Bool {
        let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            if file.lastPathComponent.hasSuffix(".classes.xml") { return true }
        }
        return false
    }

    /// Whether `arguments` (layout-check's) name a file or directory to check.
    static func namesAPath(_ arguments: [String]) -> Bool {
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument == "--" { return index + 1 < arguments.endIndex }
            if argument == "-" || !argument.hasPrefix("-") { return true }
            if optionsWithValues.contains(argument) { index += 1 }
            index += 1
        }
        return false
    }

    /// Whether a target holds a `*.layout.xml`, as resources or anywhere in its folder.
    static func hasLayouts(_ target: SourceModuleTarget) -> Bool {
        if target.sourceFiles.contains(where: { $0.url.lastPathComponent.hasSuffix(".layout.xml") }) { return true }
        let files = FileManager.default.enumerator(at: target.directoryURL, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            if file.lastPathComponent.hasSuffix(".layout.xml") { return true }
        }
        return false
    }
}
