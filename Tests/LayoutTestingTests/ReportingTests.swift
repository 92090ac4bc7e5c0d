import Foundation
import LayoutKit
import PhotoApp
import Testing

@testable import LayoutTesting

@Suite("Where failures go")
struct ReportingTests {
    @Test("by default a failure points at the file and line of the assertion's caller")
    func callerLocation() throws {
        let (captured, line) = (capture { assertOutletsConnected(PhotoCell()) }, UInt(#line))
        let caller = try #require(captured.failures.first?.caller)
        #expect(captured.failures.count == 1)
        #expect(caller.line == line)
        #expect(caller.fileID == #fileID)
        #expect("\(caller.filePath)" == #filePath)
    }

    @Test("the location an assertion is given is the one it reports, so wrappers can forward theirs")
    func forwardedLocation() throws {
        let captured = capture {
            assertOutletsConnected(
                PhotoCell(), fileID: "App/Cell.swift", filePath: "/src/App/Cell.swift", line: 7, column: 9)
        }
        let caller = try #require(captured.failures.first?.caller)
        #expect(caller.fileID == "App/Cell.swift")
        #expect("\(caller.filePath)" == "/src/App/Cell.swift")
        #expect(caller.line == 7)
        #expect(caller.column == 9)
    }

    @Test("under Swift Testing a failure is an Issue whose comment is the message, at the caller")
    func swiftTestingIssue() {
        let line = #line + 2
        withKnownIssue {
            assertOutletsConnected(FeedViewController())
        } matching: { issue in
            issue.comments.map(\.rawValue) == ["nil outlet of PhotoApp.FeedViewController: articleCell"]
                && issue.sourceLocation?.line == line
                && issue.sourceLocation?.fileID == #fileID
        }
    }

    @Test("each failure of an assertion that reports several is its own Issue")
    func severalIssues() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(
            """
            <classes xmlns="urn:layoutkit:classes:1">
                <class name="DateFormat" module="PhotoApp">
                    <outlet name="locale" type="view"/>
                    <outlet name="calendar" type="view"/>
                </class>
            </classes>
            """, to: "Drift.classes.xml", in: folder)
        var registry = LayoutRegistry.standard
        try registry.register(DateFormat.self)
        let issues = LockedList<[String]>()
        withKnownIssue {
            assertSchemasMatch(registry, folder, record: false)
        } matching: { issue in
            issues.append(issue.comments.map(\.rawValue))
            return true
        }
        let file = folder.appendingPathComponent("Drift.classes.xml")
        #expect(
            issues.elements == [
                [
                    "\(file.path):3:9: outlet 'locale' of class 'PhotoApp.DateFormat' is in "
                        + "\(folder.lastPathComponent)/ but not in the registry"
                ],
                [
                    "\(file.path):4:9: outlet 'calendar' of class 'PhotoApp.DateFormat' is in "
                        + "\(folder.lastPathComponent)/ but not in the registry"
                ],
                [
                    "\(folder.lastPathComponent)/ does not match the registry; to rewrite \(file.path) from it, run: "
                        + #"LAYOUTKIT_RECORD_SCHEMAS=1 swift test --filter 'LayoutTestingTests\..*severalIssues'"#
                ],
            ])
    }

    @Test("a failed assertInstantiates records its message at the caller, then throws to stop the test")
    func instantiatesStops() throws {
        let twoLabels = try loader("<label/><label/>")
        let issues = LockedList<Issue>()
        let line = #line + 2
        try withKnownIssue {
            try assertInstantiates(Label.self, from: twoLabels)
        } matching: { issue in
            issues.append(issue)
            return true
        }
        let recorded = issues.elements
        try #require(recorded.count == 2)
        #expect(
            recorded[0].comments.map(\.rawValue) == [
                """
                Test.layout.xml does not instantiate as one LayoutKit.Label with every outlet and action connected:
                - expected 1 top-level object, found 2: LayoutKit.Label, LayoutKit.Label
                """
            ])
        #expect(recorded[0].sourceLocation?.line == line)
        #expect(recorded[1].error.map { "\($0)" } == "Test.layout.xml does not instantiate as one LayoutKit.Label")
    }
}
