/// The format's names as the decoder knows them: element names, the attributes each element accepts and
/// the values of enumerated attributes. Read from the decoder's own tables (`ElementKind`,
/// `ObjectAttribute`, the view enumerations), so that an editor offers exactly what the decoder accepts.
///
/// Not API: `package`, for `layout-check lsp`'s completion and hover.
package enum FormatVocabulary {
    /// The object elements (`view`, `label`, …), in the order the format lists them.
    package static var objectElements: [String] { ElementKind.allCases.map(\.rawValue) }

    /// Whether `name` is an object element.
    package static func isObjectElement(_ name: String) -> Bool { ElementKind(rawValue: name) != nil }

    /// Whether `name` is a control element, which sends actions.
    package static func isControl(_ name: String) -> Bool { ElementKind(rawValue: name)?.isControl == true }

    /// The elements that may appear directly inside an element named `parent`; `nil` for the document's
    /// top (where only `layout` may be).
    ///
    /// - Parameter grandparent: The element holding `parent`: a `<connections>` holds actions only in a control.
    package static func children(of parent: String?, in grandparent: String? = nil) -> [String] {
        guard let parent else { return ["layout"] }
        switch parent {
        case "layout": return ["owner", "external"] + objectElements + ["include"]
        case "owner": return ["connections"]
        case "connections": return grandparent.map(isControl) == true ? ["outlet", "action"] : ["outlet"]
        case "properties": return ["property"]
        default:
            if isObjectElement(parent) { return objectElements + ["include", "properties", "connections"] }
            return []
        }
    }

    /// The attributes an element accepts, in the order the format lists them; empty for an unknown name.
    package static func attributes(of element: String) -> [String] {
        if let kind = ElementKind(rawValue: element) {
            return ObjectAttribute.allCases.filter { $0.isAllowed(on: kind) }.map(\.rawValue)
        }
        switch element {
        case "owner": return ["class", "id"]
        case "external": return ["id", "name", "class", "module"]
        case "include": return ["layout", "id", "outlet"]
        case "outlet": return ["property", "destination"]
        case "action": return ["name", "destination", "event"]
        case "property": return ["name", "value"]
        default: return []
        }
    }

    /// The values an attribute accepts when they are a closed list: enumerations, booleans, the events
    /// of the control `element`; `nil` for free text, numbers, colours and names.
    ///
    /// - Parameter control: For `event`, the element name of the control whose connections hold the action.
    package static func values(of attribute: String, control: String? = nil) -> [String]? {
        switch attribute {
        case "font": return Label.Font.allCases.map(\.rawValue)
        case "textAlignment": return Label.TextAlignment.allCases.map(\.rawValue)
        case "contentMode": return ImageView.ContentMode.allCases.map(\.rawValue)
        case "axis": return StackView.Axis.allCases.map(\.rawValue)
        case "alignment": return StackView.Alignment.allCases.map(\.rawValue)
        case "distribution": return StackView.Distribution.allCases.map(\.rawValue)
        case "selectionStyle": return TableViewCell.SelectionStyle.allCases.map(\.rawValue)
        case "accessoryType": return TableViewCell.AccessoryType.allCases.map(\.rawValue)
        case "hidden", "isOn": return ["true", "false"]
        case "event":
            let events = control.flatMap { ElementKind(rawValue: $0)?.events } ?? Control.Event.allCases
            return events.map(\.rawValue)
        default: return nil
        }
    }
}
