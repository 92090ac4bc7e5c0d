import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What only `layout-check` needs — the sourcekitd binding, the readers of Swift code, Interface Builder
/// files and Xcode projects, the configuration and the baseline — is the `LayoutChecking` target, which is
/// not a product: an app that links the `LayoutKit` library links none of it.
@Suite struct TargetSeparationTests {
    /// Names that only the checker's code produces in an object file: a function sourcekitd's binding looks
    /// up by name, and the mangled names of four of its types (a length, then the name).
    static let checkerMarkers = [
        "sourcekitd_initialize", "18CheckConfiguration", "17SwiftDeclarations", "12XcodeProject",
        "24InterfaceBuilderDocument",
    ]

    @Test func noSourceOfLayoutKitImportsTheCheckersModules() throws {
        let folder = Repository.root.appendingPathComponent("Sources/LayoutKit")
        let enumerator = try #require(FileManager.default.enumerator(atPath: folder.path))
        var sources = 0
        for case let path as String in enumerator where path.hasSuffix(".swift") {
            sources += 1
            let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let index = words.firstIndex(of: "import"), index <= 2, index + 1 < words.count else { continue }
                #expect(
                    !["CSourceKit", "LayoutChecking"].contains(words[index + 1]),
                    "Sources/LayoutKit/\(path): \(line)")
            }
        }
        #expect(sources > 30)
    }

    @Test func theCheckersTargetIsNoProductAndLayoutKitDoesNotDependOnIt() throws {
        let manifest = try String(
            contentsOf: Repository.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let products = try #require(manifest.range(of: "products: ["))
        // The package's target list, not a product's `targets: [...]`.
        let targets = try #require(
            manifest.range(of: "\n    targets: [\n", range: products.upperBound..<manifest.endIndex))
        let productList = manifest[products.upperBound..<targets.lowerBound]
        #expect(productList.contains(#".library(name: "LayoutKit", targets: ["LayoutKit"])"#))
        #expect(!productList.contains("LayoutChecking"))
        let layoutKit = try #require(
            manifest.range(of: #"name: "LayoutKit","#, range: targets.upperBound..<manifest.endIndex))
        let dependencies = try #require(
            manifest.range(of: "dependencies: [", range: layoutKit.upperBound..<manifest.endIndex))
        let end = try #require(manifest.range(of: "]", range: dependencies.upperBound..<manifest.endIndex))
        #expect(manifest[dependencies.upperBound..<end.lowerBound] == #""CLibXML2""#)
    }

    /// The object files SwiftPM compiled the `LayoutKit` module into hold none of the checker's code, and
    /// `LayoutChecking`'s hold every marker (so a marker that stopped naming the checker's code fails here
    /// rather than passing for nothing).
    @Test func theLayoutKitObjectFilesHoldNoneOfTheCheckersCode() throws {
        let layoutKit = try Self.objectFiles(of: "LayoutKit")
        let checking = try Self.objectFiles(of: "LayoutChecking")
        #expect(layoutKit.count > 30)
        var found: Set<String> = []
        for file in checking {
            let bytes = try Data(contentsOf: file)
            for marker in Self.checkerMarkers where Self.contains(bytes, marker) { found.insert(marker) }
        }
        #expect(found == Set(Self.checkerMarkers), "LayoutChecking's objects no longer show every marker")
        for file in layoutKit {
            let bytes = try Data(contentsOf: file)
            for marker in Self.checkerMarkers {
                #expect(!Self.contains(bytes, marker), "\(file.lastPathComponent) holds \(marker)")
            }
        }
    }

    /// The object file of each of the target's sources as they are now, from the output file map SwiftPM
    /// writes beside them (`.build/<triple>/<configuration>/<target>.build`, found from the test runner):
    /// the folder also keeps the objects of files since moved away, which the module no longer links.
    static func objectFiles(of target: String) throws -> [URL] {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let map = directory.appendingPathComponent("\(target).build/output-file-map.json")
            if let data = try? Data(contentsOf: map) {
                let entries = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
                let objects = entries.values.compactMap { ($0 as? [String: Any])?["object"] as? String }
                return objects.sorted().map { URL(fileURLWithPath: $0) }
            }
            directory.deleteLastPathComponent()
        }
        throw Missing(what: "\(target).build/output-file-map.json near \(CommandLine.arguments[0])")
    }

    static func contains(_ bytes: Data, _ marker: String) -> Bool {
        let needle = Array(marker.utf8)
        return bytes.withUnsafeBytes { haystack in
            needle.withUnsafeBytes { needle in
                guard let base = haystack.baseAddress, let pattern = needle.baseAddress else { return false }
                // Each occurrence of the first byte, then the rest compared (memmem is not in Glibc's module).
                var offset = 0
                while haystack.count - offset >= needle.count {
                    guard let hit = memchr(base + offset, Int32(needle[0]), haystack.count - offset - needle.count + 1)
                    else { return false }
                    if memcmp(hit, pattern, needle.count) == 0 { return true }
                    offset = base.distance(to: UnsafeRawPointer(hit)) + 1
                }
                return false
            }
        }
    }

    struct Missing: Error, CustomStringConvertible {
        var what: String
        var description: String { "cannot find \(what)" }
    }
}
