import Core
import Dispatch
import Files
import Platform
import RaceData

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Fetches in a short-lived child, the app itself started as `next-to-go --fetch-helper ...`, which runs
/// `CurlHTTPTransport` (App/Fetch) once and hands the body back through a pipe.
///
/// Why a child: libcurl is opened only there, so the app starts without loading curl and the thirty libraries
/// behind it (6 ms of every start, measured), and a run that never goes to the network never pays for them. Why
/// that bounds a fetch: a child is ended with SIGKILL when its time is up, and everything it held goes
/// with it, so the app keeps only the bytes it asked for and never waits past its limits, whatever the network
/// library does.
public struct ChildProcessHTTPTransport: HTTPTransport {
    /// The child enforces the limits itself; this is how much longer the parent waits before ending it.
    static let grace: TimeInterval = 2

    /// The program to run as the helper; nil for the running app itself.
    public let executable: String?
    public let limits: HTTPRaceService.Limits

    public init(executable: String? = nil, limits: HTTPRaceService.Limits) {
        self.executable = executable
        self.limits = limits
    }

    public func get(_ url: URL, headers: [HTTPHeader]) throws(RaceDataError) -> Data {
        let source = url.absoluteString
        guard let executable = executable ?? ExecutablePath.forSpawning else {
            throw .unavailable(source: source, reason: "the app could not find its own program to fetch with")
        }
        let arguments = FetchRequest(url: url, limits: limits, headers: headers).arguments(program: executable)
        let child: ChildProcess
        do {
            child = try ChildProcess(executable: executable, arguments: arguments)
        } catch {
            throw .unavailable(source: source, reason: "could not start the fetch (\(error.reason))")
        }
        // A tag byte, then the body or an encoded error: never more than the body cap and a little.
        let cap = limits.maximumBodyBytes + 64 * 1024
        switch child.readAll(upTo: cap, within: limits.totalTimeout + Self.grace) {
        case .timedOut:
            throw .timedOut(source: source, phase: .total, seconds: limits.totalTimeout)
        case .tooLarge:
            throw .tooLarge(source: source, limit: limits.maximumBodyBytes)
        case .failed(let reason):
            throw .unavailable(source: source, reason: reason)
        case .finished(let output):
            // An answer counts only from a child that finished it: one killed mid-write leaves a cut body.
            guard child.exitedCleanly else {
                throw .unavailable(source: source, reason: "the fetch ended before it could answer")
            }
            return try FetchAnswer.decode(output, source: source)
        }
    }
}

/// What the helper is asked: `next-to-go --fetch-helper URL CONNECT TOTAL MAXBYTES ["Name: value" ...]`.
public struct FetchRequest: Sendable, Equatable {
    public let url: URL
    public let limits: HTTPRaceService.Limits
    public let headers: [HTTPHeader]

    public init(url: URL, limits: HTTPRaceService.Limits, headers: [HTTPHeader] = []) {
        self.url = url
        self.limits = limits
        self.headers = headers
    }

    /// Read from the helper's arguments (its own name and `helperArgument` left out); nil for limits no fetch has, or a header
    /// no request may carry.
    public init?(arguments: [String]) {
        let seconds = 0.001...86_400.0
        guard arguments.count >= 4, arguments.count <= 4 + Self.maximumHeaders, let url = URL(string: arguments[0]),
            let connect = TimeInterval(arguments[1]), seconds.contains(connect),
            let total = TimeInterval(arguments[2]), seconds.contains(total),
            let maximum = Int(arguments[3]), maximum > 0
        else { return nil }
        var headers: [HTTPHeader] = []
        for argument in arguments.dropFirst(4) {
            guard let header = HTTPHeader(argument: argument) else { return nil }
            headers.append(header)
        }
        self.init(
            url: url,
            limits: HTTPRaceService.Limits(connectTimeout: connect, totalTimeout: total, maximumBodyBytes: maximum),
            headers: headers)
    }

    static let maximumHeaders = 8

    /// The first argument that makes the app its own fetch helper.
    public static let helperArgument = "--fetch-helper"

    public func arguments(program: String) -> [String] {
        [
            program, Self.helperArgument, url.absoluteString, String(limits.connectTimeout),
            String(limits.totalTimeout),
            String(limits.maximumBodyBytes),
        ] + headers.map(\.argument)
    }
}

/// What the helper writes to its stdout: a tag byte, then the body or the JSON of a `RaceDataError`.
public enum FetchAnswer {
    private enum Tag: UInt8 {
        case body = 0x42  // B
        case error = 0x45  // E
    }

    public static func encode(_ result: Result<Data, RaceDataError>) -> Data {
        switch result {
        case .success(let body): Data([Tag.body.rawValue]) + body
        case .failure(let error): Data([Tag.error.rawValue]) + ((try? JSONEncoder().encode(error)) ?? Data())
        }
    }

    static func decode(_ output: Data, source: String) throws(RaceDataError) -> Data {
        switch output.first {
        case Tag.body.rawValue:
            return Data(output.dropFirst())
        case Tag.error.rawValue:
            guard let error = try? JSONDecoder().decode(RaceDataError.self, from: output.dropFirst()) else {
                throw .unavailable(source: source, reason: "the fetch ended with an unreadable report")
            }
            throw error
        default:
            throw .unavailable(source: source, reason: "the fetch ended without an answer")
        }
    }
}

/// A child process whose stdout is read through a pipe; stdin and stderr are /dev/null.
private final class ChildProcess {
    struct Failure: Error {
        let reason: String
    }

    enum Outcome {
        case finished(Data)
        case timedOut
        case tooLarge
        case failed(String)
    }

    private let pid: pid_t
    private let output: Int32
    /// Set once the child is reaped: it exited by itself with status 0.
    private(set) var exitedCleanly = false

    init(executable: String, arguments: [String]) throws(Failure) {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { throw Failure(reason: AtomicFile.errnoText()) }
        // Only this child gets the write end, as its stdout; nothing else the app starts inherits either end.
        for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        var actions = Spawn.emptyFileActions()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, descriptors[1], STDOUT_FILENO)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)

        // The app ignores or blocks some signals for itself; the child starts with the defaults.
        var attributes = Spawn.emptyAttributes()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGPIPE, SIGQUIT, SIGTERM, SIGHUP, SIGINT, SIGALRM] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        // The app's environment, but a child ended on purpose (SIGKILL, Ctrl-\) prints no crash report.
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for entry in envp { free(entry) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        close(descriptors[1])
        guard status == 0 else {
            close(descriptors[0])
            throw Failure(reason: String(cString: strerror(status)))
        }
        pid = child
        output = descriptors[0]
        OwnedChildren.add(child)
    }

    /// Reads stdout to its end, or until `limit` bytes or `seconds` are passed; then the child is reaped
    /// (killed first, if it is still running).
    func readAll(upTo limit: Int, within seconds: TimeInterval) -> Outcome {
        defer {
            close(output)
            reap()
        }
        let deadline = DispatchTime.now() + seconds
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let remaining = Int64(deadline.uptimeNanoseconds) - Int64(DispatchTime.now().uptimeNanoseconds)
            guard remaining > 0 else { return .timedOut }
            var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(min(remaining / 1_000_000 + 1, 1_000)))
            if ready < 0 {
                if errno == EINTR { continue }
                return .failed("could not wait for the fetch (\(AtomicFile.errnoText()))")
            }
            guard ready > 0 else { continue }
            let count = chunk.withUnsafeMutableBytes {
                FileDescriptorIO.read(output, into: $0.baseAddress!, count: $0.count)
            }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return .failed("could not read the fetch (\(AtomicFile.errnoText()))")
            }
            if count == 0 { return .finished(data) }
            data.append(contentsOf: chunk[0..<count])
            if data.count > limit { return .tooLarge }
        }
    }

    /// Ends the child if it is still running, and collects it so no zombie is left.
    private func reap() {
        // Out of the exit handler's list before it is collected: once collected, its pid may be another
        // process's. (Its stdout has no reader by now, so it ends by itself anyway.)
        OwnedChildren.remove(pid)
        var status: Int32 = 0
        for _ in 0..<20 {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid {
                // WIFEXITED and WEXITSTATUS, spelled out: the C macros are not imported.
                exitedCleanly = status & 0x7F == 0 && (status >> 8) & 0xFF == 0
                return
            }
            if result < 0, errno != EINTR { return }
            usleep(10_000)
        }
        kill(pid, SIGKILL)
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    }
}
