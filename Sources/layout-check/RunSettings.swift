import Foundation
import LayoutChecking
import LayoutKit

/// What steers a run besides its PATHs: the configuration file and the baseline, both read before
/// anything is checked, so that a broken one stops the run at once.
struct RunSettings {
    /// The directory the run happens in, absolute.
    let workingDirectory: String
    var configuration = CheckConfiguration()
    /// The configuration file's directory as the command line reaches it (`""` for the working
    /// directory), which its relative paths start from; `nil` without a configuration file.
    var configurationDirectory: String?
    /// The same directory, absolute, which excludes are matched from.
    private var excludeBase = "/"
    /// The baseline that `--baseline` names, else the configuration's `<baseline>`.
    var baseline: Baseline?
    /// The directory of the `--baseline` or `--write-baseline` file, absolute: entries name files from there.
    var baselineDirectory: String

    /// Why the settings cannot be used: the tool prints it and exits with 2.
    enum Failure: Error {
        /// A file named on the command line cannot be read.
        case usage(UsageError)
        /// A file was read and is wrong: each problem at its line and column.
        case invalid([Diagnostic])
    }

    /// Reads `--config` (or the nearest `layout-check.xml`, `discoverConfiguration`) and `--baseline`
    /// (or the configuration's `<baseline>`).
    static func load(_ arguments: Arguments, workingDirectory: String) -> Result<RunSettings, Failure> {
        var settings = RunSettings(workingDirectory: workingDirectory, baselineDirectory: workingDirectory)
        var configurationPath = arguments.configuration
        if configurationPath == nil {
            switch discoverConfiguration(from: workingDirectory) {
            case .none: break
            case .found(let path): configurationPath = path
            case .refused(let diagnostic): return .failure(.invalid([diagnostic]))
            }
        }
        if let configurationPath {
            if let failure = settings.readConfiguration(configurationPath, named: arguments.configuration != nil) {
                return .failure(failure)
            }
        }
        // What the run writes where the user says replaces no device, FIFO, folder or link's target
        // (`--output` is checked before, by the checker, which then reports on standard output).
        let boundary = RepositoryBoundary(workingDirectory: workingDirectory)
        if let path = arguments.writeBaseline, let problem = boundary.writeProblem(path, confined: false) {
            return .failure(.usage(UsageError(message: "--write-baseline: not writing '\(path)': \(problem)")))
        }
        if let path = arguments.writeSchemas, let problem = boundary.writeProblem(path, isFolder: true, confined: false)
        {
            return .failure(.usage(UsageError(message: "--write-schemas: not writing into '\(path)': \(problem)")))
        }
        if let failure = settings.readBaseline(arguments, configurationPath: configurationPath) {
            return .failure(failure)
        }
        return .success(settings)
    }

    /// Reads the configuration file: one found by the search is opened without blocking and must be a
    /// regular file, like every file a search finds; one `--config` names (`named`) is read whatever it is.
    private mutating func readConfiguration(_ path: String, named: Bool) -> Failure? {
        switch InputFile(path: SystemPath(path), isExplicit: named).contents() {
        case .unreadable(let reason) where !named:
            return .invalid([Self.discoveryProblem(path, "cannot read it: \(reason)")])
        case .unreadable(let reason):
            return .usage(UsageError(message: "--config: cannot read '\(path)': \(reason)"))
        case .bytes(let bytes):
            let (read, diagnostics) = CheckConfiguration.read(bytes, file: path)
            if !diagnostics.isEmpty { return .invalid(diagnostics) }
            let directory = Self.directory(of: path)
            let outside = Self.confinementProblems(read, directory: directory, workingDirectory: workingDirectory)
            if !outside.isEmpty { return .invalid(outside) }
            configuration = read
            configurationDirectory = directory
            excludeBase = ArtifactPath.absolute(directory, in: workingDirectory)
            return nil
        }
    }

    /// Reads the baseline: `--baseline`, else the configuration's `<baseline>` (not when
    /// `--write-baseline` records afresh). The command line wins. A person names `--baseline` (a pipe from
    /// `<(…)` included); the configuration's `<baseline>` is the repository's to say, so it is held to the
    /// repository and to a regular file, read without blocking (article "Security").
    private mutating func readBaseline(_ arguments: Arguments, configurationPath: String?) -> Failure? {
        var baselinePath = arguments.baseline ?? arguments.writeBaseline
        var option = "--baseline"
        var isNamedByConfiguration = false
        if baselinePath == nil, let configured = configuration.baseline, let configurationDirectory,
            let configurationPath
        {
            let path = configured.hasPrefix("/") ? configured : configurationDirectory + configured
            if let problem = Self.configuredBaselineProblem(path, configurationDirectory, workingDirectory) {
                return .invalid([
                    Diagnostic(
                        rule: .configuration, message: "cannot use the baseline \(quoted(configured)): \(problem)",
                        location: configuration.pathLocations[configured]
                            ?? SourceLocation(file: configurationPath, line: 1, column: 1))
                ])
            }
            baselinePath = path
            option = "<baseline> of \(configurationPath)"
            isNamedByConfiguration = true
        }
        baselineDirectory = ArtifactPath.absolute(Self.directory(of: baselinePath ?? ""), in: workingDirectory)
        guard arguments.writeBaseline == nil, let path = baselinePath else { return nil }
        switch Self.read(path, option: option, isExplicit: !isNamedByConfiguration) {
        case .failure(let error): return .usage(error)
        case .success(let bytes):
            let (baseline, diagnostics) = Baseline.read(bytes, file: path)
            if !diagnostics.isEmpty { return .invalid(diagnostics) }
            self.baseline = baseline
            return nil
        }
    }

    /// What the configuration search found.
    enum Discovery {
        /// No `layout-check.xml` up to the package or repository root: the run has no configuration.
        case none
        /// The file to read, relative to the working directory (or absolute, past PATH_MAX).
        case found(String)
        /// Something is there by that name that must not be read: a folder, a FIFO, socket or device, a
        /// link to nothing or out of the repository. The run stops (exit 2) with this `configuration`
        /// error at it rather than go on as if there were no configuration, or climb past it.
        case refused(Diagnostic)
    }

    /// The configuration file of a run without `--config`: the nearest `layout-check.xml` in
    /// `workingDirectory` or a folder above it, looking no higher than the package root (a folder with
    /// `Package.swift`) or the repository root (a folder with `.git`), whichever comes first, so that a
    /// run from a subfolder reads the file a run from the root reads, and never one of another project.
    ///
    /// Anything by that name ends the search (article "Security"): it is the configuration when it is a
    /// regular file inside the repository once links are followed, and refused otherwise. The path is
    /// relative to the working directory (`layout-check.xml`, `../../layout-check.xml`), as diagnostics
    /// about the file then name it — or absolute, for a working directory so deep that the relative path
    /// would pass PATH_MAX (`../` is three bytes a level, a one-letter folder two).
    static func discoverConfiguration(from workingDirectory: String) -> Discovery {
        var directory = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
        var climbed = ""
        while true {
            let absolute = directory + CheckConfiguration.fileName
            var status = stat()
            if lstat(absolute, &status) == 0 {
                let relative = climbed + CheckConfiguration.fileName
                let path = relative.utf8.count < PATH_MAX ? relative : absolute
                let boundary = RepositoryBoundary(workingDirectory: workingDirectory, anchor: directory)
                if let problem = boundary.readProblem(absolute, rule: "a configuration file is read only inside it") {
                    return .refused(discoveryProblem(path, problem))
                }
                if stat(absolute, &status) == 0, status.isDirectory {
                    return .refused(discoveryProblem(path, "it is a folder, not a file"))
                }
                return .found(path)
            }
            let isRoot =
                access(directory + "Package.swift", F_OK) == 0 || access(directory + ".git", F_OK) == 0
            guard !isRoot, directory != "/" else { return .none }
            directory = Self.directory(of: String(directory.dropLast()))
            climbed += "../"
        }
    }

    /// The `configuration` error of a `layout-check.xml` the search found and will not read, at its
    /// line 1, column 1.
    private static func discoveryProblem(_ path: String, _ problem: String) -> Diagnostic {
        Diagnostic(
            rule: .configuration, message: "not using this configuration file: \(problem)",
            location: SourceLocation(file: path, line: 1, column: 1))
    }

    /// A `configuration` diagnostic at each `<schemas>` or `<swift-sources>` whose path the run will not
    /// read: outside the repository once links are followed, or neither a regular file nor a folder.
    private static func confinementProblems(
        _ configuration: CheckConfiguration, directory: String, workingDirectory: String
    ) -> [Diagnostic] {
        let paths = configuration.schemas + configuration.swiftSources
        guard !paths.isEmpty else { return [] }
        let boundary = RepositoryBoundary(
            workingDirectory: workingDirectory, anchor: ArtifactPath.absolute(directory, in: workingDirectory))
        return paths.compactMap { path in
            boundary.readProblem(path.hasPrefix("/") ? path : directory + path).map { problem in
                Diagnostic(
                    rule: .configuration, message: "cannot use path=\(quoted(path)): \(problem)",
                    location: configuration.pathLocations[path])
            }
        }
    }

    /// The class schema directories: those of the command line, else those of the configuration
    /// (relative to its file), else `Schemas` where the run happens, when it exists.
    func schemaDirectories(_ arguments: Arguments, defaultExists: Bool) -> [SystemPath] {
        if !arguments.schemaDirectories.isEmpty { return arguments.schemaDirectories }
        if let configurationDirectory, !configuration.schemas.isEmpty {
            return configuration.schemas.map { SystemPath($0.hasPrefix("/") ? $0 : configurationDirectory + $0) }
        }
        return defaultExists ? [SystemPath("Schemas")] : []
    }

    /// The directories of Swift code for Interface Builder files: those of the command line, else those
    /// of the configuration (relative to its file). Empty: Interface Builder files are not checked.
    func swiftSourceDirectories(_ arguments: Arguments) -> [SwiftSourceRoot] {
        var roots: [SwiftSourceRoot] = []
        if let configurationDirectory {
            for path in configuration.swiftSources {
                roots.append(
                    SwiftSourceRoot(
                        SystemPath(path.hasPrefix("/") ? path : configurationDirectory + path),
                        module: configuration.swiftSourceModules[path]))
            }
        }
        // The command line's (and so the build plugin's) come in addition: the plugin names the
        // target's own sources and its dependencies', the configuration what else a run needs.
        for argument in arguments.swiftSources {
            let root = SwiftSourceRoot(argument)
            if !roots.contains(root) { roots.append(root) }
        }
        return roots
    }

    /// Whether the configuration leaves a file out. Only files a directory search found can be: a
    /// file named on the command line is checked, as the command line wins.
    func isExcluded(_ file: InputFile) -> Bool {
        guard !configuration.excludes.isEmpty, !file.isExplicit else { return false }
        return isExcluded(path: file.displayPath)
    }

    /// Whether the configuration leaves out a file or a directory a search found: a directory is left
    /// out when a pattern matches it, or matches any name inside it (`Legacy/**`), so that nothing under
    /// it is read.
    func isExcluded(path: String, isDirectory: Bool = false) -> Bool {
        Self.isExcluded(
            path: path, isDirectory: isDirectory, configuration: configuration, workingDirectory: workingDirectory,
            excludeBase: excludeBase)
    }

    private static func isExcluded(
        path: String, isDirectory: Bool, configuration: CheckConfiguration, workingDirectory: String,
        excludeBase: String
    ) -> Bool {
        guard !configuration.excludes.isEmpty else { return false }
        let relative = ArtifactPath(ArtifactPath.absolute(path, in: workingDirectory), workingDirectory: excludeBase)
        guard relative.isRelative else { return false }
        return configuration.isExcluded(relative.path)
            || (isDirectory && configuration.isExcluded(relative.path + "/\u{1}"))
    }

    /// The filter a directory search applies: files and directories the configuration excludes.
    var searchExclusion: (@Sendable (SystemPath) -> Bool)? {
        guard !configuration.excludes.isEmpty else { return nil }
        let configuration = configuration
        let workingDirectory = workingDirectory
        let excludeBase = excludeBase
        return { path in
            Self.isExcluded(
                path: path.description, isDirectory: LayoutCheck.isDirectory(path), configuration: configuration,
                workingDirectory: workingDirectory, excludeBase: excludeBase)
        }
    }

    /// What the configuration says of Interface Builder files' findings: severities and `<ignore>`s, whose
    /// `file` patterns see paths relative to the configuration's folder.
    var interfaceBuilderSettings: InterfaceBuilderSettings {
        guard configurationDirectory != nil else { return InterfaceBuilderSettings() }
        let workingDirectory = workingDirectory
        let base = excludeBase
        return InterfaceBuilderSettings(
            rules: configuration.rules, ignores: configuration.ignores,
            relativePath: { path in
                let relative = ArtifactPath(ArtifactPath.absolute(path, in: workingDirectory), workingDirectory: base)
                return relative.isRelative ? relative.path : nil
            })
    }

    /// The diagnostics as baseline entries, files named from the baseline's directory.
    func baselineEntries(_ diagnostics: [Diagnostic]) -> [Baseline.Entry] {
        BaselineWriter.entries(diagnostics, directory: baselineDirectory, workingDirectory: workingDirectory)
    }

    /// `dir/` for `dir/file`, `""` for a file without a directory.
    private static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }

    /// Why the configuration's `<baseline>` at `path` is not read: it leads out of the repository, or to
    /// something that is not a regular file (a folder, a FIFO, a device); `nil` when it may be read.
    static func configuredBaselineProblem(
        _ path: String, _ configurationDirectory: String, _ workingDirectory: String
    ) -> String? {
        let boundary = RepositoryBoundary(
            workingDirectory: workingDirectory,
            anchor: ArtifactPath.absolute(configurationDirectory, in: workingDirectory))
        if let problem = boundary.readProblem(path, rule: "a configuration's baseline is read only inside it") {
            return problem
        }
        return LayoutCheck.isDirectory(SystemPath(path)) ? "it is a folder, not a file" : nil
    }

    private static func read(_ path: String, option: String, isExplicit: Bool) -> Result<[UInt8], UsageError> {
        switch InputFile(path: SystemPath(path), isExplicit: isExplicit).contents() {
        case .bytes(let bytes): .success(bytes)
        case .unreadable(let reason): .failure(UsageError(message: "\(option): cannot read '\(path)': \(reason)"))
        }
    }
}
