import Foundation
import LayoutKit
import LayoutTesting
import OverloadFamilies
import XCTest

/// The assertions under XCTest. A main-actor test is a `@MainActor` method of a nonisolated test case
/// (a `@MainActor` XCTestCase subclass stops the test process on Linux's XCTest).
final class XCTestOverloadFamilyTests: XCTestCase {
    func testAssertionsOffTheMainActor() throws {
        let loader = try LayoutLoader(
            data: Data(familyLayout.utf8), file: "Family.layout.xml", registry: Nonisolated.registry())
        let owner = FamilyOwner()
        let cell = try assertInstantiates(FamilyCell.self, from: loader, owner: owner)
        assertOutletsConnected(cell)
        XCTAssertTrue(owner.cell === cell)
    }

    @MainActor func testAssertionsOnTheMainActorWithAMainActorOwner() async throws {
        let loader = try LayoutLoader(
            data: Data(familyLayout.utf8), file: "Family.layout.xml", registry: OnMainActor.registry(owner: .mainActor))
        let controller = FamilyViewController()
        let cell = try assertInstantiates(FamilyCell.self, from: loader, owner: controller)
        XCTAssertTrue(controller.cell === cell)
    }
}
