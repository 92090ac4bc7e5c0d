import Foundation
import Testing

@testable import layout_check

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Local Swift packages in project mode (issue 39, item 7): Fixtures/ModularApp is an Xcode app that
/// links the product FeatureKit of its package Packages/Feature, whose target Feature depends on Core.
/// Each package target is a unit of its own, its nibs checked against its classes and its dependencies'.
@Suite struct LocalPackageTests {
    static let folder = "Tests/LayoutCheckTests/Fixtures/ModularApp"
    static let feature = "\(folder)/Packages/Feature/Sources/Feature"

    @Test func aPackageTargetsNibsAreCheckedAgainstItsOwnAndItsDependenciesClasses() throws {
        let result = try runLayoutCheck(["--format", "json", Self.folder])
        #expect(result.status == 1, "\(result)")
        let report = try result.report()
        let promo = "\(Self.feature)/PromoBannerView.xib"
        let expected = InterfaceBuilderTests.Expected.parse(try Repository.text(promo))
        #expect(expected.map { "\($0.rule) \($0.line)" } == ["unknown-outlet 30"])
        // BannerView.xib (Core's cornerRadius, Feature's titleLabel) and the app's storyboard say nothing;
        // the excluded Legacy folder is not read.
        #expect(report.diagnostics.map { "\($0.rule) \($0.file):\($0.line)" } == ["unknown-outlet \(promo):30"])
        #expect(report.diagnostics.first?.message.contains("'titelLabel'") == true, "\(result)")
        #expect(report.diagnostics.first?.notes?.first?.file == "\(Self.feature)/BannerView.swift", "\(result)")
        #expect(report.files == 3, "\(result)")
        #expect(
            result.standardError.contains(
                "read the Swift package \(Self.folder)/Packages/Feature/Package.swift: Feature, Core, FeatureTests"),
            "\(result)")
        #expect(!result.standardError.contains("in no target"), "\(result)")
    }

    /// The manifests are read by the worker that goes on to read the Swift files, started when the first
    /// project is found: one sourcekitd loaded for the run, not one for the manifests and one for the code,
    /// and the same findings.
    @Test func oneWorkerReadsTheManifestsAndTheSwiftFiles() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let log = scratch.path + "/workers.log"
        let result = try runLayoutCheck(
            ["--format", "json", Self.folder], environment: [TestHooks.workerLog: log])
        #expect(result.status == 1, "\(result)")
        #expect(try result.report().diagnostics.map(\.rule) == ["unknown-outlet"], "\(result)")
        #expect(result.standardError.contains("read the Swift package"), "\(result)")
        let started = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(started.count == 1, "\(started)")
    }

    /// A worker started early that cannot load sourcekitd says why where the run needs it: the manifests
    /// are not read with it, and the Interface Builder files cannot be checked, a usage error as when the
    /// worker started later.
    @Test func aWorkerStartedEarlyThatCannotLoadSourcekitdSaysWhy() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        try scratch.write("not a library", to: "toolchain/libsourcekitdInProc.so")
        let library = scratch.path + "/toolchain/libsourcekitdInProc.so"
        let result = try runLayoutCheck(["--toolchain", library, Self.folder], timeout: .seconds(60))
        #expect(result.status == 2, "\(result)")
        #expect(result.standardOutput.isEmpty, "\(result)")
        #expect(result.standardError.contains("cannot check Interface Builder files: cannot load"), "\(result)")
    }

    /// The app target links FeatureKit, so its storyboard's BannerView is the package's class, whose
    /// outlets are judged: a misspelt one there is found.
    @Test func anAppTargetSeesTheClassesOfTheLocalProductsItLinks() throws {
        let (scratch, copy) = try Self.copyOfTheFixture()
        defer { scratch.remove() }
        let storyboard = copy.appendingPathComponent("App/Main.storyboard")
        let text = try String(contentsOf: storyboard, encoding: .utf8)
        try text.replacingOccurrences(of: "property=\"titleLabel\"", with: "property=\"titelLabel\"")
            .write(to: storyboard, atomically: false, encoding: .utf8)
        let report = try runLayoutCheck(["--format", "json", "App"], in: scratch.url).report()
        #expect(
            report.diagnostics.map { "\($0.rule) \($0.file)" }.sorted() == [
                "unknown-outlet App/App/Main.storyboard",
                "unknown-outlet App/Packages/Feature/Sources/Feature/PromoBannerView.xib",
            ])
    }

    /// A manifest built by code the checker does not read is not guessed at: the part is noted, naming
    /// the file, the targets fall back on SwiftPM's default folders, and no finding comes of it.
    @Test func aManifestBuiltByCodeIsNotedAndFallsBackOnTheDefaultLayout() throws {
        let (scratch, copy) = try Self.copyOfTheFixture()
        defer { scratch.remove() }
        let manifest = """
            // swift-tools-version:5.9
            import PackageDescription

            let libraries = ["Feature"]
            let base = "Sources"

            let package = Package(
                name: "Feature",
                products: [.library(name: "FeatureKit", targets: libraries)],
                targets: [
                    .target(name: "Feature", dependencies: ["Core"], path: base + "/Feature", exclude: ["Legacy"]),
                    .target(name: "Core"),
                ]
            )
            """
        try manifest.write(
            to: copy.appendingPathComponent("Packages/Feature/Package.swift"), atomically: false, encoding: .utf8)
        let result = try runLayoutCheck(["--format", "json", "App"], in: scratch.url)
        let report = try result.report()
        #expect(report.diagnostics.map(\.rule) == ["unknown-outlet"], "\(result)")
        for part in ["the targets of product 'FeatureKit'", "the path of target 'Feature'"] {
            #expect(
                result.standardError.contains("App/Packages/Feature/Package.swift: \(part): not written as literals"),
                "\(result)")
        }
    }

    /// A target whose `path:` leads out of its package is not read: a manifest is the repository's to
    /// say, and what it names stays inside the package.
    @Test func aTargetPathOutsideItsPackageIsNotRead() throws {
        let (scratch, copy) = try Self.copyOfTheFixture()
        defer { scratch.remove() }
        let file = copy.appendingPathComponent("Packages/Feature/Package.swift")
        let text = try String(contentsOf: file, encoding: .utf8)
        try text.replacingOccurrences(
            of: ".target(name: \"Core\")", with: ".target(name: \"Core\", path: \"../../App\")"
        )
        .write(to: file, atomically: false, encoding: .utf8)
        let result = try runLayoutCheck(["--format", "json", "App"], in: scratch.url)
        #expect(result.standardError.contains("Package.swift: Feature, FeatureTests\n"), "\(result)")
    }

    /// A manifest is hostile input: one that is a FIFO is not opened (the run does not hang on it), one
    /// over a mebibyte is not read, and each is said; the rest of the run goes on.
    @Test func aManifestThatIsNotARegularFileOrTooLargeIsSaidAndNotRead() throws {
        let (scratch, copy) = try Self.copyOfTheFixture()
        defer { scratch.remove() }
        let manifest = copy.appendingPathComponent("Packages/Feature/Package.swift")
        try FileManager.default.removeItem(at: manifest)
        #expect(mkfifo(manifest.path, 0o644) == 0)
        let large = copy.appendingPathComponent("Packages/Large/Package.swift")
        try FileManager.default.createDirectory(
            at: large.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(("// " + String(repeating: "x", count: 1 << 20) + "\n").utf8).write(to: large)
        let result = try runLayoutCheck(["App"], in: scratch.url, timeout: .seconds(60))
        #expect(result.standardError.contains("App/Packages/Feature/Package.swift: not read (not a regular file"))
        #expect(result.standardError.contains("App/Packages/Large/Package.swift: not read (larger than 1 MiB)"))
        #expect(result.standardError.contains("in no target"), "the package's nibs are then no target's: \(result)")
    }

    /// Past 256 manifests the rest are not read, and the run says so, naming the first one left out, rather
    /// than leaving its nibs in no target without a word.
    @Test func manifestsPastTheLimitAreSaidNotSilentlyLeftOut() throws {
        let (scratch, copy) = try Self.copyOfTheFixture()
        defer { scratch.remove() }
        for index in 0..<256 {
            let folder = copy.appendingPathComponent("Vendor/P\(String(index + 1_000))")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"P\")\n".utf8)
                .write(to: folder.appendingPathComponent("Package.swift"))
        }
        let result = try runLayoutCheck(["App"], in: scratch.url, timeout: .seconds(120))
        #expect(
            result.standardError.contains("only the first 256 Swift packages' manifests were read; from "), "\(result)")
    }

    /// Without an Xcode project, the packages' targets are the run's only when they hold every nib: the
    /// package alone is checked by target; with the app's nibs beside it, the whole folder in folder mode.
    @Test func withoutAProjectPackagesAreTheTargetsOnlyWhenTheyHoldEveryNib() throws {
        let (scratch, copy) = try Self.copyOfTheFixture()
        defer { scratch.remove() }
        try FileManager.default.removeItem(at: copy.appendingPathComponent("Modular.xcodeproj"))
        let besideTheApp = try runLayoutCheck(["--format", "json", "App"], in: scratch.url)
        #expect(besideTheApp.standardError.contains("they are checked in folder mode"), "\(besideTheApp)")
        #expect(try besideTheApp.report().files == 4, "the legacy nib too, as folder mode does: \(besideTheApp)")
        try FileManager.default.removeItem(at: copy.appendingPathComponent("App/Main.storyboard"))
        let alone = try runLayoutCheck(["--format", "json", "App"], in: scratch.url)
        #expect(!alone.standardError.contains("folder mode"), "\(alone)")
        #expect(
            try alone.report().diagnostics.map { "\($0.rule) \($0.file)" } == [
                "unknown-outlet App/Packages/Feature/Sources/Feature/PromoBannerView.xib"
            ], "\(alone)")
    }

    /// A fresh folder holding a copy of the fixture as `App/`.
    static func copyOfTheFixture() throws -> (TemporaryDirectory, URL) {
        let scratch = try TemporaryDirectory()
        let copy = scratch.url.appendingPathComponent("App")
        do {
            try FileManager.default.copyItem(at: Repository.root.appendingPathComponent(folder), to: copy)
        } catch {
            scratch.remove()
            throw error
        }
        return (scratch, copy)
    }
}
