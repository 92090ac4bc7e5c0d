import Foundation
import LayoutKit
import PhotoApp
import XCTest

@testable import LayoutTesting

/// The assertions under XCTest: a failure is an `XCTFail` at the caller's file and line.
final class XCTestReportingTests: XCTestCase {
    /// Failures recorded while `isCapturing`, instead of failing this test.
    private var recorded: [(description: String, file: String, line: Int)] = []
    private var isCapturing = false

    #if canImport(ObjectiveC)
        override func record(_ issue: XCTIssue) {
            guard isCapturing else { return super.record(issue) }
            let location = issue.sourceCodeContext.location
            recorded.append((issue.compactDescription, location?.fileURL.path ?? "", location?.lineNumber ?? 0))
        }
    #else
        override func recordFailure(
            withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
        ) {
            guard isCapturing else {
                return super.recordFailure(
                    withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
            }
            recorded.append((description, filePath, lineNumber))
        }
    #endif

    func testFailureIsAnXCTFailAtTheCaller() {
        isCapturing = true
        assertOutletsConnected(PhotoCell())
        let line = #line - 1
        isCapturing = false

        XCTAssertEqual(recorded.count, 1)
        XCTAssertEqual(recorded.first?.file, #filePath)
        XCTAssertEqual(recorded.first?.line, line)
        XCTAssertTrue(
            recorded.first?.description.contains(
                "nil outlets of PhotoApp.PhotoCell: photoTitleLabel, photoDateLabel, thumbnailView") == true,
            recorded.first?.description ?? "nothing recorded")
    }

    func testTheSinkCapturesUnderXCTestToo() throws {
        let loader = try LayoutLoader(
            data: Data(#"<layout xmlns="urn:layoutkit:layout:1"><label/><label/></layout>"#.utf8), registry: .standard)
        let captured = capture { try assertInstantiates(Label.self, from: loader) }
        XCTAssertNotNil(captured.error)
        XCTAssertEqual(
            captured.messages,
            [
                """
                <memory> does not instantiate as one LayoutKit.Label with every outlet and action connected:
                - expected 1 top-level object, found 2: LayoutKit.Label, LayoutKit.Label
                """
            ])
    }

    func testPhotoCellInOneLine() throws {
        let loader = try LayoutLoader(named: "PhotoCell", in: layoutsURL, registry: ExampleApp.registry())
        let cell = try assertInstantiates(PhotoCell.self, from: loader)
        assertOutletsConnected(cell)
        XCTAssertEqual(cell.photoTitleLabel?.text, "Title")
    }
}
