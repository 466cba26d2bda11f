import CommandKit
import Core
import FavouritesRouter
import RaceDetailRouter
import RaceListRouter
import Testing

@testable import AppComposition

/// The standard table reads each command's words into typed values, or into the message the user sees.
@Suite("Command parsing")
struct CommandParsingTests {
    private func parse(_ line: String, on screen: ScreenKind = .raceList) throws -> Result<Command, ArgumentError> {
        let words = try #require(try ShellCommand(line: line))
        let entry = try #require(AppFeatures.commands.entry(for: words.name, on: screen, screenBelow: true))
        return entry.parse(words.arguments)
    }

    private func message(_ line: String, on screen: ScreenKind = .raceList) throws -> String? {
        guard case .failure(let error) = try parse(line, on: screen) else { return nil }
        return error.message
    }

    @Test("filter reads categories in the order typed, or the word clear")
    func filter() throws {
        #expect(
            try parse("filter dogs trots DOGS")
                == .success(Command("filter", [.categories([.greyhound, .harness, .greyhound])])))
        #expect(try parse("f CLEAR") == .success(Command("filter", [.word("clear")])))
        #expect(
            try message("filter horse cats")
                == "Unknown category 'cats'. Choose from horse, greyhound, harness, or `filter clear`.")
        #expect(
            try message("filter clear horse")
                == "Unknown category 'clear'. Choose from horse, greyhound, harness, or `filter clear`.")
        #expect(try message("filter")?.hasPrefix("Usage: filter") == true)
    }

    @Test("watch takes 1 to 3600 seconds, and the table's 30 when none is given")
    func watch() throws {
        #expect(try parse("watch") == .success(Command("watch", [.seconds(30)])))
        #expect(try parse("w 3600") == .success(Command("watch", [.seconds(3600)])))
        for bad in ["watch 0", "watch 3601", "watch -1", "watch soon", "watch 1 2", "watch 99999999999999999999"] {
            #expect(
                try message(bad)
                    == "Usage: watch [SECONDS] redraws the board every second for SECONDS (1 to 3600, default 30).",
                "\(bad)")
        }
    }

    @Test("a position is any whole number; the screen checks it against its list")
    func position() throws {
        #expect(try parse("show 0") == .success(Command("show", [.position(0)])))
        #expect(try parse("open 12") == .success(Command("show", [.position(12)])))
        #expect(try message("fav") == "Usage: fav N, where N is a race's position on the board.")
        #expect(try message("show two") == "Usage: show N, where N is a race's position on the board.")
        #expect(try message("show 1 2") == "Usage: show N, where N is a race's position on the board.")
        #expect(
            try message("unfav x", on: .favourites)
                == "Usage: unfav N, where N is a race's position on the favourites list.")
    }

    @Test("the detail sheet's commands take no number, and say why")
    func sheet() throws {
        #expect(try parse("fav", on: .raceDetail) == .success(Command("fav")))
        #expect(
            try message("fav 3", on: .raceDetail)
                == "Here `fav` works on this race and takes no number. Type `back` first to pick another race.")
        #expect(
            try message("show 1", on: .raceDetail)
                == "Here `show` works on this race and takes no number. Type `back` first to pick another race.")
    }

    @Test("commands without arguments refuse words; help takes one command name")
    func noArguments() throws {
        #expect(try message("refresh everything") == "`refresh` takes no arguments.")
        #expect(try message("list everything") == "Usage: list [all].")
        #expect(try message("quit now") == "`quit` takes no arguments.")
        for screen in [ScreenKind.raceList, .raceDetail, .favourites] {
            #expect(try message("movers 3", on: screen) == "`movers` takes no arguments.", "\(screen)")
        }
        #expect(try parse("help WATCH") == .success(Command("help", [.word("watch")])))
        #expect(try message("help watch list") == "Usage: help [COMMAND].")
    }

    @Test("filter only, search text, a region from its choices, a count in range; /TEXT is search")
    func narrowing() throws {
        #expect(
            try parse("filter only dogs trots")
                == .success(Command("filter", [.word("only"), .categories([.greyhound, .harness])])))
        #expect(try message("filter only")?.hasPrefix("Usage: filter") == true)
        #expect(try parse("search Happy  Valley") == .success(Command("search", [.text("Happy Valley")])))
        #expect(try parse("search") == .success(Command("search")))
        #expect(try parse("results dogs  uk") == .success(Command("results", [.text("dogs uk")])))
        #expect(try parse("results") == .success(Command("results")))
        #expect(try parse("/park") == .success(Command("search", [.text("park")])))
        #expect(try parse("region NZ") == .success(Command("region", [.word("nz")])))
        #expect(try parse("region au") == .success(Command("region", [.word("aus")])))
        #expect(try parse("region New-Zealand") == .success(Command("region", [.word("nz")])))
        #expect(try parse("region ALL") == .success(Command("region", [.word("all")])))
        #expect(
            try message("region ausralia")
                == "Region 'ausralia' is not one of `aus`, `nz`, `intl`, `all`. Did you mean `aus`?")
        #expect(
            try message("region sweden")
                == "Region 'sweden' is not one of `aus`, `nz`, `intl`, `all`. Sweden is in `intl`; `meetings sweden` lists its meetings alone."
        )
        #expect(try message("region xq") == "Region 'xq' is not one of `aus`, `nz`, `intl`, `all`.")
        #expect(
            try message("region nzz") == "Region 'nzz' is not one of `aus`, `nz`, `intl`, `all`. Did you mean `nz`?")
        #expect(try parse("count 20") == .success(Command("count", [.number(20)])))
        #expect(try message("count 21") == "Usage: count N sets how many races the board shows (1 to 20, default 5).")
        #expect(
            try message("filter greyhund")
                == "Unknown category 'greyhund'. Choose from horse, greyhound, harness, or `filter clear`. Did you mean `greyhound`?"
        )
    }
}
