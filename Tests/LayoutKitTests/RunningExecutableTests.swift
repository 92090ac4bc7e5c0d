import Foundation
import LayoutChecking
import Testing

/// How `layout-check` finds its own file to start its sourcekitd worker where there is no `/proc/self/exe`
/// (macOS): `argv[0]` as the shell found it, tried here against real files.
@Suite struct RunningExecutableTests {
    /// A scratch folder holding `bin/layout-check` (executable), `bin/notes.txt` (not executable) and an
    /// empty `other/`.
    final class Folder {
        let root: String

        init() throws {
            let made = FileManager.default.temporaryDirectory.appendingPathComponent("argv0-\(UUID().uuidString)")
            root = made.path
            for folder in ["bin", "other"] {
                try FileManager.default.createDirectory(
                    at: made.appendingPathComponent(folder), withIntermediateDirectories: true)
            }
            for (name, permissions) in [("layout-check", 0o755), ("notes.txt", 0o644)] {
                let path = root + "/bin/" + name
                #expect(FileManager.default.createFile(atPath: path, contents: Data()))
                try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: path)
            }
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        func find(_ argument0: String, in currentDirectory: String, path: String?) -> String? {
            RunningExecutable.argumentPath(
                argument0, currentDirectory: currentDirectory, searchPath: path,
                isExecutable: { access($0, X_OK) == 0 && SourceKit.isRegularFile($0) })
        }
    }

    @Test func anAbsoluteArgumentIsTheFileItself() throws {
        let folder = try Folder()
        let executable = folder.root + "/bin/layout-check"
        #expect(folder.find(executable, in: folder.root + "/other", path: nil) == executable)
        #expect(folder.find(folder.root + "/bin/notes.txt", in: folder.root, path: nil) == nil)
        #expect(folder.find(folder.root + "/bin/missing", in: folder.root, path: nil) == nil)
    }

    @Test func aRelativeArgumentIsFoundFromTheCurrentDirectoryNotFromPath() throws {
        let folder = try Folder()
        let found = folder.find("bin/layout-check", in: folder.root, path: folder.root + "/other")
        #expect(found == folder.root + "/bin/layout-check")
        #expect(
            folder.find("./layout-check", in: folder.root + "/bin", path: nil) == folder.root + "/bin/./layout-check")
        #expect(folder.find("bin/layout-check", in: folder.root + "/other", path: folder.root) == nil)
    }

    @Test func aBareNameIsTheFirstExecutableOfThatNameOnPath() throws {
        let folder = try Folder()
        let path = "/no/such/folder:\(folder.root)/other:\(folder.root)/bin"
        #expect(folder.find("layout-check", in: "/", path: path) == folder.root + "/bin/layout-check")
        // Not executable, or not on PATH: not found, even in the current directory.
        #expect(folder.find("notes.txt", in: "/", path: path) == nil)
        #expect(folder.find("layout-check", in: folder.root + "/bin", path: folder.root + "/other") == nil)
        // An empty entry of PATH is the current directory.
        #expect(
            folder.find("layout-check", in: folder.root + "/bin", path: "/nowhere::") == folder.root
                + "/bin/layout-check")
    }

    @Test func onLinuxTheRunningExecutableIsTheTestRunner() throws {
        let found = try #require(RunningExecutable.path())
        #expect(SourceKit.resolvedPath(found) == SourceKit.resolvedPath("/proc/self/exe"))
    }
}
