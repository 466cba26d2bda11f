import Core
import SystemCalls

/// A file's bytes, in an anonymous mapping of their own reserved at the largest size allowed (only pages
/// written take memory). Read whole (`RegularFile.bytes`), or as a reader asks for them (`RegularFile.stream`,
/// `more(upTo:)`); a reader done with a stretch of them gives its pages back at once (`release(before:)`), so a
/// 10 MB feed never sits in memory whole beside the races read from it.
public final class FileBytes {
    private let memory: ReservedMemory
    public var count: Int { memory.count }
    /// The file still being read, until its end, a failure, or the reservation is full; -1 after.
    private var descriptor: Int32 = -1
    /// Why the bytes stop short of the file's end: it could not be read, or it grew past the reservation.
    public private(set) var readFailure: RegularFile.Failure?
    /// What one read asks for at least: a reader asks byte by byte at the end of what is here.
    private static let readSize = 256 * 1024

    /// nil when not even the reservation can be had.
    public init?(capacity: Int) {
        guard let memory = ReservedMemory(capacity: capacity) else { return nil }
        self.memory = memory
    }

    /// Bytes to be read from `descriptor` as they are asked for; the descriptor is this object's to close.
    convenience init?(reading descriptor: Int32, capacity: Int) {
        self.init(capacity: capacity)
        self.descriptor = descriptor
    }

    deinit {
        stopReading()
    }

    /// The bytes here so far.
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(memory.written)
    }

    /// Reads on until `end` bytes are here, the file ends or cannot be read (`readFailure`), or the reservation
    /// is full; then the bytes here so far, which are fewer than `end` only in those cases. Their start never
    /// moves: what was read stays where it was.
    public func more(upTo end: Int) -> UnsafeRawBufferPointer {
        while memory.count < end, descriptor >= 0 {
            let space = memory.free
            guard space.count > 0 else {
                readFailure = .tooLarge(limit: memory.capacity - 1)
                stopReading()
                break
            }
            let wanted = min(space.count, max(end - memory.count, Self.readSize))
            switch FileDescriptorIO.readOnce(
                descriptor, into: UnsafeMutableRawBufferPointer(rebasing: space[..<wanted]))
            {
            case .bytes(let read): memory.count += read
            case .interrupted, .wouldBlock: continue
            case .end: stopReading()
            case .failed:
                readFailure = .unreadable(reason: SystemError.last.text)
                stopReading()
            }
        }
        return memory.written
    }

    /// Reads the rest of the file.
    public func readToEnd() {
        _ = more(upTo: Int.max)
    }

    private func stopReading() {
        if descriptor >= 0 { FileDescriptorIO.close(descriptor) }
        descriptor = -1
    }

    /// A copy of the bytes here so far, for readers that want `Data`.
    public var data: Data {
        Data(memory.written)
    }

    /// Gives back the whole pages before `offset`, which must not be read again; they read as zeros if they are.
    /// The first page stays, for messages that quote the start.
    public func release(before offset: Int) {
        memory.release(before: offset)
    }
}
