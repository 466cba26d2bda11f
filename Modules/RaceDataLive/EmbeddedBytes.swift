import Platform

/// What the program carries in itself (the snapshot, made by `Scripts/make-snapshot` into `SnapshotData`).
enum EmbeddedBytes {
    /// The literal's bytes, not copied: they are in the program's read-only data for as long as it runs.
    static func of(_ literal: StaticString) -> Data {
        Data(
            bytesNoCopy: UnsafeMutableRawPointer(mutating: literal.utf8Start), count: literal.utf8CodeUnitCount,
            deallocator: .none)
    }
}
