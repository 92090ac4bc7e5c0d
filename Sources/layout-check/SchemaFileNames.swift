import LayoutKit

/// The file `--write-schemas DIR` writes for a module: `Module.classes.xml` in DIR, and nowhere else. A
/// module's name comes from the run's settings (`--swift-sources MODULE=PATH`, an Xcode project's
/// `PRODUCT_MODULE_NAME`), which a repository's files can set to anything: `../../escaped` would put the
/// schema outside DIR (article "Security"). A module name is a Swift identifier; anything else is refused.
enum SchemaFileNames {
    /// `Module.classes.xml` (`Classes.classes.xml` for the classes of no module); `nil` when `module` is
    /// not a Swift identifier.
    static func fileName(forModule module: String) -> String? {
        if module.isEmpty { return "Classes.classes.xml" }
        return isIdentifier(module) ? module + ".classes.xml" : nil
    }

    /// Whether `name` is a Swift identifier as module names are: a letter or `_`, then letters, digits and
    /// `_` (no `/`, `.` or space, so never a path).
    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first,
            first.properties.isXIDStart || first == "_"
        else { return false }
        return name.unicodeScalars.dropFirst().allSatisfy { $0.properties.isXIDContinue }
    }

    /// The usage error of a run whose modules include one that is not an identifier, before anything is
    /// written; `nil` when every module's schema may be written.
    static func problem(_ modules: [String]) -> UsageError? {
        guard let module = modules.first(where: { fileName(forModule: $0) == nil }) else { return nil }
        return UsageError(
            message: "--write-schemas: not writing the class schema of the module \(quoted(module)): a module "
                + "name is a Swift identifier (letters, digits and '_'), and this one could name a file outside "
                + "the folder")
    }
}
