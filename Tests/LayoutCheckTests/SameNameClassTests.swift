import Foundation
import Testing

/// One Swift class model for layouts and Interface Builder files (`SwiftClassModel`): a class name one
/// module declares twice. Fixtures/InterfaceBuilder/SameName is a repository with an iOS and a macOS
/// `CouponViewController`, each with its own nib; a folder-mode run (`--swift-sources .`) reads both
/// classes into one module, which used to merge them and report the macOS outlets unconnected on the
/// iOS nib.
@Suite struct SameNameClassTests {
    static let fixture = "Tests/LayoutCheckTests/Fixtures/InterfaceBuilder/SameName"

    /// A copy of the fixture, to plant a defect in.
    static func copy() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        for platform in ["iOS", "macOS"] {
            try FileManager.default.copyItem(
                at: Repository.root.appendingPathComponent("\(fixture)/\(platform)"),
                to: folder.url.appendingPathComponent(platform))
        }
        return folder
    }

    @Test func theIOSNibIsJudgedByTheUIKitDeclarationAndNothingIsReported() throws {
        let folder = try Self.copy()
        defer { folder.remove() }
        let result = try runLayoutCheck(["--swift-sources", "App=.", "."], in: folder.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.outputLines.isEmpty, "\(result)")
        // The Cocoa nib is counted as another platform's, not checked.
        #expect(result.standardError.contains("1 file, 0 errors"), "\(result)")
    }

    @Test func aRealMissingConnectionInTheIOSNibIsExactlyOneFinding() throws {
        let folder = try Self.copy()
        defer { folder.remove() }
        let nib = folder.url.appendingPathComponent("iOS/Coupon.xib")
        let text = try String(contentsOf: nib, encoding: .utf8)
        let line = #"                <outlet property="applyButton" destination="Cb1-aP-1aA" id="Co1-aB-1aa"/>"# + "\n"
        #expect(text.contains(line))
        try text.replacingOccurrences(of: line, with: "").write(to: nib, atomically: true, encoding: .utf8)
        let result = try runLayoutCheck(["--swift-sources", "App=.", "."], in: folder.url)
        #expect(result.status == 1, "\(result)")
        let findings = result.outputLines.filter { !$0.contains(": note: ") }
        #expect(findings.count == 1 && result.standardError.contains("1 file, 1 error, 0 warnings"), "\(result)")
        #expect(
            findings.first?.hasPrefix("iOS/Coupon.xib:9:") == true
                && findings.first?.contains("outlet 'applyButton' of App.CouponViewController") == true
                && findings.first?.hasSuffix("[unconnected-outlet]") == true, "\(result)")
    }

    /// Two UIKit declarations (a stale copy beside the live one): nothing tells which a nib means, so no
    /// rule judges the class's members, and the run says why once.
    @Test func twoUIKitDeclarationsOfOneNameAreAmbiguousAndSaidOnce() throws {
        let folder = try Self.copy()
        defer { folder.remove() }
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("Old"), withIntermediateDirectories: true)
        try """
        import UIKit

        final class CouponViewController: UIViewController {
            @IBOutlet weak var legacyBanner: UIImageView!
            override func viewDidLoad() { legacyBanner.isHidden = true }
        }
        """.write(
            to: folder.url.appendingPathComponent("Old/CouponViewController.swift"), atomically: true, encoding: .utf8)
        let result = try runLayoutCheck(["--swift-sources", "App=.", "."], in: folder.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.outputLines.isEmpty, "\(result)")
        #expect(
            result.standardError.contains(
                "1 class is declared more than once in one module with nothing to tell which declaration a file "
                    + "means, so no rule says it lacks a member or leaves one unconnected: App.CouponViewController"),
            "\(result)")
    }
}
