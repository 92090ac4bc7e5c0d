import LayoutChecking
import LayoutKit

extension XcodeProjects {
    /// The Swift files under `paths` (under the folder of a project named as one) that no target of the projects compiles (neither listed nor in a
    /// synchronized folder): a stale copy, a file removed from its target. Nothing is judged against them;
    /// they are read only to say where a class `unknown-class` finds undeclared is declared after all.
    func swiftOutsideTargets(
        _ paths: [SystemPath], isExcluded: (@Sendable (SystemPath) -> Bool)?
    ) -> SearchedFiles {
        let files = Set(targets.flatMap { $0.swiftFiles.map(\.description) })
        let folders = targets.flatMap { $0.synchronizedFolders.map(\.path.description) }
        var discovery = FileDiscovery(suffix: ".swift", yieldsSuffixAlone: true)
        discovery.isExcluded = { path in
            let text = path.description
            return files.contains(text) || folders.contains { text == $0 || text.hasPrefix($0 + "/") }
                || isExcluded?(path) == true
        }
        for path in paths {
            // A project named as a PATH: the folder that holds it.
            var text = path.description
            while text.hasSuffix("/") { text.removeLast() }
            guard text.hasSuffix(".xcodeproj") else {
                try? discovery.add(path)
                continue
            }
            let folder = text.split(separator: "/", omittingEmptySubsequences: false).dropLast()
                .joined(separator: "/")
            try? discovery.add(SystemPath(folder.isEmpty ? (text.hasPrefix("/") ? "/" : ".") : folder))
        }
        return SearchedFiles(discovery)
    }
}
