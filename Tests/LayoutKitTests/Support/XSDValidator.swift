internal import CLibXML2
import Foundation

// The only file of the tests that touches libxml2's XML Schema API. No libxml2 type or pointer leaves
// it; every document and context made for one validation is freed before `validate` returns. Errors
// reach handlers set on each context, never libxml2's process-wide ones, so nothing is printed and
// LayoutKit's own parses in the same process see libxml2 as they would without the tests.

/// One of the repository's XML Schemas, checked against documents by libxml2 in process, the way
/// libxml2's command-line validator (libxml2-utils) checks them with `--schema`, but with no binary beyond the library.
enum XSDValidator: Sendable {
    /// `Schemas/layout.xsd`: the layout format.
    case layout
    /// `Schemas/classes.xsd`: the class schema format.
    case classes

    var url: URL {
        switch self {
        case .layout: Repository.schemas.appendingPathComponent("layout.xsd")
        case .classes: Repository.schemas.appendingPathComponent("classes.xsd")
        }
    }

    /// Validates a document read from `path` (which names it in libxml2's messages).
    func validate(_ bytes: [UInt8], path: String) -> XSDValidation {
        let compiled =
            switch self {
            case .layout: compiledSchemas.layout
            case .classes: compiledSchemas.classes
            }
        guard let schema = compiled.schema else {
            return XSDValidation(accepted: nil, messages: compiled.messages)
        }
        let log = MessageLog()
        guard let document = readDocument(bytes, path: path, log: log) else {
            return XSDValidation(accepted: nil, messages: log.messages)
        }
        defer { xmlFreeDoc(document) }
        guard let context = xmlSchemaNewValidCtxt(schema) else {
            return XSDValidation(accepted: nil, messages: ["libxml2 could not create a validation context"])
        }
        defer { xmlSchemaFreeValidCtxt(context) }
        let result = withExtendedLifetime(log) {
            xmlSchemaSetValidStructuredErrors(context, appendToLog, Unmanaged.passUnretained(log).toOpaque())
            return xmlSchemaValidateDoc(context, document)
        }
        // xmllint's three answers: "validates" (0), "fails to validate" (> 0), and an internal error (< 0).
        return XSDValidation(accepted: result == 0 ? true : result > 0 ? false : nil, messages: log.messages)
    }
}

/// What libxml2's XSD validator said about one document.
struct XSDValidation: Sendable, CustomStringConvertible {
    /// `true` when the document validates, `false` when it fails to validate, and `nil` when libxml2 did
    /// not get as far as validating it (not well-formed, a schema that did not compile, an internal error).
    var accepted: Bool?
    /// libxml2's messages, as `line N: message`, in the order it gave them.
    var messages: [String]

    var description: String {
        let verdict = accepted.map { $0 ? "validates" : "fails to validate" } ?? "could not validate"
        return messages.isEmpty ? verdict : "\(verdict): \(messages.joined(separator: "; "))"
    }
}

/// A schema as libxml2 compiled it, with the document it was compiled from, which the schema refers
/// to and which is therefore kept with it; or, when it did not compile, libxml2's reasons.
private struct CompiledSchema {
    var schema: xmlSchemaPtr?
    var document: xmlDocPtr?
    var messages: [String]
}

/// Both schemas, compiled together on first use, so libxml2's one-time initialisation of its schema
/// types runs on one thread. They are never freed: tests use them until the process ends. A compiled
/// schema is only read by validation (each with its own context), which is what makes sharing it
/// across the test threads safe, and why the opt-out below is sound.
private nonisolated(unsafe) let compiledSchemas = (
    layout: compile(XSDValidator.layout.url),
    classes: compile(XSDValidator.classes.url)
)

/// Parses the XSD at `url` into a schema.
///
/// The XSD is read here rather than by `xmlSchemaNewParserCtxt`, whose own parser reports malformed
/// XML on stderr and may use the network.
private func compile(_ url: URL) -> CompiledSchema {
    xmlInitParser()
    let log = MessageLog()
    guard let bytes = try? Repository.bytes(url) else {
        return CompiledSchema(messages: ["cannot read \(url.path)"])
    }
    guard let document = readDocument(bytes, path: url.path, log: log) else {
        return CompiledSchema(messages: ["\(url.path) is not well-formed"] + log.messages)
    }
    var keepsDocument = false
    defer { if !keepsDocument { xmlFreeDoc(document) } }
    guard let parser = xmlSchemaNewDocParserCtxt(document) else {
        return CompiledSchema(messages: ["libxml2 could not create a schema parser for \(url.path)"])
    }
    defer { xmlSchemaFreeParserCtxt(parser) }
    let schema = withExtendedLifetime(log) {
        xmlSchemaSetParserStructuredErrors(parser, appendToLog, Unmanaged.passUnretained(log).toOpaque())
        return xmlSchemaParse(parser)
    }
    guard let schema else {
        return CompiledSchema(messages: ["\(url.path) did not compile"] + log.messages)
    }
    keepsDocument = true
    return CompiledSchema(schema: schema, document: document, messages: log.messages)
}

/// Parses `bytes` into a document, or returns `nil` with libxml2's reasons in `log`.
///
/// The options are those of the command-line validator's `--nonet`: no network, no DTD loaded, no entity substituted.
private func readDocument(_ bytes: [UInt8], path: String, log: MessageLog) -> xmlDocPtr? {
    guard let parser = xmlNewParserCtxt() else {
        log.messages.append("libxml2 could not create a parser")
        return nil
    }
    defer { xmlFreeParserCtxt(parser) }
    // A structured handler on this context: libxml2 calls it with the context, whose `_private` holds
    // the log (its `userData` must stay the context, which the default SAX handlers expect).
    parser.pointee.sax.pointee.serror = { context, error in
        guard let context, let error else { return }
        let parser = context.assumingMemoryBound(to: xmlParserCtxt.self)
        guard let opaque = parser.pointee._private else { return }
        Unmanaged<MessageLog>.fromOpaque(opaque).takeUnretainedValue().append(error.pointee)
    }
    let options =
        Int32(XML_PARSE_NONET.rawValue) | Int32(XML_PARSE_COMPACT.rawValue) | Int32(XML_PARSE_BIG_LINES.rawValue)
    return withExtendedLifetime(log) {
        parser.pointee._private = Unmanaged.passUnretained(log).toOpaque()
        defer { parser.pointee._private = nil }
        return bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                xmlCtxtReadMemory(parser, chars.baseAddress, Int32(chars.count), path, nil, options)
            }
        }
    }
}

/// The handler of the schema contexts, whose `userData` is the `MessageLog`.
private let appendToLog: xmlStructuredErrorFunc = { userData, error in
    guard let userData, let error else { return }
    Unmanaged<MessageLog>.fromOpaque(userData).takeUnretainedValue().append(error.pointee)
}

/// The messages libxml2 gives one parse, schema compilation or validation.
private final class MessageLog {
    var messages: [String] = []

    func append(_ error: xmlError) {
        let message = error.message.map { String(cString: $0) } ?? "(no message)"
        let trimmed = message.trimmingCharacters(in: .whitespacesAndNewlines)
        messages.append(error.line > 0 ? "line \(error.line): \(trimmed)" : trimmed)
    }
}
