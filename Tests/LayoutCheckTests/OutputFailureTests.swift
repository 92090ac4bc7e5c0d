import Foundation
import Testing

/// A report that could not be delivered is a failed run: one line on standard error and exit status 2,
/// never a death by SIGPIPE, never a silent 0.
@Suite struct OutputFailureTests {
    static let invalidFixture = "\(Repository.fixtures)/invalid/unknown-class.layout.xml"

    @Test func aFullDiskIsExitStatusTwoWithOneMessage() throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"), "this system has no /dev/full")
        defer { try? full.close() }
        for format in ["text", "json", "github"] {
            let result = try runLayoutCheck(["--format", format, Self.invalidFixture], outputTo: full)
            #expect(result.status == 2, "\(result)")
            #expect(
                result.standardError == "layout-check: error: cannot write to standard output: \(reason(ENOSPC))\n")
        }
        let help = try runLayoutCheck(["--help"], outputTo: full)
        #expect(help.status == 2, "\(help)")
    }

    /// `layout-check … | head -1` once head has gone: the reading end is closed before the run starts,
    /// so the first write fails every time rather than when the scheduler says.
    @Test func aPipeClosedByItsReaderIsExitStatusTwoNotSIGPIPE() throws {
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        defer { try? pipe.fileHandleForWriting.close() }
        let result = try runLayoutCheck(["--format", "json", Self.invalidFixture], outputTo: pipe.fileHandleForWriting)
        #expect(result.status == 2, "\(result)")
        #expect(result.standardError == "layout-check: error: cannot write to standard output: \(reason(EPIPE))\n")
    }

    private func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
