internal import CLibXML2
import Foundation
import LayoutKit
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// LayoutKit shares libxml2 with its host process: parsing must change none of libxml2's defaults,
/// install no global error handler, and print nothing.
@Suite(.serialized) struct LibXML2StateTests {
    static let inputs: [String] = [
        "<layout",
        "<?xml version=\"1.0\"?><!DOCTYPE layout [<!ENTITY e \"x\">]><layout/>",
        "<layout xmlns=\"urn:layoutkit:layout:1\"><view>&undefined;</view></layout>",
        "<layout xmlns=\"urn:layoutkit:layout:1\"><label text=\"\u{FFFD}\"/></layout>",
        "not xml at all",
    ]

    @Test func parsingLeavesLibxml2DefaultsAsTheyWere() {
        let before = Defaults()
        for input in Self.inputs {
            _ = LayoutValidator.validate(Array(input.utf8), file: "t", catalog: nil)
        }
        #expect(Defaults() == before)
        #expect(__xmlStructuredError().pointee == nil, "a global structured error handler was installed")
    }

    @Test func libxml2PrintsNothing() throws {
        let captured = try capturingStandardError {
            for input in Self.inputs {
                _ = LayoutValidator.validate(Array(input.utf8), file: "t", catalog: nil)
            }
            // Inputs libxml2 would have converted from UTF-16 or EBCDIC, failing midway: its conversion
            // errors have no parser context and go straight to stderr (found by the fuzzer).
            let foreign: [[UInt8]] = [
                [0xFF, 0xFE, 0x3C, 0x00],
                [0x3C, 0x00, 0x3F, 0x00, 0x00, 0xD8, 0x61, 0x00, 0x79, 0x6F],
                [0xFE, 0xFF, 0xD8, 0x00, 0x00, 0x61],
                [0x4C, 0x6F, 0xA7, 0x94, 0xFF, 0xFF, 0x00],
                // The same behind a UTF-8 byte order mark, which libxml2 skips before it looks.
                [0xEF, 0xBB, 0xBF, 0xFE, 0xFF, 0xD8, 0x00, 0x00, 0x61],
                [0xEF, 0xBB, 0xBF, 0x3C, 0x00, 0x3F, 0x00, 0x00, 0xD8, 0x61, 0x00],
                [0xEF, 0xBB, 0xBF, 0x00, 0x00, 0x00, 0x3C, 0x00, 0x00, 0x01, 0x74],
                [0xEF, 0xBB, 0xBF, 0x4C, 0x6F, 0xA7, 0x94, 0xFF, 0xFF, 0x00],
            ]
            for bytes in foreign {
                _ = LayoutValidator.validate(bytes, file: "t", catalog: nil)
            }
        }
        #expect(captured.isEmpty, "libxml2 printed: \(captured)")
    }

    /// The tests' XSD validator shares this process with LayoutKit: a global handler or default it set
    /// would change what the tests above see, and what it printed would reach the test log.
    @Test func validatingAgainstTheXSDsLeavesLibxml2AsItWasAndPrintsNothing() throws {
        let before = Defaults()
        let captured = try capturingStandardError {
            for input in Self.inputs {
                _ = XSDValidator.layout.validate(Array(input.utf8), path: "t")
                _ = XSDValidator.classes.validate(Array(input.utf8), path: "t")
            }
        }
        #expect(captured.isEmpty, "libxml2 printed: \(captured)")
        #expect(Defaults() == before)
        #expect(__xmlStructuredError().pointee == nil, "a global structured error handler was installed")
    }

    /// The per-thread defaults libxml2 keeps for every parser of the process.
    struct Defaults: Equatable {
        var substituteEntities = __xmlSubstituteEntitiesDefaultValue().pointee
        var loadExternalDTD = __xmlLoadExtDtdDefaultValue().pointee
        var validate = __xmlDoValidityCheckingDefaultValue().pointee
        var keepBlanks = __xmlKeepBlanksDefaultValue().pointee
        var lineNumbers = __xmlLineNumbersDefaultValue().pointee
        var pedantic = __xmlPedanticParserDefaultValue().pointee
    }

    /// Runs `body` with file descriptor 2 redirected to a pipe and returns what was written to it.
    func capturingStandardError(_ body: () -> Void) throws -> String {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        let saved = dup(STDERR_FILENO)
        fflush(nil)
        dup2(fds[1], STDERR_FILENO)
        body()
        fflush(nil)
        dup2(saved, STDERR_FILENO)
        close(saved)
        close(fds[1])
        let data = FileHandle(fileDescriptor: fds[0], closeOnDealloc: true).readDataToEndOfFile()
        return String(decoding: data, as: UTF8.self)
    }
}
