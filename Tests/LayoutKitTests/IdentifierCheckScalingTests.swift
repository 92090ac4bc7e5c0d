import Testing

@testable import LayoutChecking
@testable import LayoutKit

/// The identifier rules are near-linear in the uses and the names: names are found through a dictionary,
/// and the did-you-mean of every finding is paid from one budget for the run, not a distance over every
/// name for every finding.
@Suite(.serialized) struct IdentifierCheckScalingTests {
    /// `count` dequeues of reuse identifiers that no file defines but each is one letter from one of the
    /// `count` identifiers the storyboard defines, in Swift files of a hundred calls, and as many scenes
    /// that nothing reaches.
    static func check(_ count: Int) -> IdentifierCheck {
        var files: [SwiftDeclarations] = []
        var uses: [IdentifierUse] = []
        for index in 0..<count {
            uses.append(
                IdentifierUse(
                    kind: .dequeue, literal: "Row\(index)x", call: "dequeueReusableCell(withIdentifier:for:)",
                    location: SourceLocation(file: "F\(index / 100).swift", line: index % 100 + 1, column: 9)))
            if uses.count == 100 || index == count - 1 {
                var file = SwiftDeclarations(types: [], diagnostics: [])
                file.identifierUses = uses
                files.append(file)
                uses = []
            }
        }
        var storyboard = InterfaceBuilderIdentifiers()
        storyboard.file = "Main.storyboard"
        for index in 0..<count {
            let here = SourceLocation(file: "Main.storyboard", line: index + 2, column: 17)
            storyboard.reuseIdentifiers.append(.init(name: "Row\(index)", location: here))
            storyboard.scenes.append(
                .init(
                    identifier: "Scene\(index)", objectID: "id\(index)", element: "viewController", location: here,
                    lines: here.line...here.line))
        }
        return IdentifierCheck(
            swift: files, checked: [storyboard], others: [],
            context: IdentifierCheck.Context(settingsNames: ["Main"]))
    }

    @Test func fourTimesTheUsesAndNamesTakeAtMostEightTimesAsLong() {
        let size = 2_000
        let found = Self.check(size).run().diagnostics
        // Every dequeue is a finding, every scene unreached; the first ones carry their suggestion.
        #expect(found.filter { $0.rule == .unknownReuseIdentifier }.count == size)
        #expect(found.filter { $0.rule == .unreachableScene }.count == size)
        #expect(found.first?.message.hasSuffix("did you mean 'Row0'?") == true, "\(found.first.map(\.message) ?? "")")
        let small = ScalingTests.seconds { _ = Self.check(size).run() }
        let large = ScalingTests.seconds { _ = Self.check(size * 4).run() }
        let ratio = large / max(small, 0.005)
        #expect(ratio <= 8, "n=\(size) took \(small) s, 4n took \(large) s (×\(ratio))")
    }

    /// A Swift file of `count` types, each with a static reuse identifier, a protocol default and a
    /// `String` enum, as `SwiftStaticStrings` reads them to evaluate reuse identifiers.
    static func typesFile(_ count: Int) -> [UInt8] {
        var text =
            "protocol Reusable {}\nextension Reusable {\n    static var reuseIdentifier: String { String(describing: self) }\n}\n"
        for index in 0..<count {
            text += """
                /* cell \(index) */ final class Cell\(index): UITableViewCell, Reusable {
                    static let identifier = "Cell\(index)" // "not a brace {"
                    @IBOutlet weak var label: UILabel!
                    static let joined = "A"
                        + "B"
                    func title() -> String { "\\(index)" }
                }
                enum Row\(index): String { case a = "A\(index)", b }

                """
        }
        return Array(text.utf8)
    }

    @Test func readingStaticStringsIsLinearInTheFile() {
        let size = 2_000
        let read = SwiftStaticStrings.scan(Self.typesFile(size))
        #expect(read.members.count == size + 1)
        #expect(read.members["Cell7"]?["identifier"] == [.literal("Cell7")])
        #expect(read.members["Cell7"]?["joined"] == [.unknown])
        #expect(read.members["Reusable"]?["reuseIdentifier"] == [.typeName])
        #expect(read.rawValues["Row7"] == ["a": "A7", "b": "b"])
        let expressions = IdentifierExpressions(files: [], statics: read)
        #expect(expressions.evaluate("Cell7.reuseIdentifier") == .names(["Cell7"]))
        #expect(expressions.evaluate("Cell7.identifier") == .names(["Cell7"]))
        #expect(expressions.evaluate("Row7.b.rawValue") == .names(["b"]))
        #expect(expressions.evaluate("cell.reuseIdentifier") == .unknown)
        let small = Self.typesFile(size)
        let large = Self.typesFile(size * 4)
        let smallTime = ScalingTests.seconds { _ = SwiftStaticStrings.scan(small) }
        let largeTime = ScalingTests.seconds { _ = SwiftStaticStrings.scan(large) }
        let ratio = largeTime / max(smallTime, 0.005)
        #expect(ratio <= 8, "n=\(size) took \(smallTime) s, 4n took \(largeTime) s (×\(ratio))")
    }
}
