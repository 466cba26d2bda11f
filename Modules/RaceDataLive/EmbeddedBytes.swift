import Platform

/// What the program carries in itself (the snapshot, made by `Scripts/make-snapshot` into `SnapshotData`).
enum EmbeddedBytes {
    /// The literal's bytes, not copied: they are in the program's read-only data for as long as it runs.
    static func of(_ literal: StaticString) -> Data {
        Data(
            bytesNoCopy: UnsafeMutableRawPointer(mutating: literal.utf8Start), count: literal.utf8CodeUnitCount,
            deallocator: .none)
    }

    /// A literal holding a JSON object of strings (`{"id":"text",...}`), read with the feed's own reader: every
    /// start reads some, and Foundation's decoder took longer than the feed. nil when it is not one.
    static func strings(of literal: StaticString) -> [String: String]? {
        strings(in: of(literal))
    }

    /// `bytes` holding a JSON object of strings; nil when they are not one.
    static func strings(in bytes: Data) -> [String: String]? {
        var words: [String: String] = [:]
        let read = bytes.withUnsafeBytes { bytes -> Bool in
            var reader = JSONByteReader(bytes)
            do throws(JSONSyntaxError) {
                try reader.readObject { reader, name throws(JSONSyntaxError) in
                    guard case .string(let text, _) = try reader.readScalar() else { return }
                    words[name.string] = text
                }
                return true
            } catch {
                return false
            }
        }
        return read ? words : nil
    }
}
