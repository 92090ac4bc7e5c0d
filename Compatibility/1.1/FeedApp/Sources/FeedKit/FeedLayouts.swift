import Foundation
import LayoutKit

/// Where FeedKit's layouts come from and the classes they name.
public enum FeedLayouts {
    /// The layouts this library ships as resources (`Layouts/NAME.layout.xml`, copied as a folder).
    public static let source = BundleLayoutSource(.module, subdirectory: "Layouts")

    /// The built-in classes plus every class FeedKit's layouts name.
    ///
    /// - Throws: `LayoutRegistry.RegistrationError`, which FeedKit's own classes do not cause.
    public static func registry() throws -> LayoutRegistry {
        try registry(owner: FeedController.self)
    }

    /// The built-in classes plus FeedKit's views and formatter, with `owner` as the class
    /// `FeedScreen.layout.xml` names `FeedController`: an app may own the screen with a class of its own
    /// that declares the same outlets.
    ///
    /// - Throws: `LayoutRegistry.RegistrationError` when `owner` is one of FeedKit's other classes.
    public static func registry<Owner: AnyObject>(owner: Owner.Type) throws -> LayoutRegistry {
        var registry = LayoutRegistry.standard
        try registry.register(AuthorHeaderView.self)
        try registry.register(ArticleCell.self)
        try registry.register(RelativeDateFormatter.self)
        try registry.register(owner, name: "FeedController")
        return registry
    }
}
