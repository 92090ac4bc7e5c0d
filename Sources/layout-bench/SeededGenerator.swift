/// SplitMix64: a small, fast generator whose sequence is fixed by its seed on every platform and Swift
/// version, which the standard library's `random(in:using:)` does not promise.
struct SeededGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A number in `range`, near enough to uniform for test data.
    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    /// `true` with the given probability, in percent.
    mutating func chance(_ percent: Int) -> Bool {
        int(in: 0...99) < percent
    }

    mutating func pick<T>(_ choices: [T]) -> T {
        choices[int(in: 0...choices.count - 1)]
    }

    /// Fisher–Yates, with this generator.
    mutating func shuffle<T>(_ items: inout [T]) {
        guard items.count > 1 else { return }
        for index in stride(from: items.count - 1, to: 0, by: -1) {
            items.swapAt(index, int(in: 0...index))
        }
    }
}
