// libFuzzer entry point over the whole pipeline: reader → decoder → rules → compiler → instantiate,
// and the Xcode project, configuration and baseline readers over the same bytes.
//
// Built by Fuzz/run.sh together with the sources of LayoutKit and LayoutChecking into one module, so it
// reaches the same internal steps the loader and the checker use; not part of the Swift package.
import Foundation

/// The classes the fuzzed layouts may name, in both catalogs: schema-built and registry-built.
final class FuzzCell: TableViewCell {
    var titleLabel: Label?
    var iconView: ImageView?
    weak var owner: FuzzOwner?

    override class var outlets: [Outlet] {
        super.outlets + [
            Outlet("titleLabel", \FuzzCell.titleLabel),
            Outlet("iconView", \FuzzCell.iconView, optional: true),
            Outlet("owner", \FuzzCell.owner, optional: true),
        ]
    }

    enum Style: String, CaseIterable, Sendable { case flat, elevated }
    var cornerRadius = 0.0
    var count = 0
    var style = Style.flat
    func submit(_ sender: Button) {}

    override class var actions: [Action] { super.actions + [Action("submit", FuzzCell.submit, optional: true)] }
    override class var properties: [Property] {
        super.properties + [
            Property("cornerRadius", \FuzzCell.cornerRadius), Property("count", \FuzzCell.count),
            Property("style", \FuzzCell.style),
        ]
    }
}

final class FuzzOwner: OutletDeclaring, ActionDeclaring {
    var cell: FuzzCell?
    func submit(_ sender: Button) {}
    static var outlets: [Outlet] { [Outlet("cell", \FuzzOwner.cell, optional: true)] }
    static var actions: [Action] { [Action("submit", FuzzOwner.submit, optional: true)] }
}

private let registry: LayoutRegistry = {
    var registry = LayoutRegistry.standard
    do {
        try registry.register(FuzzCell.self, name: "FuzzCell", module: "Fuzz")
        try registry.register(FuzzOwner.self, name: "FuzzOwner", module: "Fuzz")
    } catch {
        preconditionFailure("the fuzz registry is fixed: \(error)")
    }
    return registry
}()

private let schema = Array(
    """
    <classes xmlns="urn:layoutkit:classes:1">
        <class name="FuzzCell" module="Fuzz" base="tableViewCell">
            <outlet name="titleLabel" type="label"/>
            <outlet name="iconView" type="imageView" optional="true"/>
            <outlet name="owner" type="FuzzOwner" optional="true"/>
            <action name="submit" sender="button" optional="true"/>
            <property name="cornerRadius" type="number"/>
            <property name="count" type="integer"/>
            <property name="style" type="enum" values="flat elevated"/>
        </class>
        <class name="FuzzOwner" module="Fuzz">
            <outlet name="cell" type="FuzzCell" optional="true"/>
            <action name="submit" sender="button" optional="true"/>
        </class>
    </classes>
    """.utf8)

/// Interface Builder files judged against UIKit's classes alone: the file's own objects, connections and ids.
private let interfaceBuilderCheck = InterfaceBuilderCheck(swift: [])

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let bytes = start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []

    // The checker's path, and a class schema built from the same bytes.
    let (catalog, _) = ClassCatalog.load(schemas: [(path: "fuzz.classes.xml", bytes: schema)])
    let diagnostics = LayoutValidator.validate(bytes, file: "fuzz.layout.xml", catalog: catalog)
    _ = ClassCatalog.load(schemas: [(path: "input.classes.xml", bytes: bytes)])
    for diagnostic in diagnostics {
        // A layout's diagnostics are all in the file: only a finding about the run has no location.
        precondition(diagnostic.sourceLocation.map { $0.line >= 1 && $0.column >= 1 } == true, "\(diagnostic)")
        precondition(!diagnostic.message.contains("\n"), "\(diagnostic)")
    }

    // The Xcode project reader (`layout-check MyApp.xcodeproj`): a project or one diagnostic in the file.
    switch XcodeProject.read(bytes, file: "App.xcodeproj/project.pbxproj") {
    case .failure(let diagnostic):
        precondition(diagnostic.sourceLocation.map { $0.line >= 1 && $0.column >= 1 } == true, "\(diagnostic)")
        precondition(!diagnostic.message.contains("\n"), "\(diagnostic)")
    case .project(let project):
        // Each target once, each dependency once; every setting the checker reads expands within its byte
        // budget (a setting naming a long one many times is not known rather than huge).
        for target in project.targets {
            precondition(Set(target.dependencies).count == target.dependencies.count, "a dependency listed twice")
            precondition(target.moduleName.utf8.count <= XcodeTarget.maximumExpansionBytes + 8, "module name")
            for key in target.buildSettings.keys.sorted().prefix(64) {
                precondition(
                    (target.setting(key)?.utf8.count ?? 0) <= XcodeTarget.maximumExpansionBytes * 2,
                    "expansion of \(key)")
            }
            _ = (target.platforms, target.buildsForUIKit)
        }
    }

    // The Info.plist reader (binary, XML or text): shared objects walked once, work linear in the bytes.
    if let reading = InfoPropertyList.read(bytes) {
        precondition(
            reading.work <= InfoPropertyList.workLimit(bytes.count), "work \(reading.work) for \(bytes.count) bytes")
    }

    // The configuration and baseline readers (`layout-check.xml`, however the search found it, and
    // `--baseline`): diagnostics in the file, one line each, at most the per-file cap and its note.
    for found in [
        CheckConfiguration.read(bytes, file: "layout-check.xml").diagnostics,
        Baseline.read(bytes, file: "baseline.xml").diagnostics,
    ] {
        precondition(found.count <= 1_001, "the per-file cap: \(found.count) diagnostics")
        for diagnostic in found {
            precondition(diagnostic.sourceLocation.map { $0.line >= 1 && $0.column >= 1 } == true, "\(diagnostic)")
            precondition(!diagnostic.message.contains("\n"), "\(diagnostic)")
        }
    }

    // An Interface Builder file: read, its classes resolved (UIKit's, with no Swift sources), judged by the
    // same rules as a layout; diagnostics in the file, one line each, at most the per-file cap and its note.
    let interfaceBuilder = interfaceBuilderCheck.check(bytes, file: "fuzz.xib")
    precondition(interfaceBuilder.diagnostics.count <= 1_001, "the per-file cap: \(interfaceBuilder.diagnostics.count)")
    for diagnostic in interfaceBuilder.diagnostics {
        precondition(diagnostic.sourceLocation.map { $0.line >= 1 && $0.column >= 1 } == true, "\(diagnostic)")
        precondition(!diagnostic.message.contains("\n"), "\(diagnostic)")
    }
    // The run-level rules of Interface Builder files over what the file connected, as `CheckRun` runs them.
    _ = interfaceBuilderCheck.unconnectedFindings(interfaceBuilder.usage, uses: nil)
    _ = interfaceBuilderCheck.settings.unusedIgnores(interfaceBuilder.usage)

    // The loader's path: checks, compiles, and when it loads, instantiates with and without placeholders.
    if let loader = try? LayoutLoader(data: Data(bytes), file: "fuzz.layout.xml", registry: registry) {
        _ = try? loader.instantiate()
        _ = try? loader.instantiate(owner: FuzzOwner(), externalObjects: ["formatter": FuzzOwner()])
        _ = try? loader.instantiate(FuzzCell.self, owner: FuzzOwner())
    }

    // Includes: the input may include itself (a cycle) or a one-label layout, as often and as deep as
    // it likes; the checker and the loader must both end in diagnostics, in bounded memory.
    let source = InMemoryLayoutSource([
        "Fuzz": Data(bytes),
        "Label": Data(#"<layout xmlns="urn:layoutkit:layout:1"><label text="included"/></layout>"#.utf8),
    ])
    let included = LayoutValidator(catalog: catalog, source: source).validate(
        bytes, file: "Fuzz.layout.xml", name: "Fuzz")
    precondition(included.count <= 1_001, "the per-file cap: \(included.count) diagnostics")
    if let loader = try? LayoutLoader(named: "Fuzz", from: source, registry: registry) {
        _ = try? loader.instantiate()
    }
    return 0
}
