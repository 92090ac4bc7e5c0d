import Foundation

/// Reads layouts that a bundle ships as resources: the layout called `NAME` is the resource
/// `NAME.layout.xml`, optionally in a subdirectory of the bundle's resources.
///
/// ```swift
/// let source = BundleLayoutSource(.module, subdirectory: "Layouts")
/// ```
/// Lookup is Foundation's `Bundle.url(forResource:withExtension:subdirectory:)`, so localized
/// variants and the platform's bundle layout are honoured; diagnostics name the file by its path.
public struct BundleLayoutSource: LayoutSource {
    /// The bundle whose resources hold the layouts.
    public let bundle: Bundle
    /// The folder within the bundle's resources that holds the layouts; `nil` for the top level.
    public let subdirectory: String?

    /// A source reading `NAME.layout.xml` resources from `bundle`, in `subdirectory` when given.
    public init(_ bundle: Bundle, subdirectory: String? = nil) {
        self.bundle = bundle
        self.subdirectory = subdirectory
    }

    /// Reads the resource `NAME.layout.xml`.
    ///
    /// - Throws: `LayoutError` with `unreadable-file` naming the path where the resource was looked
    ///   for when the bundle has no such resource or it cannot be read.
    public func loadLayout(named name: String) throws(LayoutError) -> LayoutData {
        let resource = "\(name).layout.xml"
        guard let url = bundle.url(forResource: name, withExtension: "layout.xml", subdirectory: subdirectory) else {
            let resources = bundle.resourceURL ?? bundle.bundleURL
            let folder = subdirectory.map { resources.appendingPathComponent($0) } ?? resources
            throw .unreadable(
                folder.appendingPathComponent(resource).path, because: "the bundle has no resource \(resource)")
        }
        return LayoutData(data: Data(try LayoutFile.read(url)), file: url.path)
    }
}
