import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `Scripts/fixture-server` started on a loopback port for one test.
public final class FixtureServer: @unchecked Sendable {
    public let port: Int
    private let process: Process
    /// Where the server notes each connection opened, with `countsConnections`.
    private let connectionLog: URL?

    /// - Parameters:
    ///   - port: 0 picks a free one; a number restarts a server on a port used before.
    ///   - faultOnly: `fault` only on the paths holding this (`racing/meetings`).
    ///   - delay: how long the slow fault modes wait.
    ///   - requestLog: where the server notes each race card request's `From` and `X-Partner` headers.
    ///   - keepAlive: connections stay open between answers (HTTP/1.1), as real servers keep them.
    ///   - countsConnections: the server notes each connection a client opens (`connectionsOpened`).
    public init(
        folder: URL = Fixtures.directory, port: Int = 0, fault: String? = nil, faultOnly: String? = nil,
        delay: TimeInterval = 30,
        lifetime: TimeInterval = 120, requestLog: URL? = nil, keepAlive: Bool = false,
        countsConnections: Bool = false
    ) throws {
        let connectionLog =
            countsConnections
            ? FileManager.default.temporaryDirectory.appendingPathComponent("connections-\(UUID().uuidString).log")
            : nil
        self.connectionLog = connectionLog
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        var arguments = [
            "python3", Fixtures.packageRoot.appendingPathComponent("Scripts/fixture-server").path, folder.path,
            "--port", String(port), "--lifetime", String(lifetime), "--delay", String(delay),
        ]
        if let fault { arguments += ["--fault", fault] }
        if let faultOnly { arguments += ["--fault-only", faultOnly] }
        if let requestLog { arguments += ["--request-log", requestLog.path] }
        if keepAlive { arguments += ["--keep-alive"] }
        if let connectionLog { arguments += ["--connection-log", connectionLog.path] }
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // The server prints its port on the first line once it is listening.
        var firstLine = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
            firstLine.append(byte)
        }
        guard let port = Int(String(decoding: firstLine, as: UTF8.self)) else {
            kill(process.processIdentifier, SIGKILL)
            throw ServerError.noPort
        }
        self.port = port
    }

    public func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

    /// How many connections clients have opened so far (`countsConnections`).
    public var connectionsOpened: Int {
        guard let connectionLog, let text = try? String(contentsOf: connectionLog, encoding: .utf8) else { return 0 }
        return text.split(separator: "\n").count
    }

    /// The fault modes that only end by a time limit (`slow-first-byte`, `slow-body`): the cases worth tight
    /// limits. Everywhere else tight limits only risk a loaded CI machine's good answer turning into a time-out.
    public static func isSlowFault(_ path: String) -> Bool { path.hasPrefix("slow-") }

    public func stop() {
        if let connectionLog { try? FileManager.default.removeItem(at: connectionLog) }
        guard process.isRunning else { return }
        // SIGKILL: the test runner may have left SIGTERM blocked in children.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    public enum ServerError: Error { case noPort }
}
