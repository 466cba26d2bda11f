import Foundation
import SystemCalls
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The constants the app writes out by hand, and the layouts it writes into, against what this platform's C
/// headers say: a C program is compiled with the system's compiler and prints them.
@Suite("Platform constants", .enabled(if: CCompiler.path != nil, "no C compiler on PATH"))
struct PlatformConstantsTests {
    static let program = """
        #define _GNU_SOURCE
        #include <spawn.h>
        #include <stddef.h>
        #include <stdio.h>
        #include <sys/ioctl.h>
        #include <termios.h>
        #ifdef __APPLE__
        #include <sys/proc.h>
        #endif
        int main(void) {
            printf("spawnInOwnSession %d\\n", (int)POSIX_SPAWN_SETSID);
            printf("windowSizeRequest %lu\\n", (unsigned long)TIOCGWINSZ);
            printf("termiosSize %zu\\n", sizeof(struct termios));
            printf("controlCharactersOffset %zu\\n", offsetof(struct termios, c_cc));
            printf("minimumCharactersSlot %d\\n", (int)VMIN);
            printf("timeoutSlot %d\\n", (int)VTIME);
        #ifdef __APPLE__
            printf("stoppedProcessState %d\\n", (int)SSTOP);
        #endif
            return 0;
        }
        """

    @Test("every constant and layout the app uses is what the C headers say")
    func matchesTheHeaders() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let source = try folder.file("constants.c", contents: Data(Self.program.utf8))
        let binary = folder.url.appendingPathComponent("constants").path
        let compiled = try ProcessRunner.run(
            executable: URL(fileURLWithPath: try #require(CCompiler.path)), arguments: [source.path, "-o", binary],
            environment: ProcessInfo.processInfo.environment, timeout: 120)
        try #require(compiled.status == 0, "\(compiled.stderr)")
        let run = try ProcessRunner.run(
            executable: URL(fileURLWithPath: binary), arguments: [], environment: [:], timeout: 30)
        var said: [String: Int] = [:]
        for line in run.lines {
            let parts = line.split(separator: " ")
            if parts.count == 2, let value = Int(parts[1]) { said[String(parts[0])] = value }
        }
        var ours: [String: Int] = [
            "spawnInOwnSession": Int(PlatformConstants.spawnInOwnSession),
            "windowSizeRequest": Int(PlatformConstants.windowSizeRequest),
            // Swift's import of the struct raw mode writes `c_cc` through, as the headers lay it out.
            "termiosSize": MemoryLayout<termios>.size,
            "controlCharactersOffset": MemoryLayout<termios>.offset(of: \.c_cc) ?? -1,
            "minimumCharactersSlot": PlatformConstants.minimumCharactersSlot,
            "timeoutSlot": PlatformConstants.timeoutSlot,
        ]
        #if canImport(Darwin)
            ours["stoppedProcessState"] = Int(PlatformConstants.stoppedProcessState)
        #endif
        #expect(said == ours)
    }
}

/// The system's C compiler, the first of `cc`, `clang`, `gcc` on PATH.
enum CCompiler {
    static let path: String? = ["cc", "clang", "gcc"].lazy.compactMap { name in
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }.first
}
