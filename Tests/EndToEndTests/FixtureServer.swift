import Foundation
import TestSupport

/// `Scripts/fixture-server` started on a free loopback port for one test.
final class FixtureServer {
    let port: Int
    private let process: Process

    init(folder: URL, lifetime: TimeInterval = 120) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", Fixtures.packageRoot.appendingPathComponent("Scripts/fixture-server").path, folder.path,
            "--port", "0", "--lifetime", String(lifetime),
        ]
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

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    enum ServerError: Error { case noPort }
}
