/// A feed entry as the network layer delivers it.
public struct Article: Sendable {
    public var title: String
    public var summary: String
    public var author: Author
    /// How long ago it was published.
    public var age: Duration

    public init(title: String, summary: String, author: Author, age: Duration) {
        self.title = title
        self.summary = summary
        self.author = author
        self.age = age
    }
}

/// Who wrote an article.
public struct Author: Sendable {
    public var name: String
    public var handle: String
    /// The avatar image's name.
    public var avatar: String

    public init(name: String, handle: String, avatar: String) {
        self.name = name
        self.handle = handle
        self.avatar = avatar
    }
}
