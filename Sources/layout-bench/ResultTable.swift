/// One line of the results: LayoutKit's work and what it is measured against, both timed in this run.
struct ResultRow {
    /// `read`, `load`, `instantiate`, `check`, `scale` or `interface-builder`.
    var step: String
    var layoutKit: String
    var layoutKitResult: String
    var against: String
    var againstResult: String
    /// LayoutKit / alternative.
    var ratio: Double?
    var goal: String
    var isMet: Bool?
}

/// The table `layout-bench` prints, in Markdown so that it pastes into the article "Performance" as it is.
struct ResultTable {
    private(set) var rows: [ResultRow] = []

    mutating func append(_ row: ResultRow) {
        rows.append(row)
    }

    var markdown: String {
        let header = ["row", "LayoutKit", "median (min–max)", "against", "median (min–max)", "ratio", "goal", "met"]
        var lines = [
            "| " + header.joined(separator: " | ") + " |", "|" + String(repeating: "---|", count: header.count),
        ]
        for row in rows {
            let cells = [
                row.step, row.layoutKit, row.layoutKitResult, row.against, row.againstResult,
                row.ratio.map { Format.ratio($0) } ?? "—", row.goal, row.isMet.map { $0 ? "yes" : "**no**" } ?? "—",
            ]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// How numbers read in the table.
enum Format {
    /// `12.3 µs`, `4.56 ms`, `1.23 s`: three significant digits or so.
    static func duration(_ duration: Duration) -> String {
        let seconds = duration.seconds
        if seconds >= 1 { return fixed(seconds, seconds >= 100 ? 0 : 2) + " s" }
        if seconds >= 1e-3 { return fixed(seconds * 1e3, seconds >= 0.1 ? 0 : seconds >= 0.01 ? 1 : 2) + " ms" }
        let micro = seconds * 1e6
        return fixed(micro, micro >= 100 ? 0 : micro >= 10 ? 1 : 2) + " µs"
    }

    /// The median with the range of the samples: `12.3 µs (12.1–13.0)`.
    static func timing(_ timing: Timing) -> String {
        "\(duration(timing.median)) (\(bare(timing.minimum))–\(bare(timing.maximum)))"
    }

    /// A duration without its unit, in the unit `duration` would pick for it.
    private static func bare(_ value: Duration) -> String {
        String(duration(value).split(separator: " ")[0])
    }

    static func ratio(_ ratio: Double) -> String {
        fixed(ratio, ratio >= 10 ? 1 : 2) + "×"
    }

    static func mebibytes(_ bytes: Int) -> String {
        fixed(Double(bytes) / 1_048_576, 1) + " MiB"
    }

    /// `1,234,567`.
    static func count(_ number: Int) -> String {
        let digits = Array(String(number))
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return result
    }

    /// `value` with exactly `places` decimals, rounded half away from zero.
    static func fixed(_ value: Double, _ places: Int) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = Int((abs(value) * scale).rounded())
        let whole = scaled / Int(scale)
        let fraction = String(scaled % Int(scale))
        let sign = value < 0 && scaled != 0 ? "-" : ""
        guard places > 0 else { return sign + String(whole) }
        return sign + String(whole) + "." + String(repeating: "0", count: places - fraction.count) + fraction
    }
}
