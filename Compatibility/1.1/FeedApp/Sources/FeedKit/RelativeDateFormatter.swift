/// Says how long ago something happened; the app supplies one to its layouts as the external object
/// `dateFormatter`, so every cell shares it.
public final class RelativeDateFormatter {
    public init() {}

    /// "just now", "5 minutes ago", "3 hours ago", "2 days ago".
    public func string(for age: Duration) -> String {
        let seconds = age.components.seconds
        switch seconds {
        case ..<60: return "just now"
        case ..<3600: return plural(seconds / 60, "minute")
        case ..<86_400: return plural(seconds / 3600, "hour")
        default: return plural(seconds / 86_400, "day")
        }
    }

    private func plural(_ count: Int64, _ unit: String) -> String {
        "\(count) \(unit)\(count == 1 ? "" : "s") ago"
    }
}
