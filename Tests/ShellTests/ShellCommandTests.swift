import CommandKit
import Core
import Foundation
import Shell
import TestSupport
import Testing
import Text

@Suite("Parsing a typed line")
struct ShellCommandTests {
    @Test("words, case of the command word, quotes")
    func parses() throws {
        #expect(try ShellCommand(line: "list") == ShellCommand(name: "list"))
        #expect(
            try ShellCommand(line: "  FILTER  Horse   dogs ")
                == ShellCommand(name: "filter", arguments: ["Horse", "dogs"]))
        #expect(
            try ShellCommand(line: "search \"Happy Valley\" 'R 1'")
                == ShellCommand(name: "search", arguments: ["Happy Valley", "R 1"]))
        #expect(try ShellCommand(line: "a \"\"") == ShellCommand(name: "a", arguments: [""]))
        #expect(try ShellCommand(line: "\tlist\r") == ShellCommand(name: "list"))
    }

    @Test("a blank line is no command")
    func blank() throws {
        #expect(try ShellCommand(line: "") == nil)
        #expect(try ShellCommand(line: "   \t ") == nil)
    }

    @Test("an unclosed quote is an error")
    func unclosed() {
        #expect(throws: ShellCommandError.unclosedQuote("\"")) { try ShellCommand(line: "search \"Happy") }
    }
}

@Suite("Launch options")
struct LaunchOptionsTests {
    @Test("defaults: REPL on the snapshot, system clock")
    func defaults() throws {
        let options = try LaunchOptions(arguments: [])
        #expect(options.action == .interactive)
        #expect(options.kernel.source == "snapshot")
        #expect(options.kernel.now == nil)
    }

    @Test("options then a single command with its arguments")
    func singleCommand() throws {
        let options = try LaunchOptions(arguments: [
            "--source", "file:a.json", "--now=1748310000", "--no-color", "filter", "horse",
        ])
        #expect(options.kernel.source == "file:a.json")
        #expect(options.kernel.now?.timeIntervalSince1970 == 1_748_310_000)
        #expect(options.kernel.noColour)
        #expect(options.action == .single(ShellCommand(name: "filter", arguments: ["horse"])))
    }

    @Test("an option after the command is refused, showing the right order")
    func optionAfterCommand() {
        #expect(throws: LaunchOptionsError.optionAfterCommand(option: "--now", command: "list")) {
            try LaunchOptions(arguments: ["list", "--now", "1748310000"])
        }
        #expect(
            LaunchOptionsError.optionAfterCommand(option: "--now=5", command: "list").description
                == "'--now=5' comes after the command 'list'; options go first: "
                + "next-to-go [OPTIONS] COMMAND, e.g. next-to-go --now=5 ... list")
    }

    @Test("--start-at starts the clock there, within --now's limits; the two together are a usage error")
    func startAt() throws {
        let options = try LaunchOptions(arguments: ["--start-at", "1764309995", "list"])
        #expect(options.kernel.startAt?.timeIntervalSince1970 == 1_764_309_995)
        #expect(options.kernel.now == nil)
        #expect(
            throws: LaunchOptionsError.invalidValue(
                option: "--start-at", value: "4102444801",
                expected: "Unix seconds from 946684800 (2000) to 4102444800 (2100), e.g. 1748310000")
        ) { try LaunchOptions(arguments: ["--start-at", "4102444801"]) }
        let reason = "--now pins the clock, --start-at starts it running; give one of them"
        let together = LaunchOptionsError.conflicting(option: "--start-at", other: "--now", reason: reason)
        #expect(throws: together) { try LaunchOptions(arguments: ["--now", "1764310000", "--start-at", "1764309995"]) }
        #expect(throws: LaunchOptionsError.conflicting(option: "--now", other: "--start-at", reason: reason)) {
            try LaunchOptions(arguments: ["--start-at=1764309995", "--now=1764310000"])
        }
        #expect(
            together.description
                == "--start-at cannot be given with --now: --now pins the clock, --start-at starts it running; give one of them"
        )
    }

    @Test("short forms, help and version")
    func shortForms() throws {
        #expect(try LaunchOptions(arguments: ["-s", "snapshot", "ls"]).action == .single(ShellCommand(name: "ls")))
        #expect(try LaunchOptions(arguments: ["--help"]).action == .showHelp)
        #expect(try LaunchOptions(arguments: ["-h", "--bogus"]).action == .showHelp)
        #expect(try LaunchOptions(arguments: ["--version"]).action == .showVersion)
        #expect(try LaunchOptions(arguments: ["--", "-x"]).action == .single(ShellCommand(name: "-x")))
    }

    @Test("mistakes are usage errors with a clear message")
    func errors() throws {
        #expect(throws: LaunchOptionsError.unknownOption("--sauce", guess: "--source")) {
            try LaunchOptions(arguments: ["--sauce", "x"])
        }
        #expect(throws: LaunchOptionsError.unknownOption("--zzz")) { try LaunchOptions(arguments: ["--zzz"]) }
        #expect(throws: LaunchOptionsError.missingValue(option: "--source")) {
            try LaunchOptions(arguments: ["--source"])
        }
        #expect(
            throws: LaunchOptionsError.invalidValue(
                option: "--now", value: "noon",
                expected: "Unix seconds from 946684800 (2000) to 4102444800 (2100), e.g. 1748310000")
        ) { try LaunchOptions(arguments: ["--now", "noon"]) }
        for extreme in ["-5", "1e19", "1e308", "-1e308", "9.3e18", "nan", "inf", "4102444801"] {
            #expect(throws: LaunchOptionsError.self, "\(extreme)") { try LaunchOptions(arguments: ["--now", extreme]) }
        }
        // A refresh of fifty times a second, or a time-out no fetch could meet, is a mistake: usage, not a setting.
        for (option, value) in [
            ("--refresh", "0.001"), ("--refresh", "0.999"), ("--refresh", "-1"), ("--refresh", "86401"),
            ("--timeout", "0.0001"), ("--timeout", "0"), ("--connect-timeout", "0.5"),
        ] {
            let expected = "seconds from 1 to 86400" + (option == "--refresh" ? ", or 0 (off)" : "")
            #expect(throws: LaunchOptionsError.invalidValue(option: option, value: value, expected: expected)) {
                try LaunchOptions(arguments: [option, value])
            }
        }
        #expect(try LaunchOptions(arguments: ["--refresh", "0"]).kernel.refreshInterval == 0)
        #expect(try LaunchOptions(arguments: ["--refresh", "1", "--timeout", "1"]).kernel.timeout == 1)
        #expect(LaunchOptionsError.unknownOption("--zzz").description == "unknown option '--zzz'")
        #expect(
            LaunchOptionsError.unknownOption("--sauce", guess: "--source").description
                == "unknown option '--sauce' (did you mean --source?)")
    }
}

@Suite("Terminal detection")
struct TerminalEnvironmentTests {
    private func style(_ environment: [String: String], tty: Bool = true, columns: Int? = 100) -> DisplayStyleSummary {
        DisplayStyleSummary(
            TerminalEnvironment(environment: environment, stdoutIsTTY: tty, stdinIsTTY: tty, reportedColumns: columns)
                .displayStyle)
    }

    @Test("a UTF-8 colour terminal gets everything")
    func fullTerminal() {
        #expect(style(["TERM": "xterm-256color", "LANG": "en_AU.UTF-8"]) == DisplayStyleSummary(true, true, true, 100))
    }

    @Test("NO_COLOR turns colour off, keeps glyphs; empty NO_COLOR is ignored")
    func noColour() {
        #expect(
            style(["TERM": "xterm", "LANG": "C.UTF-8", "NO_COLOR": "1"]) == DisplayStyleSummary(true, true, false, 100))
        #expect(
            style(["TERM": "xterm", "LANG": "C.UTF-8", "NO_COLOR": ""]) == DisplayStyleSummary(true, true, true, 100))
    }

    @Test("TERM=dumb and pipes are plain")
    func plain() {
        #expect(style(["TERM": "dumb", "LANG": "C.UTF-8"]) == DisplayStyleSummary(false, false, false, 100))
        #expect(
            style(["TERM": "xterm", "LANG": "C.UTF-8"], tty: false, columns: nil)
                == DisplayStyleSummary(false, false, false, 80))
    }

    @Test("a non-UTF-8 locale gets letters, not glyphs; LC_ALL wins over LANG")
    func locale() {
        #expect(style(["TERM": "xterm", "LANG": "C"]).glyphs == false)
        #expect(style(["TERM": "xterm", "LC_ALL": "POSIX", "LANG": "en_US.UTF-8"]).glyphs == false)
        #expect(style(["TERM": "xterm", "LC_CTYPE": "en_US.utf8"]).glyphs == true)
    }

    @Test("a resized window's width is read at every use; no answer falls back; never under 40 columns")
    func liveWidth() {
        let columns = LockedValue<Int?>(120)
        var terminal = TerminalEnvironment(
            environment: ["TERM": "xterm"], stdoutIsTTY: true, stdinIsTTY: true, reportedColumns: 100)
        terminal.liveColumns = { columns.value }
        let style = terminal.displayStyle
        #expect(style.width == 120)
        columns.update { $0 = 60 }
        #expect(style.width == 60)
        columns.update { $0 = 12 }
        #expect(style.width == DisplayStyle.minimumWidth)
        columns.update { $0 = nil }
        #expect(style.width == 100)
    }

    @Test("COLUMNS is used when the terminal does not say")
    func columns() {
        #expect(style(["COLUMNS": "132"], columns: nil).width == 132)
        #expect(style(["COLUMNS": "junk"], columns: nil).width == 80)
    }
}

struct DisplayStyleSummary: Equatable {
    let interactive: Bool
    let glyphs: Bool
    let colour: Bool
    let width: Int

    init(_ interactive: Bool, _ glyphs: Bool, _ colour: Bool, _ width: Int) {
        self.interactive = interactive
        self.glyphs = glyphs
        self.colour = colour
        self.width = width
    }
}

extension DisplayStyleSummary {
    init(_ style: DisplayStyle) {
        self.init(style.isInteractive, style.usesGlyphs, style.usesColour, style.width)
    }
}

@Suite("Locale variables")
struct LocaleEnvironmentTests {
    @Test(
        "locale names are kept; anything else is not a locale name",
        arguments: [
            ("C", true), ("POSIX", true), ("C.UTF-8", true), ("en_AU.UTF-8", true), ("de_DE@euro", true),
            ("sr_RS.UTF-8@latin", true), ("", true), ("ééééééé", false), ("en_AU.UTF-8\u{1B}[2J", false),
            (String(repeating: "a", count: 200), false), ("en AU", false), ("_AU", false), ("en_", false),
            ("en_AU.", false), ("../../etc/passwd", false),
        ])
    func names(value: String, valid: Bool) {
        #expect(LocaleEnvironment.isValid(value) == valid)
    }

    @Test("LANGUAGE is a list of locale names split by colons")
    func languageList() {
        #expect(LocaleEnvironment.isValid("en_AU:en", variable: "LANGUAGE"))
        #expect(!LocaleEnvironment.isValid("en_AU:ééé", variable: "LANGUAGE"))
    }
}

@Suite("A feature's own option values")
struct OptionKeyTests {
    static let lucky = OptionKey("lucky", initial: 7)
    static let words = OptionKey("words", initial: [String]())

    @Test("each key keeps its own value, its initial one until set; options with equal values are equal")
    func values() {
        var options = LaunchOptions()
        #expect(options[Self.lucky] == 7)
        options[Self.lucky] = 13
        options[Self.words].append("a")
        #expect(options[Self.lucky] == 13 && options[Self.words] == ["a"])
        var same = LaunchOptions()
        same[Self.words] = ["a"]
        same[Self.lucky] = 13
        #expect(options == same)
        same[Self.lucky] = 12
        #expect(options != same)
    }
}
