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

    /// SARIF's `uri` encodes the file's own bytes: `back%5Cslash`, `caf%E9`, where it encoded the
    /// printed escapes (`back%5C%5Cslash`, `caf%5CxE9`), naming files that do not exist.
    @Test func sarifURIsPercentEncodeTheFilesBytesNotTheirEscapes() throws {
        let folder = try Self.latin1Folder()
        defer { folder.remove() }
        try folder.write(SampleLayout.malformed, to: #"back\slash/Bad.layout.xml"#)
        let sarif = try runLayoutCheck(["--format", "sarif", "."], in: folder.url)
        #expect(sarif.standardOutput.contains(#""uri" : "back%5Cslash/Bad.layout.xml""#), "\(sarif)")
        #expect(sarif.standardOutput.contains(#""uri" : "caf%E9/Bad.layout.xml""#), "\(sarif)")
        #expect(!sarif.standardOutput.contains("%5C%5C"), "\(sarif)")
        #expect(!sarif.standardOutput.contains("%5CxE9"), "\(sarif)")
    }

    /// A right-to-left override in a file's name or in a value a message quotes is printed escaped:
    /// raw, it makes the line read as something it is not.
    @Test func bidiControlsArePrintedEscaped() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let layout = """
            <?xml version="1.0" encoding="UTF-8"?>
            <layout xmlns="urn:layoutkit:layout:1"><view backgroundColor="red\u{202E}lmx."/></layout>

            """
        try folder.write(layout, to: "evil\u{202E}lmx.layout.xml")
        for format in ["text", "github"] {
            let result = try runLayoutCheck(["--format", format, "."], in: folder.url)
            #expect(result.status == 1, "\(result)")
            #expect(!result.standardOutput.unicodeScalars.contains("\u{202E}"), "\(format): \(result)")
            #expect(result.standardOutput.contains(#"evil\u{202E}lmx.layout.xml"#), "\(format): \(result)")
            #expect(result.standardOutput.contains(#"red\u{202E}lmx."#), "\(format): \(result)")
        }
    }

    @Test func aMissingPathIsNamedWithItsBytesEscaped() throws {
        let result = try runLayoutCheck([], shellScript: #"exec "$0" "$(printf 'No\351where')""#)
        #expect(result.status == 2)
        #expect(result.standardError.contains(#"no such file or directory: 'No\xE9where'"#), "\(result)")
    }
}
