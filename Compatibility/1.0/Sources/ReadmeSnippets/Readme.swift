// The README of LayoutKit 1.0.0 ("A short tour", "Rendering with LayoutKit"), its Swift blocks as a
// client would paste them, wrapped only in the declarations they need to compile. The class is the
// README's `PhotoCell`, in this module.
import Foundation
import LayoutKit

// "Its class declares its outlets as key paths"
public final class PhotoCell: TableViewCell {
    public var photoTitleLabel: Label?
    public var photoDateLabel: Label?
    public var thumbnailView: ImageView?

    override public class var outlets: [Outlet] {
        super.outlets + [
            Outlet("photoTitleLabel", \PhotoCell.photoTitleLabel),
            Outlet("photoDateLabel", \PhotoCell.photoDateLabel),
            Outlet("thumbnailView", \PhotoCell.thumbnailView, optional: true),
        ]
    }

    public private(set) var awoke = false

    override public func awakeFromLayout() {
        // every outlet is connected here
        awoke = true
    }
}

/// The README's owner and external object for `instantiate(owner:externalObjects:)`.
public final class PhotosController: OutletDeclaring {
    public var prototypeCell: PhotoCell?
    public init() {}
    public static var outlets: [Outlet] { [Outlet("prototypeCell", \PhotosController.prototypeCell, optional: true)] }
}

public final class DateFormat {
    public init() {}
}

/// "Register, load once, instantiate many times", in layouts of `layoutsURL`.
public func registerLoadInstantiate(
    layoutsURL: URL, controller: PhotosController, formatter: DateFormat
) throws -> (PhotoCell, [AnyObject]) {
    var registry = LayoutRegistry.standard  // the built-in classes
    try registry.register(PhotoCell.self)  // as "PhotoCell" and "ReleasedPhotoApp.PhotoCell"
    try registry.register(PhotosController.self)
    try registry.register(DateFormat.self)
    let loader = try LayoutLoader(named: "PhotoCell", in: layoutsURL, registry: registry)  // parse + check + compile
    let cell = try loader.instantiate(PhotoCell.self)  // exactly one top-level PhotoCell
    let objects = try loader.instantiate(owner: controller, externalObjects: ["dateFormatter": formatter])
    return (cell, objects)
}

/// The registry of this module's classes, for the snippets below.
public func readmeRegistry() throws -> LayoutRegistry {
    var registry = LayoutRegistry.standard
    try registry.register(PhotoCell.self)
    return registry
}

/// "Rendering with LayoutKit": a source, a loader, a cache, a cell provider.
public func renderingTour(layoutsURL: URL, photos: [String]) async throws -> PhotoCell? {
    let registry = try readmeRegistry()
    let source = DirectoryLayoutSource(layoutsURL)  // or BundleLayoutSource(.module, subdirectory: "Layouts"),
    //    InMemoryLayoutSource(["PhotoCell": xml])
    let loader = try LayoutLoader(named: "PhotoCell", from: source, registry: registry)  // one layout, no cache
    _ = loader

    let cache = LayoutTemplateCache(source: source, registry: registry)  // each name read, checked, compiled once —
    let outcomes = await cache.preload(["PhotoCell"])  // failures too; [name: Result], off-thread
    _ = outcomes

    let provider = CellProvider(items: photos, reuseIdentifier: "PhotoCell") { cell, photo in
        (cell as? PhotoCell)?.photoTitleLabel?.text = photo
    }
    provider.register(try await cache.load(named: "PhotoCell"), forReuseIdentifier: "PhotoCell")
    let cell = try provider.cell(at: 0)  // a recycled cell (after prepareForReuse()) or a fresh one, configured
    provider.enqueueReusableCell(cell)  // scrolled away: pooled, at most maximumPooledCells per identifier
    return cell as? PhotoCell
}
