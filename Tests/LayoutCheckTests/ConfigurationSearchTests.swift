import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The configuration search's hostile corpus: whatever is named `layout-check.xml` on the way up from the
/// working directory ends the search, and is read only when it is a regular file inside the repository;
/// anything else is a `configuration` error at it (exit 2) — never a hang, a crash, a read outside the
/// repository, or a run that goes on as if there were no configuration.
@Suite struct ConfigurationSearchTests {
    /// A repository with a valid configuration at its root that makes `unknown-destination` a warning,
    /// and `App/Layouts/Bad.layout.xml`, which has one: a run that used the root's configuration exits 0.
    static func makeRepository() throws -> TemporaryDirectory {
        let repository = try TemporaryDirectory()
        try FileManager.default.createDirectory(
            at: repository.url.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try repository.write(
            RepositoryBoundaryTests.configuration(#"<rule id="unknown-destination" severity="warning"/>"#),
            to: "layout-check.xml")
        try repository.write(SampleLayout.unknownDestination, to: "App/Layouts/Bad.layout.xml")
        return repository
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var testDescription: String
        /// Puts something named `App/layout-check.xml` in the repository; `outside` is a folder beside it.
        var make: @Sendable (_ repository: TemporaryDirectory, _ outside: TemporaryDirectory) throws -> Void
        /// What the error says after `not using this configuration file: `, or (`nil`) the whole message
        /// is the reader's.
        var problem: String?
        /// The position of the error in the file.
        var column = 1
    }

    static let cases: [Case] = [
        Case(
            testDescription: "a folder",
            make: { repository, _ in
                try FileManager.default.createDirectory(
                    at: repository.url.appendingPathComponent("App/layout-check.xml"), withIntermediateDirectories: true
                )
            }, problem: "it is a folder, not a file"),
        Case(
            testDescription: "a FIFO",
            make: { repository, _ in
                #expect(mkfifo(repository.url.appendingPathComponent("App/layout-check.xml").path, 0o600) == 0)
            }, problem: "it is not a regular file or a folder (a FIFO, socket or device)"),
        Case(
            testDescription: "a link out of the repository",
            make: { repository, outside in
                let file = try outside.write(RepositoryBoundaryTests.configuration(""), to: "layout-check.xml")
                try repository.link("App/layout-check.xml", to: file.path)
            }, problem: "it leads to \""),
        Case(
            testDescription: "a link to /dev/zero",
            make: { repository, _ in try repository.link("App/layout-check.xml", to: "/dev/zero") },
            problem: "it leads to \"/dev/zero\", outside the repository"),
        Case(
            testDescription: "a link to standard input",
            make: { repository, _ in try repository.link("App/layout-check.xml", to: "/proc/self/fd/0") },
            problem: "it leads to \""),
        Case(
            testDescription: "a dangling link",
            make: { repository, _ in try repository.link("App/layout-check.xml", to: "Gone.xml") },
            problem: "it is a symbolic link that leads to no file or folder"),
        Case(
            testDescription: "a link to itself",
            make: { repository, _ in try repository.link("App/layout-check.xml", to: "layout-check.xml") },
            problem: "it is a symbolic link that leads to no file or folder"),
        Case(
            testDescription: "a 5 MiB file",
            make: { repository, _ in
                let padding = String(
                    repeating: "<!-- padding padding padding padding padding padding -->\n", count: 92_000)
                try repository.write(RepositoryBoundaryTests.configuration(padding), to: "App/layout-check.xml")
            }),
        Case(
            testDescription: "NUL bytes",
            make: { repository, _ in
                try repository.write(
                    "<layout-check xmlns=\"urn:layoutkit:config:1\">\0\0</layout-check>\n", to: "App/layout-check.xml")
            }, column: 46),
    ]

    @Test(arguments: cases)
    func anythingButARegularFileInsideTheRepositoryIsAConfigurationError(_ testCase: Case) throws {
        if testCase.testDescription.contains("standard input") {
            try #require(FileManager.default.fileExists(atPath: "/proc/self/fd/0"))
        }
        let repository = try Self.makeRepository()
        defer { repository.remove() }
        let outside = try TemporaryDirectory()
        defer { outside.remove() }
        try testCase.make(repository, outside)
        // Standard input is a FIFO the run itself holds open for writing too: reading it never ends.
        let input = outside.url.appendingPathComponent("input").path
        #expect(mkfifo(input, 0o600) == 0)
        let result = try runLayoutCheck(
            ["Layouts"], in: repository.url.appendingPathComponent("App"), environment: ["INPUT": input],
            shellScript: #"exec 0<>"$INPUT" && exec "$0" "$@""#, timeout: .seconds(20))
        #expect(result.status == 2, "\(result)")
        let lines = result.standardError.split(separator: "\n")
        let prefix = "layout-check.xml:1:\(testCase.column): error: "
        #expect(lines.count == 1 && lines[0].hasPrefix(prefix) && lines[0].hasSuffix(" [configuration]"), "\(result)")
        if let problem = testCase.problem {
            #expect(
                lines.first?.hasPrefix(prefix + "not using this configuration file: " + problem) == true, "\(result)")
        }
        #expect(result.standardOutput.isEmpty, "\(result)")
    }

    /// Tests run as root in CI, where a file without permissions reads all the same: this one runs only
    /// for another user.
    @Test(.enabled(if: geteuid() != 0, "root reads files whatever their permissions"))
    func anUnreadableFileIsAConfigurationError() throws {
        let repository = try Self.makeRepository()
        defer { repository.remove() }
        let file = try repository.write(RepositoryBoundaryTests.configuration(""), to: "App/layout-check.xml")
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: file.path)
        let result = try runLayoutCheck(["Layouts"], in: repository.url.appendingPathComponent("App"))
        #expect(result.status == 2, "\(result)")
        #expect(
            result.standardError.hasPrefix(
                "layout-check.xml:1:1: error: not using this configuration file: cannot read it: "
                    + String(cString: strerror(EACCES))), "\(result)")
    }

    /// A link inside the repository to a configuration inside it is read (a monorepo's shared one), and
    /// so is a valid file: the search's refusals are about what is there, not about links.
    @Test(arguments: [false, true])
    func aRegularFileOrALinkToOneInsideTheRepositoryIsRead(_ throughLink: Bool) throws {
        let repository = try Self.makeRepository()
        defer { repository.remove() }
        let strict = RepositoryBoundaryTests.configuration(#"<rule id="unknown-destination" severity="ignore"/>"#)
        if throughLink {
            try repository.write(strict, to: "Shared/layout-check.xml")
            try repository.link("App/layout-check.xml", to: "../Shared/layout-check.xml")
        } else {
            try repository.write(strict, to: "App/layout-check.xml")
        }
        let result = try runLayoutCheck(
            ["--format", "json", "Layouts"], in: repository.url.appendingPathComponent("App"))
        #expect(result.status == 0, "\(result)")
        #expect(try result.report().diagnostics.allSatisfy { $0.rule == "no-class-schemas" }, "\(result)")
    }

    /// The working directory `levels` folders of 250-byte names below the repository's root, whose
    /// configuration has an unknown element: the run must find and refuse it. Foundation gave `""` as
    /// the working directory past about 1,000 bytes, so the search found nothing and the run passed;
    /// past PATH_MAX (20 levels), `../` × 20 is still short enough to open.
    @Test(arguments: [5, 20])
    func aDeepWorkingDirectoryStillFindsTheConfiguration(_ levels: Int) throws {
        let repository = try TemporaryDirectory()
        defer { repository.remove() }
        let name = String(repeating: "d", count: 250)
        defer { removeDeepTree(repository.url.appendingPathComponent(name).path) }
        try FileManager.default.createDirectory(
            at: repository.url.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try repository.write(RepositoryBoundaryTests.configuration("<bogus/>"), to: "layout-check.xml")
        var descriptor = open(repository.path, O_RDONLY | O_DIRECTORY)
        try #require(descriptor >= 0)
        for _ in 0..<levels {
            try #require(mkdirat(descriptor, name, 0o755) == 0)
            let next = openat(descriptor, name, O_RDONLY | O_DIRECTORY)
            close(descriptor)
            descriptor = next
            try #require(descriptor >= 0)
        }
        close(descriptor)
        // `cd -P` one level at a time: no path the shell or the system is given passes PATH_MAX.
        let climb = Array(repeating: "cd -P \(name)", count: levels).joined(separator: " && ")
        let result = try runLayoutCheck(["."], in: repository.url, shellScript: climb + #" && exec "$0" "$@""#)
        #expect(result.status == 2, "\(result)")
        let expected = String(repeating: "../", count: levels) + "layout-check.xml:3:1: error: unexpected <bogus>"
        #expect(result.standardError.hasPrefix(expected), "\(result)")
    }
}
