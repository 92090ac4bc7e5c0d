/// One built-in attribute of a template's object, with the class that has it decided when compiling:
/// instantiating sets it with no dynamic cast.
///
/// `AttributeValue.apply(to:)` casts the view to the attribute's class (`as? Label`) on every set, and
/// an attribute whose class the view is not (an `lk:ignore`d `class-kind-mismatch`) is skipped. The
/// class a recipe makes is known when its template is compiled, so the compiler makes that decision
/// once: an attribute the made class does not have is left out, and the others downcast unchecked.
enum AttributeSetter: Sendable {
    case hidden(Bool)
    case alpha(Double)
    case backgroundColor(Color)
    case tag(Int)
    case accessibilityIdentifier(String)
    case labelText(String)
    case textFieldText(String)
    case font(Label.Font)
    case textColor(Color)
    case numberOfLines(Int)
    case textAlignment(Label.TextAlignment)
    case imageViewImage(String)
    case buttonImage(String)
    case contentMode(ImageView.ContentMode)
    case title(String)
    case isOn(Bool)
    case placeholder(String)
    case axis(StackView.Axis)
    case spacing(Double)
    case alignment(StackView.Alignment)
    case distribution(StackView.Distribution)
    case reuseIdentifier(String)
    case selectionStyle(TableViewCell.SelectionStyle)
    case accessoryType(TableViewCell.AccessoryType)

    /// The setter of `value` on views of exactly `madeType`, or `nil` when `AttributeValue.apply(to:)`
    /// would set nothing on such a view (it is not of the attribute's class).
    init?(_ value: AttributeValue, on madeType: AnyObject.Type) {
        // Generic, so that each class is checked as itself: a `View.Type` parameter passed on to
        // `isSubclass(_:of:)` was checked as `View` in a release build, and every view fitted.
        func fits<Ancestor: View>(_: Ancestor.Type) -> Bool { madeType is Ancestor.Type }
        switch value {
        case .hidden(let value): self = .hidden(value)
        case .alpha(let value): self = .alpha(value)
        case .backgroundColor(let value): self = .backgroundColor(value)
        case .tag(let value): self = .tag(value)
        case .accessibilityIdentifier(let value): self = .accessibilityIdentifier(value)
        case .text(let value):
            // `apply(to:)` tries `Label` first, then `TextField`.
            if fits(Label.self) {
                self = .labelText(value)
            } else if fits(TextField.self) {
                self = .textFieldText(value)
            } else {
                return nil
            }
        case .font(let value) where fits(Label.self): self = .font(value)
        case .textColor(let value) where fits(Label.self): self = .textColor(value)
        case .numberOfLines(let value) where fits(Label.self): self = .numberOfLines(value)
        case .textAlignment(let value) where fits(Label.self): self = .textAlignment(value)
        case .image(let value):
            // `apply(to:)` tries `ImageView` first, then `Button`.
            if fits(ImageView.self) {
                self = .imageViewImage(value)
            } else if fits(Button.self) {
                self = .buttonImage(value)
            } else {
                return nil
            }
        case .contentMode(let value) where fits(ImageView.self): self = .contentMode(value)
        case .title(let value) where fits(Button.self): self = .title(value)
        case .isOn(let value) where fits(Switch.self): self = .isOn(value)
        case .placeholder(let value) where fits(TextField.self): self = .placeholder(value)
        case .axis(let value) where fits(StackView.self): self = .axis(value)
        case .spacing(let value) where fits(StackView.self): self = .spacing(value)
        case .alignment(let value) where fits(StackView.self): self = .alignment(value)
        case .distribution(let value) where fits(StackView.self): self = .distribution(value)
        case .reuseIdentifier(let value) where fits(TableViewCell.self): self = .reuseIdentifier(value)
        case .selectionStyle(let value) where fits(TableViewCell.self): self = .selectionStyle(value)
        case .accessoryType(let value) where fits(TableViewCell.self): self = .accessoryType(value)
        case .font, .textColor, .numberOfLines, .textAlignment, .contentMode, .title, .isOn, .placeholder, .axis,
            .spacing, .alignment, .distribution, .reuseIdentifier, .selectionStyle, .accessoryType:
            return nil
        }
    }

    /// Sets the attribute `setter` points to on `view`.
    ///
    /// Read in place, not copied: a copy of the setter would retain and release its payload around
    /// the call. Not inlined: inside `LayoutTemplate.build` each property set's exclusivity check
    /// cost more than here (the runtime records it rather than only checking it).
    ///
    /// - Precondition: `view` is of the class this setter was made for (or a subclass of it).
    @inline(never)
    static func apply(_ setter: UnsafePointer<AttributeSetter>, to view: View) {
        switch setter.pointee {
        case .hidden(let value): view.isHidden = value
        case .alpha(let value): view.alpha = value
        case .backgroundColor(let value): view.backgroundColor = value
        case .tag(let value): view.tag = value
        case .accessibilityIdentifier(let value): view.accessibilityIdentifier = value
        case .labelText(let value): unsafeDowncast(view, to: Label.self).text = value
        case .textFieldText(let value): unsafeDowncast(view, to: TextField.self).text = value
        case .font(let value): unsafeDowncast(view, to: Label.self).font = value
        case .textColor(let value): unsafeDowncast(view, to: Label.self).textColor = value
        case .numberOfLines(let value): unsafeDowncast(view, to: Label.self).numberOfLines = value
        case .textAlignment(let value): unsafeDowncast(view, to: Label.self).textAlignment = value
        case .imageViewImage(let value): unsafeDowncast(view, to: ImageView.self).image = value
        case .buttonImage(let value): unsafeDowncast(view, to: Button.self).image = value
        case .contentMode(let value): unsafeDowncast(view, to: ImageView.self).contentMode = value
        case .title(let value): unsafeDowncast(view, to: Button.self).title = value
        case .isOn(let value): unsafeDowncast(view, to: Switch.self).isOn = value
        case .placeholder(let value): unsafeDowncast(view, to: TextField.self).placeholder = value
        case .axis(let value): unsafeDowncast(view, to: StackView.self).axis = value
        case .spacing(let value): unsafeDowncast(view, to: StackView.self).spacing = value
        case .alignment(let value): unsafeDowncast(view, to: StackView.self).alignment = value
        case .distribution(let value): unsafeDowncast(view, to: StackView.self).distribution = value
        case .reuseIdentifier(let value): unsafeDowncast(view, to: TableViewCell.self).reuseIdentifier = value
        case .selectionStyle(let value): unsafeDowncast(view, to: TableViewCell.self).selectionStyle = value
        case .accessoryType(let value): unsafeDowncast(view, to: TableViewCell.self).accessoryType = value
        }
    }
}
