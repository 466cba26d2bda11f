import Core
import SystemCalls

/// Reads a whole file that must be an ordinary one of bounded size. Everything on disk is input: a path can
/// name a FIFO (opening it would wait for a writer forever), a device that never ends, or a file of gigabytes.
/// Symbolic links are followed.
public enum RegularFile {
    public enum Failure: Error, Equatable, Sendable {
        case missing
        case notRegular
        case tooLarge(limit: Int)
        case unreadable(reason: String)
    }

    public static func read(_ path: String, maximumBytes: Int) throws(Failure) -> Data {
        try bytes(path, maximumBytes: maximumBytes).data
    }

    public static func bytes(_ path: String, maximumBytes: Int) throws(Failure) -> FileBytes {
        let bytes = try stream(path, maximumBytes: maximumBytes)
        bytes.readToEnd()
        if let failure = bytes.readFailure { throw failure }
        return bytes
    }

    /// The file opened and checked, its bytes read as they are asked for (`FileBytes.more(upTo:)`): one that
    /// grows past `maximumBytes` while it is read stops there with `tooLarge` as its `readFailure`.
    public static func stream(_ path: String, maximumBytes: Int) throws(Failure) -> FileBytes {
        let (descriptor, size) = try openRegular(path)
        guard size <= maximumBytes else {
            FileDescriptorIO.close(descriptor)
            throw .tooLarge(limit: maximumBytes)
        }
        return try reading(descriptor, maximumBytes: maximumBytes)
    }

    /// The file's last `maximumBytes` at most, for a file that only grows at its end (a history): older lines
    /// past the bound are not wanted, and a huge file costs no more than the bound.
    public static func tail(_ path: String, maximumBytes: Int) throws(Failure) -> Data {
        let (descriptor, size) = try openRegular(path)
        if size > maximumBytes, let error = FileSystem.seek(descriptor, to: Int64(size - maximumBytes)) {
            FileDescriptorIO.close(descriptor)
            throw .unreadable(reason: error.text)
        }
        let bytes = try reading(descriptor, maximumBytes: maximumBytes)
        bytes.readToEnd()
        // Grown while read: the bound still holds.
        if let failure = bytes.readFailure, case .unreadable = failure { throw failure }
        return bytes.data.prefix(maximumBytes)
    }

    /// Open for reading, and a regular file: its descriptor and size.
    private static func openRegular(_ path: String) throws(Failure) -> (descriptor: Int32, size: Int) {
        // Opened without waiting: a FIFO opens at once instead of waiting for a writer.
        let descriptor: Int32
        switch FileSystem.open(path, for: .reading) {
        case .success(let opened): descriptor = opened
        case .failure(let error) where error.isMissing: throw .missing
        case .failure(let error) where error.isPermissionDenied: throw .unreadable(reason: "permission denied")
        case .failure(let error): throw .unreadable(reason: error.text)
        }
        switch FileSystem.status(of: descriptor) {
        case .failure(let error):
            FileDescriptorIO.close(descriptor)
            throw .unreadable(reason: error.text)
        case .success(let status) where !status.isRegular:
            FileDescriptorIO.close(descriptor)
            throw .notRegular
        case .success(let status):
            return (descriptor, Int(clamping: status.size))
        }
    }

    private static func reading(_ descriptor: Int32, maximumBytes: Int) throws(Failure) -> FileBytes {
        guard let bytes = FileBytes(reading: descriptor, capacity: min(maximumBytes, Int.max - 1) + 1) else {
            FileDescriptorIO.close(descriptor)
            throw .unreadable(reason: "not enough memory to read it")
        }
        return bytes
    }
}
