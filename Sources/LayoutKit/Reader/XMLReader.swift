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
struct XMLReaderLimits: Sendable {
    var maximumDepth = 128
    var maximumElements = 100_000
    /// libxml2 checks each attribute against every earlier one of its element, so this bounds that
    /// quadratic scan; layouts use a handful.
    var maximumAttributesPerElement = 256
    /// libxml2 looks a prefix up through every namespace in scope, so this bounds those scans; layouts
    /// declare one or two.
    var maximumNamespaceDeclarations = 256

    static let standard = XMLReaderLimits()
}

/// The outcome of reading one document: the root element, or the one diagnostic that stopped it.
enum XMLReadResult {
    case document(ParsedElement)
    case failure(Diagnostic)
}

/// Reads XML with libxml2's SAX2 parser, telling a handler of each element as it starts and ends and
/// where its text begins, with positions that know their file.
///
/// Network access, DTDs, entity declarations and substitution, XInclude and foreign processing
/// instructions are all refused; errors arrive through a structured handler set on this parse's own
/// context, so nothing is printed and parses on many threads at once do not interfere.
enum XMLReader {
    /// Reads `bytes` into an element tree: `read(_:file:limits:handler:)` with an `ElementTreeBuilder`.
    static func read(
        _ bytes: [UInt8],
        file: String,
        limits: XMLReaderLimits = .standard
    ) -> XMLReadResult {
        let builder = ElementTreeBuilder()
        if let failure = read(bytes, file: file, limits: limits, handler: builder) { return .failure(failure) }
        guard let root = builder.root else {
            return .failure(
                Diagnostic(
                    rule: .xmlSyntax, message: "the document has no root element",
                    location: SourceLocation(file: file, line: 1, column: 1)))
        }
        return .document(root)
    }

    /// The one primitive: reads `bytes`, calling `handler` for each start tag, end tag and first text
    /// of an element, in document order.
    ///
    /// - Parameters:
    ///   - file: The path the reader's own diagnostics name.
    ///   - fileID: Which file of the analysis the positions it hands the handler are in.
    /// - Returns: The one diagnostic that stopped the read (the handler has then seen part of the
    ///   document), or `nil` when the document was read to its end.
    static func read(
        _ bytes: [UInt8],
        file: String,
        fileID: SourceFileID = .main,
        limits: XMLReaderLimits = .standard,
        handler: some XMLHandler
    ) -> Diagnostic? {
        if bytes.count > InputLimits.maximumFileBytes {
            return Diagnostic(
                rule: .inputLimit,
                message:
                    "the file is larger than \(InputLimits.maximumFileBytes) bytes "
                    + "(\(InputLimits.maximumFileMebibytes) MiB), the limit for one file",
                location: SourceLocation(file: file, line: 1, column: 1))
        }
        if bytes.isEmpty {
            return Diagnostic(
                rule: .xmlSyntax, message: "the file is empty",
                location: SourceLocation(file: file, line: 1, column: 1))
        }
        if let encoding = foreignEncoding(bytes) {
            return Diagnostic(
                rule: .xmlSyntax, message: "layout files must be encoded as UTF-8; this one is \(encoding)",
                location: SourceLocation(file: file, line: 1, column: 1))
        }
        if let finding = declaredForeignEncoding(bytes) ?? overLimitMarkup(bytes, limits: limits) {
            var lines = LineTable(bytes, file: fileID)
            let position = lines.position(ofOffset: finding.offset)
            return Diagnostic(
                rule: finding.rule, message: finding.message,
                location: SourceLocation(file: file, line: position.line, column: position.column))
        }
        _ = libxml2Initialization
        let state = ParseState(file: file, lines: LineTable(bytes, file: fileID), limits: limits, handler: handler)
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
        return state.failure
    }
}

/// The encoding `bytes` start in when it is plainly not UTF-8: the signatures libxml2 would otherwise
/// detect and convert from (a UTF-16 or UTF-32 byte order mark or `<` with zero bytes, EBCDIC).
private func foreignEncoding(_ bytes: [UInt8]) -> String? {
    // Look past a UTF-8 byte order mark too: "EF BB BF FE FF …" is no more UTF-8 than "FE FF …".
    let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    return encodingSignature(Array(bytes.prefix(4))) ?? encodingSignature(Array(body.prefix(4)))
}

private func encodingSignature(_ start: [UInt8]) -> String? {
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
        let count = buffer.count
        var namespaceDeclarations = 0
        var index = 0
        while index < count {
            guard let tag = buffer.nextLessThan(from: index) else { return nil }
            if buffer.hasPrefix(ByteString.commentStart, at: tag) {
                guard let end = buffer.firstOffset(of: ByteString.commentEnd, from: tag + 4) else { return nil }
                index = end + ByteString.commentEnd.count
            } else if buffer.hasPrefix(ByteString.cdataStart, at: tag) {
                guard let end = buffer.firstOffset(of: ByteString.cdataEnd, from: tag + 9) else { return nil }
                index = end + ByteString.cdataEnd.count
            } else if buffer.hasPrefix(ByteString.processingInstructionStart, at: tag) {
                guard let end = buffer.firstOffset(of: ByteString.processingInstructionEnd, from: tag + 2) else {
                    return nil
                }
                index = end + ByteString.processingInstructionEnd.count
            } else if tag + 1 < count, buffer[tag + 1] == UInt8(ascii: "!") {
                return nil
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
private func isXMLSpace(_ byte: UInt8) -> Bool {
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
    let handler: any XMLHandler
    /// One entry per open element: whether its first text has been reported.
    @exclusivity(unchecked) var open: [Bool] = []
    @exclusivity(unchecked) var elementCount = 0
    @exclusivity(unchecked) private(set) var failure: Diagnostic?
    /// `failure != nil`, asked on every callback without copying the optional diagnostic.
    @exclusivity(unchecked) private(set) var hasFailed = false
    /// The last namespace URI made into a String: libxml2 interns names in its dictionary, so every
    /// element and attribute of the layout namespace hands over the same pointer.
    @exclusivity(unchecked) private var lastNamespace: (pointer: UnsafePointer<xmlChar>, string: String)?

    /// Element and attribute names already made into Strings, in a small open-addressing table keyed
    /// by pointer. libxml2 interns names in its dictionary, so a pointer stands for its name for the
    /// whole parse; a layout uses a few dozen, and past the table's fill limit names are made afresh.
    @exclusivity(unchecked) private var namePointers = [UnsafePointer<xmlChar>?](
        repeating: nil, count: ParseState.nameSlots)
    @exclusivity(unchecked) private var nameStrings = [String](repeating: "", count: ParseState.nameSlots)
    @exclusivity(unchecked) private var namesKept = 0
    private static let nameSlots = 128

    func name(_ pointer: UnsafePointer<xmlChar>) -> String {
        // The low bits of a heap pointer are alignment; the next ones spread well.
        var slot = (Int(bitPattern: pointer) >> 3) & (Self.nameSlots - 1)
        while let kept = namePointers[slot] {
            if kept == pointer { return nameStrings[slot] }
            slot = (slot + 1) & (Self.nameSlots - 1)
        }
        let made = String(cString: pointer)
        if namesKept < Self.nameSlots / 2 {
            namePointers[slot] = pointer
            nameStrings[slot] = made
            namesKept += 1
        }
        return made
    }

    /// The last namespace pointer checked against the XInclude namespaces, and the answer.
    @exclusivity(unchecked) private var lastXIncludeCheck: (pointer: UnsafePointer<xmlChar>?, isXInclude: Bool)

    /// Whether `namespace` (whose interned pointer is `pointer`) is an XInclude namespace; asked once
    /// per namespace rather than hashed for every element.
    func isXInclude(_ pointer: UnsafePointer<xmlChar>?, _ namespace: String) -> Bool {
        if let pointer, lastXIncludeCheck.pointer == pointer { return lastXIncludeCheck.isXInclude }
        let answer = xIncludeNamespaces.contains(namespace)
        lastXIncludeCheck = (pointer, answer)
        return answer
    }

    func namespace(_ pointer: UnsafePointer<xmlChar>?) -> String? {
        guard let pointer else { return nil }
        if let lastNamespace, lastNamespace.pointer == pointer { return lastNamespace.string }
        var made = String(cString: pointer)
        // The layout format's own namespace as the decoder's constant itself: every element's
        // namespace is compared with it, and two Strings of one storage compare without reading bytes.
        if made == LayoutDecoder.namespace { made = LayoutDecoder.namespace }
        lastNamespace = (pointer, made)
        return made
    }

    init(file: String, lines: LineTable, limits: XMLReaderLimits, handler: any XMLHandler) {
        self.lastXIncludeCheck = (nil, false)
        self.file = file
        self.lines = lines
        self.limits = limits
        self.handler = handler
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
        guard let (ctxt, state) = state(of: context), !state.hasFailed else { return }
        let position = markupStart(ctxt, state, opening: [UInt8(ascii: "<")])
        let name = localname.map(state.name) ?? ""
        let namespace = state.namespace(uri)
        state.elementCount += 1
        if state.open.count + 1 > state.limits.maximumDepth {
            state.fail(
                .inputLimit,
                "<\(name)> is nested \(state.open.count + 1) levels deep, over the limit of \(state.limits.maximumDepth)",
                at: position)
            stop(ctxt)
            return
        }
        if state.elementCount > state.limits.maximumElements {
            state.fail(
                .inputLimit,
                "the file has more than \(state.limits.maximumElements) elements",
                at: position)
            stop(ctxt)
            return
        }
        if let namespace, state.isXInclude(uri, namespace) {
            state.fail(.forbiddenDTD, "XInclude (<\(name)>) is not allowed in layout files", at: position)
            stop(ctxt)
            return
        }
        var parsed: [ParsedAttribute] = []
        if let attributes, attributeCount > 0 {
            parsed.reserveCapacity(Int(attributeCount))
            for index in 0..<Int(attributeCount) {
                let fields = attributes + index * 5
                guard let localName = fields[0], let start = fields[3], let end = fields[4] else { continue }
                let raw = UnsafeBufferPointer(start: start, count: end - start)
                let value = String(decoding: raw, as: UTF8.self)
                parsed.append(
                    ParsedAttribute(
                        name: state.name(localName),
                        namespace: state.namespace(fields[2]),
                        value: raw.contains(UInt8(ascii: "&")) ? decodeAmpersands(value) : value))
            }
        }
        state.open.append(false)
        state.handler.startElement(name: name, namespace: namespace, attributes: parsed, position: position)
    }
    handler.endElementNs = { context, _, _, _ in
        guard let (_, state) = state(of: context), !state.hasFailed, state.open.popLast() != nil else {
            return
        }
        state.handler.endElement()
    }
    let characters: charactersSAXFunc = { context, bytes, length in
        guard let (ctxt, state) = state(of: context), !state.hasFailed, let bytes,
            state.open.last == false
        else { return }
        // Most calls are the indentation between two tags: find the first byte that is not XML space.
        var firstText = 0
        let count = Int(length)
        while firstText < count, isXMLSpace(bytes[firstText]) { firstText += 1 }
        guard firstText < count else { return }
        let offset = inputOffset(of: UnsafeRawPointer(bytes + firstText), in: ctxt) ?? cursorOffset(ctxt)
        state.open[state.open.count - 1] = true
        state.handler.text(at: state.lines.position(ofOffset: offset))
    }
    handler.characters = characters
    handler.ignorableWhitespace = characters
    handler.cdataBlock = { context, _, _ in
        guard let (ctxt, state) = state(of: context), !state.hasFailed, state.open.last == false else { return }
        // A CDATA section is text even when it holds only whitespace: XSD validators, libxml2's among
        // them, refuse it in element-only content, so the decoder must see it too.
        state.open[state.open.count - 1] = true
        state.handler.text(at: markupStart(ctxt, state, opening: Array("<![CDATA[".utf8)))
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

/// Without entity substitution, libxml2 hands attribute values over with each `&` kept as `&#38;`
/// (and only those: every other reference is already decoded), so this one replacement is exact.
private func decodeAmpersands(_ value: String) -> String {
    value.replacingAll("&#38;", with: "&")
}

extension String {
    fileprivate func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }

    fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
        let needle = Array(target.utf8)
        let bytes = Array(utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == needle[0], index + needle.count <= bytes.count,
                bytes[index..<index + needle.count].elementsEqual(needle)
            {
                result.append(contentsOf: replacement.utf8)
                index += needle.count
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}

extension SourcePosition {
    /// A position of a reader failure, which `ParseState.fail` reports in the file being read.
    fileprivate init(line: Int, column: Int) {
        self.init(file: .main, line: line, column: column)
    }
}
