import Foundation
import LayoutKit
import Testing

/// A view controller as apps write one: isolated to the main actor, its outlets plain stored properties,
/// no `nonisolated(unsafe)`. This file compiles in Swift 6 mode with warnings as errors (CI), which is
/// the first half of what it tests.
@MainActor final class HeadlineViewController: MainActorOutletDeclaring {
    var headerView: Label?
    var footerView: Label?
    var badge: View?
    var share: ShareCoordinator?
    static var outlets: [Outlet] {
        [
            .mainActor("headerView", \HeadlineViewController.headerView),
            .mainActor("footerView", \HeadlineViewController.footerView),
            .mainActor("badge", \HeadlineViewController.badge, optional: true),
            .mainActor("share", \HeadlineViewController.share),
        ]
    }
}

/// An external object isolated to the main actor: a destination, which layouts never set members of.
@MainActor final class ShareCoordinator {}

@Suite struct MainActorOwnerTests {
    static let layout = """
        <?xml version="1.0" encoding="UTF-8"?>
        <layout xmlns="urn:layoutkit:layout:1">
            <owner class="HeadlineViewController">
                <connections>
                    <outlet property="headerView" destination="header"/>
                    <outlet property="footerView" destination="footer"/>
                    <outlet property="share" destination="share"/>
                </connections>
            </owner>
            <external id="share" name="share" class="ShareCoordinator"/>
            <view>
                <label id="header" text="Headline"/>
                <label id="footer"/>
            </view>
        </layout>
        """

    @MainActor static func loader() throws -> LayoutLoader {
        var registry = LayoutRegistry.standard
        try registry.register(HeadlineViewController.self)
        try registry.register(ShareCoordinator.self)
        return try LayoutLoader(data: Data(layout.utf8), file: "headline.layout.xml", registry: registry)
    }

    @Test @MainActor func registeringAMainActorClassReadsItsOutlets() throws {
        var registry = LayoutRegistry.standard
        try registry.register(HeadlineViewController.self)
        let registered = try #require(registry.registeredClass(for: HeadlineViewController.self))
        #expect(registered.outlets.map(\.name) == ["headerView", "footerView", "badge", "share"])
        #expect(registered.outlets.filter(\.isMainActorIsolated).count == 4)
    }

    @Test @MainActor func aMainActorOwnerAndExternalAreConnectedOnTheMainActor() throws {
        let owner = HeadlineViewController()
        let share = ShareCoordinator()
        let objects = try Self.loader().instantiate(owner: owner, externalObjects: ["share": share])
        let root = try #require(objects.first as? View)
        #expect(owner.headerView?.text == "Headline")
        #expect(owner.headerView?.superview === root)
        #expect(owner.footerView != nil)
        #expect(owner.share === share)
        let outlet = try #require(HeadlineViewController.outlets.first)
        #expect(outlet.value(onMainActor: owner) === owner.headerView)
    }

    /// An owner passed as `AnyObject` reaches the nonisolated `instantiate`: it refuses, at each
    /// connection, instead of trapping or leaving the outlets nil.
    @Test @MainActor func theNonisolatedInstantiateRefusesMainActorOutlets() throws {
        let owner = HeadlineViewController()
        let erased: AnyObject = owner
        let loader = try Self.loader()
        let error = #expect(throws: LayoutError.self) {
            try loader.instantiate(owner: erased, externalObjects: ["share": ShareCoordinator()])
        }
        #expect(error?.rules == [.mainActorOutlet, .mainActorOutlet, .mainActorOutlet])
        #expect(error?.diagnostics.first?.sourceLocation?.line == 5)
        #expect(error?.description.contains("instantiateOnMainActor") == true)
        #expect(owner.headerView == nil)
        // The same owner, on the main actor, by the name that takes any object.
        _ = try loader.instantiateOnMainActor(owner: erased, externalObjects: ["share": ShareCoordinator()])
        #expect(owner.headerView != nil)
    }

    /// The 1.0 declaration of an outlet means what it meant in 1.0 in both language modes, also when it is
    /// written on the main actor: `Outlet.init` has one overload, and the main-actor form its own name. (A
    /// `@MainActor` overload of the initialiser won overload resolution in Swift 5 mode and broke every
    /// 1.0 cell there; Scripts/check-source-compat.sh builds the whole 1.0 corpus in both modes.)
    @Test(arguments: ["5", "6"]) func theReleasedOutletDeclarationTypeChecksInEveryMode(swiftVersion: String) throws {
        let snippet = """
            import LayoutKit
            public final class PhotoCell: TableViewCell {
                public var photoTitleLabel: Label?
                override public class var outlets: [Outlet] {
                    super.outlets + [Outlet("photoTitleLabel", \\PhotoCell.photoTitleLabel)]
                }
            }
            @MainActor func outletsOnTheMainActor() -> [Outlet] {
                [Outlet("photoTitleLabel", \\PhotoCell.photoTitleLabel, optional: true)]
            }
            """
        let result = try TypeCheck.run(snippet, swiftVersion: swiftVersion)
        #expect(result.status == 0, "\(result.output)")
    }

    /// An outlet declared with `Outlet.init` on the main actor is still a nonisolated outlet, connected by
    /// the nonisolated `instantiate` — what it was in 1.0.
    @Test @MainActor func anOutletOfANonisolatedClassDeclaredOnTheMainActorStaysNonisolated() {
        let outlet = Outlet("titleLabel", \ArticleScreen.titleLabel)
        #expect(!outlet.isMainActorIsolated)
        #expect(Outlet.mainActor("headerView", \HeadlineViewController.headerView).isMainActorIsolated)
    }

    /// The other half: calling the main-actor overload from a nonisolated context does not compile.
    /// The snippet is type-checked against the built LayoutKit module by the toolchain's own compiler.
    @Test func connectingOffTheMainActorDoesNotCompile() throws {
        let snippet = """
            import LayoutKit
            @MainActor final class Screen: MainActorOutletDeclaring {
                var title: Label?
                static var outlets: [Outlet] { [.mainActor("title", \\Screen.title)] }
            }
            func load(_ loader: LayoutLoader, _ screen: Screen) throws -> [AnyObject] {
                try loader.instantiate(owner: screen)
            }
            """
        let result = try TypeCheck.run(snippet)
        #expect(result.status != 0)
        #expect(
            result.output.contains("call to main actor-isolated instance method 'instantiate(owner:externalObjects:)'"),
            "\(result.output)")
        // The same snippet inside a main-actor function type-checks: the failure above is the isolation.
        let onMain = try TypeCheck.run(snippet.replacingOccurrences(of: "func load", with: "@MainActor func load"))
        #expect(onMain.status == 0, "\(onMain.output)")
    }
}

/// `swiftc -typecheck` of a snippet against the LayoutKit module this test bundle was built with.
enum TypeCheck {
    struct Result {
        var status: Int32
        var output: String
    }

    /// Type-checks `source` against the built LayoutKit in language mode `swiftVersion` ("5" or "6").
    static func run(_ source: String, swiftVersion: String = "6") throws -> Result {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "layoutkit-typecheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("Snippet.swift")
        try Data(source.utf8).write(to: file)
        let process = Process()
        process.executableURL = try swiftc()
        process.arguments = [
            "-typecheck", "-swift-version", swiftVersion, "-I", try modules().path,
            // LayoutKit imports CLibXML2 internally: the compiler loads its module map and headers. Not
            // CSourceKit, which only the checker's LayoutChecking imports.
            "-I", Repository.root.appendingPathComponent("Sources/CLibXML2").path, "-Xcc", "-I/usr/include/libxml2",
            "-module-cache-path", directory.appendingPathComponent("cache").path, file.path,
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: output, as: UTF8.self))
    }

    /// The compiler beside the one that built the tests: the `swiftc` on `PATH`.
    static func swiftc() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("swiftc")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw Missing(what: "swiftc on PATH")
    }

    /// `.build/<triple>/debug/Modules`, where `LayoutKit.swiftmodule` is: found from the test runner.
    static func modules() throws -> URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            for candidate in [directory.appendingPathComponent("Modules"), directory] {
                if FileManager.default.fileExists(
                    atPath: candidate.appendingPathComponent("LayoutKit.swiftmodule").path)
                {
                    return candidate
                }
            }
            directory.deleteLastPathComponent()
        }
        throw Missing(what: "LayoutKit.swiftmodule near \(CommandLine.arguments[0])")
    }

    struct Missing: Error, CustomStringConvertible {
        var what: String
        var description: String { "cannot find \(what)" }
    }
}

/// A view controller that receives actions: a switch and a button call its methods on the main actor.
@MainActor final class SettingsViewController: MainActorOutletDeclaring {
    var notificationsSwitch: Switch?
    private(set) var changes: [Bool] = []
    private(set) var resets = 0

    func notificationsChanged(_ sender: Switch) { changes.append(sender.isOn) }
    func resetTapped(_ sender: Button) { resets += 1 }

    static var outlets: [Outlet] { [.mainActor("notificationsSwitch", \SettingsViewController.notificationsSwitch)] }
    static var actions: [Action] {
        [
            .mainActor("notificationsChanged", SettingsViewController.notificationsChanged),
            .mainActor("resetTapped", SettingsViewController.resetTapped),
        ]
    }
}

/// A main-actor class that declares its actions as an `ActionDeclaring` class, `nonisolated`: they are
/// registered with its outlets, not dropped.
@MainActor final class LegacySettingsViewController: MainActorOutletDeclaring, ActionDeclaring {
    var notificationsSwitch: Switch?
    static var outlets: [Outlet] {
        [.mainActor("notificationsSwitch", \LegacySettingsViewController.notificationsSwitch)]
    }
    nonisolated static var actions: [Action] { [.mainActor("resetTapped", LegacySettingsViewController.resetTapped)] }
    func resetTapped(_ sender: Button) {}
}

@Suite struct MainActorActionTests {
    static let layout = """
        <?xml version="1.0" encoding="UTF-8"?>
        <layout xmlns="urn:layoutkit:layout:1">
            <owner class="SettingsViewController" id="owner">
                <connections>
                    <outlet property="notificationsSwitch" destination="notifications"/>
                </connections>
            </owner>
            <stackView axis="vertical">
                <switch id="notifications" isOn="true">
                    <connections>
                        <action name="notificationsChanged" destination="owner"/>
                    </connections>
                </switch>
                <button title="Reset">
                    <connections>
                        <action name="resetTapped" destination="owner"/>
                    </connections>
                </button>
            </stackView>
        </layout>
        """

    @MainActor static func loader() throws -> LayoutLoader {
        var registry = LayoutRegistry.standard
        try registry.register(SettingsViewController.self)
        return try LayoutLoader(data: Data(layout.utf8), file: "settings.layout.xml", registry: registry)
    }

    @Test @MainActor func registeringReadsTheActionsOfAMainActorClass() throws {
        var registry = LayoutRegistry.standard
        try registry.register(SettingsViewController.self)
        try registry.register(LegacySettingsViewController.self)
        let settings = try #require(registry.registeredClass(for: SettingsViewController.self))
        #expect(settings.actions.map(\.name) == ["notificationsChanged", "resetTapped"])
        #expect(settings.actions.filter(\.isMainActorIsolated).count == 2)
        let legacy = try #require(registry.registeredClass(for: LegacySettingsViewController.self))
        #expect(legacy.actions.map(\.name) == ["resetTapped"])
    }

    @Test @MainActor func aMainActorOwnerReceivesItsActionsOnTheMainActor() throws {
        let owner = SettingsViewController()
        let objects = try Self.loader().instantiate(owner: owner)
        let stack = try #require(objects.first as? View)
        let toggle = try #require(owner.notificationsSwitch)
        toggle.isOn = false
        toggle.sendActions(for: .valueChanged)
        let reset = try #require(stack.subviews.last as? Button)
        reset.sendActions(for: .primaryActionTriggered)
        reset.sendActions(for: .primaryActionTriggered)
        #expect(owner.changes == [false])
        #expect(owner.resets == 2)
    }

    /// Off the main actor, a layout with main-actor actions is refused at each of them, not connected to
    /// run main-actor code on another thread.
    @Test @MainActor func theNonisolatedInstantiateRefusesMainActorActions() throws {
        let loader = try Self.loader()
        let erased: AnyObject = SettingsViewController()
        let error = #expect(throws: LayoutError.self) { try loader.instantiate(owner: erased) }
        #expect(error?.rules == [.mainActorOutlet, .mainActorOutlet, .mainActorOutlet])
        #expect(error?.description.contains("is connected and called on the main actor only") == true)
    }
}
