internal import CLibXML2

// The only file of the benchmark that touches libxml2: the raw parse LayoutKit's reader is measured
// against, with no Swift between the bytes and libxml2's own tree.

/// libxml2 used directly, as a program that needs nothing but a well-formedness check and a tree would.
enum RawLibXML2 {
    /// Initialises libxml2 once for the process, as its documentation asks before any parse.
    static func initialize() {
        xmlInitParser()
    }

    /// Parses `bytes` into a libxml2 document with `xmlReadMemory` (network access off) and frees it.
    ///
    /// - Returns: `false` when libxml2 could not build a document from the bytes.
    static func parseAndFree(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                guard
                    let document = xmlReadMemory(
                        chars.baseAddress, Int32(chars.count), nil, nil, Int32(XML_PARSE_NONET.rawValue))
                else { return false }
                xmlFreeDoc(document)
                return true
            }
        }
    }
}
