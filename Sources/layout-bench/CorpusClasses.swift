/// The view-model classes of a generated corpus, as its class schema files declare them: cells, headers
/// and cards with outlets (some inherited from another generated class, some optional), two owners and
/// two plain external classes. The same seed gives the same classes.
struct CorpusClasses {
    /// The module every generated class is declared in.
    static let module = "Corpus"

    /// One declared class.
    struct Class {
        var name: String
        /// A built-in element name or another generated class.
        var base: String?
        /// The schema file it is declared in, without `.classes.xml`.
        var file: String
        var outlets: [Outlet]
    }

    /// One declared outlet: its name, a built-in element name or class name as its type, and whether a
    /// layout may leave it unconnected.
    struct Outlet {
        var name: String
        var type: String
        var isOptional: Bool
    }

    /// What `--generate` declares, in declaration order.
    private(set) var classes: [Class] = []
    /// The classes a layout's top-level object can be, each with every outlet it has (inherited first)
    /// and the element that creates it.
    private(set) var viewClasses: [(name: String, element: String, outlets: [Outlet])] = []

    static let dateFormatter = "DateFormatter"
    static let imageLoader = "ImageLoader"
    static let feedController = "FeedController"
    static let profileController = "ProfileController"

    init(seed: UInt64) {
        var random = SeededGenerator(seed: seed ^ 0xC1A5_5E5)
        classes.append(Class(name: Self.dateFormatter, base: nil, file: "Services", outlets: []))
        classes.append(Class(name: Self.imageLoader, base: nil, file: "Services", outlets: []))
        classes.append(
            Class(
                name: Self.feedController, base: nil, file: "Controllers",
                outlets: [Outlet(name: "prototypeCell", type: "view", isOptional: false)]))
        classes.append(
            Class(
                name: Self.profileController, base: nil, file: "Controllers",
                outlets: [
                    Outlet(name: "headerView", type: "view", isOptional: false),
                    Outlet(name: "footerView", type: "view", isOptional: true),
                ]))
        let families: [(prefix: String, element: String, count: Int, file: String)] = [
            ("FeedCell", "tableViewCell", 24, "Cells"),
            ("SettingsCell", "tableViewCell", 8, "Cells"),
            ("HeaderView", "view", 10, "Headers"),
            ("CardStack", "stackView", 6, "Cards"),
        ]
        for family in families {
            var familyClasses: [(name: String, outlets: [Outlet])] = []
            for number in 1...family.count {
                let name = "\(family.prefix)\(number)"
                // Every fourth class extends an earlier one of its family and inherits its outlets.
                let parent = number % 4 == 0 && !familyClasses.isEmpty ? random.pick(familyClasses) : nil
                var taken = Set(parent?.outlets.map(\.name) ?? [])
                var own: [Outlet] = []
                for _ in 0..<random.int(in: parent == nil ? 3...9 : 1...3) {
                    own.append(Self.viewOutlet(&random, avoiding: &taken))
                }
                if family.element == "tableViewCell", random.chance(30), !taken.contains("dateFormatter") {
                    own.append(Outlet(name: "dateFormatter", type: Self.dateFormatter, isOptional: false))
                    taken.insert("dateFormatter")
                }
                if family.element == "tableViewCell", random.chance(20), !taken.contains("delegate") {
                    own.append(Outlet(name: "delegate", type: Self.feedController, isOptional: true))
                }
                classes.append(
                    Class(name: name, base: parent?.name ?? family.element, file: family.file, outlets: own))
                let all = (parent?.outlets ?? []) + own
                familyClasses.append((name, all))
                viewClasses.append((name, family.element, all))
            }
        }
    }

    private static let words: [(type: String, suffix: String, stems: [String])] = [
        (
            "label", "Label",
            [
                "title", "subtitle", "detail", "caption", "author", "price", "status", "summary", "byline",
                "timestamp", "location", "rating", "count", "name", "handle", "footnote",
            ]
        ),
        ("imageView", "ImageView", ["thumbnail", "avatar", "hero", "icon", "cover", "banner"]),
        ("button", "Button", ["share", "like", "follow", "more", "reply", "buy", "play"]),
        ("stackView", "Stack", ["details", "actions", "stats", "meta"]),
        ("view", "View", ["separator", "badge", "overlay", "accessory"]),
    ]

    /// An outlet to a view: labels most often, like real cells.
    private static func viewOutlet(_ random: inout SeededGenerator, avoiding taken: inout Set<String>) -> Outlet {
        let roll = random.int(in: 0...99)
        let group = words[roll < 50 ? 0 : roll < 70 ? 1 : roll < 85 ? 2 : roll < 93 ? 3 : 4]
        var name = random.pick(group.stems) + group.suffix
        var number = 2
        while taken.contains(name) {
            name = random.pick(group.stems) + group.suffix + (random.chance(50) ? "\(number)" : "")
            number += 1
        }
        taken.insert(name)
        return Outlet(name: name, type: group.type, isOptional: random.chance(12))
    }

    /// The class schema files, by file name, as `layout-check --schemas` reads them.
    func schemaDocuments() -> [(name: String, text: String)] {
        var files: [String] = []
        for entry in classes where !files.contains(entry.file) { files.append(entry.file) }
        return files.map { file in
            var text = """
                <?xml version="1.0" encoding="UTF-8"?>
                <!-- Written by the layout-bench corpus generator: the classes its layouts name. -->
                <classes xmlns="urn:layoutkit:classes:1">

                """
            for entry in classes where entry.file == file {
                let base = entry.base.map { " base=\"\($0)\"" } ?? ""
                if entry.outlets.isEmpty {
                    text += "    <class name=\"\(entry.name)\" module=\"\(Self.module)\"\(base)/>\n"
                    continue
                }
                text += "    <class name=\"\(entry.name)\" module=\"\(Self.module)\"\(base)>\n"
                for outlet in entry.outlets {
                    let optional = outlet.isOptional ? " optional=\"true\"" : ""
                    text += "        <outlet name=\"\(outlet.name)\" type=\"\(outlet.type)\"\(optional)/>\n"
                }
                text += "    </class>\n"
            }
            text += "</classes>\n"
            return ("\(file).classes.xml", text)
        }
    }
}
