import Core

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file as it is, kept beside it under `<name>.<tag>-<UTC time>` before anything replaces it, so what the user
/// had is never lost to a repair.
public enum AsideCopy {
    public struct Failure: Error {
        /// The system's words ("No space left on device").
        public let reason: String
    }

    /// Keeps `file` aside and returns where. Through a symbolic link, the file it points at is kept, and the link
    /// stays a link.
    public static func keep(_ file: URL, tag: String, at date: Date) throws(Failure) -> URL {
        let stamp = utcStamp(date)
        let folder = file.deletingLastPathComponent()
        var target = folder.appendingPathComponent("\(file.lastPathComponent).\(tag)-\(stamp)")
        var attempt = 1
        while FileManager.default.fileExists(atPath: target.path) {
            target = folder.appendingPathComponent("\(file.lastPathComponent).\(tag)-\(stamp)-\(attempt)")
            attempt += 1
        }
        let original = AtomicFile.followingLinks(file)
        // A hard link: instant whatever the size, byte for byte, and durable once the directory is synced. A write
        // that follows (`AtomicFile`) renames a new file over the original, so the link keeps the old one.
        if link(original.path, target.path) == 0 {
            AtomicFile.syncDirectory(of: target)
            return target
        }
        // Across file systems (a link into another disk), a copy, made durable before anything replaces it.
        do {
            try copy(original, to: target)
            try AtomicFile.sync(target)
        } catch {
            unlink(target.path)
            throw Failure(reason: error.cause)
        }
        return target
    }

    /// `20261127T031500Z`: sorts as time does, and is the same in every locale and zone.
    static func utcStamp(_ date: Date) -> String {
        let time = LocalTime.utc(at: date)
        return "\(time.year)\(CFormat.twoDigits(time.month))\(CFormat.twoDigits(time.day))T"
            + "\(CFormat.twoDigits(time.hour))\(CFormat.twoDigits(time.minute))\(CFormat.twoDigits(time.second))Z"
    }

    /// A new file at `target` with `source`'s bytes and permissions; fails rather than replace anything there.
    private static func copy(_ source: URL, to target: URL) throws(AtomicFile.Failure) {
        let input = open(source.path, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw AtomicFile.Failure(description: AtomicFile.errnoText()) }
        defer { close(input) }
        var status = stat()
        guard fstat(input, &status) == 0 else { throw AtomicFile.Failure(description: AtomicFile.errnoText()) }
        let output = open(target.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, status.st_mode & 0o777)
        guard output >= 0 else { throw AtomicFile.Failure(description: AtomicFile.errnoText()) }
        defer { close(output) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 1)
        defer { buffer.deallocate() }
        while true {
            let count = FileDescriptorIO.read(input, into: buffer.baseAddress!, count: buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw AtomicFile.Failure(description: AtomicFile.errnoText()) }
            guard count > 0 else { return }
            guard FileDescriptorIO.writeAll(output, UnsafeRawBufferPointer(rebasing: buffer[..<count])) else {
                throw AtomicFile.Failure(description: AtomicFile.errnoText())
            }
        }
    }
}
