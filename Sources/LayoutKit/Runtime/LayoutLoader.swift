import Foundation

/// Loads a layout once — parsed, checked against the registry's classes and compiled — and
/// instantiates it as often as rendering code wants.
///
/// ```swift
/// let loader = try LayoutLoader(named: "PhotoCell", in: layoutsURL, registry: registry)
/// let cell = try loader.instantiate(PhotoCell.self)
/// ```
/// A loader is immutable and `Sendable`: any number of threads may instantiate from one at once.
public struct LayoutLoader: Sendable {
    /// The path diagnostics name.
    public let file: String
    let template: LayoutTemplate

    /// Loads `NAME.layout.xml` from `directory`; its includes are found in the same folder.
    ///
    /// - Throws: `LayoutError` with `unreadable-file` when there is no such file, or with every
    ///   diagnostic the layout has.
    public init(named name: String, in directory: URL, registry: LayoutRegistry) throws(LayoutError) {
        try self.init(named: name, from: DirectoryLayoutSource(directory), registry: registry)
    }

    /// Loads the layout file at `url`, reading no more than one byte past the 4 MiB limit; its includes
    /// are found in the file's folder.
    ///
    /// - Throws: `LayoutError` with `unreadable-file` when it cannot be read or `url` is not a file URL, or
    ///   with every diagnostic it has.
    public init(contentsOf url: URL, registry: LayoutRegistry) throws(LayoutError) {
        let path = url.isFileURL ? url.path : url.absoluteString
        let fileName = url.lastPathComponent
        let name = fileName.hasSuffix(".layout.xml") ? String(fileName.dropLast(".layout.xml".count)) : nil
        let source = DirectoryLayoutSource(url.deletingLastPathComponent())
        try self.init(
            bytes: LayoutFile.read(url), file: path, name: name,
            validator: LayoutValidator(catalog: registry.catalog, source: source), registry: registry)
    }

    /// Loads a layout from bytes in memory.
    ///
    /// - Parameters:
    ///   - data: The layout file's bytes.
    ///   - file: The name diagnostics give the layout.
    ///   - source: Where the layouts it includes are found; with none, an include is `unknown-layout`.
    ///   - registry: The classes the layout may name and instantiates.
    /// - Throws: `LayoutError` with every error the layout has; warnings, and diagnostics that an
    ///   `lk:ignore` silences, do not stop it.
    public init(
        data: Data, file: String = "<memory>", source: (any LayoutSource)? = nil, registry: LayoutRegistry
    ) throws(LayoutError) {
        // Past the limit, only what the reader needs to say so is copied.
        let catalog = registry.catalog
        // The layouts it includes are shared with other loads from the same source (`SharedIncludes`).
        let shared = source.flatMap { source in
            SharedIncludes.store(for: source, catalog: catalog).map {
                LayoutValidator(catalog: catalog, source: source, includes: $0)
            }
        }
        try self.init(
            bytes: Array(data.prefix(LayoutFile.readLimit)), file: file, name: nil,
            validator: shared ?? LayoutValidator(catalog: catalog, source: source), registry: registry)
    }

    /// Checks and compiles a layout, its includes included: the whole include chain is read, checked
    /// and compiled here, once, so that `instantiate` looks nothing up.
    ///
    /// - Parameters:
    ///   - name: The layout's name in the validator's source, when it is that source's file.
    ///   - stamp: What the file was when it was read, for a store of includes that loads share.
    init(
        bytes: [UInt8], file: String, name: String?, validator: LayoutValidator, registry: LayoutRegistry,
        stamp: LayoutStamp? = nil
    ) throws(LayoutError) {
        self.file = file
        let outcome = validator.analyze(bytes, file: file, name: name, stamp: stamp)
        // Warnings (an unused suppression) do not stop a layout from loading, as they do not fail a check.
        let errors = outcome.diagnostics.filter { $0.severity == .error }
        guard errors.isEmpty, let analysis = outcome.analysis, let classes = outcome.classes else {
            throw LayoutError(diagnostics: errors)
        }
        var included: [Int: Held<LayoutTemplate>] = [:]
        for site in outcome.includes {
            guard let template = validator.includes?.template(site.name) else {
                throw LayoutError(
                    Diagnostic(
                        rule: .invalidInclude, message: "cannot compile the included layout \(quoted(site.name))",
                        location: analysis.layout.location(site.position)))
            }
            included[site.object] = template
        }
        template = LayoutTemplate(
            analysis: analysis, classes: classes, catalog: registry.catalog, included: included)
    }

    /// Creates a fresh object graph and returns its top-level objects in document order.
    ///
    /// - Parameters:
    ///   - owner: The File's Owner; required when the layout connects outlets of or to it.
    ///   - externalObjects: The objects for the layout's `<external>` placeholders, by name.
    /// - Throws: `LayoutError` (`missing-owner`, `owner-class-mismatch`, `unconnected-owner`,
    ///   `missing-external`, `external-class-mismatch`, `outlet-type-mismatch`) when what was given does not
    ///   fit; `main-actor-outlet` when the layout connects an outlet of a main-actor class, which only the
    ///   `@MainActor` overloads do.
    public func instantiate(
        owner: AnyObject? = nil, externalObjects: [String: AnyObject] = [:]
    ) throws(LayoutError) -> [AnyObject] {
        try topLevelObjects(owner: owner, externalObjects: externalObjects).array
    }

    /// `instantiate(owner:externalObjects:)`, its top-level objects not yet in an array of their own.
    private func topLevelObjects(
        owner: AnyObject?, externalObjects: [String: AnyObject]
    ) throws(LayoutError) -> LayoutTemplate.TopLevelObjects {
        try template.instantiate(
            owner: owner, ownerMembers: owner.map { OwnerMembers.shared.members(of: Swift.type(of: $0)) },
            externalObjects: externalObjects)
    }

    /// Creates a fresh object graph on the main actor for a main-actor owner, connecting its outlets (and
    /// those of main-actor external objects), and returns its top-level objects in document order.
    ///
    /// ```swift
    /// @MainActor func viewDidLoad() throws {
    ///     let objects = try loader.instantiate(owner: self)
    /// }
    /// ```
    /// Called off the main actor, this overload does not compile.
    /// - Throws: `LayoutError` as `instantiate(owner:externalObjects:)` does, but never `main-actor-outlet`.
    @MainActor
    public func instantiate<Owner: MainActorOutletDeclaring>(
        owner: Owner, externalObjects: [String: AnyObject] = [:]
    ) throws(LayoutError) -> [AnyObject] {
        try template.instantiateOnMainActor(
            owner: owner, ownerMembers: OwnerMembers.mainActor.members(ofMainActor: Swift.type(of: owner)),
            externalObjects: externalObjects
        ).array
    }

    /// `instantiate(owner:externalObjects:)` on the main actor, where outlets of main-actor classes — an
    /// owner given as `AnyObject`, or main-actor external objects — can be connected.
    ///
    /// - Throws: `LayoutError` as `instantiate(owner:externalObjects:)` does, but never `main-actor-outlet`.
    @MainActor
    public func instantiateOnMainActor(
        owner: AnyObject? = nil, externalObjects: [String: AnyObject] = [:]
    ) throws(LayoutError) -> [AnyObject] {
        try template.instantiateOnMainActor(
            owner: owner, ownerMembers: owner.map { OwnerMembers.mainActor.members(ofMainActor: Swift.type(of: $0)) },
            externalObjects: externalObjects
        ).array
    }

    /// Creates a fresh object graph whose one top-level object is exactly a `T` — not a subclass —
    /// and returns it.
    ///
    /// - Throws: `LayoutError` with `top-level-mismatch` when there is not exactly one top-level object
    ///   of exactly that class, or any error of `instantiate(owner:externalObjects:)`.
    public func instantiate<T: AnyObject>(
        _ type: T.Type, owner: AnyObject? = nil, externalObjects: [String: AnyObject] = [:]
    ) throws(LayoutError) -> T {
        try exactlyOne(type, of: topLevelObjects(owner: owner, externalObjects: externalObjects))
    }

    /// `instantiate(_:owner:externalObjects:)` on the main actor, for a main-actor owner.
    ///
    /// - Throws: `LayoutError` as `instantiate(_:owner:externalObjects:)` does, but never `main-actor-outlet`.
    @MainActor
    public func instantiate<T: AnyObject, Owner: MainActorOutletDeclaring>(
        _ type: T.Type, owner: Owner, externalObjects: [String: AnyObject] = [:]
    ) throws(LayoutError) -> T {
        try exactlyOne(type, of: instantiate(owner: owner, externalObjects: externalObjects))
    }

    /// The one top-level object, when it is exactly a `T`: read in place, with no array of the top-level
    /// objects made unless it is not.
    private func exactlyOne<T: AnyObject>(_: T.Type, of objects: LayoutTemplate.TopLevelObjects) throws(LayoutError)
        -> T
    {
        // Exactly a `T`, so the downcast needs no check.
        if let object = objects.only, Swift.type(of: object) == T.self { return unsafeDowncast(object, to: T.self) }
        return try exactlyOne(T.self, of: objects.array)
    }

    /// The one top-level object, when it is exactly a `T`.
    private func exactlyOne<T: AnyObject>(_: T.Type, of objects: [AnyObject]) throws(LayoutError) -> T {
        guard objects.count == 1, let object = objects.first, Swift.type(of: object) == T.self, let typed = object as? T
        else {
            let location = location(ofTopLevel: objects.firstIndex { Swift.type(of: $0) != T.self })
            throw .topLevelMismatch(expected: String(reflecting: T.self), found: objects, at: location)
        }
        return typed
    }

    /// The `unconnected-owner` diagnostic an owner of class `type` would get: its members are read from
    /// `registry` when it is registered there (main-actor classes included), from the class otherwise.
    ///
    /// Not API: `assertLayoutsValid(in:registry:owners:)` checks owners with it without making one.
    package func unconnectedOwner(_ type: AnyObject.Type, registry: LayoutRegistry) -> Diagnostic? {
        let members = registry.registeredClass(for: type)?.members ?? LayoutRegistry.members(of: type)
        return template.unconnectedOwner(type, members: members)
    }

    /// Where the top-level object at `index` starts, or the `<layout>` for none.
    func location(ofTopLevel index: Int?) -> SourceLocation {
        guard let index, template.topLevelLocations.indices.contains(index) else { return template.location }
        return template.topLevelLocations[index]
    }

    /// The members of a class, main-actor ones (`MainActorOutletDeclaring`) included.
    @MainActor
    static func members(ofMainActor type: AnyObject.Type) -> [MemberDeclaration] {
        (type as? MainActorOutletDeclaring.Type).map(mainActorMembers(of:)) ?? LayoutRegistry.members(of: type)
    }
}

/// The members of each owner class, read once per class rather than on every `instantiate(owner:)`:
/// a class's `outlets`, `actions` and `properties` build their declarations (a closure or two each)
/// every time they are read, and are fixed for the class — the registry reads them once too.
final class OwnerMembers: Sendable {
    static let shared = OwnerMembers()

    private let byType = Locked<[ObjectIdentifier: [MemberDeclaration]]>([:])

    func members(of type: AnyObject.Type) -> [MemberDeclaration] {
        let key = ObjectIdentifier(type)
        if let known = byType.withLock({ $0[key] }) { return known }
        let members = LayoutRegistry.members(of: type)
        byType.withLock { $0[key] = members }
        return members
    }

    /// The main actor's own table: a main-actor class's declarations are formed on the main actor.
    @MainActor static let mainActor = MainActorOwnerMembers()
}

/// `OwnerMembers` for owners read on the main actor (`LayoutLoader.members(ofMainActor:)`).
@MainActor
final class MainActorOwnerMembers {
    private var byType: [ObjectIdentifier: [MemberDeclaration]] = [:]

    func members(ofMainActor type: AnyObject.Type) -> [MemberDeclaration] {
        let key = ObjectIdentifier(type)
        if let known = byType[key] { return known }
        let members = LayoutLoader.members(ofMainActor: type)
        byType[key] = members
        return members
    }
}
