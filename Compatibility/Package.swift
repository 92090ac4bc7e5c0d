// swift-tools-version:6.0
import PackageDescription

// The source-compatibility corpus (README, "API stability"): client code written against a release of
// LayoutKit, built and tested against this checkout by Scripts/check-source-compat.sh in each language
// mode a client may use. It is never built with LayoutKit itself: only the script builds it.
//
// LAYOUTKIT_COMPAT_MODE picks the mode of every target here (LayoutKit itself keeps its own, Swift 6):
//   6           Swift 6 language mode
//   5           Swift 5 language mode, with the default (minimal) concurrency checking
//   5-complete  Swift 5 language mode with complete strict-concurrency checking
// Each target's LanguageMode.swift records at compile time which mode it was built in, and the tests
// compare it with the mode the script asked for, so a run that silently built another mode fails.
let mode = Context.environment["LAYOUTKIT_COMPAT_MODE"] ?? "6"
let languageMode: SwiftLanguageMode
let swiftSettings: [SwiftSetting]
switch mode {
case "6":
    languageMode = .v6
    swiftSettings = []
case "5":
    languageMode = .v5
    swiftSettings = []
case "5-complete":
    languageMode = .v5
    swiftSettings = [.enableUpcomingFeature("StrictConcurrency")]
default:
    fatalError("LAYOUTKIT_COMPAT_MODE must be 6, 5 or 5-complete, not '\(mode)'")
}

let package = Package(
    name: "LayoutKitCompatibility",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    dependencies: [
        // `name:` because SwiftPM knows a path dependency by its folder's name, which differs between
        // checkouts.
        .package(name: "LayoutKit", path: "..")
    ],
    targets: [
        // 1.0.0 (API/RELEASE): the example app and the README's snippets exactly as they were released,
        // and the tests of the release that use only public API. Never edit these files to make them build:
        // a file here that no longer builds or passes is a source break of LayoutKit.
        .target(
            name: "ReleasedPhotoApp",
            dependencies: [.product(name: "LayoutKit", package: "LayoutKit")],
            path: "1.0/Sources/ReleasedPhotoApp",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "ReadmeSnippets",
            dependencies: [.product(name: "LayoutKit", package: "LayoutKit")],
            path: "1.0/Sources/ReadmeSnippets",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PhotoAppTests",
            dependencies: [
                "ReleasedPhotoApp", "ReadmeSnippets",
                .product(name: "LayoutKit", package: "LayoutKit"),
                .product(name: "LayoutTesting", package: "LayoutKit"),
            ],
            path: "1.0/Tests/PhotoAppTests",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "RenderingTests",
            dependencies: [
                "ReleasedPhotoApp",
                .product(name: "LayoutKit", package: "LayoutKit"),
                .product(name: "LayoutTesting", package: "LayoutKit"),
            ],
            path: "1.0/Tests/RenderingTests",
            swiftSettings: swiftSettings
        ),
        // 1.1.0 (API/RELEASE): the example package FeedApp and the README's snippets new since 1.0, as they
        // were released. FeedApp's sources, layouts and tests are built here as targets; its own manifest
        // (1.1/FeedApp/Package.swift, as released) is for .ci/release-consumer.sh.
        .target(
            name: "FeedKit",
            dependencies: [.product(name: "LayoutKit", package: "LayoutKit")],
            path: "1.1/FeedApp/Sources/FeedKit",
            resources: [.copy("Layouts")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "FeedKitTests",
            dependencies: [
                "FeedKit",
                .product(name: "LayoutKit", package: "LayoutKit"),
                .product(name: "LayoutTesting", package: "LayoutKit"),
            ],
            path: "1.1/FeedApp/Tests/FeedKitTests",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "ReadmeSnippets1_1",
            dependencies: [.product(name: "LayoutKit", package: "LayoutKit")],
            path: "1.1/Sources/ReadmeSnippets1_1",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ReadmeSnippets1_1Tests",
            dependencies: [
                "ReadmeSnippets1_1",
                .product(name: "LayoutKit", package: "LayoutKit"),
                .product(name: "LayoutTesting", package: "LayoutKit"),
            ],
            path: "1.1/Tests/ReadmeSnippets1_1Tests",
            swiftSettings: swiftSettings
        ),
        // Every overload family added since 1.0.0 — Outlet, Action, Property, instantiate, register and the
        // assertions — each called from a nonisolated and from a main-actor context, with tests that check
        // at run time which overload each call chose.
        .target(
            name: "OverloadFamilies",
            dependencies: [.product(name: "LayoutKit", package: "LayoutKit")],
            path: "Overloads/Sources/OverloadFamilies",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "OverloadFamilyTests",
            dependencies: [
                "OverloadFamilies",
                .product(name: "LayoutKit", package: "LayoutKit"),
                .product(name: "LayoutTesting", package: "LayoutKit"),
            ],
            path: "Overloads/Tests/OverloadFamilyTests",
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [languageMode]
)
