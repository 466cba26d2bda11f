import Core
import Foundation
import SystemCalls
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The app in a real pseudo-terminal: a private tmux server runs it in a window of a fixed size, keys go in
/// with `send-keys` and the screen comes back with `capture-pane`, as a person at a keyboard would see it.
/// The shell around the app records `stty -g` before and after, and the exit status.
final class TerminalSession {
    let directory: TemporaryDirectory
    private let socket: String
    private var isStopped = false

    /// - Parameter arguments: the app's, after the binary.
    /// - Parameter program: another program to run in the app's place, with its arguments.
    init(
        arguments: [String], environment: [String: String] = [:], columns: Int = 90, rows: Int = 30,
        program: [String]? = nil
    ) throws {
        directory = try TemporaryDirectory()
        socket = "ntg-\(UUID().uuidString.prefix(8))"
        let dir = directory.url.path
        let variables =
            (BinaryRunner.baseEnvironment.merging(
                [
                    "XDG_STATE_HOME": "\(dir)/state", "XDG_DATA_HOME": "\(dir)/data", "XDG_CACHE_HOME": "\(dir)/cache",
                    "XDG_CONFIG_HOME": "\(dir)/config",
                ]
            ) { $1 }.merging(environment) { $1 })
            .map { "\($0.key)=\(Self.quoted($0.value))" }.sorted().joined(separator: " ")
        let app = (program ?? [BinaryRunner.binary.path] + arguments).map(Self.quoted).joined(separator: " ")
        let script =
            "stty -g > \(dir)/stty-before; env -i \(variables) \(app); echo $? > \(dir)/status; "
            + "stty -g > \(dir)/stty-after; sleep 600"
        // The server this starts lives on: it must not hold the pipe a reply is read from.
        try Self.tmux(
            ["-L", socket, "-f", "/dev/null", "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", script],
            readsReply: false)
        // What the app writes, as it writes it (a bell leaves nothing on the screen).
        try Self.tmux(["-L", socket, "pipe-pane", "-t", "0", "-o", "cat >> \(Self.quoted(dir))/output"])
    }

    /// Thrown when the app never showed its prompt: the issue is recorded already.
    struct NoPrompt: Error {}

    deinit { stop() }

    func send(_ keys: String...) throws {
        try Self.tmux(["-L", socket, "send-keys", "-t", "0"] + keys)
    }

    /// Text typed as it is, not read as key names.
    func type(_ text: String) throws {
        try Self.tmux(["-L", socket, "send-keys", "-t", "0", "-l", text])
    }

    /// A command typed and entered, as a person runs one.
    func enter(_ line: String) throws {
        try type(line)
        try send("Enter")
    }

    /// As a person dragging the window's edge.
    func resize(columns: Int, rows: Int) throws {
        try Self.tmux(["-L", socket, "resize-window", "-t", "0", "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// What the pane shows now. Private: every check of the screen waits for what it expects (`expect`), so
    /// none can sample a screen drawn late on a busy machine.
    private var screen: Screen {
        Screen(text: (try? Self.tmux(["-L", socket, "capture-pane", "-p", "-t", "0"])) ?? "")
    }

    /// Lines the window has pushed up into its scrollback so far (tmux's `history_size`); nil if tmux did not say.
    var scrollbackLines: Int? {
        (try? Self.tmux(["-L", socket, "display", "-p", "-t", "0", "#{history_size}"]))
            .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// Everything the app has written to the terminal so far, escape sequences and all.
    var written: String {
        String(
            decoding: (try? Data(contentsOf: directory.url.appendingPathComponent("output"))) ?? Data(), as: UTF8.self)
    }

    // MARK: - Checks, each waiting for what it expects

    /// Waits until the screen shows `text`; an issue at the caller's line if it never does.
    @discardableResult
    func expect(
        shows text: String, timeout: TimeInterval = patience, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        expect("the screen shows \(Self.quotedForMessage(text))", timeout: timeout, sourceLocation: sourceLocation) {
            $0.contains(text)
        }
    }

    /// Waits until the screen is as `condition` says; an issue naming `expectation` if it never is.
    @discardableResult
    func expect(
        _ expectation: @autoclosure () -> String, timeout: TimeInterval = patience,
        sourceLocation: SourceLocation = #_sourceLocation, _ condition: (Screen) -> Bool
    ) -> Bool {
        var last = Screen(text: "")
        return expectEventually(
            expectation(), timeout: timeout, evidence: { last.text }, sourceLocation: sourceLocation
        ) {
            last = screen
            return condition(last)
        }
    }

    /// Waits until the prompt, with nothing typed, is the last line: the app has done with the last command.
    @discardableResult
    func expectPrompt(
        _ line: String = "next-to-go>", timeout: TimeInterval = patience,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        expect("the last line is \(Self.quotedForMessage(line))", timeout: timeout, sourceLocation: sourceLocation) {
            $0.lines.last == line
        }
    }

    /// Waits until something of the terminal or the app (not its screen) is as `condition` says.
    @discardableResult
    func expectState(
        _ expectation: @autoclosure () -> String, timeout: TimeInterval = patience,
        sourceLocation: SourceLocation = #_sourceLocation, _ condition: () -> Bool
    ) -> Bool {
        expectEventually(
            expectation(), timeout: timeout, evidence: { self.screen.text }, sourceLocation: sourceLocation, condition)
    }

    /// The screen once `condition` holds, to read values off it; the last screen seen (and an issue) if it never
    /// does.
    func screen(
        when expectation: @autoclosure () -> String, timeout: TimeInterval = patience,
        sourceLocation: SourceLocation = #_sourceLocation, _ condition: (Screen) -> Bool
    ) -> Screen {
        var last = Screen(text: "")
        expectEventually(expectation(), timeout: timeout, evidence: { last.text }, sourceLocation: sourceLocation) {
            last = screen
            return condition(last)
        }
        return last
    }

    /// Checks that the screen stays as `condition` says for `duration`.
    @discardableResult
    func expectThroughout(
        _ expectation: @autoclosure () -> String, for duration: TimeInterval,
        sourceLocation: SourceLocation = #_sourceLocation, _ condition: (Screen) -> Bool
    ) -> Bool {
        var last = Screen(text: "")
        return TestSupport.expectThroughout(
            expectation(), for: duration, evidence: { last.text }, sourceLocation: sourceLocation
        ) {
            last = screen
            return condition(last)
        }
    }

    /// Waits until what the app has written to the terminal (escape sequences and all, from soon after it
    /// started) is as `condition` says.
    @discardableResult
    func expectOutput(
        _ expectation: @autoclosure () -> String, timeout: TimeInterval = patience,
        sourceLocation: SourceLocation = #_sourceLocation, _ condition: (String) -> Bool
    ) -> Bool {
        expectEventually(
            expectation(), timeout: timeout, evidence: { self.screen.text }, sourceLocation: sourceLocation
        ) { condition(written) }
    }

    /// Waits for the app to end, and checks it ended with `status`.
    @discardableResult
    func expectExit(
        _ status: Int32 = 0, _ comment: @autoclosure () -> String = "", timeout: TimeInterval = patience,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        let file = directory.url.appendingPathComponent("status")
        let read = {
            (try? String(contentsOf: file, encoding: .utf8)).flatMap {
                $0.hasSuffix("\n") ? Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) : nil
            }
        }
        let context = comment().isEmpty ? "" : " (\(comment()))"
        guard
            expectEventually(
                "the app ends\(context)", timeout: timeout, evidence: { self.screen.text },
                sourceLocation: sourceLocation, { read() != nil })
        else { return false }
        let ended = read()
        if ended != status {
            Issue.record(
                "Expectation failed: the app ends with status \(status)\(context), not \(ended.map(String.init) ?? "?")",
                sourceLocation: sourceLocation)
            return false
        }
        return true
    }

    private static func quotedForMessage(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\n", with: "\\n") + "\""
    }

    /// `#{alternate_on}` and `#{cursor_flag}`: is the alternate screen up, is the cursor shown.
    var terminalState: (alternateScreen: Bool, cursorVisible: Bool) {
        let text = (try? Self.tmux(["-L", socket, "display", "-p", "-t", "0", "#{alternate_on} #{cursor_flag}"])) ?? ""
        let flags = text.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        return (flags.first == "1", flags.last == "1")
    }

    /// The pane's terminal settings as `stty -a` prints them (`-icanon` in raw mode, `icanon` cooked).
    var terminalSettings: String {
        guard let tty = try? Self.tmux(["-L", socket, "display", "-p", "-t", "0", "#{pane_tty}"]),
            let run = try? BinaryRunner.run(
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", "stty -a < \(tty.trimmingCharacters(in: .whitespacesAndNewlines))"], stdin: "",
                environment: [:], timeout: 10)
        else { return "" }
        return run.stdout
    }

    /// Whether the terminal is in raw mode (no line editing, no echo), as the line editor sets it.
    var isRaw: Bool { terminalSettings.contains("-icanon") && terminalSettings.contains("-echo ") }

    /// The state letter of a process (`T` stopped, `S` sleeping), from /proc.
    static func state(of process: Int32) -> String? {
        guard let stat = try? String(contentsOfFile: "/proc/\(process)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        return stat[stat.index(after: close)...].drop { $0 == " " }.first.map(String.init)
    }

    /// The app's process id (the child of the pane's shell).
    var appProcess: Int32? {
        guard let shell = try? Self.tmux(["-L", socket, "display", "-p", "-t", "0", "#{pane_pid}"]),
            let children = try? String(
                contentsOfFile: "/proc/\(shell.trimmingCharacters(in: .whitespacesAndNewlines))/task/"
                    + "\(shell.trimmingCharacters(in: .whitespacesAndNewlines))/children", encoding: .utf8)
        else { return nil }
        return children.split(separator: " ").compactMap { Int32($0) }.first
    }

    /// Whether the terminal settings after the app are those from before it.
    var sttyRestored: Bool {
        let read = { (name: String) in
            try? String(contentsOf: self.directory.url.appendingPathComponent(name), encoding: .utf8)
        }
        // The shell writes the status, then runs stty: on a loaded machine the second file can lag the first.
        _ = Waiting.until { read("stty-after")?.hasSuffix("\n") == true }
        let before = read("stty-before")
        return before != nil && before == read("stty-after")
    }

    /// Ends the pane's processes and the server. `kill-server` alone was seen to leave servers running.
    func stop() {
        guard !isStopped else { return }
        isStopped = true
        let pids = (try? Self.tmux(["-L", socket, "display", "-p", "-t", "0", "#{pid} #{pane_pid}"])) ?? ""
        let numbers = pids.split(separator: " ").compactMap {
            Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        _ = try? Self.tmux(["-L", socket, "kill-server"])
        if numbers.count == 2 {
            kill(-numbers[1], SIGKILL)
            kill(numbers[0], SIGKILL)
        }
        unlink("/tmp/tmux-\(getuid())/\(socket)")
    }

    /// Runs tmux with posix_spawn and waitpid, not `Process`: Foundation learns that a child ended from a socket
    /// the child inherits, and the tmux server that `new-session` forks off would hold it open for good.
    @discardableResult
    private static func tmux(_ arguments: [String], readsReply: Bool = true) throws -> String {
        let reply = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-reply-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: reply) }
        var actions = Spawn.emptyFileActions()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(
            &actions, 1, readsReply ? reply.path : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // Nothing else of this process may reach the tmux server: it would hold the sockets by which Foundation
        // learns that the other tests' children (fixture servers) ended, and those tests would wait for ever.
        var attributes = Spawn.emptyAttributes()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        try Self.closeEverythingElse(&actions, &attributes)
        let argv = (["env", "tmux"] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, "/usr/bin/env", &actions, &attributes, argv, Spawn.environment) == 0 else {
            throw TmuxFailed()
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        guard status == 0 else { throw TmuxFailed() }
        return (try? String(contentsOf: reply, encoding: .utf8)) ?? ""
    }

    private struct TmuxFailed: Error {}

    private static func closeEverythingElse(_ actions: inout Spawn.FileActions, _ attributes: inout Spawn.Attributes)
        throws
    {
        guard Spawn.closeOtherDescriptors(&actions, &attributes) else { throw TmuxFailed() }
    }

    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

/// What a terminal shows at one moment, as `capture-pane` gives it.
struct Screen {
    let text: String

    /// Its lines, the blank ones left out.
    var lines: [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
    }

    func contains(_ part: String) -> Bool { text.contains(part) }

    /// How many times `part` is on the screen.
    func count(of part: String) -> Int { text.components(separatedBy: part).count - 1 }
}
