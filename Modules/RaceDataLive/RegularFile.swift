import Core
import Foundation
import RaceData

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a whole file that must be an ordinary one of bounded size. Everything on disk is input: a path can
/// name a FIFO (opening it would wait for a writer forever), a device that never ends, or a file of gigabytes.
/// Symbolic links are followed.
enum RegularFile {
    enum Failure: Error, Equatable {
        case missing
        case notRegular
        case tooLarge(limit: Int)
        case unreadable(reason: String)

        /// The same, as a source's error: `notRegular` says why in `notRegularReason`'s words.
        func raceDataError(source: String, notRegularReason: String) -> RaceDataError {
            switch self {
            case .tooLarge(let limit): .tooLarge(source: source, limit: limit)
            case .missing: .unavailable(source: source, reason: "no such file")
            case .notRegular: .unavailable(source: source, reason: notRegularReason)
            case .unreadable(let reason): .unavailable(source: source, reason: reason)
            }
        }
    }

    static func read(_ path: String, maximumBytes: Int) throws(Failure) -> Data {
        try bytes(path, maximumBytes: maximumBytes).data
    }

    static func bytes(_ path: String, maximumBytes: Int) throws(Failure) -> FileBytes {
        // O_NONBLOCK: opening a FIFO returns at once instead of waiting for a writer.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            switch errno {
            case ENOENT, ENOTDIR: throw .missing
            case EACCES, EPERM: throw .unreadable(reason: "permission denied")
            default: throw .unreadable(reason: AtomicFile.errnoText())
            }
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(reason: AtomicFile.errnoText()) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .notRegular }
        guard status.st_size <= off_t(maximumBytes) else { throw .tooLarge(limit: maximumBytes) }

        // A byte past the limit: the read that finds the end needs room, and a file that grows while it is read
        // is read up to the limit and judged by it.
        guard let bytes = FileBytes(capacity: min(maximumBytes, Int.max - 1) + 1) else {
            throw .unreadable(reason: "not enough memory to read it")
        }
        while bytes.freeSpace.count > 0 {
            let space = bytes.freeSpace
            let count = FileDescriptorIO.read(descriptor, into: space.baseAddress!, count: space.count)
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw .unreadable(reason: AtomicFile.errnoText())
            }
            if count == 0 { break }
            bytes.appended(count)
        }
        guard bytes.count <= maximumBytes else { throw .tooLarge(limit: maximumBytes) }
        return bytes
    }
}
