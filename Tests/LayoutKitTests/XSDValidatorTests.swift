import Testing

/// The agreement tests mean something only if `XSDValidator` gives xmllint's three answers: it must
/// accept a valid file, reject an invalid one, and say when it could not validate at all.
@Suite struct XSDValidatorTests {
    static func layout(_ view: String) -> [UInt8] {
        Array("<layout xmlns=\"urn:layoutkit:layout:1\">\(view)</layout>".utf8)
    }

    @Test func acceptsAValidLayout() {
        let result = XSDValidator.layout.validate(Self.layout("<label text=\"Title\"/>"), path: "valid.layout.xml")
        #expect(result.accepted == true, "\(result)")
    }

    @Test func rejectsALayoutWithAnUnknownAttribute() {
        let result = XSDValidator.layout.validate(
            Self.layout("<label text=\"Title\" colour=\"red\"/>"), path: "unknown.layout.xml")
        #expect(result.accepted == false, "\(result)")
        #expect(result.messages.contains { $0.contains("colour") }, "\(result)")
    }

    @Test func cannotValidateAFileThatIsNotWellFormed() {
        let result = XSDValidator.layout.validate(Array("<layout".utf8), path: "broken.layout.xml")
        #expect(result.accepted == nil, "\(result)")
        #expect(!result.messages.isEmpty)
    }

    @Test func eachSchemaChecksItsOwnFormat() throws {
        let classes = try Repository.bytes(Repository.schemas.appendingPathComponent("PhotoApp.classes.xml"))
        #expect(XSDValidator.classes.validate(classes, path: "PhotoApp.classes.xml").accepted == true)
        #expect(XSDValidator.layout.validate(classes, path: "PhotoApp.classes.xml").accepted == false)
        let layout = Self.layout("<view/>")
        #expect(XSDValidator.classes.validate(layout, path: "minimal.layout.xml").accepted == false)
    }
}
