import Foundation
import Testing

@testable import LayoutKit

/// A template sets each attribute through an `AttributeSetter`, decided when compiling for the class it
/// creates, where 1.0 cast the view on every set (`AttributeValue.apply(to:)`). These pin down that the
/// two set the same thing on every class, and that instantiating a layout still sets them.
@Suite struct AttributeSetterTests {
    final class TitledLabel: Label {}
    final class IconButton: Button {}

    /// One value of every attribute, none of them its property's default.
    static let values: [AttributeValue] = [
        .hidden(true), .alpha(0.5), .backgroundColor(Color(red: 1, green: 2, blue: 3)), .tag(7),
        .accessibilityIdentifier("an identifier longer than fifteen bytes"), .text("some text, not a small string"),
        .font(.caption), .textColor(Color(red: 4, green: 5, blue: 6, alpha: 7)), .numberOfLines(3),
        .textAlignment(.center), .image("an image name that is long"), .contentMode(.center), .title("Title"),
        .isOn(true), .placeholder("Search"), .axis(.vertical), .spacing(4), .alignment(.trailing),
        .distribution(.equalSpacing), .reuseIdentifier("Reuse"), .selectionStyle(.none),
        .accessoryType(.checkmark),
    ]

    static let classes: [View.Type] =
        ElementKind.allCases.map(\.viewClass) + [TitledLabel.self, IconButton.self]

    /// Every property an attribute can set, as text, for the class of `view`.
    static func describe(_ view: View) -> String {
        var parts = [
            "\(view.isHidden) \(view.alpha) \(String(describing: view.backgroundColor)) \(view.tag)",
            String(describing: view.accessibilityIdentifier),
        ]
        if let label = view as? Label {
            parts.append(
                "\(String(describing: label.text)) \(label.font) \(String(describing: label.textColor)) "
                    + "\(label.numberOfLines) \(label.textAlignment)")
        }
        if let imageView = view as? ImageView {
            parts.append("\(String(describing: imageView.image)) \(imageView.contentMode)")
        }
        if let button = view as? Button {
            parts.append("\(String(describing: button.title)) \(String(describing: button.image))")
        }
        if let toggle = view as? Switch { parts.append("\(toggle.isOn)") }
        if let field = view as? TextField {
            parts.append("\(String(describing: field.text)) \(String(describing: field.placeholder))")
        }
        if let stack = view as? StackView {
            parts.append("\(stack.axis) \(stack.spacing) \(stack.alignment) \(stack.distribution)")
        }
        if let cell = view as? TableViewCell {
            parts.append("\(String(describing: cell.reuseIdentifier)) \(cell.selectionStyle) \(cell.accessoryType)")
        }
        return parts.joined(separator: " | ")
    }

    @Test(arguments: classes)
    func aSetterSetsWhatTheCastingApplySets(_ viewClass: View.Type) {
        for value in Self.values {
            let cast = viewClass.init()
            value.apply(to: cast)
            let compiled = viewClass.init()
            let setter = AttributeSetter(value, on: viewClass)
            if let setter { withUnsafePointer(to: setter) { AttributeSetter.apply($0, to: compiled) } }
            #expect(Self.describe(compiled) == Self.describe(cast), "\(value) on \(viewClass)")
            // Left out exactly when the casting apply sets nothing.
            let castSetNothing = Self.describe(cast) == Self.describe(viewClass.init())
            #expect((setter == nil) == castSetNothing, "\(value) on \(viewClass)")
        }
    }

    @Test func aLabelAndAButtonSubclassGetTheirOwnTextAndImage() throws {
        let label = try #require(AttributeSetter(.text("x"), on: TitledLabel.self))
        let field = try #require(AttributeSetter(.text("x"), on: TextField.self))
        let button = try #require(AttributeSetter(.image("x"), on: IconButton.self))
        let imageView = try #require(AttributeSetter(.image("x"), on: ImageView.self))
        guard case .labelText = label, case .textFieldText = field, case .buttonImage = button,
            case .imageViewImage = imageView
        else {
            Issue.record("\(label) \(field) \(button) \(imageView)")
            return
        }
        #expect(AttributeSetter(.text("x"), on: Button.self) == nil)
        #expect(AttributeSetter(.font(.body), on: IconButton.self) == nil)
    }

    /// A class the rules refused (an `lk:ignore`d `class-kind-mismatch`) is not created: the element's own
    /// class is, with all its attributes; the class beside it still gets its own.
    @Test func aSilencedKindMismatchCreatesTheElementsClassWithItsAttributes() throws {
        var registry = LayoutRegistry.standard
        try registry.register(IconButton.self)
        let layout = """
            <layout xmlns="urn:layoutkit:layout:1" xmlns:lk="urn:layoutkit:tools">
                <view>
                    <label class="IconButton" lk:ignore="class-kind-mismatch" text="Label text" font="caption"
                           tag="3"/>
                    <button class="IconButton" title="Share" image="square.and.arrow.up" alpha="0.5"/>
                </view>
            </layout>
            """
        let loader = try LayoutLoader(data: Data(layout.utf8), registry: registry)
        let root = try loader.instantiate(View.self)
        let label = try #require(root.subviews.first.flatMap { $0 as? Label })
        #expect(type(of: label) == Label.self)
        #expect(label.text == "Label text" && label.font == .caption && label.tag == 3)
        let button = try #require(root.subviews.last.flatMap { $0 as? IconButton })
        #expect(button.title == "Share" && button.image == "square.and.arrow.up" && button.alpha == 0.5)
    }

    /// `isSubclass(_:of:)` by the class tree, also when the ancestor reaches it as a `View.Type` parameter
    /// passed on (the shape Swift 6.3.1's optimizer got wrong for the cast this walk replaced).
    @Test func aClassIsASubclassOnlyOfItsOwnAncestors() {
        @inline(never) func fits(_ made: AnyObject.Type, _ ancestor: View.Type) -> Bool {
            isSubclass(made, of: ancestor)
        }
        #expect(fits(TitledLabel.self, Label.self))
        #expect(fits(TitledLabel.self, View.self))
        #expect(fits(Label.self, Label.self))
        #expect(!fits(Button.self, Label.self))
        #expect(!fits(Label.self, TitledLabel.self))
        #expect(!fits(IconButton.self, ImageView.self))
        #expect(isSubclass(IconButton.self, of: Button.self))
    }
}
