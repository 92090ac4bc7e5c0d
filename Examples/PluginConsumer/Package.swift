// swift-tools-version:6.1
// A package that uses LayoutKit the way an app does, with both of its plugins: the layouts of the
// Cards target are checked on every build that changes one (LayoutCheckBuildPlugin), and
// `swift package layout-check Sources` checks them on demand (LayoutCheckCommandPlugin).
// `.ci/plugin-consumer.sh` builds a copy of it with a broken layout, then fixed, then again unchanged.
import PackageDescription

let package = Package(
    name: "PluginConsumer",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [
        .package(name: "LayoutKit", path: "../..")
    ],
    targets: [
        .target(
            name: "Cards",
            dependencies: [.product(name: "LayoutKit", package: "LayoutKit")],
            resources: [.process("Layouts")],
            plugins: [.plugin(name: "LayoutCheckBuildPlugin", package: "LayoutKit")]
        )
    ],
    swiftLanguageModes: [.v6]
)
