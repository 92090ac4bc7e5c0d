import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A path is the bytes the system gave: named on the command line or found by the search, a path that
/// is not UTF-8 reaches the same file, and prints the same way, losslessly, in every format.
@Suite struct PathBytesTests {
    /// `caf` then the Latin-1 byte for `é` (0xE9), which is not UTF-8, holding one broken layout.
    private static func latin1Folder() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        var name = Array("\(folder.path)/caf".utf8CString.dropLast())
        name += [CChar(bitPattern: 0xE9), 0]
        try #require(mkdir(name, 0o755) == 0)
        let file = Array(name.dropLast()) + Array("/Bad.layout.xml".utf8CString)
        let descriptor = open(file, O_WRONLY | O_CREAT, 0o644)
        try #require(descriptor >= 0)
        _ = Array(SampleLayout.malformed.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        return folder
    }

    @Test func aPathThatIsNotUTF8IsFoundFromTheCommandLineAsTheSearchFindsIt() throws {
        let folder = try Self.latin1Folder()
        defer { folder.remove() }
        let named = try runLayoutCheck(
            ["--format", "json"], in: folder.url, shellScript: #"exec "$0" "$@" "$(printf 'caf\351')""#)
        #expect(named.status == 1, "\(named)")
        let searched = try runLayoutCheck(["--format", "json", "."], in: folder.url)
        #expect(searched.status == 1, "\(searched)")
        for report in [try named.report(), try searched.report()] {
            #expect(report.files == 1)
            #expect(report.diagnostics.filter { $0.rule == "xml-syntax" }.map(\.file) == [#"caf\xE9/Bad.layout.xml"#])
        }
    }

    @Test func backslashesAndInvalidBytesAreEscapedInEveryFormat() throws {
        let folder = try Self.latin1Folder()
        defer { folder.remove() }
        try folder.write(SampleLayout.malformed, to: #"back\slash/Bad.layout.xml"#)

        let text = try runLayoutCheck(["."], in: folder.url)
        let located = text.outputLines.filter { $0.hasSuffix("[xml-syntax]") }.map { $0.prefix { $0 != ":" } }
        #expect(located == [#"back\\slash/Bad.layout.xml"#, #"caf\xE9/Bad.layout.xml"#], "\(text)")

        let json = try runLayoutCheck(["--format", "json", "."], in: folder.url).report()
        #expect(
            json.diagnostics.filter { $0.rule == "xml-syntax" }.map(\.file)
                == [#"back\\slash/Bad.layout.xml"#, #"caf\xE9/Bad.layout.xml"#])

        let github = try runLayoutCheck(["--format", "github", "."], in: folder.url)
        #expect(github.standardOutput.contains(#"::error file=caf\xE9/Bad.layout.xml,line="#), "\(github)")
    }

    @Test func aMissingPathIsNamedWithItsBytesEscaped() throws {
        let result = try runLayoutCheck([], shellScript: #"exec "$0" "$(printf 'No\351where')""#)
        #expect(result.status == 2)
        #expect(result.standardError.contains(#"no such file or directory: 'No\xE9where'"#), "\(result)")
    }
}
