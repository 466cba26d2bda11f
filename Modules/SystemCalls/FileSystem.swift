#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `stat` says of a file, as the Files target reads it.
public struct FileStatus: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case regular, directory, symbolicLink, other
    }

    /// A moment to the nanosecond, as the file system keeps it.
    public struct Stamp: Sendable, Equatable {
        public let seconds: Int
        public let nanoseconds: Int
    }

    public let kind: Kind
    /// The permission bits (`0o644`), set-id and sticky bits included.
    public let permissions: UInt32
    public let size: Int64
    public let device: UInt64
    public let inode: UInt64
    public let modified: Stamp
    public let changed: Stamp

    public var isRegular: Bool { kind == .regular }

    init(_ info: stat) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symbolicLink
        default: kind = .other
        }
        permissions = UInt32(info.st_mode & 0o7777)
        size = Int64(info.st_size)
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        #if canImport(Glibc)
            modified = Stamp(seconds: Int(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec))
            changed = Stamp(seconds: Int(info.st_ctim.tv_sec), nanoseconds: Int(info.st_ctim.tv_nsec))
        #else
            modified = Stamp(seconds: Int(info.st_mtimespec.tv_sec), nanoseconds: Int(info.st_mtimespec.tv_nsec))
            changed = Stamp(seconds: Int(info.st_ctimespec.tv_sec), nanoseconds: Int(info.st_ctimespec.tv_nsec))
        #endif
    }
}

/// The file system calls the Files target makes, each by what it is for; every descriptor is opened
/// close-on-exec, so no child the app starts holds one.
public enum FileSystem {
    /// How a file is opened.
    public enum Opening: Sendable {
        /// To read; a FIFO opens at once instead of waiting for a writer.
        case reading
        /// A new file to write, never one already there nor through a link.
        case creatingNew(permissions: UInt32)
        /// A new file to write beside others, through nothing but its own name (an aside copy).
        case creatingNewFollowingLinks(permissions: UInt32)
        /// A lock file: made if missing, read and written, never through a link.
        case lockFile
    }

    public static func open(_ path: String, for opening: Opening) -> Result<Int32, SystemError> {
        let descriptor: Int32
        switch opening {
        case .reading:
            descriptor = libcOpen(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC, 0)
        case .creatingNew(let permissions):
            descriptor = libcOpen(
                path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode_t(permissions))
        case .creatingNewFollowingLinks(let permissions):
            descriptor = libcOpen(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(permissions))
        case .lockFile:
            descriptor = libcOpen(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644)
        }
        return descriptor >= 0 ? .success(descriptor) : .failure(.last)
    }

    /// The file at `path`, through links unless `followingLinks` is false; nil when nothing is there.
    public static func status(_ path: String, followingLinks: Bool = true) -> FileStatus? {
        var info = stat()
        let result = followingLinks ? stat(path, &info) : lstat(path, &info)
        return result == 0 ? FileStatus(info) : nil
    }

    public static func status(of descriptor: Int32) -> Result<FileStatus, SystemError> {
        var info = stat()
        return fstat(descriptor, &info) == 0 ? .success(FileStatus(info)) : .failure(.last)
    }

    public static func setPermissions(of descriptor: Int32, to permissions: UInt32) {
        _ = fchmod(descriptor, mode_t(permissions))
    }

    /// Onto the disk itself (Darwin's `F_FULLFSYNC`, where `fsync` stops at the drive's cache).
    public static func sync(_ descriptor: Int32) -> Bool {
        #if canImport(Darwin)
            if fcntl(descriptor, F_FULLFSYNC) == 0 { return true }
        #endif
        return fsync(descriptor) == 0
    }

    /// Syncs the folder at `path`, so a file renamed or linked into it is there after a crash.
    public static func syncFolder(_ path: String) {
        let descriptor = libcOpen(path, O_RDONLY | O_CLOEXEC, 0)
        guard descriptor >= 0 else { return }
        _ = sync(descriptor)
        FileDescriptorIO.close(descriptor)
    }

    /// Renames `from` over `to`, in one step.
    public static func rename(_ from: String, to: String) -> SystemError? {
        libcRename(from, to) == 0 ? nil : .last
    }

    /// A second name, `new`, for the file at `existing`; fails if `new` is taken.
    public static func link(_ existing: String, as new: String) -> SystemError? {
        libcLink(existing, new) == 0 ? nil : .last
    }

    /// Removes the name `path` (a link, not what it points at).
    @discardableResult
    public static func remove(_ path: String) -> Bool {
        unlink(path) == 0
    }

    public static func seek(_ descriptor: Int32, to offset: Int64) -> SystemError? {
        lseek(descriptor, off_t(offset), SEEK_SET) < 0 ? .last : nil
    }

    /// Empties the file, then writes `bytes` at its start.
    public static func replaceContents(of descriptor: Int32, with bytes: [UInt8]) {
        guard ftruncate(descriptor, 0) == 0 else { return }
        _ = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }

    /// Up to `buffer.count` bytes from the file's start; the count read, or -1.
    public static func readStart(of descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        pread(descriptor, buffer.baseAddress, buffer.count, 0)
    }

    /// How trying to take a lock without waiting went.
    public enum LockAttempt: Sendable, Equatable {
        case taken
        /// Another holds it (or a signal came): try again later.
        case busy
        case failed(SystemError)
    }

    /// The file's exclusive lock (`flock`), if it can be had now.
    public static func tryLock(_ descriptor: Int32) -> LockAttempt {
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return .taken }
        let error = SystemError.last
        return error.wouldBlock || error.isInterrupted ? .busy : .failed(error)
    }

    public static func unlock(_ descriptor: Int32) {
        flock(descriptor, LOCK_UN)
    }
}

// libc's own calls, from outside the type whose methods share their names.
private func libcOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
private func libcRename(_ from: String, _ to: String) -> Int32 { rename(from, to) }
private func libcLink(_ existing: String, _ new: String) -> Int32 { link(existing, new) }
