import LayoutKit
import Testing

/// Resolving a class schema is linear in its classes: a long base chain, one long cycle or many unknown
/// bases cost each class a constant, however the classes are linked. Timed at n and 4n classes; a ratio
/// well past 4 means a quadratic path came back. The ratio of this thread's CPU time, not an absolute
/// or wall-clock time, so a busy machine does not fail it.
@Suite(.serialized) struct ClassSchemaScalingTests {
    static let largest = 20_000
    /// Linear is a ratio of 4; quadratic would be 16. Generous, since small runs are noisy.
    static let maximumRatio = 8.0

    /// A class schema of `count` classes `C0…`, each with the base `base(i)` gives it; every hundredth
    /// declares an outlet. (Each class lists its inherited members, so a chain in which every class
    /// declares one is quadratic in its output, not in its resolution; the base-chain depth limit bounds that.)
    static func schema(_ count: Int, base: (Int) -> String?) -> [UInt8] {
        var text = #"<classes xmlns="urn:layoutkit:classes:1">"# + "\n"
        for index in 0..<count {
            let baseAttribute = base(index).map { #" base="\#($0)""# } ?? ""
            let outlet = index % 100 == 0 ? #"<outlet name="o\#(index)" type="label"/>"# : ""
            text += #"  <class name="C\#(index)"\#(baseAttribute)>\#(outlet)</class>"# + "\n"
        }
        return Array((text + "</classes>\n").utf8)
    }

    /// Loads schemas of `largest / 4` and `largest` classes, returning the larger one's diagnostics.
    ///
    /// The two sizes take turns, four rounds, and each keeps its best time, so that what is left of
    /// other suites' load (caches, memory bandwidth) does not fall on one size only.
    func expectLinear(_ base: @escaping (Int, Int) -> String?) -> [Diagnostic] {
        let sizes = [Self.largest / 4, Self.largest]
        let schemas = sizes.map { count in Self.schema(count) { base($0, count) } }
        var diagnostics: [Diagnostic] = []
        var best = [Duration](repeating: .seconds(1_000), count: sizes.count)
        for _ in 0..<4 {
            for (index, bytes) in schemas.enumerated() {
                let time = threadCPUTime {
                    diagnostics = ClassCatalog.load(schemas: [("Scaling.classes.xml", bytes)]).diagnostics
                }
                best[index] = min(best[index], time)
            }
        }
        let ratio = best[1] / max(best[0], .milliseconds(1))
        #expect(ratio <= Self.maximumRatio, "n = \(sizes[0]): \(best[0]); 4n: \(best[1])")
        #expect(best[1] < .seconds(30), "4n took \(best[1])")
        return diagnostics
    }

    @Test func aLongBaseChainResolvesInLinearTime() {
        let diagnostics = expectLinear { index, _ in index == 0 ? nil : "C\(index - 1)" }
        #expect(diagnostics.isEmpty)
    }

    @Test func oneLongCycleIsFoundOnceInLinearTime() {
        let diagnostics = expectLinear { index, count in "C\((index + count - 1) % count)" }
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.message.hasPrefix("base classes form a cycle: ") == true)
        #expect(diagnostics.first?.sourceLocation?.line == Self.largest + 1)
    }

    @Test
    func manyUnknownBasesResolveInLinearTime() {
        let diagnostics = expectLinear { index, _ in "Missing\(index)" }
        // One class-schema diagnostic per unknown base, capped per file: 1,000 and one saying how many more.
        #expect(diagnostics.count == 1_001)
        #expect(diagnostics.last?.rule == .inputLimit)
    }
}
