import LayoutKit

/// The example app's classes, registered the way an app registers its own.
public enum ExampleApp {
    /// The built-ins plus every class the example layouts name.
    public static func registry() throws -> LayoutRegistry {
        var registry = LayoutRegistry.standard
        try registry.register(PhotoCell.self)
        try registry.register(FeedArticleCell.self)
        try registry.register(FeedViewController.self)
        try registry.register(DateFormat.self)
        try registry.register(ProfileHeaderView.self)
        return registry
    }
}
