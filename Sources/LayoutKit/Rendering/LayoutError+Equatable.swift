// Lets tests and callers compare errors: a `LayoutTemplateCache` returns the *same* error for a name
// until it is evicted, and `CellProviderError` wraps a `LayoutError`.
extension LayoutError: Equatable {
    /// Errors are equal when they carry the same diagnostics in the same order.
    public static func == (lhs: LayoutError, rhs: LayoutError) -> Bool {
        lhs.diagnostics == rhs.diagnostics
    }
}
