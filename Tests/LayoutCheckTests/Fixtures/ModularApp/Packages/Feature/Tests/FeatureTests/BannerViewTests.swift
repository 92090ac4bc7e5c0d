import XCTest

@testable import Feature

final class BannerViewTests: XCTestCase {
    func testNothing() {}
}
