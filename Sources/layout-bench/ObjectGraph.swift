import LayoutKit

/// A text form of an object graph — every view in document order with its class, properties and parent,
/// then every outlet of the root with what it points at — so the bench can prove that the loader and the
/// hand-written code build the same graph before it times them against each other.
enum ObjectGraph {
    static func describe(_ root: View, outlets: [Outlet]) -> [String] {
        var views: [View] = []
        func collect(_ view: View) {
            views.append(view)
            for child in view.subviews { collect(child) }
        }
        collect(root)
        func index(of object: AnyObject) -> String {
            views.firstIndex { $0 === object }.map { "#\($0)" } ?? "\(type(of: object))"
        }
        var lines = views.enumerated().map { number, view in
            let parent = view.superview.map(index(of:)) ?? "-"
            return "#\(number) \(type(of: view)) in \(parent): " + properties(of: view).joined(separator: " ")
        }
        for outlet in outlets {
            lines.append("outlet \(outlet.name) → " + (outlet.value(in: root).map(index(of:)) ?? "nil"))
        }
        return lines
    }

    private static func properties(of view: View) -> [String] {
        var result = [
            "hidden=\(view.isHidden)", "alpha=\(view.alpha)", "tag=\(view.tag)",
            "backgroundColor=\(view.backgroundColor.map(String.init(describing:)) ?? "nil")",
            "accessibilityIdentifier=\(view.accessibilityIdentifier ?? "nil")",
        ]
        if let label = view as? Label {
            result += [
                "text=\(label.text ?? "nil")", "font=\(label.font)",
                "textColor=\(label.textColor.map(String.init(describing:)) ?? "nil")",
                "numberOfLines=\(label.numberOfLines)", "textAlignment=\(label.textAlignment)",
            ]
        }
        if let imageView = view as? ImageView {
            result += ["image=\(imageView.image ?? "nil")", "contentMode=\(imageView.contentMode)"]
        }
        if let button = view as? Button {
            result += ["title=\(button.title ?? "nil")", "image=\(button.image ?? "nil")"]
        }
        if let stack = view as? StackView {
            result += [
                "axis=\(stack.axis)", "spacing=\(stack.spacing)", "alignment=\(stack.alignment)",
                "distribution=\(stack.distribution)",
            ]
        }
        if let cell = view as? TableViewCell {
            result += [
                "reuseIdentifier=\(cell.reuseIdentifier ?? "nil")", "selectionStyle=\(cell.selectionStyle)",
                "accessoryType=\(cell.accessoryType)",
            ]
        }
        return result
    }
}
