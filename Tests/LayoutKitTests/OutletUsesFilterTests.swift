import Testing

@testable import LayoutChecking

/// `OutletUses.scan` passes over a file in which no identifier is an outlet's name, and only such a file:
/// a name in a comment, a string or inside a longer identifier is no use; one in code still is.
@Suite struct OutletUsesFilterTests {
    @Test(arguments: [
        "// label.text = x\nlet other = 1", "let s = \"label.text\"", "labelText.count", "/* label! */ x = y", "",
    ])
    func aFileThatNamesNoOutletHasNoUses(code: String) {
        #expect(OutletUses.scan(Array(code.utf8), names: ["label", "button"]).uses.isEmpty)
    }

    @Test func aFileThatNamesOneInCodeStillHasItsUse() {
        let code = "// nothing here\nfunc f() { button.isHidden = true }"
        let scanned = OutletUses.scan(Array(code.utf8), names: ["label", "button"])
        #expect(scanned.uses["button"]?.forcedRead == true)
        #expect(scanned.uses["label"] == nil)
    }
}
