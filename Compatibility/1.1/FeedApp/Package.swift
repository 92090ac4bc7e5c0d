// swift-tools-version:6.0
import PackageDescription

// A news-feed app's view-model library in a package of its own that depends on LayoutKit, the way an
// app does: layouts shipped as resources, class schemas for `layout-check`, tests with LayoutTesting.
// LayoutKit's CI builds and tests it, so what the README says about dependent packages stays true.
let package = Package(
    name: "FeedApp",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "FeedKit", targets: ["FeedKit"])
    ],
    dependencies: [
        // `name:` because SwiftPM knows a path dependency by its folder's name, which differs between
        // checkouts; the products below are looked up in the package called "LayoutKit". (A checkout of
        // LayoutKit in a folder named like this one, "FeedApp" in any case, cannot build this package:
        // both would have the identity "feedapp".)
        .package(name: "LayoutKit", path: "../..")
    ],
    // snippet: targets
    targets: [
        .target(
            name: "FeedKit",
            dependencies: [.product(name: "LayoutKit", package: "LayoutKit")],
            resources: [.copy("Layouts")]
        ),
        .testTarget(
            name: "FeedKitTests",
            dependencies: [
                "FeedKit",
                .product(name: "LayoutKit", package: "LayoutKit"),
                .product(name: "LayoutTesting", package: "LayoutKit"),
            ]
        ),
    ],
    // snippet-end
    swiftLanguageModes: [.v6]
)
