import FavouritesRouter
import Foundation
import RaceDetailRouter
import RaceListRouter
import TestSupport
import Testing

@testable import AppComposition

@Suite("The command table")
struct CommandTableTests {
    let table = AppFeatures.commands

    @Test("every command and every other name for it is documented in the README")
    func documented() throws {
        let readme = try String(
            contentsOf: Fixtures.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        for entry in table.entries {
            for word in entry.words {
                #expect(readme.contains("`\(word)"), "README lacks `\(word)`")
            }
            // In a Markdown table a | inside code is written \|.
            let inTable = entry.usage.replacingOccurrences(of: "|", with: "\\|")
            #expect(
                readme.contains("`\(entry.usage)`") || readme.contains("`\(inTable)`") || entry.usage == entry.name,
                "README lacks `\(entry.usage)`")
        }
    }

    @Test("a word means one command per screen; each screen's words resolve")
    func unambiguous() {
        for screen in table.screens {
            for below in [false, true] {
                let words = table.entries(on: screen, screenBelow: below).flatMap(\.words)
                #expect(Set(words).count == words.count, "\(screen): a word calls two commands")
                for word in words {
                    #expect(table.entry(for: word, on: screen, screenBelow: below) != nil)
                }
            }
        }
    }

    @Test("back works only over another screen; the race list's commands only there")
    func whereCommandsWork() {
        #expect(table.entry(for: "b", on: .raceList, screenBelow: false) == nil)
        #expect(table.entry(for: "b", on: .favourites, screenBelow: true)?.name == "back")
        #expect(table.entry(for: "filter", on: .favourites, screenBelow: true) == nil)
        #expect(table.entry(for: "open", on: .raceDetail, screenBelow: true)?.arguments.isEmpty == true)
        #expect(table.entry(for: "open", on: .raceList, screenBelow: false)?.usage == "show N")
    }

    @Test("help COMMAND gives every form of the command, where it works, and an example")
    func detailedHelp() throws {
        let lines = try #require(table.detailedHelp(for: "show"))
        #expect(lines.first == "show N - open race N's details under the list (also `open`)")
        #expect(lines.contains("  Example: show 2"))
        #expect(lines.contains("  Works on: a race's details."))
        #expect(table.detailedHelp(for: "dance") == nil)
    }
}

@Suite("Desktop notification escapes")
@MainActor
struct NotificationEscapeTests {
    @Test(
        "each terminal known to show notifications gets its own escape; others, and multiplexers, none",
        arguments: [
            (["TERM_PROGRAM": "iTerm.app"], "\u{1B}]9;hi\u{07}"),
            (["TERM": "xterm-kitty"], "\u{1B}]99;;hi\u{1B}\\"),
            (["TERM_PROGRAM": "WezTerm"], "\u{1B}]777;notify;Next to Go;hi\u{07}"),
            (["TERM": "foot"], "\u{1B}]777;notify;Next to Go;hi\u{07}"),
            (["VTE_VERSION": "7600", "TERM": "xterm-256color"], "\u{1B}]777;notify;Next to Go;hi\u{07}"),
            (["TERM": "xterm-256color"], nil),
            (["TERM_PROGRAM": "iTerm.app", "TMUX": "/tmp/tmux-0/default,1,0"], nil),
            (["TERM": "screen-256color", "VTE_VERSION": "7600"], nil),
        ] as [([String: String], String?)])
    func escapes(environment: [String: String], escape: String?) {
        #expect(DesktopNotifier.escape(for: environment).map { $0("hi") } == escape)
    }
}
