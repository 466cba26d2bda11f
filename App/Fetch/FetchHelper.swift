import Core
import Platform
import RaceData
import RaceDataLive

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `next-to-go-fetch` helper's whole life: one fetch, its answer written to stdout, then exit. The app's
/// `ChildProcessHTTPTransport` starts it and ends it at its limits.
public enum FetchHelper {
    /// `arguments` are the helper's own, its name left out. Exits 64 for arguments no fetch has, 74 when the
    /// answer could not be written, else 0.
    public static func run(arguments: [String]) -> Never {
        guard let request = FetchRequest(arguments: arguments) else { _exit(64) }
        let limits = request.limits
        // Whatever happens inside, the helper never outlives its limits by much.
        alarm(UInt32(min(limits.totalTimeout + 3, 86_400)))
        closeInheritedDescriptors()
        endWhenTheParentGoes()
        let result: Result<Data, RaceDataError>
        do {
            result = .success(try CurlHTTPTransport(limits: limits).get(request.url, headers: request.headers))
        } catch {
            result = .failure(error)
        }
        let answer = FetchAnswer.encode(result)
        let written = answer.withUnsafeBytes { FileDescriptorIO.writeAll(STDOUT_FILENO, $0) }
        // `_exit`: the process is done; nothing needs tearing down on the way out.
        _exit(written ? 0 : 74)
    }

    /// The parent kills its children when it exits, but one it was still starting at that moment is missed.
    /// The parent holds the only read end of the child's stdout, so that pipe reports an error the moment the
    /// parent is gone: the child then ends at once.
    private static func endWhenTheParentGoes() {
        SystemThread.start {
            var stdout = pollfd(fd: STDOUT_FILENO, events: 0, revents: 0)
            while poll(&stdout, 1, -1) < 0, errno == EINTR {}
            _exit(0)
        }
    }

    /// Descriptors the app held without close-on-exec (some it inherited itself) would keep pipes open for as
    /// long as the child runs; it needs none beyond stdin, stdout and stderr.
    private static func closeInheritedDescriptors() {
        #if os(Linux)
            let listing = "/proc/self/fd"
        #else
            let listing = "/dev/fd"
        #endif
        let open = (try? FileManager.default.contentsOfDirectory(atPath: listing)) ?? []
        for descriptor in open.compactMap(Int32.init) where descriptor > STDERR_FILENO {
            close(descriptor)
        }
    }
}
