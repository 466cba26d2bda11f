import Foundation
import TestSupport
import Testing

/// The completion scripts as a shell loads them: bash sources the script and is asked what Tab offers; zsh and fish
/// check theirs where they are installed.
@Suite("Shell completion scripts")
struct CompletionScriptTests {
    static let bash = URL(fileURLWithPath: "/bin/bash")

    /// What bash's completion offers for `line` (the word being typed last, `""` for a new word).
    func offered(_ line: [String]) throws -> [String] {
        let script = try BinaryRunner.run(["--completions", "bash"])
        #expect(script.status == 0)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.file("next-to-go.bash", contents: Data(script.stdout.utf8))
        let words = (["next-to-go"] + line).map { "'\($0)'" }.joined(separator: " ")
        let program = """
            source '\(file.path)'
            COMP_WORDS=(\(words)); COMP_CWORD=\(line.count)
            _next_to_go
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let run = try BinaryRunner.run(
            executable: Self.bash, arguments: ["-c", program], stdin: "", environment: [:], timeout: 30)
        #expect(run.status == 0, "\(run.stderr)")
        return run.lines.filter { !$0.isEmpty }
    }

    @Test(
        "bash offers options, their values, the commands and their arguments, from the tables",
        arguments: [
            (["--reg"], ["--region"]),
            (["--region", ""], ["aus", "nz", "intl", "all"]),
            (["--format", "j"], ["json"]),
            (["--source", "re"], ["replay:"]),
            (["--completions", "z"], ["zsh"]),
            (["fil"], ["filter"]),
            (["filter", "g"], ["greyhound"]),
            (["--count", "3", "wa"], ["watch"]),
            (["region", "i"], ["intl"]),
            (["help", "wat"], ["watch"]),
            (["--count", ""], []),
            (["--region", "=", "a"], ["aus", "all"]),
            (["--count", "=", "3", "wa"], ["watch"]),
            (["--source", "file", ":", "x", "li"], ["list"]),
            (["?"], ["?"]),
            (["unfav"], []),
        ])
    func bashCompletes(line: [String], expected: [String]) throws {
        #expect(try offered(line) == expected)
    }

    @Test("bash completes a path after a source's scheme, whole or split at the colon; folders for --cards file:")
    func bashPaths() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        _ = try folder.file("races.json", contents: Data())
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("rain"), withIntermediateDirectories: false)
        let stem = folder.url.path + "/ra"
        #expect(try offered(["--source", "replay:" + stem]) == ["replay:\(stem)ces.json", "replay:\(stem)in"])
        #expect(try offered(["--source", "file", ":", stem]) == [stem + "ces.json", stem + "in"])
        #expect(try offered(["--cards", "file:" + stem]) == ["file:\(stem)in"])
        #expect(try offered(["--source", "scr"]) == ["script:"])
    }

    /// Shells are found on PATH, as a person's are.
    static let env = URL(fileURLWithPath: "/usr/bin/env")

    @Test(
        "zsh reads its script without a syntax error", .enabled(if: HostCapabilities.hasZsh))
    func zshParses() throws {
        try parses("zsh", flags: ["-n"])
    }

    @Test(
        "fish reads its script without a syntax error", .enabled(if: HostCapabilities.hasFish)
    )
    func fishParses() throws {
        try parses("fish", flags: ["--no-execute"])
    }

    @Test(
        "fish completes options, values, commands and arguments from the script",
        .enabled(if: HostCapabilities.hasFish))
    func fishCompletes() throws {
        let script = try BinaryRunner.run(["--completions", "fish"])
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.file("next-to-go.fish", contents: Data(script.stdout.utf8))
        func offered(_ line: String) throws -> [String] {
            let run = try BinaryRunner.run(
                executable: Self.env,
                arguments: ["fish", "--no-config", "-c", "source '\(file.path)'; complete -C '\(line)'"], stdin: "",
                environment: [:], timeout: 30)
            #expect(run.stderr.isEmpty, "\(run.stderr)")
            return run.lines
        }
        // Values bare (the option's description beside each repeated it); the option keeps its description.
        #expect(try offered("next-to-go --region ") == ["all", "aus", "intl", "nz"])
        #expect(
            try offered("next-to-go --regi") == [
                "--region\tonly races in Australia, New Zealand, elsewhere (default all)"
            ])
        #expect(try offered("next-to-go fil").map { $0.prefix { $0 != "\t" } } == ["filter"])
        #expect(try offered("next-to-go filter g") == ["greyhound"])
        #expect(try offered("next-to-go help wa") == ["watch"])
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        _ = try folder.file("races.json", contents: Data())
        #expect(try offered("next-to-go --source file:\(folder.url.path)/ra") == ["file:\(folder.url.path)/races.json"])
        #expect(try offered("next-to-go --source snap") == ["snapshot"])
    }

    private func parses(_ shell: String, flags: [String]) throws {
        let script = try BinaryRunner.run(["--completions", shell])
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.file("next-to-go.\(shell)", contents: Data(script.stdout.utf8))
        let run = try BinaryRunner.run(
            executable: Self.env, arguments: [shell] + flags + [file.path], stdin: "", environment: [:],
            timeout: 30)
        #expect(run.status == 0, "\(run.stderr)")
    }

    @Test("a shell it does not know is a usage error naming the three")
    func unknownShell() throws {
        let run = try BinaryRunner.run(["--completions", "tcsh"])
        #expect(run.status == 64)
        #expect(
            run.stderr
                == "next-to-go: --completions 'tcsh' is not valid: expected bash, zsh or fish. Run `next-to-go --help` for usage.\n"
        )
    }
}
