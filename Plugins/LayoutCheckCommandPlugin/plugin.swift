import Foundation
import PackagePlugin

/// `swift package layout-check [ARGS]`: runs `layout-check` with the same arguments, in the package's
/// directory, so that `layout-check.xml`, `Schemas/` and relative paths mean what they mean there.
///
/// It declares no permission, so checking never asks for any. `--write-baseline FILE` writes into the
/// package, which SwiftPM's sandbox allows only when asked:
/// `swift package --allow-writing-to-package-directory layout-check --write-baseline FILE PATH...`.
@main
struct LayoutCheckCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let process = Process()
        process.executableURL = try context.tool(named: "layout-check").url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        if process.terminationReason != .exit || process.terminationStatus != 0 {
            Diagnostics.error("layout-check exited with status \(process.terminationStatus)")
        }
    }
}
