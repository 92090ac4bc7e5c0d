internal import CLibXML2

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// This is the only file that touches libxml2. It reads bytes in one SAX pass and calls an
// `XMLHandler` with Swift values — no libxml2 type or pointer escapes it — and every allocation is
// freed before `read` returns.

/// What the reader enforces beyond well-formedness, from the `input-limit` rule; the file size limit
/// is `InputLimits.maximumFileBytes`, which readers of files share.
package struct XMLReaderLimits: Sendable {
    var maximumDepth = 128
    package var maximumElements = 100_000
    /// libxml2 checks each attribute against every earlier one of its element, so this bounds that
    /// quadratic scan; layouts use a handful.
    var maximumAttributesPerElement = 256
    /// libxml2 looks a prefix up through every namespace in scope, so this bounds those scans; layouts
    /// declare one or two.
    var maximumNamespaceDeclarations = 256

    package static let standard = XMLReaderLimits()
}

/// The outcome of reading one document as a tree: the root element, or the one diagnostic that stopped it.
package enum XMLReadResult {
    case document(ParsedElement)
    case failure(Diagnostic)
}

/// The outcome of reading one document flat: the document, or the one diagnostic that stopped it.
enum XMLDocumentResult {
    case document(ParsedDocument)
    case failure(Diagnostic)
}

/// Reads XML with libxml2's SAX2 parser into a `ParsedDocument`: each element as it starts and ends and
/// where its text begins, with positions that know their file.
///
/// Network access, DTDs, entity declarations and substitution, XInclude and foreign processing
/// instructions are all refused; errors arrive through a structured handler set on this parse's own
/// context, so nothing is printed and parses on many threads at once do not interfere.
package enum XMLReader {
    /// Reads `bytes` into an element tree: `document(_:file:limits:)` made into `ParsedElement`s.
    package static func read(
        _ bytes: [UInt8],
        file: String,
        limits: XMLReaderLimits = .standard
    ) -> XMLReadResult {
        switch document(bytes, file: file, limits: limits) {
        case .document(let document): .document(document.tree())
        case .failure(let failure): .failure(failure)
        }
    }

    /// The one primitive: reads `bytes` into a flat document.
    ///
    /// - Parameters:
    ///   - file: The path the reader's own diagnostics name.
    ///   - fileID: Which file of the analysis the document's positions are in.
    /// - Returns: The document read to its end, or the one diagnostic that stopped the read.
    static func document(
        _ bytes: [UInt8],
        file: String,
        fileID: SourceFileID = .main,
        limits: XMLReaderLimits = .standard
    ) -> XMLDocumentResult {
        if bytes.count > InputLimits.maximumFileBytes {
            return .failure(
                Diagnostic(
                    rule: .inputLimit,
                    message:
                        "the file is larger than \(InputLimits.maximumFileBytes) bytes "
                        + "(\(InputLimits.maximumFileMebibytes) MiB), the limit for one file",
                    location: SourceLocation(file: file, line: 1, column: 1)))
        }
        if bytes.isEmpty {
            return .failure(
                Diagnostic(
                    rule: .xmlSyntax, message: "the file is empty",
                    location: SourceLocation(file: file, line: 1, column: 1)))
        }
        if let encoding = foreignEncoding(bytes) {
            return .failure(
                Diagnostic(
                    rule: .xmlSyntax, message: "layout files must be encoded as UTF-8; this one is \(encoding)",
                    location: SourceLocation(file: file, line: 1, column: 1)))
        }
        if let finding = declaredForeignEncoding(bytes) ?? overLimitMarkup(bytes, limits: limits) {
            var lines = LineTable(bytes, file: fileID)
            let position = lines.position(ofOffset: finding.offset)
            return .failure(
                Diagnostic(
                    rule: finding.rule, message: finding.message,
                    location: SourceLocation(file: file, line: position.line, column: position.column)))
        }
        _ = libxml2Initialization
        let state = ParseState(file: file, lines: LineTable(bytes, file: fileID), limits: limits)
        state.document.reserve(byteCount: bytes.count)
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                guard let ctxt = xmlCreateMemoryParserCtxt(chars.baseAddress, Int32(chars.count)) else {
                    state.fail(.xmlSyntax, "libxml2 could not create a parser", at: SourcePosition(line: 1, column: 1))
                    return
                }
                defer { xmlFreeParserCtxt(ctxt) }
                installHandlers(on: ctxt)
                // The input is UTF-8 (anything else was refused above) and is read as such whatever its
                // declaration says: libxml2 never converts it, so it never reaches the conversion
                // errors that it would print to stderr, and its byte offsets stay ours.
                let options =
                    Int32(XML_PARSE_NONET.rawValue) | Int32(XML_PARSE_BIG_LINES.rawValue)
                    | Int32(XML_PARSE_IGNORE_ENC.rawValue)
                xmlCtxtUseOptions(ctxt, options)
                xmlSwitchEncoding(ctxt, XML_CHAR_ENCODING_UTF8)
                // With an encoding named, xmlParseDocument skips its own detection, which would
                // otherwise look again at the bytes after a UTF-8 byte order mark and could switch.
                ctxt.pointee.encoding = UnsafePointer(xmlStrdup("UTF-8"))
                let unmanaged = Unmanaged.passRetained(state)
                defer { unmanaged.release() }
                ctxt.pointee._private = unmanaged.toOpaque()
                xmlParseDocument(ctxt)
                ctxt.pointee._private = nil
                // Our handlers build no document, but after a fatal error libxml2 goes on parsing with SAX
                // disabled, and its "expat compatibility" path makes a document to hold the entity
                // declarations it still reads. The caller owns that document (found by the fuzzer's
                // LeakSanitizer).
                if let document = ctxt.pointee.myDoc {
                    xmlFreeDoc(document)
                    ctxt.pointee.myDoc = nil
                }
                if !state.hasFailed, ctxt.pointee.wellFormed == 0 {
                    state.fail(.xmlSyntax, "the document is not well-formed", at: SourcePosition(line: 1, column: 1))
                }
            }
        }
        if let failure = state.failure { return .failure(failure) }
        guard !state.document.elements.isEmpty, state.document.openCount == 0 else {
            return .failure(
                Diagnostic(
                    rule: .xmlSyntax, message: "the document has no root element",
                    location: SourceLocation(file: file, line: 1, column: 1)))
        }
        state.document.finish()
        return .document(state.document)
    }
}

/// The encoding `bytes` start in when it is plainly not UTF-8: the signatures libxml2 would otherwise
/// detect and convert from (a UTF-16 or UTF-32 byte order mark or `<` with zero bytes, EBCDIC).
private func foreignEncoding(_ bytes: [UInt8]) -> String? {
    // Look past a UTF-8 byte order mark too: "EF BB BF FE FF …" is no more UTF-8 than "FE FF …". Both
    // starts are read in place: copying them into arrays was four allocations a load of two files.
    let bodyStart = bytes.starts(with: ByteString.byteOrderMark) ? 3 : 0
    return encodingSignature(bytes.prefix(4)) ?? encodingSignature(bytes.dropFirst(bodyStart).prefix(4))
}

private func encodingSignature(_ start: ArraySlice<UInt8>) -> String? {
    if start.starts(with: [0x00, 0x00, 0xFE, 0xFF]) || start.starts(with: [0xFF, 0xFE, 0x00, 0x00]) {
        return "UTF-32"
    }
    if start.starts(with: [0xFE, 0xFF]) || start.starts(with: [0xFF, 0xFE]) { return "UTF-16" }
    if start.starts(with: [0x4C, 0x6F, 0xA7, 0x94]) { return "EBCDIC" }
    if start.count >= 2, start.contains(0x00) {
        return start.filter { $0 == 0 }.count >= 3 ? "UTF-32" : "UTF-16"
    }
    return nil
}

/// A problem the reader finds in the bytes before libxml2 sees them.
private struct PreScanFinding {
    var rule: RuleID
    var message: String
    var offset: Int
}

/// An XML declaration that names an encoding other than UTF-8. libxml2 runs with `XML_PARSE_IGNORE_ENC`,
/// so it would read the bytes as UTF-8 whatever the declaration says, where every conforming parser
/// would convert them: the two would disagree about what the file says (article "Security").
private func declaredForeignEncoding(_ bytes: [UInt8]) -> PreScanFinding? {
    bytes.withUnsafeBufferPointer { buffer -> PreScanFinding? in
        let start = buffer.hasPrefix(ByteString.byteOrderMark, at: 0) ? 3 : 0
        guard buffer.hasPrefix(ByteString.xmlDeclaration, at: start) else { return nil }
        // The declaration is short; an unterminated one is libxml2's to report.
        let window = UnsafeBufferPointer(rebasing: buffer[start..<min(buffer.count, start + 256)])
        guard let end = window.firstOffset(of: ByteString.processingInstructionEnd, from: 0),
            let nameEnd = UnsafeBufferPointer(rebasing: window[..<end]).firstOffset(
                of: ByteString.encoding, from: 0)
        else { return nil }
        var index = nameEnd + ByteString.encoding.count
        while index < end, isXMLSpace(window[index]) { index += 1 }
        guard index < end, window[index] == UInt8(ascii: "=") else { return nil }
        index += 1
        while index < end, isXMLSpace(window[index]) { index += 1 }
        guard index < end, window[index] == UInt8(ascii: "\"") || window[index] == UInt8(ascii: "'") else {
            return nil
        }
        let quote = window[index]
        var close = index + 1
        while close < end, window[close] != quote { close += 1 }
        guard close < end else { return nil }
        let declared = String(decoding: UnsafeBufferPointer(rebasing: window[(index + 1)..<close]), as: UTF8.self)
        guard declared.lowercased() != "utf-8" else { return nil }
        return PreScanFinding(
            rule: .xmlSyntax,
            message: "layout files must be encoded as UTF-8; this one declares encoding=\(quoted(declared))",
            offset: start)
    }
}

/// The first start tag with more attributes than the limit, or the first namespace declaration past
/// the file's limit, found in one linear pass before libxml2 parses: its duplicate-attribute check
/// compares each attribute with every earlier one, and it does so before any callback could stop it.
///
/// Markup starts at every `<` outside comments, CDATA sections and processing instructions (character
/// data and attribute values cannot hold a raw `<`); inside a start tag, each `=` outside quotes
/// belongs to one attribute. At `<!DOCTYPE` the scan ends: the parse stops there with `forbidden-dtd`.
///
/// This runs on every file before libxml2 does, so it is one tight loop over the bytes: no allocation,
/// and character data between tags skipped with `memchr`.
private func overLimitMarkup(_ bytes: [UInt8], limits: XMLReaderLimits) -> PreScanFinding? {
    bytes.withUnsafeBufferPointer { buffer -> PreScanFinding? in
        // Every attribute counted below is a `=`, and so is every namespace declaration libxml2 reads
        // (`xmlns:p="…"` is an attribute; one without its `=` stops the parse as any malformed attribute
        // does): a file with no more `=` than the smaller limit has nothing to find. `memchr` counts them
        // in a small part of the scan's time, and the scan is skipped for nearly every file (a layout has a
        // `=` every 40 bytes or so: only one of more than about 10 KB is scanned).
        let equalsSign = UInt8(ascii: "=")
        if !buffer.hasMore(
            equalsSign, than: min(limits.maximumAttributesPerElement, limits.maximumNamespaceDeclarations))
        {
            return nil
        }
        // Past that, with limits that differ: each count against its own limit, as every declaration
        // also starts with `x`.
        if !buffer.hasMore(equalsSign, than: limits.maximumAttributesPerElement),
            !buffer.hasMore(UInt8(ascii: "x"), than: limits.maximumNamespaceDeclarations)
        {
            return nil
        }
        let count = buffer.count
        var namespaceDeclarations = 0
        var index = 0
        while index < count {
            guard let tag = buffer.nextLessThan(from: index) else { return nil }
            // The byte after `<` tells a tag (most of them) from `<!` and `<?` without comparing prefixes.
            let second = tag + 1 < count ? buffer[tag + 1] : 0
            if second == UInt8(ascii: "!") {
                if buffer.hasPrefix(ByteString.commentStart, at: tag) {
                    guard let end = buffer.firstOffset(of: ByteString.commentEnd, from: tag + 4) else { return nil }
                    index = end + ByteString.commentEnd.count
                } else if buffer.hasPrefix(ByteString.cdataStart, at: tag) {
                    guard let end = buffer.firstOffset(of: ByteString.cdataEnd, from: tag + 9) else { return nil }
                    index = end + ByteString.cdataEnd.count
                } else {
                    // `<!DOCTYPE` (the parse stops there with `forbidden-dtd`) or not XML at all.
                    return nil
                }
            } else if second == UInt8(ascii: "?") {
                guard let end = buffer.firstOffset(of: ByteString.processingInstructionEnd, from: tag + 2) else {
                    return nil
                }
                index = end + ByteString.processingInstructionEnd.count
            } else {
                // A start or end tag: count what stands outside quotes up to its `>`.
                var attributes = 0
                var afterSpace = false
                index = tag + 1
                while index < count {
                    let byte = buffer[index]
                    // Name characters, most of what stands outside quotes: nothing to count.
                    if byte > UInt8(ascii: ">"), byte != UInt8(ascii: "x") {
                        afterSpace = false
                        index += 1
                        continue
                    }
                    if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                        // An attribute value, most of a tag's bytes: jump to its closing quote.
                        guard let close = buffer.nextByte(byte, from: index + 1) else { return nil }
                        index = close + 1
                        afterSpace = false
                        continue
                    } else if byte == UInt8(ascii: ">") || byte == UInt8(ascii: "<") {
                        break
                    } else if byte == UInt8(ascii: "=") {
                        attributes += 1
                        if attributes > limits.maximumAttributesPerElement {
                            return PreScanFinding(
                                rule: .inputLimit,
                                message:
                                    "<\(tagName(buffer, at: tag))> has more than \(limits.maximumAttributesPerElement) "
                                    + "attributes, the limit for one element",
                                offset: tag)
                        }
                    } else if afterSpace, byte == UInt8(ascii: "x"), buffer.hasPrefix(ByteString.xmlns, at: index),
                        index + 5 < count,
                        buffer[index + 5] == UInt8(ascii: "=") || buffer[index + 5] == UInt8(ascii: ":")
                            || isXMLSpace(buffer[index + 5])
                    {
                        namespaceDeclarations += 1
                        if namespaceDeclarations > limits.maximumNamespaceDeclarations {
                            return PreScanFinding(
                                rule: .inputLimit,
                                message:
                                    "the file declares more than \(limits.maximumNamespaceDeclarations) namespaces, "
                                    + "the limit for one file",
                                offset: tag)
                        }
                    }
                    afterSpace = isXMLSpace(byte)
                    index += 1
                }
                if index < count, buffer[index] == UInt8(ascii: ">") { index += 1 }
            }
        }
        return nil
    }
}

@inline(__always)
func isXMLSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
}

/// The byte sequences the pre-scans look for, made once.
private enum ByteString {
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    static let xmlDeclaration = Array("<?xml".utf8)
    static let encoding = Array("encoding".utf8)
    static let xmlns = Array("xmlns".utf8)
    static let commentStart = Array("<!--".utf8)
    static let commentEnd = Array("-->".utf8)
    static let cdataStart = Array("<![CDATA[".utf8)
    static let cdataEnd = Array("]]>".utf8)
    static let processingInstructionStart = Array("<?".utf8)
    static let processingInstructionEnd = Array("?>".utf8)
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether `prefix` stands at `index`.
    @inline(__always)
    fileprivate func hasPrefix(_ prefix: [UInt8], at index: Int) -> Bool {
        guard index >= 0, index + prefix.count <= count else { return false }
        for offset in 0..<prefix.count where self[index + offset] != prefix[offset] { return false }
        return true
    }

    /// The offset of the first `needle` at or after `start`.
    fileprivate func firstOffset(of needle: [UInt8], from start: Int) -> Int? {
        var index = start
        while let candidate = nextByte(needle[0], from: index) {
            if hasPrefix(needle, at: candidate) { return candidate }
            index = candidate + 1
        }
        return nil
    }

    /// The offset of the next `<` at or after `start`.
    @inline(__always)
    fileprivate func nextLessThan(from start: Int) -> Int? {
        nextByte(UInt8(ascii: "<"), from: start)
    }

    /// Whether more than `limit` of the bytes are `byte`, counted with `memchr` up to `limit + 1`.
    fileprivate func hasMore(_ byte: UInt8, than limit: Int) -> Bool {
        var found = 0
        var index = 0
        while let next = nextByte(byte, from: index) {
            found += 1
            if found > limit { return true }
            index = next + 1
        }
        return false
    }

    /// The offset of the next `byte` at or after `start`, found with `memchr`.
    fileprivate func nextByte(_ byte: UInt8, from start: Int) -> Int? {
        guard let base = baseAddress, start < count else { return nil }
        guard let found = memchr(base + start, Int32(byte), count - start) else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }
}

/// The name of the tag whose `<` is at `index`, for a message: at most 64 bytes of it.
private func tagName(_ buffer: UnsafeBufferPointer<UInt8>, at index: Int) -> String {
    var end = index + 1
    while end < buffer.count, end - index <= 64 {
        let byte = buffer[end]
        if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: "/")
            || byte == UInt8(ascii: ">")
        {
            break
        }
        end += 1
    }
    return String(decoding: UnsafeBufferPointer(rebasing: buffer[(index + 1)..<end]), as: UTF8.self)
}

/// libxml2 must be initialised once, before any thread parses; a global `let` runs exactly once.
private let libxml2Initialization: Void = xmlInitParser()

private let xIncludeNamespaces: Set<String> = [
    "http://www.w3.org/2001/XInclude", "http://www.w3.org/2003/XInclude",
]

/// The mutable state of one parse, reached from the C callbacks through the context's `_private`.
private final class ParseState {
    let file: String
    // The state is reached only from the callbacks of the one parse that owns it, one at a time, so its
    // accesses cannot overlap: the runtime's exclusivity checks (a third of the callbacks' own cost)
    // are turned off for it.
    @exclusivity(unchecked) var lines: LineTable
    let limits: XMLReaderLimits
    /// What the parse has read so far.
    @exclusivity(unchecked) var document = ParsedDocument()
    @exclusivity(unchecked) private(set) var failure: Diagnostic?
    /// `failure != nil`, asked on every callback without copying the optional diagnostic.
    @exclusivity(unchecked) private(set) var hasFailed = false

    /// Element and attribute names and namespace URIs already in the document's name table, in an
    /// open-addressing table keyed by pointer. libxml2 interns names and namespace URIs in its dictionary,
    /// so a pointer stands for its name for the whole parse, and each name is made into a String once.
    @exclusivity(unchecked) private var namePointers = [UnsafePointer<xmlChar>?](repeating: nil, count: 128)
    @exclusivity(unchecked) private var nameIndices = [ParsedDocument.NameIndex](
        repeating: ParsedDocument.none, count: 128)

    /// The layout format's names, held here so that a lookup does not go through the static's lazy
    /// initialisation each time.
    private let knownNames = KnownNames.shared

    /// The index in the document's name table of the name (or namespace URI) at `pointer`.
    func name(_ pointer: UnsafePointer<xmlChar>) -> ParsedDocument.NameIndex {
        let mask = namePointers.count - 1
        // The low bits of a heap pointer are alignment; the next ones spread well.
        var slot = (Int(bitPattern: pointer) >> 3) & mask
        while let kept = namePointers[slot] {
            if kept == pointer { return nameIndices[slot] }
            slot = (slot + 1) & mask
        }
        // A name of the layout format is the String made once per process (the format's namespace is the
        // decoder's constant itself: two Strings of one storage compare without reading bytes); any other
        // is made here, once per file.
        let index =
            if let known = knownNames.name(at: pointer) {
                document.addName(known.string, meaning: known.meaning)
            } else {
                document.addName(String(cString: pointer))
            }
        namePointers[slot] = pointer
        nameIndices[slot] = index
        // At most half full, so that probes stay short: a file of many names doubles the table.
        if Int(index + 1) * 2 > namePointers.count { growNameTable() }
        return index
    }

    private func growNameTable() {
        let pointers = namePointers
        let indices = nameIndices
        namePointers = [UnsafePointer<xmlChar>?](repeating: nil, count: pointers.count * 2)
        nameIndices = [ParsedDocument.NameIndex](repeating: ParsedDocument.none, count: pointers.count * 2)
        let mask = namePointers.count - 1
        for (pointer, index) in zip(pointers, indices) {
            guard let pointer else { continue }
            var slot = (Int(bitPattern: pointer) >> 3) & mask
            while namePointers[slot] != nil { slot = (slot + 1) & mask }
            namePointers[slot] = pointer
            nameIndices[slot] = index
        }
    }

    /// The index of a namespace URI in the document's name table, or `ParsedDocument.none`.
    func namespace(_ pointer: UnsafePointer<xmlChar>?) -> ParsedDocument.NameIndex {
        guard let pointer else { return ParsedDocument.none }
        return name(pointer)
    }

    /// The last namespace pointer checked against the XInclude namespaces, and the answer.
    @exclusivity(unchecked) private var lastXIncludeCheck: (pointer: UnsafePointer<xmlChar>?, isXInclude: Bool)

    /// Whether the namespace at `pointer` (`namespace` in the name table) is an XInclude namespace;
    /// asked once per namespace rather than hashed for every element.
    func isXInclude(_ pointer: UnsafePointer<xmlChar>, _ namespace: ParsedDocument.NameIndex) -> Bool {
        if lastXIncludeCheck.pointer == pointer { return lastXIncludeCheck.isXInclude }
        let answer = xIncludeNamespaces.contains(document.names[Int(namespace)])
        lastXIncludeCheck = (pointer, answer)
        return answer
    }

    init(file: String, lines: LineTable, limits: XMLReaderLimits) {
        self.lastXIncludeCheck = (nil, false)
        self.file = file
        self.lines = lines
        self.limits = limits
    }

    func fail(_ rule: RuleID, _ message: String, at position: SourcePosition) {
        guard !hasFailed else { return }
        hasFailed = true
        failure = Diagnostic(
            rule: rule, message: message,
            location: SourceLocation(file: file, line: position.line, column: position.column))
    }
}

private func state(of context: UnsafeMutableRawPointer?) -> (UnsafeMutablePointer<xmlParserCtxt>, ParseState)? {
    guard let context else { return nil }
    let ctxt = context.assumingMemoryBound(to: xmlParserCtxt.self)
    guard let opaque = ctxt.pointee._private else { return nil }
    return (ctxt, Unmanaged<ParseState>.fromOpaque(opaque).takeUnretainedValue())
}

/// Runs `body` with the context and the parse's state, the state lent rather than retained: the element
/// and text callbacks run hundreds of times a file, and a retain and release of the state in each was
/// two atomic operations a callback. The parse holds the state (`passRetained`) until it returns.
@inline(__always)
private func withState(
    _ context: UnsafeMutableRawPointer?, _ body: (UnsafeMutablePointer<xmlParserCtxt>, ParseState) -> Void
) {
    guard let context else { return }
    let ctxt = context.assumingMemoryBound(to: xmlParserCtxt.self)
    guard let opaque = ctxt.pointee._private else { return }
    Unmanaged<ParseState>.fromOpaque(opaque)._withUnsafeGuaranteedRef { body(ctxt, $0) }
}

/// The byte offset of the parser's cursor in the caller's buffer. The input is parsed as UTF-8 with no
/// conversion (anything else is refused at `startDocument`), so libxml2's offsets are ours.
private func cursorOffset(_ ctxt: UnsafeMutablePointer<xmlParserCtxt>) -> Int {
    guard let input = ctxt.pointee.input, let base = input.pointee.base, let cur = input.pointee.cur else {
        return 0
    }
    return Int(input.pointee.consumed) + (cur - base)
}

/// The byte offset of `pointer` when it points into the parser's input buffer.
private func inputOffset(of pointer: UnsafeRawPointer, in ctxt: UnsafeMutablePointer<xmlParserCtxt>) -> Int? {
    guard let input = ctxt.pointee.input, let base = input.pointee.base, let end = input.pointee.end else {
        return nil
    }
    let start = UnsafeRawPointer(base)
    guard pointer >= start, pointer < UnsafeRawPointer(end) else { return nil }
    return Int(input.pointee.consumed) + (pointer - start)
}

/// Where the markup that ends at the cursor begins: the last `opening` byte sequence before it.
private func markupStart(
    _ ctxt: UnsafeMutablePointer<xmlParserCtxt>,
    _ state: ParseState,
    opening: [UInt8]
) -> SourcePosition {
    let end = min(cursorOffset(ctxt), state.lines.byteCount)
    let offset = state.lines.lastOccurrence(of: opening, before: end) ?? end
    return state.lines.position(ofOffset: offset)
}

private func string(_ pointer: UnsafePointer<xmlChar>?) -> String? {
    guard let pointer else { return nil }
    return String(cString: pointer)
}

private func stop(_ ctxt: UnsafeMutablePointer<xmlParserCtxt>) {
    xmlStopParser(ctxt)
}

private func installHandlers(on ctxt: UnsafeMutablePointer<xmlParserCtxt>) {
    var handler = xmlSAXHandler()
    handler.initialized = UInt32(XML_SAX2_MAGIC)
    handler.startDocument = { context in
        guard let (ctxt, state) = state(of: context) else { return }
        // Anything but UTF-8 would make libxml2 convert the input and its offsets stop being ours.
        if let input = ctxt.pointee.input, let buffer = input.pointee.buf, let encoder = buffer.pointee.encoder {
            let declared = string(ctxt.pointee.encoding) ?? encoder.pointee.name.map { String(cString: $0) }
            state.fail(
                .xmlSyntax,
                "layout files must be encoded as UTF-8; this one is \(declared ?? "in another encoding")",
                at: SourcePosition(line: 1, column: 1))
            stop(ctxt)
        }
    }
    handler.internalSubset = { context, name, _, _ in
        guard let (ctxt, state) = state(of: context) else { return }
        let position = markupStart(ctxt, state, opening: Array("<!DOCTYPE".utf8))
        state.fail(
            .forbiddenDTD,
            "DOCTYPE '\(string(name) ?? "")' is not allowed: layout files take no DTD, entity declarations or external subsets",
            at: position)
        stop(ctxt)
    }
    handler.processingInstruction = { context, target, _ in
        guard let (ctxt, state) = state(of: context) else { return }
        let position = markupStart(ctxt, state, opening: Array("<?".utf8))
        state.fail(
            .forbiddenDTD,
            "processing instruction '<?\(string(target) ?? "")' is not allowed: only the XML declaration may appear",
            at: position)
        stop(ctxt)
    }
    handler.startElementNs = {
        context, localname, _, uri, _, _, attributeCount, _, attributes in
        withState(context) { ctxt, state in readStartTag(ctxt, state, localname, uri, attributeCount, attributes) }
    }
    handler.endElementNs = { context, _, _, _ in
        withState(context) { _, state in
            guard !state.hasFailed, state.document.openCount > 0 else { return }
            state.document.endElement()
        }
    }
    let characters: charactersSAXFunc = { context, bytes, length in
        withState(context) { ctxt, state in readCharacters(ctxt, state, bytes, length) }
    }
    handler.characters = characters
    handler.ignorableWhitespace = characters
    handler.cdataBlock = { context, _, _ in
        guard let (ctxt, state) = state(of: context), !state.hasFailed, !state.document.openElementHasText else {
            return
        }
        // A CDATA section is text even when it holds only whitespace: XSD validators, libxml2's among
        // them, refuse it in element-only content, so the decoder must see it too.
        state.document.text(at: markupStart(ctxt, state, opening: Array("<![CDATA[".utf8)))
    }
    handler.serror = { context, error in
        guard let context, let error else { return }
        let ctxt = context.assumingMemoryBound(to: xmlParserCtxt.self)
        guard let opaque = ctxt.pointee._private else { return }
        let state = Unmanaged<ParseState>.fromOpaque(opaque).takeUnretainedValue()
        let level = error.pointee.level
        guard level == XML_ERR_ERROR || level == XML_ERR_FATAL else { return }
        let message = libxml2Message(error.pointee.message.map { String(cString: $0) } ?? "")
        // libxml2's own line count misses a lone CR, which XML counts as a line break: the position
        // comes from its cursor's byte offset through our line table instead.
        state.fail(.xmlSyntax, message, at: state.lines.position(ofOffset: cursorOffset(ctxt)))
    }
    ctxt.pointee.sax.pointee = handler
}

/// A start tag and its attributes, into the document.
@inline(__always)
private func readStartTag(
    _ ctxt: UnsafeMutablePointer<xmlParserCtxt>, _ state: ParseState, _ localname: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?, _ attributeCount: Int32,
    _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
) {
    guard !state.hasFailed else { return }
    let position = markupStart(ctxt, state, opening: [UInt8(ascii: "<")])
    let name = localname.map(state.name) ?? state.document.addName("")
    let namespace = state.namespace(uri)
    let depth = state.document.openCount + 1
    if depth > state.limits.maximumDepth {
        state.fail(
            .inputLimit,
            "<\(state.document.names[Int(name)])> is nested \(depth) levels deep, over the limit of \(state.limits.maximumDepth)",
            at: position)
        stop(ctxt)
        return
    }
    if state.document.elements.count >= state.limits.maximumElements {
        state.fail(
            .inputLimit,
            "the file has more than \(state.limits.maximumElements) elements",
            at: position)
        stop(ctxt)
        return
    }
    if let uri, state.isXInclude(uri, namespace) {
        state.fail(
            .forbiddenDTD, "XInclude (<\(state.document.names[Int(name)])>) is not allowed in layout files",
            at: position)
        stop(ctxt)
        return
    }
    state.document.startElement(name: name, namespace: namespace, position: position)
    if let attributes, attributeCount > 0 {
        for index in 0..<Int(attributeCount) {
            let fields = attributes + index * 5
            guard let localName = fields[0], let start = fields[3], let end = fields[4] else { continue }
            state.document.addAttribute(
                name: state.name(localName), namespace: state.namespace(fields[2]),
                value: UnsafeBufferPointer(start: start, count: end - start))
        }
    }
}

/// Character data: where the innermost open element's first text starts, if this is it.
@inline(__always)
private func readCharacters(
    _ ctxt: UnsafeMutablePointer<xmlParserCtxt>, _ state: ParseState, _ bytes: UnsafePointer<xmlChar>?,
    _ length: Int32
) {
    guard !state.hasFailed, let bytes, !state.document.openElementHasText else { return }
    // Most calls are the indentation between two tags: find the first byte that is not XML space.
    var firstText = 0
    let count = Int(length)
    while firstText < count, isXMLSpace(bytes[firstText]) { firstText += 1 }
    guard firstText < count else { return }
    let offset = inputOffset(of: UnsafeRawPointer(bytes + firstText), in: ctxt) ?? cursorOffset(ctxt)
    state.document.text(at: state.lines.position(ofOffset: offset))
}

/// libxml2's message on one line, starting in lower case like the rest of LayoutKit's messages:
/// some of its messages span lines ("Input is not proper UTF-8, indicate encoding !\nBytes: …").
private func libxml2Message(_ raw: String) -> String {
    let parts = raw.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).map { String($0).trimmingWhitespace() }
        .filter { !$0.isEmpty }
    guard var text = parts.first else { return "the document is not well-formed" }
    if text.hasPrefix("Input is not proper UTF-8") {
        text = "the file is not valid UTF-8"
    }
    let rest = parts.dropFirst().joined(separator: "; ")
    if !rest.isEmpty { text += ": " + rest }
    return text.prefix(1).lowercased() + text.dropFirst()
}

extension String {
    fileprivate func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}

extension SourcePosition {
    /// A position of a reader failure, which `ParseState.fail` reports in the file being read.
    fileprivate init(line: Int, column: Int) {
        self.init(file: .main, line: line, column: column)
    }
}

/// The names layouts are made of — the format's elements and attributes and its namespaces — each made into a
/// `String` once per process. A file's names are found among them by length and bytes, no hashing: making
/// each again from libxml2's bytes, once per file, was 2 % of reading a layout.
private struct KnownNames: Sendable {
    static let shared = KnownNames()

    /// By UTF-8 length: each name's bytes and its string.
    private let byLength: [[(bytes: [UInt8], string: String, meaning: NameMeaning)]]

    private init() {
        var names: Set<String> = [FormatNamespace.layout, FormatNamespace.tools, FormatNamespace.schemaInstance]
        names.formUnion(ElementKind.allCases.map(\.rawValue))
        names.formUnion(ObjectAttribute.allCases.map(\.rawValue))
        names.formUnion(FormatNames.structural)
        let longest = names.map(\.utf8.count).max() ?? 0
        var byLength = [[(bytes: [UInt8], string: String, meaning: NameMeaning)]](repeating: [], count: 1 + longest)
        // The format's namespace is the vocabulary's constant itself, not an equal copy.
        for name in names.sorted() {
            let string = name == FormatNamespace.layout ? FormatNamespace.layout : name
            byLength[name.utf8.count].append((Array(name.utf8), string, NameMeaning(of: string)))
        }
        self.byLength = byLength
    }

    /// The known name spelled by the NUL-terminated bytes at `pointer`, and what it is to the format, if it
    /// is one.
    func name(at pointer: UnsafePointer<xmlChar>) -> (string: String, meaning: NameMeaning)? {
        let length = strlen(UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self))
        guard length < byLength.count else { return nil }
        for candidate in byLength[length] where candidate.bytes[0] == pointer[0] {
            let same = candidate.bytes.withUnsafeBufferPointer { bytes in
                bytes.baseAddress.map { memcmp($0, pointer, length) == 0 } ?? false
            }
            if same { return (candidate.string, candidate.meaning) }
        }
        return nil
    }
}
