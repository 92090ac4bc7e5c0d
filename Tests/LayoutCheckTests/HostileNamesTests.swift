import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every format stays a valid document, and says as much as the JSON report, whatever the paths and
/// messages hold: quotes, `<`, `&`, `%`, control characters, line breaks, and bytes that are not UTF-8.
@Suite struct HostileNamesTests {
    /// A folder of layouts whose names and messages hold all of that, made fresh for each test.
    static func makeFixture() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        let layout = """
            <?xml version="1.0" encoding="UTF-8"?>
            <layout xmlns="urn:layoutkit:layout:1">
                <view backgroundColor="a&quot;b&lt;c&amp;d&#13;&#10;e&#9;f%g]]>"/>
            </layout>

            """
        try folder.write(layout, to: "q \"x\" & <y> 100%.layout.xml")
        try folder.write(layout, to: "ctl\u{1}\u{7F}\nname\r.layout.xml")
        try folder.write(SampleLayout.valid, to: "clean.layout.xml")
        // A name that is not UTF-8: only the system call can make it.
        let name = Array("\(folder.path)/bad".utf8) + [0xFF, 0xFE] + Array(".layout.xml".utf8) + [0]
        let descriptor = name.withUnsafeBufferPointer {
            $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        }
        try #require(descriptor >= 0, "cannot create a file whose name is not UTF-8")
        let bytes = Array(layout.utf8)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        return folder
    }

    static let fileCount = 4

    /// The run without class schemas, so that a finding about the whole run is in every report too.
    func run(_ format: String, in folder: TemporaryDirectory) throws -> CommandResult {
        try runLayoutCheck(["--format", format, "."], in: folder.url)
    }

    @Test func jsonAndSARIFParseAndHoldEveryDiagnostic() throws {
        let folder = try Self.makeFixture()
        defer { folder.remove() }
        let json = try run("json", in: folder)
        #expect(json.status == 1)
        let report = try json.report()
        #expect(report.files == Self.fileCount)
        #expect(report.diagnostics.count == 4, "three schema errors and no-class-schemas: \(json)")

        let sarif = try run("sarif", in: folder)
        #expect(sarif.status == 1)
        let log = try #require(
            try JSONSerialization.jsonObject(with: Data(sarif.standardOutput.utf8)) as? [String: Any], "\(sarif)")
        #expect(log["version"] as? String == "2.1.0")
        let runs = try #require(log["runs"] as? [[String: Any]])
        let results = try #require(runs.first?["results"] as? [[String: Any]])
        // The finding about the whole run is a notification of the invocation; the rest are results.
        #expect(results.count == report.diagnostics.count - 1)
        #expect(SARIFRules.problems(in: Data(sarif.standardOutput.utf8)) == [], "\(sarif)")
        for result in results {
            let locations = result["locations"] as? [[String: Any]] ?? []
            for location in locations {
                let artifact = (location["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any]
                let uri = try #require(artifact?["uri"] as? String)
                #expect(URL(string: uri, relativeTo: URL(string: "file:///repository/")) != nil, "\(uri)")
                #expect(uri.allSatisfy { $0.isASCII && !$0.isWhitespace && $0 != "\"" && $0 != "<" }, "\(uri)")
            }
            #expect(!locations.isEmpty, "every result has a location")
        }
        let invocation = (runs.first?["invocations"] as? [[String: Any]])?.first
        let notifications = invocation?["toolExecutionNotifications"] as? [[String: Any]]
        #expect(
            notifications?.compactMap { ($0["associatedRule"] as? [String: Any])?["id"] as? String } == [
                "no-class-schemas"
            ])
    }

    @Test func junitAndCheckstyleAreWellFormedXML() throws {
        let folder = try Self.makeFixture()
        defer { folder.remove() }
        let report = try run("json", in: folder).report()
        let errors = report.diagnostics.count(where: { $0.severity == "error" })

        let junit = try run("junit", in: folder)
        #expect(junit.status == 1)
        #expect(WellFormedXML.errors(in: Data(junit.standardOutput.utf8)) == nil, "\(junit)")
        let junitDocument = ElementsRead(junit.standardOutput)
        #expect(junitDocument.counts["testcase"] == Self.fileCount + 1, "and the run's own")
        #expect(junitDocument.counts["failure"] == errors)

        let checkstyle = try run("checkstyle", in: folder)
        #expect(checkstyle.status == 1)
        #expect(WellFormedXML.errors(in: Data(checkstyle.standardOutput.utf8)) == nil, "\(checkstyle)")
        let checkstyleDocument = ElementsRead(checkstyle.standardOutput)
        #expect(checkstyleDocument.counts["error"] == report.diagnostics.count)
        // The message survives the trip: the attribute reads back as LayoutKit wrote it.
        #expect(Set(checkstyleDocument.errorMessages) == Set(report.diagnostics.map(\.message)))
    }

    @Test func textAndGitHubKeepOneLinePerDiagnostic() throws {
        let folder = try Self.makeFixture()
        defer { folder.remove() }
        let report = try run("json", in: folder).report()
        for format in ["text", "github"] {
            let result = try run(format, in: folder)
            #expect(result.outputLines.count == report.diagnostics.count, "\(format): \(result)")
            let controls = result.standardOutput.unicodeScalars.filter {
                $0.properties.generalCategory == .control && $0 != "\n"
            }
            #expect(controls.isEmpty, "\(format) printed a control character: \(result)")
        }
    }

    /// The check above would pass on anything if the parser accepted all: it must refuse what XML
    /// 1.0 cannot hold.
    @Test func theXMLCheckRefusesAControlCharacter() {
        #expect(WellFormedXML.errors(in: Data("<a b=\"&#1;\"/>".utf8)) != nil)
        #expect(WellFormedXML.errors(in: Data("<a b=\"\u{1}\"/>".utf8)) != nil)
        #expect(WellFormedXML.errors(in: Data("<a b=\"&#10;\"/>".utf8)) == nil)
    }
}

/// How many elements of each name a document holds, and the `message` of each `<error>`, read back with
/// FoundationXML's `XMLParser`: a reader other than the libxml2 one LayoutKit writes with. (Not
/// `XMLDocument` with XPath, whose node cache leaks under LeakSanitizer.)
private final class ElementsRead: NSObject, XMLParserDelegate {
    private(set) var counts: [String: Int] = [:]
    private(set) var errorMessages: [String] = []

    init(_ text: String) {
        super.init()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = self
        _ = parser.parse()
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        counts[elementName, default: 0] += 1
        if elementName == "error", let message = attributes["message"] { errorMessages.append(message) }
    }
}
