import LayoutChecking
import LayoutKit
import Testing

/// Every step per file is near-linear in its input: for each dimension a hostile file can grow along,
/// the checker's time on an input four times as large is at most eight times as long. A quadratic
/// path shows as sixteen times, so the next one is caught here rather than by a CI job that hangs.
@Suite(.serialized) struct ScalingTests {
    /// One dimension: how to make an input of size `n`, as the check to time.
    struct Dimension: Sendable, CustomTestStringConvertible {
        var name: String
        var size: Int
        var prepare: @Sendable (Int) -> @Sendable () -> Void

        var testDescription: String { name }
    }

    static let dimensions: [Dimension] = [
        Dimension(name: "one long id and one long unknown destination", size: 4_000) { length in
            let bytes = LargeInputs.longIDs(length: length)
            return { _ = LayoutValidator.validate(bytes, file: "t", catalog: nil) }
        },
        Dimension(name: "many ids and as many unknown destinations", size: 500) { count in
            let bytes = LargeInputs.unknownDestinations(count: count)
            return { _ = LayoutValidator.validate(bytes, file: "t", catalog: nil) }
        },
        Dimension(name: "many objects of a class with many required outlets", size: 150) { count in
            let bytes = LargeInputs.unconnectedObjects(count: count)
            return { _ = LayoutValidator.validate(bytes, file: "t", catalog: bigCatalog) }
        },
        Dimension(name: "many elements with the most attributes allowed", size: 20) { count in
            let bytes = LargeInputs.attributes(256, onEach: count)
            return { _ = LayoutValidator.validate(bytes, file: "t", catalog: nil) }
        },
        Dimension(name: "one element with many attributes", size: 20_000) { count in
            let bytes = LargeInputs.attributes(count, onEach: 1)
            return { _ = LayoutValidator.validate(bytes, file: "t", catalog: nil) }
        },
        Dimension(name: "a path many folders deep against an exclude of ten **s", size: 5_000) { depth in
            // A backtracking matcher tries every way of sharing the folders among the `**`s: depth^10.
            guard case .success(let pattern) = PathPattern.parse(String(repeating: "**/a/", count: 10) + "b") else {
                Issue.record("the pattern of ten **s no longer parses")
                return {}
            }
            let path = String(repeating: "a/", count: depth) + "c"
            return { _ = pattern.matches(path) }
        },
        Dimension(name: "a layout of many includes of one layout", size: 2_000) { count in
            let main = LargeInputs.header + String(repeating: #"<include layout="Big"/>"#, count: count) + "</layout>"
            let big = LargeInputs.header + "<view>" + String(repeating: "<label/>", count: 40) + "</view></layout>"
            let source = InMemoryLayoutSource(["Main": main, "Big": big])
            return {
                _ = LayoutValidator(catalog: nil, source: source).validate(Array(main.utf8), file: "t", name: "Main")
            }
        },
        Dimension(name: "an Xcode project of many targets, groups and files", size: 300) { count in
            let bytes = XcodeProjectTests.large(targets: count)
            return { _ = XcodeProject.read(bytes, file: "project.pbxproj") }
        },
        Dimension(name: "an Xcode project nesting arrays to the limit, many times", size: 2_000) { count in
            let nested = String(repeating: "(", count: 120) + String(repeating: ")", count: 120)
            let bytes = Array(("{ " + (0..<count).map { "k\($0) = \(nested);" }.joined() + " }").utf8)
            return { _ = XcodeProject.read(bytes, file: "project.pbxproj") }
        },
        Dimension(name: "a class schema of many classes with unknown bases", size: 200) { count in
            let bytes = LargeInputs.unknownBases(count: count)
            return { _ = ClassCatalog.load(schemas: [(path: "t.classes.xml", bytes: bytes)]) }
        },
    ]

    static let bigCatalog = LargeInputs.bigClassCatalog(outlets: 200)

    /// The fastest of three runs, in this thread's CPU time: the least disturbed by whatever else the
    /// machine is doing.
    static func seconds(_ work: () -> Void) -> Double {
        var best = Duration.seconds(1_000)
        for _ in 0..<3 { best = min(best, threadCPUTime(work)) }
        let (seconds, attoseconds) = best.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    @Test(arguments: dimensions)
    func fourTimesTheInputTakesAtMostEightTimesAsLong(_ dimension: Dimension) {
        dimension.prepare(dimension.size / 4)()  // warm up: catalogs, libxml2, allocations
        let small = Self.seconds(dimension.prepare(dimension.size))
        let large = Self.seconds(dimension.prepare(dimension.size * 4))
        // Below a few milliseconds the ratio is noise, so the small run counts as at least 5 ms.
        let ratio = large / max(small, 0.005)
        #expect(ratio <= 8, "\(dimension.name): n=\(dimension.size) took \(small) s, 4n took \(large) s (×\(ratio))")
    }
}
