// libFuzzer entry point over what the checker does with sourcekitd's replies: the worker's filter
// (`SwiftStructureFilter`, over the reply as parsed JSON) and the parent's reading of the filtered reply,
// and the parent's reading of a reply no filter wrote (a worker gone wrong).
//
// Built by `Fuzz/run.sh --reply` with LayoutKit's and LayoutChecking's sources in one module; not part of the
// Swift package.
import Foundation

/// The Swift text the replies are about: their offsets point into it, or past it.
private let text = Array(
    """
    import UIKit

    final class FuzzCell: UITableViewCell {
        @IBOutlet weak var titleLabel: UILabel!
        override class var outlets: [Outlet] { super.outlets + [Outlet("titleLabel", \\FuzzCell.titleLabel)] }
        @IBAction func tapped(_ sender: UIButton) {}
    }

    """.utf8)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let bytes = start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    let reply = String(decoding: bytes, as: UTF8.self)

    // The parent, given the bytes as a worker's reply.
    check(SwiftDeclarations.read(text, file: "Fuzz.swift") { _ in .json(reply) })

    // The worker's filter over the bytes as sourcekitd's structure, then the parent.
    if let object = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) {
        let filtered: SourceKit.Reply
        do throws(SwiftStructureFilter.Refusal) {
            filtered = .json(
                String(
                    decoding: try SwiftStructureFilter(calls: ["dequeueReusableCell"]).filter(
                        JSONStructureValue(object: object)), as: UTF8.self))
        } catch {
            filtered = .failure(error.reason)
        }
        check(SwiftDeclarations.read(text, file: "Fuzz.swift") { _ in filtered })
    }
    return 0
}

/// Whatever the reply, the file's diagnostics have a place in it and one line each.
private func check(_ declarations: SwiftDeclarations) {
    for diagnostic in declarations.diagnostics {
        precondition(diagnostic.sourceLocation.map { $0.line >= 1 && $0.column >= 1 } == true, "\(diagnostic)")
        precondition(!diagnostic.message.contains("\n"), "\(diagnostic)")
    }
}
