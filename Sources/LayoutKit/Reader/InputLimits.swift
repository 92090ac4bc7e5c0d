/// The limits every reader of files applies (the XML reader, the Swift reader, whoever reads bytes from
/// disk), defined below all of them so that no reader reaches up into the validator for one.
package enum InputLimits {
    /// The largest file any reader accepts (4 MiB); a larger one is an `input-limit` error at line 1.
    package static let maximumFileBytes = 4 * 1024 * 1024

    /// `maximumFileBytes` in MiB, for messages.
    package static var maximumFileMebibytes: Int { maximumFileBytes / (1024 * 1024) }
}
