import Foundation

/// Reads layouts that a bundle ships as resources: the layout called `NAME` is the resource
/// `NAME.layout.xml`, optionally in a subdirectory of the bundle's resources.
///
/// ```swift
/// let source = BundleLayoutSource(.module, subdirectory: "Layouts")
/// ```
/// Lookup is Foundation's `Bundle.url(forResource:withExtension:subdirectory:)`, so localized
/// variants and the platform's bundle layout are honoured. Diagnostics name a layout by the bundle and
/// its path in the bundle (`FeedApp_FeedKit.resources/Layouts/ArticleCell.layout.xml`), not by where the
/// build put the bundle: that path ends like the layout's own in the package, which is the one to edit.
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
    ///   for when the bundle has no such resource, it cannot be read, or it is not a regular file.
    public func loadLayout(named name: String) throws(LayoutError) -> LayoutData {
        let resource = "\(name).layout.xml"
        guard let url = bundle.url(forResource: name, withExtension: "layout.xml", subdirectory: subdirectory) else {
            let resources = bundle.resourceURL ?? bundle.bundleURL
            let folder = subdirectory.map { resources.appendingPathComponent($0) } ?? resources
            throw .unreadable(
                displayName(folder.appendingPathComponent(resource)), because: "the bundle has no resource \(resource)")
        }
        let file = displayName(url)
        return LayoutData(data: Data(try LayoutFile.read(url, displayedAs: file, regularFileOnly: true)), file: file)
    }

    /// `BUNDLE/PATH`: the bundle's folder name and the file's path inside it; the whole path for a file
    /// outside the bundle's folder.
    private func displayName(_ url: URL) -> String {
        let bundlePath = bundle.bundleURL.resolvingSymlinksInPath().path
        let path = url.resolvingSymlinksInPath().path
        guard path.hasPrefix(bundlePath + "/") else { return path }
        return bundle.bundleURL.lastPathComponent + "/" + path.dropFirst(bundlePath.count + 1)
    }

    /// The names of the bundle's `*.layout.xml` resources in `subdirectory`.
    public func layoutNames() -> [String]? {
        bundle.paths(forResourcesOfType: "layout.xml", inDirectory: subdirectory).map {
            String(URL(fileURLWithPath: $0).lastPathComponent.dropLast(".layout.xml".count))
        }
    }
}
