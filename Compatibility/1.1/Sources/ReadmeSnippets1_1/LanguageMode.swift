// Not from the release: which language mode this target was compiled in, for the corpus's own check
// (Scripts/check-source-compat.sh asks for a mode; LanguageModeTests compares).

/// `6`, `5-complete` (Swift 5 with complete strict-concurrency checking) or `5`.
public let readmeSnippets11LanguageMode: String = {
    #if swift(>=6)
        return "6"
    #elseif hasFeature(StrictConcurrency)
        return "5-complete"
    #else
        return "5"
    #endif
}()
