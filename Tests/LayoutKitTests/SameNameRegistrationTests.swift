import Foundation
import LayoutKit
import PhotoApp
import Testing

/// Two modules' classes of one name (issue 40, item 3): both are registered as they are, a layout picks one
/// with `module=` — as `layout-check` does over both modules' Swift code — and a layout that names the
/// plain name alone is refused as ambiguous, never given either class (the test-bundle-versus-app trap).
@Suite struct SameNameRegistrationTests {
    static func layout(module: String?) -> Data {
        let attribute = module.map { #" module="\#($0)""# } ?? ""
        return Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <layout xmlns="urn:layoutkit:layout:1">
                <tableViewCell class="PhotoCell"\(attribute)/>
            </layout>
            """.utf8)
    }

    @Test func bothClassesRegisterAndModuleSaysWhichALayoutCreates() throws {
        var registry = LayoutRegistry.standard
        try registry.register(PhotoApp.PhotoCell.self)
        try registry.register(TestBundle.PhotoCell.self)
        #expect(registry.classes.map(\.description) == ["PhotoApp.PhotoCell", "LayoutKitTests.PhotoCell"])
        let tests = try LayoutLoader(data: Self.layout(module: "LayoutKitTests"), registry: registry)
        #expect(try tests.instantiate(owner: nil).first is TestBundle.PhotoCell)
        // The app's cell, with the outlets it requires.
        let app = try LayoutLoader(
            data: Data(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <layout xmlns="urn:layoutkit:layout:1">
                    <tableViewCell class="PhotoCell" module="PhotoApp">
                        <label outlet="photoTitleLabel"/>
                        <label outlet="photoDateLabel"/>
                        <imageView outlet="thumbnailView"/>
                    </tableViewCell>
                </layout>
                """.utf8), registry: registry)
        #expect(try app.instantiate(owner: nil).first is PhotoApp.PhotoCell)
    }

    @Test func thePlainNameAloneIsAmbiguousAndSaysToWriteModule() throws {
        var registry = LayoutRegistry.standard
        try registry.register(PhotoApp.PhotoCell.self)
        try registry.register(TestBundle.PhotoCell.self)
        let error = #expect(throws: LayoutError.self) {
            try LayoutLoader(data: Self.layout(module: nil), registry: registry)
        }
        #expect(error?.rules == [.unknownClass])
        #expect(
            error?.description.contains(
                "class name 'PhotoCell' is ambiguous: LayoutKitTests.PhotoCell, PhotoApp.PhotoCell; add module= to say which"
            ) == true, "\(String(describing: error))")
        // The hint leads to module=, not back to a registration that throws.
        #expect(error?.description.contains("register(") == false)
    }

    @Test func aRegistrationErrorNamesTheRegisterCall() throws {
        var registry = LayoutRegistry.standard
        try registry.register(PhotoApp.PhotoCell.self)
        var caught: LayoutRegistry.RegistrationError?
        let line = #line + 2
        do {
            try registry.register(TestBundle.PhotoCell.self, module: "PhotoApp")
        } catch { caught = error as? LayoutRegistry.RegistrationError }
        let error = try #require(caught)
        #expect(error.fileID == #fileID)
        #expect(error.line == line)
        #expect(error.description.hasPrefix("\(#fileID):\(line): cannot register "), "\(error)")
        #expect(error.description.contains(#"register(PhotoCell.self, module: "…")"#))
    }

    @MainActor @Test func aMainActorRegistrationErrorNamesTheRegisterCallToo() throws {
        var registry = LayoutRegistry.standard
        try registry.register(MainActorOwner.self)
        var caught: LayoutRegistry.RegistrationError?
        let line = #line + 2
        do {
            try registry.register(OtherMainActorOwner.self, name: "MainActorOwner")
        } catch { caught = error as? LayoutRegistry.RegistrationError }
        let error = try #require(caught)
        #expect(error.fileID == #fileID && error.line == line, "\(error)")
    }
}

@MainActor final class MainActorOwner: MainActorOutletDeclaring {
    static var outlets: [Outlet] { [] }
}

@MainActor final class OtherMainActorOwner: MainActorOutletDeclaring {
    static var outlets: [Outlet] { [] }
}
