/// Writes binary property lists (`bplist00`) object by object, so that a test can make objects share
/// children, which Foundation's writer never does: the shapes of issue 38, from the format alone.
enum BinaryPropertyListWriter {
    enum Object {
        /// An ASCII string.
        case string(String)
        /// References to other objects, by index.
        case array([Int])
        /// Key and value references, by index.
        case dictionary([(key: Int, value: Int)])
    }

    /// The file of `objects`, the first of which is the top one.
    static func write(_ objects: [Object]) -> [UInt8] {
        let referenceSize = objects.count < 256 ? 1 : 4
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        func count(_ marker: UInt8, _ value: Int) {
            if value < 15 {
                bytes.append(marker | UInt8(value))
            } else {
                bytes += [marker | 0x0F, 0x12] + withBigEndian(value, size: 4)
            }
        }
        func references(_ indices: [Int]) {
            for index in indices { bytes += withBigEndian(index, size: referenceSize) }
        }
        for object in objects {
            offsets.append(bytes.count)
            switch object {
            case .string(let text):
                count(0x50, text.utf8.count)
                bytes += Array(text.utf8)
            case .array(let elements):
                count(0xA0, elements.count)
                references(elements)
            case .dictionary(let entries):
                count(0xD0, entries.count)
                references(entries.map(\.key) + entries.map(\.value))
            }
        }
        let table = bytes.count
        let offsetSize = table < 65536 ? 2 : 4
        for offset in offsets { bytes += withBigEndian(offset, size: offsetSize) }
        bytes += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
        bytes += withBigEndian(objects.count, size: 8) + withBigEndian(0, size: 8) + withBigEndian(table, size: 8)
        return bytes
    }

    private static func withBigEndian(_ value: Int, size: Int) -> [UInt8] {
        (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// `{ key: [[[…leaf…, …leaf…], […]], …] }`: `levels` arrays, each holding the next one twice, so that the
    /// tree they stand for has 2^levels leaves.
    static func sharedArrays(levels: Int, key: String, leaf: String) -> [UInt8] {
        var objects: [Object] = [.dictionary([(1, 2)]), .string(key)]
        for level in 0..<levels {
            let next = 2 + level + 1
            objects.append(.array([next, next]))
        }
        objects.append(.string(leaf))
        return write(objects)
    }
}
