import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Another process holding a lock file as a copy of the app would, its process id written in; stopped (as with
/// Ctrl-Z) or running. A few lines of Python, since a test cannot fork itself safely.
public struct LockHolder {
    public static let canRun =
        FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
        && FileManager.default.fileExists(atPath: "/proc/self/stat")

    public let processID: Int32
    private let process: Process

    public init(file: String, stopped: Bool) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        let ready = file + ".ready"
        process.arguments = [
            "-c",
            """
            import fcntl, os, signal, sys, time
            f = open(sys.argv[1], "a+")
            fcntl.flock(f, fcntl.LOCK_EX)
            f.truncate(0); f.write("%d\\n" % os.getpid()); f.flush()
            open(sys.argv[2], "w").close()
            if sys.argv[3] == "stop":
                os.kill(os.getpid(), signal.SIGSTOP)
            time.sleep(600)
            """,
            file, ready, stopped ? "stop" : "run",
        ]
        try process.run()
        processID = process.processIdentifier
        let deadline = Date().addingTimeInterval(30)
        while !FileManager.default.fileExists(atPath: ready) || (stopped && !Self.isStopped(processID)) {
            guard Date() < deadline else { throw CocoaError(.executableLoad) }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    public func kill() {
        guard process.isRunning else { return }
        Foundation.kill(processID, SIGKILL)
        process.waitUntilExit()
    }

    private static func isStopped(_ process: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(process)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        return stat[stat.index(after: close)...].drop { $0 == " " }.first == "T"
    }
}
