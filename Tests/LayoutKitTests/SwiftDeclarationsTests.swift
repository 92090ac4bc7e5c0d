import Foundation
import Testing

@testable import LayoutChecking
@testable import LayoutKit

/// What sourcekitd's syntactic structure becomes: the classes, outlets and action selectors Interface
/// Builder files are checked against.
@Suite struct SwiftDeclarationsTests {
    static let source = """
        import UIKit

        @objc(PCPhotoCell)
        final class PhotoCell: BaseCell<Photo>, Shareable {
            @IBOutlet weak var titleLabel: UILabel!
            @IBOutlet private weak var captionLabel: UIKit.UILabel?
            @IBOutlet var ratingButtons: [UIButton]!
            @IBInspectable var cornerRadius: CGFloat = 4
            var notAnOutlet: UILabel!

            @IBAction func shareTapped(_ sender: UIButton) {}
            @IBAction func share(sender: Any) {}
            @IBAction func refresh() {}
            @objc(toggleFavorite:) @IBAction func favorite(_ sender: UISwitch) {}
            @IBAction func moved(_ sender: UISlider, forEvent event: UIEvent) {}
            func notAnAction(_ sender: UIButton) {}

            final class Badge: UIView {
                @IBOutlet weak var countLabel: UILabel!
            }
        }

        extension PhotoCell {
            @IBAction func rate(_ sender: UIButton) {}
        }
        """

    static func declarations() throws -> SwiftDeclarations {
        let sourceKit = try SourceKit(toolchain: nil, environment: ProcessInfo.processInfo.environment)
        return SwiftDeclarations.read(Array(source.utf8), file: "PhotoCell.swift", with: sourceKit)
    }

    @Test func classesNestedClassesAndExtensionsAreRead() throws {
        let types = try Self.declarations().types
        #expect(types.map(\.name) == ["PhotoCell", "PhotoCell.Badge", "PhotoCell"])
        #expect(types.map(\.kind) == [.class, .class, .extension])
        let cell = try #require(types.first)
        #expect(cell.superclass == "BaseCell")
        #expect(cell.objectiveCName == "PCPhotoCell")
        #expect(cell.location == SourceLocation(file: "PhotoCell.swift", line: 4, column: 13))
        #expect(cell.inspectables == ["cornerRadius"])
        #expect(types[1].superclass == "UIView")
        #expect(types[2].actions.map(\.selector) == ["rate:"])
    }

    @Test func outletsKeepTheirTypeOptionalityAndCollection() throws {
        let outlets = try #require(try Self.declarations().types.first).outlets
        #expect(outlets.map(\.name) == ["titleLabel", "captionLabel", "ratingButtons"])
        #expect(outlets.map(\.typeName) == ["UILabel", "UILabel", "UIButton"])
        #expect(outlets.map(\.optionality) == [.implicitlyUnwrapped, .optional, .implicitlyUnwrapped])
        #expect(outlets.map(\.isCollection) == [false, false, true])
        // The declaration begins at its attribute, where a note should point.
        #expect(outlets.first?.location == SourceLocation(file: "PhotoCell.swift", line: 5, column: 5))
    }

    @Test func actionsAreNamedByTheirObjectiveCSelectors() throws {
        let actions = try #require(try Self.declarations().types.first).actions
        #expect(
            actions.map(\.selector) == [
                "shareTapped:", "shareWithSender:", "refresh", "toggleFavorite:", "moved:forEvent:",
            ])
        #expect(actions.map(\.senderType) == ["UIButton", "Any", nil, "UISwitch", "UISlider"])
    }

    /// An `@objc` method that is no `@IBAction` answers a selector too: sourcekitd names only
    /// `@IBAction`s' selectors, so the others' are worked out as Swift does.
    @Test func objcMethodsAreNamedByTheSelectorsSwiftGivesThem() throws {
        let source = """
            final class Compose: UIViewController {
                @objc func send(_ sender: Any) {}
                @objc(discardDraft:) func discard(_ sender: UIButton) {}
                @objc func move(_ sender: UISlider, forEvent event: UIEvent) {}
                @objc func refresh() {}
                func notExposed(_ sender: UIButton) {}
            }

            @objc extension Compose {
                func insertSignature(sender: UIBarButtonItem) {}
            }

            @objcMembers final class Editor: UIViewController {
                func undo(_ sender: Any) {}
            }
            """
        let sourceKit = try SourceKit(toolchain: nil, environment: ProcessInfo.processInfo.environment)
        let types = SwiftDeclarations.read(Array(source.utf8), file: "Compose.swift", with: sourceKit).types
        #expect(types.map(\.name) == ["Compose", "Compose", "Editor"])
        #expect(types.allSatisfy { $0.actions.isEmpty })
        #expect(
            types[0].objectiveCMethods.map(\.selector) == ["send:", "discardDraft:", "move:forEvent:", "refresh"])
        #expect(types[0].objectiveCMethods.map(\.senderType) == ["Any", "UIButton", "UISlider", nil])
        #expect(types[1].objectiveCMethods.map(\.selector) == ["insertSignatureWithSender:"])
        #expect(types[2].objectiveCMethods.map(\.selector) == ["undo:"])
    }

    @Test func aFileThatDoesNotParseSaysWhere() throws {
        let sourceKit = try SourceKit(toolchain: nil, environment: ProcessInfo.processInfo.environment)
        let read = SwiftDeclarations.read(
            Array("class A: UIView {\n    func f( {\n}\n".utf8), file: "A.swift", with: sourceKit)
        #expect(read.types.map(\.name) == ["A"])
        #expect(read.diagnostics.map(\.rule) == [.unreadableFile])
        #expect(read.diagnostics.first?.sourceLocation?.line == 2)
    }
}

/// `OutletUses`: which uses of an implicitly unwrapped outlet can crash, read from the text alone.
@Suite struct OutletUsesTests {
    static func uses(_ code: String, of name: String = "label") -> OutletUses.Use? {
        OutletUses.scan(Array(code.utf8), names: [name]).uses[name]
    }

    @Test(arguments: [
        "label?.text = title", "if label != nil { }", "if nil == other, label == nil { }",
        "let text = label ?? fallback",
        "if let label { label.sizeToFit() }", "if let l = label { l.sizeToFit() }",
        "guard let l = label else { return }",
        "// label.text = 1", #"print("label.text")"#, "/* label.text /* nested */ label.text */",
        ##"let s = #"label.text"#"##, "@IBOutlet weak var label: UILabel!",
        "if a > 0, label != nil { label.text = x }", "func f() { guard label != nil else { return }\n label.text = x }",
        "func f() { let label = UILabel()\n label.text = x }", "show(label: nil)", "func show(label: UILabel?) { }",
        // Passed whole: the parameter's type decides, and it is not read.
        "print(label)", "show(label: label)", "share(a, label)", "let views = [label, other]",
        // Handed on whole as a value: the place's type decides (issue "Interface Builder on real apps,
        // round 2", item 4).
        "navigationItem.titleView = label", "let shown: UILabel? = label\nshow(shown)", "current = label; next()",
        "func f() { cached = label }",
    ])
    func nilSafeOrNoReadIsNoForcedRead(_ code: String) {
        #expect(Self.uses(code)?.forcedRead != true, "\(code)")
    }

    @Test(arguments: [
        "label.text = title", "cell.label.text = title", "if let t = label.text { }", "print(label!)",
        "show(label.text)",
        "if label.isHidden { }", "label?.text = a\nlabel.text = b",
        "func f() { if let label { label.sizeToFit() }\n label.text = x }",
        "func f() { guard let label else { return } }\nfunc g() { label.text = x }",
        "if a || label != nil { label.text = x }", "if label != nil || a { label.text = x }",
        "if label != nil { }\nlabel.text = x", "func f() { let label = UILabel()\n self.label.text = x }",
        "show(label: label.text)", "@IBOutlet weak var label: UILabel!\nfunc f() { label.text = x }",
        "title = label.text", "let size = label.intrinsicContentSize", "x = label + y",
    ])
    func aReadAsIfConnectedIsForced(_ code: String) {
        #expect(Self.uses(code)?.forcedRead == true, "\(code)")
    }

    /// A bare read in a class's body is that class's `self.label`: it can crash an object of that class or
    /// a subclass, never one of an unrelated class that declares its own `label`. A read through another
    /// object (`cell.label`) or in a protocol's extension may be anyone's.
    @Test func aBareReadCountsForTheClassWhoseBodyItIsIn() {
        let code = """
            class Cell: UITableViewCell {
                @IBOutlet var label: UILabel!
            }
            class Banner: UIView {
                @IBOutlet var label: UILabel!
                func show() { label.text = "x" }
            }
            extension Feed.Header { func show() { label.isHidden = true } }
            """
        let scanned = OutletUses.scan(Array(code.utf8), names: ["label"])
        #expect(scanned.uses["label"]?.forcedRead == false)
        #expect(scanned.uses["label"]?.bareReadTypes == ["Banner", "Header"])
        let classes: Set<String> = ["Cell", "Banner", "Header"]
        #expect(!scanned.mayCrash("label", ancestors: ["Cell", "UITableViewCell"], isClass: classes.contains))
        #expect(scanned.mayCrash("label", ancestors: ["Banner", "UIView"], isClass: classes.contains))
        #expect(scanned.mayCrash("label", ancestors: ["Header"], isClass: classes.contains))
        // Header a protocol: its extension's read may be any conforming class's.
        #expect(scanned.mayCrash("label", ancestors: ["Cell"], isClass: { $0 != "Header" && classes.contains($0) }))
        let member = OutletUses.scan(
            Array("class Banner { func f(c: Cell) { c.label.text = x } }".utf8), names: ["label"])
        #expect(member.mayCrash("label", ancestors: ["Cell"], isClass: classes.contains))
    }

    @Test func anAssignmentIsSeenAndAnOutletNobodyMentionsCannotCrash() {
        let scanned = OutletUses.scan(Array("self.label = UILabel()\nlabel.text = x".utf8), names: ["label", "other"])
        #expect(scanned.uses["label"]?.assigned == true)
        #expect(!scanned.mayCrash("label"))
        #expect(!scanned.mayCrash("other"))
    }
}
