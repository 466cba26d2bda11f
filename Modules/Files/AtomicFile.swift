import Core
import Platform
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Replaces a file so that a crash at any moment leaves the old contents or
/// the new, never a mix: write a temporary file beside it, fsync it, rename
/// it over the old one, fsync the directory.
public enum AtomicFile {
    /// Whether the new contents must reach the disk itself.
    public enum Durability: Sendable {
        /// Synced, file and folder, before `write` returns: safe from a power cut.
        case synced
        /// Renamed into place only: safe from a crash of the process, not from a power cut. For what is not worth
        /// a wait (a history).
        case renamedOnly
    }

    /// Temporary paths whose folder was cleaned of dead writers' leftovers.
    private static let cleanedFolders = Mutex<Set<String>>([])

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        /// The system's words alone ("No space left on device"), for a message that names the step itself.
        public let cause: String

        init(description: String, cause: String? = nil) {
            self.description = description
            self.cause = cause ?? description
        }

        /// "`doing` (the system's words)", with `errno` as it is now.
        static func errno(_ doing: String) -> Failure {
            let cause = errnoText()
            return Failure(description: "\(doing) (\(cause))", cause: cause)
        }
    }

    public static func write(_ data: Data, to file: URL, durability: Durability = .synced) throws(Failure) {
        let directory = file.deletingLastPathComponent()
        let temporaryPrefix = ".\(file.lastPathComponent).tmp-"
        let temporary = directory.appendingPathComponent(temporaryPrefix + "\(getpid())")
        var descriptor = createNew(temporary.path)
        if descriptor < 0, errno == ENOENT || errno == ENOTDIR {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                throw Failure(description: "could not create \(directory.path)")
            }
            descriptor = createNew(temporary.path)
        }
        guard descriptor >= 0 else {
            throw .errno("could not create a temporary file")
        }
        // The file keeps the permissions it had (a settings file kept private stays private).
        var existing = stat()
        if stat(file.path, &existing) == 0, existing.st_mode & S_IFMT == S_IFREG {
            _ = fchmod(descriptor, existing.st_mode & 0o7777)
        }
        // Once a process and folder: a dead writer's leftovers do not come back while this process lives.
        if cleanedFolders.withLock({ $0.insert(temporary.path).inserted }) {
            removeTemporariesOfDeadProcesses(in: directory, prefix: temporaryPrefix)
        }
        let written = data.withUnsafeBytes { FileDescriptorIO.writeAll(descriptor, $0) }
        let synced = written && (durability == .renamedOnly || durableSync(descriptor))
        var failure = synced ? nil : Failure.errno("could not write the file")
        close(descriptor)
        if failure == nil, rename(temporary.path, file.path) != 0 { failure = .errno("could not write the file") }
        if let failure {
            unlink(temporary.path)
            throw failure
        }
        if durability == .synced { syncDirectory(of: file) }
    }

    /// A new regular file at `path`, made by this call (`O_EXCL`): whatever had the name (a dead writer's
    /// leftover, or a symbolic link or FIFO someone put there) is removed first, never followed or opened, so
    /// the write can neither land elsewhere nor wait on a FIFO.
    private static func createNew(_ path: String) -> Int32 {
        let flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC
        let descriptor = open(path, flags, 0o644)
        guard descriptor < 0, errno == EEXIST || errno == ELOOP, unlink(path) == 0 else { return descriptor }
        return open(path, flags, 0o644)
    }

    /// Makes a file's contents durable, then its name. Opened without waiting (a FIFO put at the name would
    /// block an open for reading until a writer came) and synced only if it is a regular file.
    public static func sync(_ file: URL) throws(Failure) {
        let descriptor = open(file.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw .errno("could not open \(file.path)") }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw Failure(description: "\(file.path) is not a regular file")
        }
        let failure = durableSync(descriptor) ? nil : Failure.errno("could not sync \(file.path)")
        close(descriptor)
        if let failure { throw failure }
        syncDirectory(of: file)
    }

    /// Contents on the disk itself. On Darwin `fsync` only hands them to the drive, whose cache may still lose them
    /// in a power cut; `F_FULLFSYNC` asks the drive to write them (a file system that cannot says so, and `fsync`
    /// is the most there is).
    private static func durableSync(_ descriptor: Int32) -> Bool {
        #if canImport(Darwin)
            if fcntl(descriptor, F_FULLFSYNC) == 0 { return true }
        #endif
        return fsync(descriptor) == 0
    }

    /// Makes the names in a file's directory durable (a rename or a new link in it).
    public static func syncDirectory(of file: URL) {
        let directoryDescriptor = open(file.deletingLastPathComponent().path, O_RDONLY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            _ = durableSync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    /// The file a path ends at, through any chain of symbolic links, so a write replaces the file the link
    /// points at and the link stays. A path that is no link is its own answer; so is a chain that loops.
    public static func followingLinks(_ file: URL) -> URL {
        var current = file
        for _ in 0..<32 {
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current.path) else {
                return current
            }
            current =
                destination.hasPrefix("/")
                ? URL(fileURLWithPath: destination)
                : current.deletingLastPathComponent().appendingPathComponent(destination)
        }
        return file
    }

    /// A process killed between creating its temporary file and renaming it leaves the file behind. Those of
    /// processes that no longer exist are removed; a live writer's never is.
    private static func removeTemporariesOfDeadProcesses(in directory: URL, prefix: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where name.hasPrefix(prefix) {
            guard let pid = pid_t(name.dropFirst(prefix.count)), pid > 0, pid != getpid() else { continue }
            if kill(pid, 0) != 0, errno == ESRCH {
                unlink(directory.appendingPathComponent(name).path)
            }
        }
    }

    public static func errnoText() -> String {
        String(cString: strerror(errno))
    }
}
