import SystemCalls

/// What tells one version of a file from another without reading it: device, inode, size, modification and
/// change times to the nanosecond. Every write of ours goes through a new file renamed into place (a new
/// inode), and any other writer moves the times, so an unchanged identity means unchanged contents.
public struct FileIdentity: Sendable, Equatable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modifiedSeconds: Int
    let modifiedNanoseconds: Int
    let changedSeconds: Int
    let changedNanoseconds: Int

    /// Nil when there is no file (or it cannot be asked).
    public init?(path: String) {
        guard let status = FileSystem.status(path) else { return nil }
        device = status.device
        inode = status.inode
        size = status.size
        (modifiedSeconds, modifiedNanoseconds) = (status.modified.seconds, status.modified.nanoseconds)
        (changedSeconds, changedNanoseconds) = (status.changed.seconds, status.changed.nanoseconds)
    }

    /// Whether the file changed so near `now` (Unix seconds) that a later change could carry the same times on a
    /// file system that keeps them coarsely: such an identity proves nothing (git's "racily clean" rule).
    public func isRacy(now: Int, margin: Int = 2) -> Bool {
        max(modifiedSeconds, changedSeconds) >= now - margin
    }
}
