import Foundation
import PackagePlugin

/// Checks a target's layouts on every build that changed one: `layout-check` (built from source, so it
/// works on Linux) runs as a build command whose inputs are the target's `*.layout.xml`,
/// `*.classes.xml` and `layout-check.xml`, and whose output is a stamp file that it writes only when
/// the check passes. A build that changed none of them runs nothing; an error fails the build, and
/// each diagnostic reaches `swift build` as `file:line:column: error: message [rule]`.
@main
struct LayoutCheckBuildPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let inputs = target.sourceFiles.map(\.url).filter {
            let name = $0.lastPathComponent
            return name.hasSuffix(".layout.xml") || name.hasSuffix(".classes.xml") || name == "layout-check.xml"
        }
        guard inputs.contains(where: { $0.lastPathComponent.hasSuffix(".layout.xml") }) else { return [] }
        let stamp = context.pluginWorkDirectoryURL.appending(path: "layout-check.stamp")
        // The target's configuration names its class schemas; without one, they are the target's own.
        let configuration = inputs.first { $0.lastPathComponent == "layout-check.xml" }
        let settings = configuration.map { ["--config", $0.path] } ?? ["--schemas", target.directoryURL.path]
        return [
            .buildCommand(
                displayName: "Checking the layouts of \(target.name)",
                executable: try context.tool(named: "layout-check").url,
                arguments: settings + ["--touch", stamp.path, "--", target.directoryURL.path],
                inputFiles: inputs,
                outputFiles: [stamp])
        ]
    }
}
