import Core
import Foundation

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
            try FileManager.default.copyItem(at: original, to: target)
            try AtomicFile.sync(target)
        } catch {
            try? FileManager.default.removeItem(at: target)
            throw Failure(reason: reason(error))
        }
        return target
    }

    /// `20261127T031500Z`: sorts as time does, and is the same in every locale and zone.
    static func utcStamp(_ date: Date) -> String {
        var seconds = time_t(Int(saturatingRoundedDown: date.timeIntervalSince1970))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func twoDigits(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)\(twoDigits(parts.tm_mon + 1))\(twoDigits(parts.tm_mday))T"
            + "\(twoDigits(parts.tm_hour))\(twoDigits(parts.tm_min))\(twoDigits(parts.tm_sec))Z"
    }

    /// The system's words for why a copy failed. On Linux the underlying POSIX error is a Swift error in the user
    /// info, which `as? NSError` does not find.
    private static func reason(_ error: any Error) -> String {
        if let failure = error as? AtomicFile.Failure { return failure.cause }
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey].flatMap { $0 as? any Error }
        guard let underlying, (underlying as NSError).domain == NSPOSIXErrorDomain else {
            return (error as NSError).code == CocoaError.fileWriteOutOfSpace.rawValue
                ? "No space left on device" : "the copy failed"
        }
        return String(cString: strerror(Int32((underlying as NSError).code)))
    }
}
