import Core
import FavouritesRouter
import RaceDetailRouter
import RaceListRouter
import Terminal
import Testing

@testable import AppComposition

@Suite("Tab completion")
struct CompletionTests {
    let completion = Completion(table: AppFeatures.commands)

    @Test("command names, then each argument by its kind")
    func candidates() {
        #expect(completion.complete("fil", stack: [.raceList]) == .replace(word: "fil", with: "filter "))
        #expect(completion.complete("filter g", stack: [.raceList]) == .replace(word: "g", with: "greyhound "))
        #expect(
            completion.complete("filter ", stack: [.raceList])
                == .choices(["horse", "greyhound", "harness", "clear", "only"]))
        #expect(completion.complete("filter horse h", stack: [.raceList]) == .choices(["horse", "harness"]))
        #expect(completion.complete("alert o", stack: [.raceList]) == .replace(word: "o", with: "off "))
        #expect(completion.complete("region ", stack: [.raceList]) == .choices(["aus", "nz", "intl", "all"]))
        #expect(completion.complete("region i", stack: [.raceList]) == .replace(word: "i", with: "intl "))
        #expect(completion.complete("help wa", stack: [.raceList]) == .replace(word: "wa", with: "watch "))
        #expect(completion.complete("show ", stack: [.raceList]) == .nothing)
        #expect(completion.complete("zz", stack: [.raceList]) == .nothing)
    }

    @Test("a screen's own commands, and the race list's that reach up to it")
    func screens() {
        #expect(completion.complete("un", stack: [.raceList, .favourites]) == .replace(word: "un", with: "unfav "))
        #expect(completion.complete("un", stack: [.raceList]) == .nothing)
        #expect(completion.complete("fil", stack: [.raceList, .raceDetail]) == .replace(word: "fil", with: "filter "))
        #expect(completion.complete("fa", stack: [.raceList, .raceDetail]) == .replace(word: "fa", with: "fav"))
        #expect(
            completion.complete("fav", stack: [.raceList, .raceDetail])
                == .choices(["fav", "favs", "favourites", "favorites"]))
    }
}
