import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// What a program using Foundation instead of LayoutKit would write to read a layout's elements and
/// attributes: `XMLParser` with a delegate, or an `XMLDocument`.
enum FoundationXMLReaders {
    /// Runs `XMLParser` over `data` with namespaces on, collecting every element's attributes.
    ///
    /// - Returns: the number of attributes seen, or `nil` when the parser failed.
    static func parseCollectingAttributes(_ data: Data) -> Int? {
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = true
        let collector = AttributeCollector()
        parser.delegate = collector
        guard parser.parse() else { return nil }
        return collector.attributes.count
    }

    /// Builds an `XMLDocument` from `data`.
    ///
    /// - Returns: the number of children of the root element, or `nil` when the document is malformed.
    static func document(_ data: Data) -> Int? {
        guard let document = try? XMLDocument(data: data) else { return nil }
        return document.rootElement()?.childCount
    }
}

/// An `XMLParserDelegate` that keeps every attribute of every element, in document order.
private final class AttributeCollector: NSObject, XMLParserDelegate {
    private(set) var attributes: [(element: String, name: String, value: String)] = []

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes attributeDict: [String: String]
    ) {
        for (name, value) in attributeDict {
            attributes.append((element: elementName, name: name, value: value))
        }
    }
}
