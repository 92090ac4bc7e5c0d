internal import CLibXML2
import Foundation

// The only file of these tests that touches libxml2. Foundation's `XMLDocument` is no judge of
// well-formedness here: it parses in recovery mode and accepts `&#1;`, which XML 1.0 forbids.

/// Whether bytes are a well-formed XML 1.0 document, as libxml2 reads it without recovery.
enum WellFormedXML {
    /// `nil` for a well-formed document, otherwise libxml2's first error and its line.
    static func errors(in data: Data) -> String? {
        let bytes = [UInt8](data)
        return bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars -> String? in
                guard let context = xmlCreateMemoryParserCtxt(chars.baseAddress, Int32(chars.count)) else {
                    return "libxml2 could not create a parser"
                }
                defer { xmlFreeParserCtxt(context) }
                let options =
                    Int32(XML_PARSE_NONET.rawValue) | Int32(XML_PARSE_NOERROR.rawValue)
                    | Int32(XML_PARSE_NOWARNING.rawValue)
                xmlCtxtUseOptions(context, options)
                xmlParseDocument(context)
                if let document = context.pointee.myDoc {
                    xmlFreeDoc(document)
                    context.pointee.myDoc = nil
                }
                guard context.pointee.wellFormed == 0 else { return nil }
                guard let error = xmlCtxtGetLastError(context) else { return "not well-formed" }
                let message = error.pointee.message.map { String(cString: $0) } ?? "not well-formed"
                return "line \(error.pointee.line): \(message)"
            }
        }
    }
}
