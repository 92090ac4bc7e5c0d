import Testing

@testable import LayoutChecking
@testable import LayoutKit

/// Building the catalog from Swift declarations is near-linear in the classes and members: extensions,
/// typealiases, superclass chains and enum properties are each found through an index, not a scan.
@Suite(.serialized) struct SwiftCatalogScalingTests {
    /// `count` classes in chains of ten, each with three outlets, an action, an enum property, an
    /// extension reached through a typealias, in files of a hundred classes.
    static func declarations(_ count: Int) -> [(module: String, declarations: SwiftDeclarations)] {
        let here = SourceLocation(file: "S.swift", line: 1, column: 1)
        var files: [(module: String, declarations: SwiftDeclarations)] = []
        var types: [SwiftTypeDeclaration] = []
        var aliases: [(name: String, target: String)] = []
        var enums: [String: [String]] = [:]
        for index in 0..<count {
            let name = "C\(index)"
            var type = SwiftTypeDeclaration(kind: .class, name: name, location: here)
            type.inherited = [index % 10 == 0 ? "View" : "C\(index - 1)"]
            type.storedProperties = [
                SwiftProperty(name: "a", typeName: "Label", location: here),
                SwiftProperty(name: "b", typeName: "C\(max(0, index - 1))", location: here),
                SwiftProperty(name: "style", typeName: "Style\(index)", location: here),
            ]
            type.memberLists = [
                SwiftMemberList(
                    kind: .outlet,
                    entries: [
                        SwiftListEntry(
                            kind: .outlet, name: "a\(index)", root: name, member: "a", isOptional: false, location: here
                        ),
                        SwiftListEntry(
                            kind: .outlet, name: "b\(index)", root: nil, member: "b", isOptional: true, location: here),
                    ], openReason: nil, location: here),
                SwiftMemberList(
                    kind: .property,
                    entries: [
                        SwiftListEntry(
                            kind: .property, name: "style\(index)", root: nil, member: "style", isOptional: true,
                            location: here)
                    ], openReason: nil, location: here),
            ]
            types.append(type)
            var extended = SwiftTypeDeclaration(kind: .extension, name: "Alias\(index)", location: here)
            extended.methods = [SwiftMethod(name: "tap", firstParameterType: "Button", location: here)]
            extended.memberLists = [
                SwiftMemberList(
                    kind: .action,
                    entries: [
                        SwiftListEntry(
                            kind: .action, name: "tap\(index)", root: nil, member: "tap", isOptional: true,
                            location: here)
                    ], openReason: nil, location: here)
            ]
            types.append(extended)
            aliases.append((name: "Alias\(index)", target: name))
            enums["Style\(index)"] = ["plain", "card"]
            if types.count >= 200 || index == count - 1 {
                var file = SwiftDeclarations(types: types, diagnostics: [])
                file.typeAliases = aliases
                file.enumCases = enums
                files.append((module: "App", declarations: file))
                types = []
                aliases = []
                enums = [:]
            }
        }
        return files
    }

    @Test func theFixtureIsWhatItSays() {
        let catalog = ClassCatalog.load(swift: Self.declarations(20))
        #expect(catalog.declaredClassCount == 20)
        #expect(catalog.openClasses.isEmpty, "\(catalog.openClasses)")
        // C19 derives from C10 … C18: ten classes of two outlets, an action and a property each.
        #expect(catalog.members(of: "App.C19").count == 10 * 4)
    }

    @Test func fourTimesTheClassesTakeAtMostEightTimesAsLong() {
        let small = Self.declarations(1_000)
        let large = Self.declarations(4_000)
        _ = ClassCatalog.load(swift: Self.declarations(250))
        let smallTime = ScalingTests.seconds { _ = ClassCatalog.load(swift: small) }
        let largeTime = ScalingTests.seconds { _ = ClassCatalog.load(swift: large) }
        let ratio = largeTime / max(smallTime, 0.005)
        #expect(ratio <= 8, "n=1,000 took \(smallTime) s, 4n took \(largeTime) s (×\(ratio))")
    }
}
