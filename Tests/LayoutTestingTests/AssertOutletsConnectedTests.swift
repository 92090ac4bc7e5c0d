import LayoutKit
import PhotoApp
import Testing

@testable import LayoutTesting

@Suite("assertOutletsConnected")
struct AssertOutletsConnectedTests {
    @Test("passes when every outlet, inherited ones included, is connected")
    func passes() throws {
        let cell = try LayoutLoader(named: "PhotoCell", in: layoutsURL, registry: ExampleApp.registry())
            .instantiate(PhotoCell.self)
        #expect(capture { assertOutletsConnected(cell) }.messages == [])

        let fancy = FancyTitleCell()
        fancy.titleLabel = Label()
        #expect(capture { assertOutletsConnected(fancy) }.messages == [])
    }

    @Test("names every nil outlet in one failure")
    func namesEachNilOutlet() {
        let cell = PhotoCell()
        cell.photoDateLabel = Label()
        #expect(
            capture { assertOutletsConnected(cell) }.messages == [
                "nil outlets of PhotoApp.PhotoCell: photoTitleLabel, thumbnailView"
            ])
    }

    @Test("checks inherited outlets")
    func inherited() {
        #expect(
            capture { assertOutletsConnected(FancyTitleCell()) }.messages == [
                "nil outlet of LayoutTestingTests.FancyTitleCell: titleLabel"
            ])
    }

    @Test("skips optional outlets, which a layout may leave unconnected")
    func optionalOutlets() {
        let cell = BadgeCell()
        #expect(
            capture { assertOutletsConnected(cell) }.messages == [
                "nil outlet of LayoutTestingTests.BadgeCell: badgeLabel"
            ])
        cell.badgeLabel = Label()
        #expect(capture { assertOutletsConnected(cell) }.messages == [])
    }

    @Test("an owner that adopts OutletDeclaring is checked too; a class without outlets passes")
    func plainClasses() {
        #expect(
            capture { assertOutletsConnected(FeedViewController()) }.messages == [
                "nil outlet of PhotoApp.FeedViewController: articleCell"
            ])
        #expect(capture { assertOutletsConnected(DateFormat()) }.messages == [])
    }
}
