// swift-tools-version:5.9
// A feature package of the modular app: read by layout-check from its syntax, never run.
import PackageDescription

let package = Package(
    name: "Feature",
    platforms: [.iOS(.v16)],
    products: [
        .library(name: "FeatureKit", targets: ["Feature"])
    ],
    targets: [
        .target(
            name: "Feature",
            dependencies: ["Core"],
            exclude: ["Legacy"]  // nibs of the old design, built into nothing
        ),
        .target(name: "Core"),
        .testTarget(name: "FeatureTests", dependencies: ["Feature"]),
    ]
)
