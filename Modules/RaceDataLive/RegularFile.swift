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
    }

    static func read(_ path: String, maximumBytes: Int) throws(Failure) -> Data {
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

        // One byte to spare: the read that finds the end needs room, and growing the buffer then would double it
        // (10 MB more at the size cap).
        var data = Data(count: Int(status.st_size) + 1)
        var received = 0
        // A file that grows while it is read is read up to the limit and judged by it.
        while true {
            if received == data.count {
                guard data.count <= maximumBytes else { throw .tooLarge(limit: maximumBytes) }
                data.count += max(4096, min(data.count, maximumBytes + 1 - data.count))
            }
            let count = data.withUnsafeMutableBytes { buffer in
                FileDescriptorIO.read(descriptor, into: buffer.baseAddress! + received, count: buffer.count - received)
            }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw .unreadable(reason: AtomicFile.errnoText())
            }
            if count == 0 { break }
            received += count
        }
        data.count = received
        guard received <= maximumBytes else { throw .tooLarge(limit: maximumBytes) }
        return data
    }

}
