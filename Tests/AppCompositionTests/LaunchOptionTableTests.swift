import CommandKit
import Core
import Foundation
import RaceDataLive
import RaceListInteractor
import RaceListRouter
import TestSupport
import Testing

@testable import AppComposition

@Suite("The option table")
struct LaunchOptionTableTests {
    @Test("every option is in the README's options table, spelt as help spells it")
    func documented() throws {
        let readme = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
        let first = try #require(lines.firstIndex { $0.hasPrefix("| `-s`") }, "no options table")
        let rows = lines[first...].prefix { $0.hasPrefix("|") }
        for entry in AppFeatures.options.entries {
            #expect(rows.contains { $0.hasPrefix("| \(entry.readmeUsage) |") }, "README lacks \(entry.readmeUsage)")
        }
        #expect(
            rows.count == AppFeatures.options.entries.count, "a README row for an option the table does not declare")
    }

    @Test("no spelling names two options; every option is in --help")
    func unambiguous() {
        let names = AppFeatures.options.entries.flatMap(\.allNames)
        #expect(Set(names).count == names.count)
        let help = AppFeatures.options.helpLines().joined(separator: "\n")
        for entry in AppFeatures.options.entries { #expect(help.contains(entry.usage)) }
    }

    @Test(
        "help, the version, the manual or completions asked first is read alone, as the whole reading reads it",
        arguments: [
            (["--version"], .showVersion), (["-V", "list"], .showVersion), (["--help", "--bogus"], .showHelp),
            (["-h"], .showHelp), (["--man"], .showManual), (["--completions", "ZSH"], .showCompletions("zsh")),
            (["--completions=fish"], .showCompletions("fish")), (["--completions", "tcsh"], nil),
            (["--completions"], nil), (["--version=2"], nil), (["--no-color", "--help"], nil),
            (["list", "--version"], nil), (["--", "--version"], nil), ([], nil),
        ] as [([String], LaunchOptions.Action?)])
    func answersFirst(arguments: [String], answer: LaunchOptions.Action?) throws {
        #expect(LaunchOptions.answerAsked(arguments) == answer)
        // Settings only add options before the command line's: the answer is theirs too.
        if let answer {
            let settings = ["--region", "aus", "--no-color", "--source", "file:races.json"]
            #expect(try LaunchOptions(arguments: settings + arguments, table: AppFeatures.options).action == answer)
        }
    }

    @Test("--source and --cards describe and complete the racing APIs the app knows, from their list")
    func namedAPIs() throws {
        let apis = [
            KernelOptions.NamedAPI(name: "neds", sourceHelp: ["the Neds feed"], cardsHelp: ["Neds cards"]),
            KernelOptions.NamedAPI(name: "tab", sourceHelp: ["the TAB feed", "second line"], cardsHelp: nil),
        ]
        let table = LaunchOptionTable.app(featureOptions: [], apis: apis)
        let source = try #require(table.named("--source"))
        #expect(source.help.contains("  tab        the TAB feed"))
        #expect(source.help.contains("             second line"))
        #expect(
            source.suggestions
                == .wordsThenPaths(
                    ["snapshot", "neds", "tab", "file:", "replay:", "script:", "https://", "http://"],
                    schemes: ["file:", "replay:", "script:"], folders: false))
        let cards = try #require(table.named("--cards"))
        #expect(cards.help.contains("  neds       Neds cards"))
        #expect(!cards.help.contains { $0.contains("tab") }, "an API without cards is no card source")
        #expect(
            cards.help.suffix(2) == ["(default: the source's own: snapshot's, neds' with --source", "neds, else none)"])
        let app = try #require(AppFeatures.options.named("--source"))
        for api in RacingAPI.all { #expect(app.help.contains { $0.hasPrefix("  \(api.name) ") }) }
    }

    @Test("each value is read by its option's own rule, inline or next; a flag takes none")
    func values() throws {
        let options = try LaunchOptions(
            arguments: ["--count=7", "--format", "text", "--json", "--no-colour", "--alert", "OFF", "--region=nz"],
            table: AppFeatures.options)
        #expect(options[RaceListModule.board] == BoardSettings(region: .newZealand, count: 7, alert: .off))
        #expect(options.kernel.json)
        #expect(options.kernel.noColour)
        #expect(throws: LaunchOptionsError.unknownOption("--refesh", guess: "--refresh")) {
            try LaunchOptions(arguments: ["--refesh", "5"], table: AppFeatures.options)
        }
    }

    @Test("a flag given a value is a mistake said as one, never quietly on")
    func flagWithValue() {
        #expect(throws: LaunchOptionsError.flagGivenValue(option: "--strict", value: "false")) {
            try LaunchOptions(arguments: ["--strict=false"])
        }
        #expect(
            LaunchOptionsError.flagGivenValue(option: "--json", value: "yes").description
                == "--json takes no value (given 'yes'); leave it out to turn it on")
    }

    @Test(
        "the JSON pre-scan reads every argument before `--`, the last word winning, so mistakes are answered in JSON",
        arguments: [
            (["list", "--json"], true), (["--format", "text", "--json"], true), (["--json", "--format=text"], false),
            (["--", "--json"], false), (["--json=yes"], true), (["--format", "JSON", "list"], true),
            (["--count", "3"], false), (["--format"], false),
        ])
    func jsonPrescan(arguments: [String], json: Bool) {
        #expect(LaunchOptions.asksForJSON(arguments) == json)
    }
}

extension LaunchOptionEntry {
    /// As the README's table shows it: `` `-s`, `--source SOURCE` ``.
    fileprivate var readmeUsage: String {
        names.enumerated().map { index, name in
            let value = index == names.count - 1 && takesValue(name) ? placeholder.map { " " + $0 } ?? "" : ""
            return "`\(name)\(value.replacing("|", with: "\\|"))`"
        }.joined(separator: ", ")
    }
}
