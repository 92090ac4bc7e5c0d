import LayoutKit

/// Generated inputs that stay inside the file limits but are large along one dimension each, for the
/// scaling tests and the hostile-input tests (issue 15's findings, at sizes a test can afford).
enum LargeInputs {
    static let header = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<layout xmlns=\"urn:layoutkit:layout:1\">\n"

    /// One id and one unknown destination, each `length` characters: a did-you-mean over two long names.
    static func longIDs(length: Int) -> [UInt8] {
        let id = String(repeating: "a", count: length)
        let destination = String(repeating: "b", count: length)
        return Array(
            (header + "<view id=\"\(id)\"/>\n<view><connections><outlet property=\"p\" destination=\"\(destination)\"/>"
                + "</connections></view>\n</layout>\n").utf8)
    }

    /// `count` ids and `count` destinations that name none of them, all of similar length.
    static func unknownDestinations(count: Int) -> [UInt8] {
        var text = header
        for index in 0..<count { text += "<view id=\"view\(index)\"/>\n" }
        text += "<view><connections>\n"
        for index in 0..<count { text += "<outlet property=\"p\(index)\" destination=\"wiew\(index)x\"/>\n" }
        return Array((text + "</connections></view>\n</layout>\n").utf8)
    }

    /// A class `Big` with `outlets` required outlets.
    static func bigClassCatalog(outlets: Int) -> ClassCatalog {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<classes xmlns=\"urn:layoutkit:classes:1\">\n"
        text += "<class name=\"Big\" module=\"Hostile\" base=\"view\">\n"
        for index in 0..<outlets { text += "<outlet name=\"outlet\(index)\" type=\"view\"/>\n" }
        text += "</class>\n</classes>\n"
        return ClassCatalog.load(schemas: [(path: "Big.classes.xml", bytes: Array(text.utf8))]).catalog
    }

    /// `count` elements of class `Big` with nothing connected: objects × outlets `unconnected-outlet`s.
    static func unconnectedObjects(count: Int) -> [UInt8] {
        Array((header + String(repeating: "<view class=\"Big\"/>\n", count: count) + "</layout>\n").utf8)
    }

    /// `elements` views with `attributes` unknown attributes each.
    static func attributes(_ attributes: Int, onEach elements: Int) -> [UInt8] {
        let list = (0..<attributes).map { "a\($0)=\"1\"" }.joined(separator: " ")
        return Array((header + String(repeating: "<view \(list)/>\n", count: elements) + "</layout>\n").utf8)
    }

    /// A class schema of `count` classes, each with a base that no class declares.
    static func unknownBases(count: Int) -> [UInt8] {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<classes xmlns=\"urn:layoutkit:classes:1\">\n"
        for index in 0..<count { text += "<class name=\"Class\(index)\" module=\"Hostile\" base=\"Clas\(index)x\"/>\n" }
        return Array((text + "</classes>\n").utf8)
    }
}
