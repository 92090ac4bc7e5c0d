import Foundation
import Testing

@testable import LayoutChecking

/// The parent's shortcuts in reading the workers' replies (issue 43): keys matched by their bytes, whole
/// numbers read without text or boxing, type names cleaned by bytes when they are ASCII. Each must read
/// exactly what the general path reads, on the edge cases of its own test (escapes, leading zeros, 18
/// digits and more, fractions, non-ASCII white space, `\r\n`).
@Suite struct ReplyReadingShortcutTests {
    /// Every whole number and key the node reader reads, it reads as the dictionary reader does; what
    /// the dictionary reader does not read as a whole number, the node reader refuses.
    @Test func theNodeReaderReadsNumbersAsTheDictionaryReaderDoes() {
        let values = [
            "0", "-0", "7", "-7", "01", "-01", "00", "-", "+1", "1.0", "1e3", "1E3", "-2e3", "10 ", " 12",
            "12345678901234567", "123456789012345678", "1234567890123456789", "9223372036854775807",
            "-9223372036854775808", "9223372036854775808", "99999999999999999999", "0x1", "1a", "\"3\"", "true",
            "null", "[]",
        ]
        var read = 0
        for value in values {
            let line = Array(#"{"key.offset":\#(value),"key.kind":"k"}"#.utf8)[...]
            let expected = ReplyJSON.object(line)?["key.offset"] as? Int
            let node = ReplyJSON.node(line)
            #expect(node?.offset == expected, "\(value)")
            #expect((node == nil) == (expected == nil), "\(value)")
            if node != nil { read += 1 }
        }
        // The cases the shortcut takes and those it leaves to the general reader are both there.
        #expect(read >= 8)
        #expect(read < values.count - 8)
    }

    /// A key is one of the filter's whatever its spelling in JSON: with escapes it is decoded first; a key
    /// of the same length as one of them but another is dropped; a control character in it is an error.
    @Test func keysAreMatchedAsTheirDecodedText() {
        let kind = ReplyJSON.node(Array(#"{"key.k\u0069nd":"a","key.n\u0061me":"b"}"#.utf8)[...])
        #expect(kind?.kind == "a" && kind?.name == "b")
        let other = ReplyJSON.node(Array(#"{"key.kine":"a","key.offsex":4,"key.offset":5}"#.utf8)[...])
        #expect(other?.kind == nil && other?.offset == 5)
        #expect(ReplyJSON.node(Array("{\"key.\u{01}kind\":\"a\"}".utf8)[...]) == nil)
        #expect(ReplyJSON.node(Array(#"{"key.kind"#.utf8)[...]) == nil)
        let lists: Set<SwiftStructureKey> = [.substructure, .attributes, .inheritedTypes, .diagnostics]
        for key in SwiftStructureKey.allCases where !lists.contains(key) {
            let text = #"{"\#(key.rawValue)":"#
            let isString = ReplyJSON.node(Array((text + #""v"}"#).utf8)[...]) != nil
            let isNumber = ReplyJSON.node(Array((text + "3}").utf8)[...]) != nil
            #expect(isString != isNumber, "\(key)")
        }
    }

    /// Strings without escapes are read in one copy, those with escapes decoded: the same text either way.
    @Test func stringsReadTheSameWithAndWithoutEscapes() {
        let node = ReplyJSON.node(
            Array(#"{"key.name":"plain","key.typename":"a\"b\\c\u00e9\n","key.kind":""}"#.utf8)[...])
        #expect(node?.name == "plain")
        #expect(node?.typeName == "a\"b\\cé\n")
        #expect(node?.kind == "")
    }

    /// White space and decoration are dropped by bytes from ASCII text, by `Character` from any other:
    /// the same text as the `Character` filter in every case.
    @Test func typeNamesAreCleanedAsByCharacter() {
        let names = [
            "UILabel", "UILabel!", " [UIButton]? ", "Array< UIView >", "a\tb\nc\rd\u{0B}e\u{0C}f", "a\r\nb", "\r\n",
            "Ünïcode ?", "a\u{00A0}b", "a\u{2003}b", "a\u{85}b", "e\u{301} !", " \u{301}x", "", "   ", "[ ]",
        ]
        for name in names {
            #expect(withoutWhitespace(name) == name.filter { !$0.isWhitespace }, "\(name.debugDescription)")
            #expect(
                InterfaceBuilderClasses.withoutDecoration(name) == String(name.filter { !" ?![]".contains($0) }),
                "\(name.debugDescription)")
        }
        for text in names + ["\u{85}a\u{85}", "\u{A0} x \u{2028}", " \u{301}", "\t\"Cell\" \n", "  é  ", "\u{FF}"] {
            let bytes = Array(text.utf8)
            #expect(
                trimmedText(bytes[...]) == text.trimmingCharacters(in: .whitespacesAndNewlines),
                "\(text.debugDescription)")
        }
        // Bytes that are not UTF-8 at an end: repaired, then trimmed, as before.
        let broken: [UInt8] = [0x20, 0xC3, 0x41, 0x20]
        #expect(
            trimmedText(broken[...])
                == String(decoding: broken, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(simpleName("UIKit.UILabel") == "UILabel" && simpleName("UILabel") == "UILabel")
        #expect(simpleName("") == "" && simpleName(".") == "." && simpleName("A.") == "A")
    }
}
