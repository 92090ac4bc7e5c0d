// swift-tools-version:6.1
// A package that uses LayoutKit the way an app does, with both of its plugins: the layouts of the
// Cards target are checked against its Swift code on every build that changes either
// (LayoutCheckBuildPlugin), with no class schema; `swift package layout-check Sources` checks them on
// demand (LayoutCheckCommandPlugin). The layouts are copied as a folder, as the README recommends.
// `.ci/plugin-consumer.sh` builds a copy of it with a broken layout, a Swift-only outlet rename, an
// outlet added on both sides, and unchanged.
import PackageDescription

let package = Package(
    name: "PluginConsumer",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    dependencies: [
        .package(name: "LayoutKit", path: "../..")
    ],
    targets: [
        .target(
            name: "Cards",
            dependencies: [.product(name: "LayoutKit", package: "LayoutKit")],
            resources: [.copy("Layouts")],
            plugins: [.plugin(name: "LayoutCheckBuildPlugin", package: "LayoutKit")]
        )
    ],
    swiftLanguageModes: [.v6]
)
