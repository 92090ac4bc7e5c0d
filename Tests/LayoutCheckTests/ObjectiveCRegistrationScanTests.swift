import Foundation
import LayoutKit
import Testing

@testable import LayoutChecking

/// `ObjectiveCRegistrations.scan` tries its pattern only where `register` is in ASCII text, and over the
/// whole text otherwise: both ways find the same registrations, at the same places.
@Suite struct ObjectiveCRegistrationScanTests {
    static let text = """
        // registerNib: in a comment, read as code, begins the next line's registration
        [self.tableView registerNib:nib forCellReuseIdentifier:@"Cell"];
        [self.tableView registerClass:[Row class]
                forCellReuseIdentifier:@"Row;{x}"];
        registerregisterNib:n forCellWithReuseIdentifier:@"Tile"]; registerClass:c forCellWithReuseIdentifier:name];
        [view registerNib:n forSupplementaryViewOfKind:k withReuseIdentifier:@"Header"];
        [view registerClass:c; forCellReuseIdentifier:@"NotOne"];
        - (void)registerNib:(UINib *)nib forHeaderFooterViewReuseIdentifier:(NSString *)identifier {}
        """

    static func summary(_ text: String) -> [String] {
        ObjectiveCRegistrations.scan(Array(text.utf8), file: "A.m").map {
            "\($0.registry) \($0.name ?? "-") \($0.location.line):\($0.location.column)"
        }
    }

    @Test func findsEachRegistrationOnceWhereItBegins() {
        #expect(
            Self.summary(Self.text) == [
                "tableCell Cell 1:4", "tableCell Row;{x} 3:17", "collectionCell Tile 5:9", "collectionCell - 5:60",
                "collectionSupplementary Header 6:7", "tableHeaderFooter - 8:9",
            ])
        #expect(Self.summary("").isEmpty)
        #expect(Self.summary("register").isEmpty)
        #expect(Self.summary("no registration here").isEmpty)
        #expect(Self.summary("[app registerForRemoteNotifications]; registerNibs: x forCellReuseIdentifier:y").isEmpty)
    }

    /// Text with a byte that is not ASCII is searched whole, as it always was, and finds the same.
    @Test func textThatIsNotASCIIFindsTheSame() {
        let ascii = Self.summary(Self.text)
        let accented = Self.summary(Self.text + "\n// café")
        #expect(accented == ascii)
        #expect(Self.summary("// é\n" + Self.text).first == "tableCell Cell 2:4")
    }

    @Test func offsetsAreEveryPlaceTheWordBegins() {
        let word = Array("abab".utf8)
        #expect(ObjectiveCRegistrations.offsets(of: word, in: Array("abababxabab".utf8)) == [0, 2, 7])
        #expect(ObjectiveCRegistrations.offsets(of: word, in: Array("aba".utf8)).isEmpty)
        #expect(ObjectiveCRegistrations.offsets(of: word, in: []).isEmpty)
    }
}
