import Core
import Synchronization
import SystemCalls

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
        static func system(_ doing: String, _ error: SystemError = .last) -> Failure {
            Failure(description: "\(doing) (\(error.text))", cause: error.text)
        }
    }

    public static func write(_ data: Data, to file: URL, durability: Durability = .synced) throws(Failure) {
        let directory = file.deletingLastPathComponent()
        let temporaryPrefix = ".\(file.lastPathComponent).tmp-"
        let temporary = directory.appendingPathComponent(temporaryPrefix + "\(Processes.current)")
        var created = createNew(temporary.path)
        if case .failure(let error) = created, error.isMissing {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                throw Failure(description: "could not create \(directory.path)")
            }
            created = createNew(temporary.path)
        }
        let descriptor: Int32
        switch created {
        case .success(let opened): descriptor = opened
        case .failure(let error): throw .system("could not create a temporary file", error)
        }
        // The file keeps the permissions it had (a settings file kept private stays private).
        if let existing = FileSystem.status(file.path), existing.isRegular {
            FileSystem.setPermissions(of: descriptor, to: existing.permissions)
        }
        // Once a process and folder: a dead writer's leftovers do not come back while this process lives.
        if cleanedFolders.withLock({ $0.insert(temporary.path).inserted }) {
            removeTemporariesOfDeadProcesses(in: directory, prefix: temporaryPrefix)
        }
        let written = data.withUnsafeBytes { FileDescriptorIO.writeAll(descriptor, $0) }
        let synced = written && (durability == .renamedOnly || FileSystem.sync(descriptor))
        var failure = synced ? nil : Failure.system("could not write the file")
        FileDescriptorIO.close(descriptor)
        if failure == nil, let error = FileSystem.rename(temporary.path, to: file.path) {
            failure = .system("could not write the file", error)
        }
        if let failure {
            FileSystem.remove(temporary.path)
            throw failure
        }
        if durability == .synced { syncDirectory(of: file) }
    }

    /// A new regular file at `path`, made by this call (`O_EXCL`): whatever had the name (a dead writer's
    /// leftover, or a symbolic link or FIFO someone put there) is removed first, never followed or opened, so
    /// the write can neither land elsewhere nor wait on a FIFO.
    private static func createNew(_ path: String) -> Result<Int32, SystemError> {
        let created = FileSystem.open(path, for: .creatingNew(permissions: 0o644))
        // A leftover of ours, or a link planted at the temporary name: removed, never followed.
        guard case .failure(let error) = created, error.isAlreadyThere, FileSystem.remove(path) else { return created }
        return FileSystem.open(path, for: .creatingNew(permissions: 0o644))
    }

    /// Makes a file's contents durable, then its name. Opened without waiting (a FIFO put at the name would
    /// block an open for reading until a writer came) and synced only if it is a regular file.
    public static func sync(_ file: URL) throws(Failure) {
        let descriptor: Int32
        switch FileSystem.open(file.path, for: .reading) {
        case .success(let opened): descriptor = opened
        case .failure(let error): throw .system("could not open \(file.path)", error)
        }
        defer { FileDescriptorIO.close(descriptor) }
        guard case .success(let status) = FileSystem.status(of: descriptor), status.isRegular else {
            throw Failure(description: "\(file.path) is not a regular file")
        }
        // On the disk itself: on Darwin `fsync` only hands the contents to the drive, whose cache may still lose
        // them in a power cut (`FileSystem.sync` asks the drive to write them).
        guard FileSystem.sync(descriptor) else { throw .system("could not sync \(file.path)") }
        syncDirectory(of: file)
    }

    /// Makes the names in a file's directory durable (a rename or a new link in it).
    public static func syncDirectory(of file: URL) {
        FileSystem.syncFolder(file.deletingLastPathComponent().path)
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
            guard let pid = Int32(name.dropFirst(prefix.count)), pid > 0, pid != Processes.current else { continue }
            if Processes.isGone(pid) {
                FileSystem.remove(directory.appendingPathComponent(name).path)
            }
        }
    }

}
