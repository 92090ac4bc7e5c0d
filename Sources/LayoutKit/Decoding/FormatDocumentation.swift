/// What an editor says of the format's elements and attributes: the words of `Schemas/layout.xsd`'s
/// `xs:documentation` (a test holds the two together), and the values an enumerated attribute takes
/// (from the decoder's tables, `FormatVocabulary`).
///
/// Not API: `package`, for `layout-check lsp`'s hover.
package enum FormatDocumentation {
    /// The documentation of an attribute of `element`, with its accepted values; `nil` for a name the
    /// format does not give `element`.
    package static func text(_ attribute: String, element: String) -> String? {
        guard FormatVocabulary.attributes(of: element).contains(attribute) else { return nil }
        let words = byElementAttribute["\(element).\(attribute)"] ?? byAttribute[attribute] ?? ""
        var text = "`\(attribute)` (on `<\(element)>`)"
        if !words.isEmpty { text += ": \(words)" }
        let control = element == "action" ? nil : element
        if let values = FormatVocabulary.values(of: attribute, control: control) {
            text += "\n\nOne of: " + values.map { "`\($0)`" }.joined(separator: ", ")
        }
        return text
    }

    /// The documentation of an element.
    package static func element(_ name: String) -> String? {
        if let words = elements[name] { return "`<\(name)>`: \(words)" }
        return nil
    }

    /// The format's words for attributes that mean one thing on every element.
    package static let byAttribute: [String: String] = [
        "id": "An id, or an outlet's destination. Unique within a file (checked by duplicate-id).",
        "class":
            "Creates this registered subclass of the element's built-in class instead. A class name, without its module.",
        "module": "Only a class of this module matches class.",
        "outlet":
            "Binds this property of the nearest enclosing object element that has a class to this element's object.",
        "action":
            "Sends this action of the nearest enclosing object element that has a class for the control's default event.",
        "hidden": "true or false; not 1 or 0.",
        "alpha": "Opacity from 0 to 1, a plain decimal (no exponent, NaN or INF).",
        "backgroundColor": "#RRGGBB or #RRGGBBAA, hexadecimal digits in either case.",
        "textColor": "#RRGGBB or #RRGGBBAA, hexadecimal digits in either case.",
        "tag": "A whole number that fits in 32 bits.",
        "numberOfLines": "Maximum number of lines; 0 means no limit.",
        "spacing": "Points between arranged subviews, a plain decimal from 0 to 1000000.",
        "isOn": "true or false; not 1 or 0.",
        "layout": "A layout's name: its file name without .layout.xml. Never a path: no slash, no \"..\".",
        "destination": "An id, or an outlet's destination. Unique within a file (checked by duplicate-id).",
    ]

    /// Words that differ by element.
    package static let byElementAttribute: [String: String] = [
        "owner.class": "A class name, without its module.",
        "external.class": "A class name, without its module.",
        "external.name": "An object supplied by the caller under name.",
        "include.outlet": "An outlet property name.",
        "outlet.property": "An outlet property name.",
        "action.name": "An action or property name.",
        "action.event": "The control's default event when absent.",
        "property.name": "An action or property name.",
        "property.value": "Values set on the object's class's own properties; before connections.",
    ]

    /// The format's words for its elements.
    package static let elements: [String: String] = [
        "layout":
            "A layout file: at most one owner placeholder, any number of external placeholders, then one or more top-level objects, which instantiate returns in document order.",
        "owner":
            "The File's Owner: not created, supplied by the caller of instantiate. The id is needed only when an outlet points at the owner.",
        "external":
            "An object supplied by the caller under name. When class is given, the supplied object must be of that class.",
        "include":
            "Creates the one top-level object of the layout NAME.layout.xml, with its subtree and its outlets, as if it were written here. Its type, for outlets, is that object's class.",
        "outlet": "Binds property of the enclosing object to the object or placeholder whose id is destination.",
        "action":
            "The enclosing control sends action name to the object or placeholder whose id is destination, for event (the control's default event when absent).",
        "properties": "Values set on the object's class's own properties; before connections.",
        "view": "view creates a View; it has only the common attributes.",
        "label": "label creates a Label.",
        "imageView": "imageView creates an ImageView.",
        "button": "button creates a Button; it sends primaryActionTriggered.",
        "switch": "switch creates a Switch; it sends valueChanged.",
        "textField": "textField creates a TextField.",
        "stackView": "stackView creates a StackView.",
        "tableViewCell": "tableViewCell creates a TableViewCell.",
    ]
}
