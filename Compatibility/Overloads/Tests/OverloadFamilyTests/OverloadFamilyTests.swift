import Foundation
import LayoutKit
import LayoutTesting
import OverloadFamilies
import Testing

@Suite("Overload families added since 1.0.0")
struct OverloadFamilyTests {
    @Test("were built in the language mode the corpus check asked for")
    func languageMode() {
        let asked = ProcessInfo.processInfo.environment["LAYOUTKIT_COMPAT_MODE"]
        #expect(asked != nil, "run the corpus through Scripts/check-source-compat.sh, which names the mode")
        #expect(overloadFamiliesLanguageMode == asked)
    }

    @Test("Outlet, Action and Property declared off the main actor are nonisolated")
    func membersOffTheMainActor() {
        let (outlets, actions, properties) = Nonisolated.members()
        #expect(outlets.map(\.isMainActorIsolated) == [false, false])
        #expect(actions.map(\.name) == ["subscribeTapped"])
        #expect(properties.map(\.name) == ["accent"])
    }

    @Test("Outlet, Action and Property of a nonisolated class declared on the main actor are nonisolated too")
    @MainActor func membersOnTheMainActor() {
        let (outlets, actions, properties, mainActor) = OnMainActor.members()
        #expect(outlets.map(\.isMainActorIsolated) == [false, false])
        #expect(actions.map(\.name) == ["subscribeTapped"])
        #expect(properties.map(\.name) == ["accent"])
        #expect(mainActor.0.isMainActorIsolated)
        #expect(mainActor.1.isMainActorIsolated)
    }

    @Test("a diagnostic made as in 1.0 has no fix-its; one made with them keeps them")
    func diagnosticsWithAndWithoutFixIts() {
        let (plain, fixed) = Nonisolated.diagnostics()
        #expect(plain.fixIts.isEmpty)
        #expect(fixed.fixIts.map(\.description) == ["replace \"titel\" with \"title\""])
        #expect(fixed.fixIts.first?.edits.first?.byteRange == 120..<125)
        #expect(plain != fixed)
    }

    @Test("register and instantiate off the main actor connect everything")
    func instantiateOffTheMainActor() throws {
        let owner = FamilyOwner()
        let (objects, cell) = try Nonisolated.instantiate(owner: owner)
        #expect(objects.count == 1)
        #expect(owner.cell === objects.first)
        #expect(cell.accent == "bold")
        cell.subscribeButton?.sendActions(for: .primaryActionTriggered)
        #expect(cell.subscribeTaps == 1)
    }

    @Test("register and instantiate on the main actor: a nonisolated owner takes the nonisolated overloads")
    @MainActor func instantiateOnTheMainActorWithANonisolatedOwner() throws {
        let owner = FamilyOwner()
        let (objects, cell) = try OnMainActor.instantiate(owner: owner)
        #expect(owner.cell === objects.first)
        #expect(cell.titleLabel?.text == "Title")
    }

    @Test("register and instantiate on the main actor: a main-actor owner takes the main-actor overloads")
    @MainActor func instantiateOnTheMainActorWithAMainActorOwner() throws {
        let owner = FamilyViewController()
        let (objects, cell) = try OnMainActor.instantiate(owner: owner)
        #expect(owner.cell === objects.first)
        #expect(cell.titleLabel?.text == "Title")
    }

    @Test("the assertions off the main actor")
    func assertionsOffTheMainActor() throws {
        let loader = try LayoutLoader(
            data: Data(familyLayout.utf8), file: "Family.layout.xml", registry: Nonisolated.registry())
        let owner = FamilyOwner()
        let cell = try assertInstantiates(FamilyCell.self, from: loader, owner: owner)
        assertOutletsConnected(cell)
        assertOutletsConnected(owner)
        assertActionsConnected(cell)
    }

    @Test("the assertions on the main actor, with a nonisolated and with a main-actor owner")
    @MainActor func assertionsOnTheMainActor() throws {
        let plain = try LayoutLoader(
            data: Data(familyLayout.utf8), file: "Family.layout.xml",
            registry: OnMainActor.registry(owner: .nonisolated))
        let owner = FamilyOwner()
        let cell = try assertInstantiates(FamilyCell.self, from: plain, owner: owner)
        assertOutletsConnected(cell)
        assertOutletsConnected(owner)
        assertActionsConnected(cell)

        let isolated = try LayoutLoader(
            data: Data(familyLayout.utf8), file: "Family.layout.xml", registry: OnMainActor.registry(owner: .mainActor))
        let controller = FamilyViewController()
        let connected = try assertInstantiates(FamilyCell.self, from: isolated, owner: controller)
        #expect(controller.cell === connected)
        let registered = try OnMainActor.registry(owner: .mainActor).registeredClass(for: FamilyViewController.self)
        #expect(registered?.actions.map(\.name) == ["refreshTapped"])
    }

    @Test("1.0 calls of the declarations API/allowed-breaks.txt lists still compile and mean what they meant")
    @available(*, deprecated)
    func allowedBreaks() {
        #expect(AllowedBreaks.validate("<layout version=\"1\"><cel/></layout>").map(\.rule) == [.schema])
        #expect(AllowedBreaks.maximumFileBytes == 4 * 1024 * 1024)
        #expect(AllowedBreaks.diagnostic.location.line == 2)
        #expect(AllowedBreaks.diagnostic.description.contains("Cell.layout.xml:2:5"))
        #expect(AllowedBreaks.designRules.first == .xmlSyntax)
        #expect(AllowedBreaks.designRules.contains(.unconnectedOutlet))
    }
}
