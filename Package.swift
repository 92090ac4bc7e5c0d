// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "LayoutKit",
    // Linux first. On Apple platforms the floor is set by the standard library's `Duration` and
    // `ContinuousClock` (macOS 13, iOS 16), which layout-check's timing and the sourcekitd worker's
    // deadlines use; the lock is `Locked`, a pthread mutex, not Synchronization's Mutex (macOS 15,
    // iOS 18). CI builds on Linux only: the floor is read from the APIs' availability, not compiled.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "LayoutKit", targets: ["LayoutKit"]),
        .library(name: "LayoutTesting", targets: ["LayoutTesting"]),
        .executable(name: "layout-check", targets: ["layout-check"]),
        .plugin(name: "LayoutCheckBuildPlugin", targets: ["LayoutCheckBuildPlugin"]),
        .plugin(name: "LayoutCheckCommandPlugin", targets: ["LayoutCheckCommandPlugin"]),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        // sourcekitd's C types, for the functions layout-check looks up in the toolchain at run time:
        // a header only, nothing linked.
        .systemLibrary(name: "CSourceKit"),
        .target(
            name: "LayoutKit",
            dependencies: ["CLibXML2"]
        ),
        // What only layout-check needs: the sourcekitd binding and the reading of Swift code, the Swift
        // catalog builder, the Interface Builder and Xcode project readers and their checks, the UIKit
        // catalog, the configuration and the baseline. Not a product (`package` access), so an app that
        // links LayoutKit links none of it; TargetSeparationTests keeps it so.
        .target(
            name: "LayoutChecking",
            dependencies: ["LayoutKit", "CSourceKit"]
        ),
        .target(
            name: "LayoutTesting",
            dependencies: ["LayoutKit"]
        ),
        .executableTarget(
            name: "layout-check",
            dependencies: ["LayoutKit", "LayoutChecking"]
        ),
        // layout-check in a package's build: a build command per target with layouts, rerun only when
        // a layout, class schema or layout-check.xml of the target changes.
        .plugin(
            name: "LayoutCheckBuildPlugin",
            capability: .buildTool(),
            dependencies: ["layout-check"]
        ),
        // `swift package layout-check [ARGS]`, the same arguments as the tool's.
        .plugin(
            name: "LayoutCheckCommandPlugin",
            capability: .command(
                intent: .custom(verb: "layout-check", description: "Check layouts with layout-check")
            ),
            dependencies: ["layout-check"]
        ),
        // The benchmark: not a product, so dependents never see it; `swift run layout-bench` still works in
        // this package, where SwiftPM makes a product of every executable target of the root package. It times
        // LayoutKit side by side with raw libxml2, FoundationXML, hand-written Swift and xmllint, and imports
        // CLibXML2 itself only to time the raw parse LayoutKit is measured against, and LayoutChecking only to
        // find its own executable as layout-check does.
        .executableTarget(
            name: "layout-bench",
            dependencies: ["LayoutKit", "LayoutChecking", "CLibXML2", "PhotoApp"]
        ),
        // The example app of README and Layouts/: its view-model classes, in their own module
        // so that `module="PhotoApp"` in the layouts names them exactly.
        .target(
            name: "PhotoApp",
            dependencies: ["LayoutKit"],
            path: "Examples/PhotoApp"
        ),
        .testTarget(
            name: "LayoutKitTests",
            // LayoutChecking for the checker's readers (Swift code, Interface Builder files, Xcode projects,
            // the configuration). CLibXML2 to check that parsing leaves libxml2's process-wide state as it
            // found it, and to validate files against Schemas/*.xsd in process (Support/XSDValidator.swift).
            dependencies: ["LayoutKit", "LayoutChecking", "PhotoApp", "CLibXML2"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "LayoutTestingTests",
            dependencies: ["LayoutKit", "LayoutTesting", "PhotoApp"]
        ),
        .testTarget(
            name: "RenderingTests",
            dependencies: ["LayoutKit", "LayoutTesting", "PhotoApp"]
        ),
        .testTarget(
            name: "LayoutCheckTests",
            // LayoutChecking for the types the checker's run reads (Xcode projects); CLibXML2 only to judge
            // that the XML reports are well-formed, without recovery.
            dependencies: ["layout-check", "LayoutChecking", "CLibXML2"],
            // Golden reports, and Interface Builder files with the Swift classes they name: read by the
            // tests and the checker, never compiled.
            exclude: ["Golden", "Fixtures"]
        ),
        // The code the documentation catalogs show: each Swift block of Sources/*/*.docc is a marked
        // region of a file here or in Examples/, compiled and run, and SnippetTests keeps the two identical.
        .testTarget(
            name: "DocumentationTests",
            dependencies: ["LayoutKit", "LayoutTesting", "PhotoApp"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
