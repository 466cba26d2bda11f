import Core
import Foundation
import RaceData

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Replaces a file so that a crash at any moment leaves the old contents or
/// the new, never a mix: write a temporary file beside it, fsync it, rename
/// it over the old one, fsync the directory.
enum AtomicFile {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func write(_ data: Data, to file: URL) throws(Failure) {
        let directory = file.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw Failure(description: "could not create \(directory.path)")
        }
        let temporaryPrefix = ".\(file.lastPathComponent).tmp-"
        removeTemporariesOfDeadProcesses(in: directory, prefix: temporaryPrefix)
        let temporary = directory.appendingPathComponent(temporaryPrefix + "\(getpid())")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw Failure(description: "could not create a temporary file (\(errnoText()))")
        }
        let written = data.withUnsafeBytes { FileDescriptorIO.writeAll(descriptor, $0) }
        let synced = written && fsync(descriptor) == 0
        let failure = errnoText()
        close(descriptor)
        guard synced, rename(temporary.path, file.path) == 0 else {
            unlink(temporary.path)
            throw Failure(description: "could not write the file (\(failure))")
        }
        syncDirectory(of: file)
    }

    /// Makes a file's contents durable, then its name.
    static func sync(_ file: URL) throws(Failure) {
        let descriptor = open(file.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(description: "could not open \(file.path) (\(errnoText()))") }
        let synced = fsync(descriptor) == 0
        let failure = errnoText()
        close(descriptor)
        guard synced else { throw Failure(description: "could not sync \(file.path) (\(failure))") }
        syncDirectory(of: file)
    }

    /// Makes the names in a file's directory durable (a rename or a new link in it).
    static func syncDirectory(of file: URL) {
        let directoryDescriptor = open(file.deletingLastPathComponent().path, O_RDONLY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    /// The file a path ends at, through any chain of symbolic links, so a write replaces the file the link
    /// points at and the link stays. A path that is no link is its own answer; so is a chain that loops.
    static func followingLinks(_ file: URL) -> URL {
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

    static func errnoText() -> String {
        String(cString: strerror(errno))
    }
}
