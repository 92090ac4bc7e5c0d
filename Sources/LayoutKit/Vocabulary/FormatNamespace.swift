/// The namespaces of the format: the layout's own, the tools' (`lk:ignore`) and XML Schema instance's
/// (`xsi:schemaLocation`). Below the reader, the decoder and the rules, which all read them.
enum FormatNamespace {
    /// The namespace of a layout file (`urn:layoutkit:layout:1`).
    static let layout = "urn:layoutkit:layout:1"
    /// The namespace of `lk:ignore` (`urn:layoutkit:tools`).
    static let tools = "urn:layoutkit:tools"
    /// XML Schema instance's namespace, for `xsi:schemaLocation`.
    static let schemaInstance = "http://www.w3.org/2001/XMLSchema-instance"
}

/// The names of the format that are not object elements or their attributes: the document's structure
/// (`layout`, `owner`, `connections`, …) and the attributes of its structural elements.
enum FormatNames {
    static let structural: Set<String> = [
        "layout", "owner", "external", "include", "connections", "properties", "property", "outlet", "action",
        "name", "value", "destination", "event", "ignore", "schemaLocation",
    ]
}
