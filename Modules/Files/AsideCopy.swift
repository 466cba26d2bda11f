import Core
import SystemCalls

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
        if FileSystem.link(original.path, as: target.path) == nil {
            AtomicFile.syncDirectory(of: target)
            return target
        }
        // Across file systems (a link into another disk), a copy, made durable before anything replaces it.
        do {
            try copy(original, to: target)
            try AtomicFile.sync(target)
        } catch {
            FileSystem.remove(target.path)
            throw Failure(reason: error.cause)
        }
        return target
    }

    /// Removes the copies of `file` kept under `tag` but the newest `count`; how many it removed. For copies made
    /// routinely (one a prune, about one a day), which would otherwise pile up for ever; a copy made before a
    /// repair is never removed this way. Only names this type makes are touched, and never `kept` (the copy just
    /// made, whatever its stamp says: the clock may have stepped back).
    @discardableResult
    public static func removeOlder(
        of file: URL, tag: String, keepingNewest count: Int, keepingAlways kept: URL? = nil
    ) -> Int {
        let folder = file.deletingLastPathComponent()
        let prefix = "\(file.lastPathComponent).\(tag)-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return 0 }
        let copies = names.filter {
            $0.hasPrefix(prefix) && isStamp($0.dropFirst(prefix.count)) && $0 != kept?.lastPathComponent
        }
        .sorted { stampOf($0, prefix: prefix) < stampOf($1, prefix: prefix) }
        var removed = 0
        for name in copies.dropLast(max(count - (kept == nil ? 0 : 1), 0)) {
            let path = folder.appendingPathComponent(name).path
            guard FileSystem.status(path, followingLinks: false)?.isRegular == true, FileSystem.remove(path) else {
                continue
            }
            removed += 1
        }
        if removed > 0 { AtomicFile.syncDirectory(of: file) }
        return removed
    }

    /// `20261127T031500Z`, or with the attempt that made its name free (`20261127T031500Z-2`).
    private static func isStamp(_ text: Substring) -> Bool {
        let parts = text.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        let stamp = parts[0].utf8
        let digits = { (bytes: Substring.UTF8View) in bytes.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
        guard stamp.count == 16, digits(stamp.prefix(8)), stamp.dropFirst(8).first == UInt8(ascii: "T"),
            digits(stamp.dropFirst(9).prefix(6)), stamp.last == UInt8(ascii: "Z")
        else { return false }
        return parts.count == 1 || (!parts[1].isEmpty && parts[1].count < 10 && digits(parts[1].utf8))
    }

    /// When the copy was made, as a key that sorts as time does: the stamp, then the attempt.
    private static func stampOf(_ name: String, prefix: String) -> (String, Int) {
        let parts = name.dropFirst(prefix.count).split(separator: "-", maxSplits: 1)
        return (String(parts[0]), parts.count > 1 ? Int(parts[1]) ?? 0 : 0)
    }

    /// `20261127T031500Z`: sorts as time does, and is the same in every locale and zone.
    static func utcStamp(_ date: Date) -> String {
        let time = LocalTime.utc(at: date)
        return "\(time.year)\(CFormat.twoDigits(time.month))\(CFormat.twoDigits(time.day))T"
            + "\(CFormat.twoDigits(time.hour))\(CFormat.twoDigits(time.minute))\(CFormat.twoDigits(time.second))Z"
    }

    /// A new file at `target` with `source`'s bytes and permissions; fails rather than replace anything there.
    private static func copy(_ source: URL, to target: URL) throws(AtomicFile.Failure) {
        let input: Int32
        switch FileSystem.open(source.path, for: .reading) {
        case .success(let opened): input = opened
        case .failure(let error): throw AtomicFile.Failure(description: error.text)
        }
        defer { FileDescriptorIO.close(input) }
        let permissions: UInt32
        switch FileSystem.status(of: input) {
        case .success(let status) where status.isRegular: permissions = status.permissions & 0o777
        case .success: throw AtomicFile.Failure(description: "\(source.path) is not a regular file")
        case .failure(let error): throw AtomicFile.Failure(description: error.text)
        }
        let output: Int32
        switch FileSystem.open(target.path, for: .creatingNewFollowingLinks(permissions: permissions)) {
        case .success(let opened): output = opened
        case .failure(let error): throw AtomicFile.Failure(description: error.text)
        }
        defer { FileDescriptorIO.close(output) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 1)
        defer { buffer.deallocate() }
        while true {
            switch FileDescriptorIO.readOnce(input, into: buffer) {
            case .interrupted: continue
            case .wouldBlock: throw AtomicFile.Failure(description: "\(source.path) is not a regular file")
            case .failed: throw AtomicFile.Failure(description: SystemError.last.text)
            case .end: return
            case .bytes(let count):
                guard FileDescriptorIO.writeAll(output, UnsafeRawBufferPointer(rebasing: buffer[..<count])) else {
                    throw AtomicFile.Failure(description: SystemError.last.text)
                }
            }
        }
    }
}
