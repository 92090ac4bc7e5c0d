import Foundation
import LayoutKit
import PhotoApp
import Testing

/// A second class named PhotoCell, as a test bundle might have beside the app's: the class-identity trap.
enum TestBundle {
    final class PhotoCell: TableViewCell {}
}

final class Inspector: OutletDeclaring {
    var target: View?
    static var outlets: [Outlet] { [Outlet("target", \Inspector.target, optional: true)] }
}

class SubtitledPhotoCell: TableViewCell {
    var subtitleLabel: Label?
    override class var outlets: [Outlet] {
        super.outlets + [Outlet("subtitleLabel", \SubtitledPhotoCell.subtitleLabel)]
    }
}

final class DetailedPhotoCell: SubtitledPhotoCell {
    var detailLabel: Label?
    override class var outlets: [Outlet] {
        super.outlets + [Outlet("detailLabel", \DetailedPhotoCell.detailLabel)]
    }
}

/// An owner with an outlet whose type is a registered class, for registration-order tests.
final class DetailOwner: OutletDeclaring {
    var cell: DetailedPhotoCell?
    static var outlets: [Outlet] { [Outlet("cell", \DetailOwner.cell)] }
}

/// A view with an outlet of its own class.
final class ChainedView: View {
    var next: ChainedView?
    override class var outlets: [Outlet] { super.outlets + [Outlet("next", \ChainedView.next, optional: true)] }
}

final class MisnamedOutletCell: TableViewCell {
    var label: Label?
    override class var outlets: [Outlet] { [Outlet("title label", \MisnamedOutletCell.label)] }
}

@Suite struct RegistryTests {
    @Test func registersUnderPlainAndModuleQualifiedNames() throws {
        var registry = LayoutRegistry.standard
        try registry.register(PhotoApp.PhotoCell.self)
        let registered = try #require(registry.registeredClass(for: PhotoApp.PhotoCell.self))
        #expect(registered.name == "PhotoCell")
        #expect(registered.module == "PhotoApp")
        #expect(registered.isView)
        #expect(registered.outlets.map(\.name) == ["photoTitleLabel", "photoDateLabel", "thumbnailView"])
    }

    /// The registry is built one class at a time; whatever the order, the catalog is the one that
    /// registering every class at once would give: nearest bases, members declared where they are,
    /// member types that name classes registered later.
    @Test func registrationOrderDoesNotChangeTheCatalog() throws {
        var basesFirst = LayoutRegistry.standard
        try basesFirst.register(SubtitledPhotoCell.self)
        try basesFirst.register(DetailedPhotoCell.self)
        try basesFirst.register(DetailOwner.self)
        var basesLast = LayoutRegistry.standard
        try basesLast.register(DetailOwner.self)
        try basesLast.register(DetailedPhotoCell.self)
        try basesLast.register(SubtitledPhotoCell.self)
        #expect(basesFirst.catalog.differences(from: basesLast.catalog).isEmpty)
        let document = basesLast.classSchemaDocument()
        #expect(
            document.contains(#"<class name="DetailedPhotoCell" module="LayoutKitTests" base="SubtitledPhotoCell">"#))
        #expect(document.contains(#"<outlet name="cell" type="DetailedPhotoCell"/>"#))
        // Declared once, on SubtitledPhotoCell, though DetailedPhotoCell was registered before it.
        #expect(document.components(separatedBy: #"name="subtitleLabel""#).count == 2)
    }

    @Test func anOutletOfItsOwnClassIsSpelledAsTheSchemaSpellsIt() throws {
        var registry = LayoutRegistry.standard
        try registry.register(ChainedView.self)
        let schema = ClassCatalog.load(schemas: [("Chained.classes.xml", Array(registry.classSchemaDocument().utf8))])
        #expect(schema.diagnostics.isEmpty)
        #expect(registry.catalog.differences(from: schema.catalog).isEmpty)
        let layout =
            #"<layout xmlns="urn:layoutkit:layout:1"><view class="ChainedView"><label outlet="next"/></view></layout>"#
        let fromRegistry = LayoutValidator.validate(Array(layout.utf8), file: "t", catalog: registry.catalog)
        // The same diagnostics; the schema's also note where it declared the outlet.
        let fromSchema = LayoutValidator.validate(Array(layout.utf8), file: "t", catalog: schema.catalog)
        #expect(fromRegistry.map(\.message) == fromSchema.map(\.message))
        #expect(fromRegistry.map(\.location) == fromSchema.map(\.location))
        #expect(fromSchema.first?.notes.map(\.message) == ["outlet 'next' is declared here"])
        #expect(fromRegistry.first?.message.contains("has type ChainedView,") == true)
    }

    @Test func twoTypesUnderOneModuleQualifiedNameIsAnError() throws {
        var registry = LayoutRegistry.standard
        try registry.register(PhotoApp.PhotoCell.self)
        let error = #expect(throws: LayoutRegistry.RegistrationError.self) {
            try registry.register(TestBundle.PhotoCell.self, module: "PhotoApp")
        }
        #expect(error?.description.contains("PhotoApp.PhotoCell") == true)
        // The same type twice is no clash.
        try registry.register(PhotoApp.PhotoCell.self)
        #expect(registry.classes.count == 1)
    }

    @Test func aRenamedRegistrationAvoidsTheClash() throws {
        var registry = LayoutRegistry.standard
        try registry.register(PhotoApp.PhotoCell.self)
        try registry.register(TestBundle.PhotoCell.self, name: "TestPhotoCell")
        #expect(registry.classes.map(\.description) == ["PhotoApp.PhotoCell", "LayoutKitTests.TestPhotoCell"])
    }

    @Test func namesThatLayoutsCannotWriteAreRefused() throws {
        var registry = LayoutRegistry.standard
        for (name, module) in [("R&D", "PhotoApp"), ("Cell", "My Module"), ("view", "PhotoApp"), ("", "PhotoApp")] {
            #expect(throws: LayoutRegistry.RegistrationError.self) {
                try registry.register(TestBundle.PhotoCell.self, name: name, module: module)
            }
        }
        let outlet = #expect(throws: LayoutRegistry.RegistrationError.self) {
            try registry.register(MisnamedOutletCell.self)
        }
        #expect(outlet?.description.contains("'title label'") == true)
        #expect(registry.classes.isEmpty)
    }

    @Test func moduleQualifiedClassAttributeNamesExactlyThatClass() throws {
        var registry = LayoutRegistry.standard
        try registry.register(TestBundle.PhotoCell.self, name: "PhotoCell", module: "Tests")
        let layout = """
            <?xml version="1.0" encoding="UTF-8"?>
            <layout xmlns="urn:layoutkit:layout:1">
                <tableViewCell class="PhotoCell" module="PhotoApp"/>
            </layout>
            """
        let error = #expect(throws: LayoutError.self) {
            try LayoutLoader(data: Data(layout.utf8), registry: registry)
        }
        #expect(error?.rules == [.unknownClass])
        #expect(error?.description.contains("Tests.PhotoCell is in another module") == true)
    }

    @Test func inheritedOutletsAreConnectedAndChecked() throws {
        var registry = LayoutRegistry.standard
        try registry.register(SubtitledPhotoCell.self)
        try registry.register(DetailedPhotoCell.self)
        #expect(registry.catalog.declaredClassCount == 2)
        let connected = """
            <?xml version="1.0" encoding="UTF-8"?>
            <layout xmlns="urn:layoutkit:layout:1">
                <tableViewCell class="DetailedPhotoCell">
                    <label outlet="subtitleLabel"/>
                    <label outlet="detailLabel"/>
                </tableViewCell>
            </layout>
            """
        let cell = try LayoutLoader(data: Data(connected.utf8), registry: registry).instantiate(DetailedPhotoCell.self)
        #expect(cell.subtitleLabel != nil && cell.detailLabel != nil)

        let missingInherited = connected.replacingOccurrences(of: "<label outlet=\"subtitleLabel\"/>", with: "")
        let error = #expect(throws: LayoutError.self) {
            try LayoutLoader(data: Data(missingInherited.utf8), registry: registry)
        }
        #expect(error?.rules == [.unconnectedOutlet])
        #expect(error?.description.contains("'subtitleLabel'") == true)
    }

    @Test func outletTypesAreCheckedAgainstTheSwiftDeclaration() throws {
        var registry = LayoutRegistry.standard
        try registry.register(SubtitledPhotoCell.self)
        let layout = """
            <?xml version="1.0" encoding="UTF-8"?>
            <layout xmlns="urn:layoutkit:layout:1">
                <tableViewCell class="SubtitledPhotoCell">
                    <imageView outlet="subtitleLabel"/>
                </tableViewCell>
            </layout>
            """
        let error = #expect(throws: LayoutError.self) { try LayoutLoader(data: Data(layout.utf8), registry: registry) }
        #expect(error?.rules == [.outletTypeMismatch])
        #expect(error?.diagnostics.first?.sourceLocation?.line == 4)
    }

    @Test func unknownOutletsSuggestTheClosestName() throws {
        let registry = try ExampleApp.registry()
        let layout = """
            <?xml version="1.0" encoding="UTF-8"?>
            <layout xmlns="urn:layoutkit:layout:1">
                <tableViewCell class="PhotoCell">
                    <label outlet="photoTitleLable"/>
                    <label outlet="photoDateLabel"/>
                    <imageView outlet="thumbnailView"/>
                </tableViewCell>
            </layout>
            """
        let error = #expect(throws: LayoutError.self) { try LayoutLoader(data: Data(layout.utf8), registry: registry) }
        #expect(error?.rules == [.unconnectedOutlet, .unknownOutlet])
        #expect(error?.description.contains("did you mean 'photoTitleLabel'?") == true)
    }

    @Test func nonViewClassesDeclareOutletsToo() throws {
        var registry = LayoutRegistry.standard
        try registry.register(Inspector.self)
        let layout = """
            <?xml version="1.0" encoding="UTF-8"?>
            <layout xmlns="urn:layoutkit:layout:1">
                <owner class="Inspector">
                    <connections><outlet property="target" destination="root"/></connections>
                </owner>
                <view id="root"/>
            </layout>
            """
        let inspector = Inspector()
        let objects = try LayoutLoader(data: Data(layout.utf8), registry: registry).instantiate(owner: inspector)
        #expect(inspector.target === objects.first)
        #expect(registry.registeredClass(for: Inspector.self)?.isView == false)
    }

    @Test func aPlaceholderClassCannotBeCreatedByAnElement() throws {
        var registry = LayoutRegistry.standard
        try registry.register(Inspector.self)
        let layout = """
            <?xml version="1.0" encoding="UTF-8"?>
            <layout xmlns="urn:layoutkit:layout:1">
                <view class="Inspector"/>
            </layout>
            """
        let error = #expect(throws: LayoutError.self) { try LayoutLoader(data: Data(layout.utf8), registry: registry) }
        #expect(error?.rules == [.classKindMismatch])
    }
}

@Suite struct PropertyTests {
    @Test func everyAttributeLandsTyped() throws {
        let layout = """
            <?xml version="1.0" encoding="UTF-8"?>
            <layout xmlns="urn:layoutkit:layout:1">
                <stackView axis="vertical" spacing="12.5" alignment="center" distribution="fillEqually"
                           hidden="true" alpha="0.25" backgroundColor="#10203040" tag="-7"
                           accessibilityIdentifier="stack">
                    <label text="Hello" font="title2" textColor="#FF0000" numberOfLines="0" textAlignment="center"/>
                    <imageView image="photo" contentMode="aspectFit"/>
                    <button title="Go" image="arrow"/>
                    <tableViewCell reuseIdentifier="Cell" selectionStyle="none" accessoryType="checkmark"/>
                </stackView>
            </layout>
            """
        let stack = try LayoutLoader(data: Data(layout.utf8), registry: .standard).instantiate(StackView.self)
        #expect(stack.axis == .vertical)
        #expect(stack.spacing == 12.5)
        #expect(stack.alignment == .center)
        #expect(stack.distribution == .fillEqually)
        #expect(stack.isHidden)
        #expect(stack.alpha == 0.25)
        #expect(stack.backgroundColor == Color(red: 0x10, green: 0x20, blue: 0x30, alpha: 0x40))
        #expect(stack.tag == -7)
        #expect(stack.accessibilityIdentifier == "stack")
        #expect(stack.subviews.count == 4)
        #expect(stack.subviews.allSatisfy { $0.superview === stack })

        let label = try #require(stack.subviews[0] as? Label)
        #expect(label.text == "Hello")
        #expect(label.font == .title2)
        #expect(label.textColor == Color(red: 255, green: 0, blue: 0))
        #expect(label.numberOfLines == 0)
        #expect(label.textAlignment == .center)

        let image = try #require(stack.subviews[1] as? ImageView)
        #expect(image.image == "photo")
        #expect(image.contentMode == .aspectFit)

        let button = try #require(stack.subviews[2] as? Button)
        #expect(button.title == "Go")
        #expect(button.image == "arrow")

        let cell = try #require(stack.subviews[3] as? TableViewCell)
        #expect(cell.reuseIdentifier == "Cell")
        #expect(cell.selectionStyle == TableViewCell.SelectionStyle.none)
        #expect(cell.accessoryType == .checkmark)
    }

    @Test func defaultsStayWhenAttributesAreAbsent() throws {
        let layout = """
            <?xml version="1.0" encoding="UTF-8"?>
            <layout xmlns="urn:layoutkit:layout:1"><label/></layout>
            """
        let label = try LayoutLoader(data: Data(layout.utf8), registry: .standard).instantiate(Label.self)
        #expect(label.text == nil && label.font == .body && label.numberOfLines == 1 && !label.isHidden)
        #expect(label.alpha == 1)
    }

    @Test func colorsParseAndPrint() {
        #expect(Color(hex: "#8e8e93")?.description == "#8E8E93")
        #expect(Color(hex: "#FFFFFF80")?.alpha == 0x80)
        #expect(Color(hex: "#FFF") == nil)
        #expect(Color(hex: "8E8E93") == nil)
        #expect(Color(hex: "#GG0000") == nil)
    }
}
