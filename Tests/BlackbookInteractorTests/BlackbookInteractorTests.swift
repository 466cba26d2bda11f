import BlackbookInteractor
import Core
import Dispatch
import Foundation
import RaceData
import Synchronization
import TestSupport
import Testing

/// Cards by race id, counting each read.
final class CountingCards: RaceCardService, Sendable {
    let cards: [String: RaceCard]
    private let reads = Mutex<[String]>([])

    init(_ cards: [String: RaceCard]) { self.cards = cards }

    var sourceDescription: String { "test cards" }
    var readIDs: [String] { reads.withLock { $0 } }

    func card(forRace id: String) throws(RaceDataError) -> RaceCard? {
        reads.withLock { $0.append(id) }
        return cards[id]
    }
}

/// Fields by race id apart from the cards, counting each read; a race missing has none.
final class CountingFields: RaceFieldService, Sendable {
    let fields: [String: [Runner]]
    private let reads = Mutex<[String]>([])

    init(_ fields: [String: [Runner]]) { self.fields = fields }

    var readIDs: [String] { reads.withLock { $0 } }

    func field(forRace id: String) throws(RaceDataError) -> [Runner]? {
        reads.withLock { $0.append(id) }
        return fields[id]
    }
}

@MainActor
@Suite("Blackbook interactor")
struct BlackbookInteractorTests {
    let clock = ManualClock(1_764_310_000)
    let queue = DispatchQueue(label: "test.blackbook")
    let held = HeldDeliveries()
    /// The day's book the interactor and the marker share, as in the app.
    let book = RaceDayBook()

    /// The cards as the app reads them: each read recorded in the book.
    func reads(_ cards: CountingCards) -> CardReads {
        CardReads(wrapping: cards, book: book, clock: clock, sharedFor: 0)
    }

    func races() -> [Race] {
        (1...6).map {
            Race.make("r\($0)", number: $0, meeting: "Randwick", startsIn: TimeInterval($0 * 600), from: clock)
        }
            + [Race.make("gone", number: 9, meeting: "Randwick", startsIn: -120, from: clock)]
    }

    func cards() -> CountingCards {
        var cards: [String: RaceCard] = [:]
        for index in 1...6 {
            cards["r\(index)"] = RaceCard(
                raceID: "r\(index)",
                runners: [
                    Runner(number: 1, name: "Horse \(index)", rider: index == 4 ? "J. McDonald" : "K McEvoy"),
                    Runner(number: 2, name: "Scratched", rider: "J McDonald", scratching: .scratched),
                ])
        }
        return CountingCards(cards)
    }

    func interactor(
        _ cards: CountingCards, atOnce: Bool, entries: [BlackbookEntry] = [], fields: CountingFields? = nil,
        races: [Race]? = nil
    ) -> (BlackbookInteractor, FakeKeptList<BlackbookEntry>) {
        let latest = LatestRaces()
        latest.replace(with: races ?? self.races())
        let list = FakeKeptList(entries)
        let interactor = BlackbookInteractor(
            list: list, book: book, cards: reads(cards), cardsAnswerAtOnce: atOnce, fieldSource: fields, meetings: nil,
            latestRaces: latest, clock: clock,
            queue: queue, deliver: held.deliver)
        return (interactor, list)
    }

    /// The board's marker over the same list and book, with the entries read as before the board draws.
    func marker(
        _ list: FakeKeptList<BlackbookEntry>, _ cards: CountingCards, atOnce: Bool, fields: CountingFields? = nil
    ) -> BlackbookMarker {
        let marker = BlackbookMarker(
            list: list, book: book, cards: reads(cards), cardsAnswerAtOnce: atOnce, fieldSource: fields, clock: clock,
            queue: queue)
        _ = marker.reload()
        return marker
    }

    func look(_ interactor: BlackbookInteractor) -> RacesToCome? {
        var answer: RacesToCome?
        interactor.racesToCome { answer = try? $0.get() }
        queue.sync {}
        held.runAll()
        return answer
    }

    var nobody: BlackbookEntry { BlackbookEntry(kind: .runner, name: "Nobody", followedAt: clock.now()) }

    @Test("a source that answers at once has every race to come read for an entry not engaged, once; not jumped ones")
    func readsAllAtOnce() {
        let cards = cards()
        let (interactor, _) = interactor(cards, atOnce: true, entries: [nobody])
        _ = interactor.loadEntries()
        let first = look(interactor)
        #expect(first?.races.map(\.id) == ["r1", "r2", "r3", "r4", "r5", "r6"])
        #expect(first?.readCount == 6)
        _ = look(interactor)
        #expect(cards.readIDs == ["r1", "r2", "r3", "r4", "r5", "r6"])
    }

    @Test("a server's cards are read a few at a look, soonest first")
    func readsAFewAtATime() {
        let cards = cards()
        let (interactor, _) = interactor(cards, atOnce: false, entries: [nobody])
        _ = interactor.loadEntries()
        let first = look(interactor)
        #expect(first?.readCount == BlackbookInteractor.cardsPerLook)
        let second = look(interactor)
        #expect(second?.readCount == 6 && second?.isSettled == true)
        #expect(first?.isSettled == false)
        #expect(cards.readIDs == ["r1", "r2", "r3", "r4", "r5", "r6"])
    }

    @Test("reading stops once every entry's next run is found; nothing followed reads nothing")
    func stopsWhenFound() {
        let cards = cards()
        let (interactor, _) = interactor(cards, atOnce: true)
        _ = interactor.loadEntries()
        #expect(look(interactor)?.isSettled == true)
        #expect(cards.readIDs.isEmpty)
        _ = interactor.change(.put(BlackbookEntry(kind: .runner, name: "Horse 2", followedAt: clock.now())))
        let found = look(interactor)
        #expect(found?.isSettled == true && found?.readCount == 2)
        #expect(cards.readIDs == ["r1", "r2"])
    }

    @Test("names fold to one key whatever their case, dots and spacing, ASCII or not, as letters and digits")
    func nameKeys() {
        let id = { (name: String) in BlackbookEntry(kind: .rider, name: name, followedAt: clock.now()).id }
        #expect(id("  J. McDONALD ") == "rider:j mcdonald")
        #expect(id("Zoë O'Brien") == "rider:zoë o brien")
        #expect(id("ÉCLAIR-7\u{1B}[31m") == "rider:éclair 7 31m")
        #expect(!BlackbookEntry(kind: .runner, name: " .- ", followedAt: clock.now()).hasName)
        // The ASCII fold is the general one, byte for byte, for every kind of ASCII name (a seeded generator: a
        // failure names its bytes and comes again).
        var generator = SeededRandom(seed: 44)
        for _ in 0..<2_000 {
            let name = String(
                (0..<Int.random(in: 0...24, using: &generator)).map { _ in
                    Character(Unicode.Scalar(UInt8.random(in: 0...127, using: &generator)))
                })
            let general = name.lowercased().split { !($0.isLetter || $0.isNumber) }.joined(separator: " ")
            #expect(id(name) == "rider:" + general, "\(Array(name.utf8))")
        }
    }

    @Test("the source's fields are read before any card; a race without one has its card read; a minute, then again")
    func fieldsBeforeCards() {
        let cards = cards()
        let fields = CountingFields(
            ["r1": [Runner(number: 3, name: "Field Horse", rider: "J McDonald")], "r2": [], "r3": []])
        let entry = BlackbookEntry(kind: .rider, name: "J McDonald", followedAt: clock.now())
        let (interactor, list) = interactor(cards, atOnce: true, entries: [nobody, entry], fields: fields)
        _ = interactor.loadEntries()
        let first = look(interactor)
        #expect(fields.readIDs == ["r1", "r2", "r3", "r4", "r5", "r6"])
        #expect(cards.readIDs == ["r4", "r5", "r6"], "only the races the fields do not have")
        #expect(first?.fields["r1"]?.map(\.name) == ["Field Horse"])
        #expect(marker(list, cards, atOnce: true, fields: fields).marks(inRace: "r1").map(\.runnerNumber) == [3])
        // Fields are read again after a minute: a late scratching unmarks its runner within it.
        _ = look(interactor)
        #expect(fields.readIDs.count == 6)
        clock.advance(by: BlackbookInteractor.localFieldLifetime + 1)
        _ = look(interactor)
        #expect(fields.readIDs.count > 6)
    }

    @Test("marks: the rider followed, whatever the dots and case, and never a scratched runner")
    func marks() {
        let cards = cards()
        let entry = BlackbookEntry(kind: .rider, name: "j mcdonald", followedAt: clock.now())
        let gallops = marker(FakeKeptList([entry]), cards, atOnce: true)
        gallops.prepare(races())
        #expect(gallops.marks(inRace: "r4").map(\.reason) == ["j mcdonald (rider)"])
        #expect(gallops.marks(inRace: "r4").map(\.runnerNumber) == [1])
        #expect(gallops.marks(inRace: "r1").isEmpty)
        // The same field in a harness race: its rider is its driver, as the board's alert says.
        let harness = races().map { race in
            Race.make(
                race.id, number: race.number, meeting: "Menangle", category: .harness,
                startsIn: race.advertisedStart.timeIntervalSince(clock.now()), from: clock)
        }
        let trots = marker(FakeKeptList([entry]), cards, atOnce: true)
        trots.prepare(harness)
        #expect(trots.marks(inRace: "r4").map(\.reason) == ["j mcdonald (driver)"])
    }

    @Test("a runner followed in one code and country is not taken for one of its name in another; an old entry is")
    func keyedOnCodeAndCountry() {
        let field = { (race: String, name: String, rider: String) in
            RaceCard(raceID: race, runners: [Runner(number: 1, name: name, rider: rider)])
        }
        let cards = CountingCards([
            "aus": field("aus", "Brave Mistral", "J McDonald"), "uk": field("uk", "Brave Mistral", "J McDonald"),
            "dogs": field("dogs", "BRAVE MISTRAL", ""), "trots": field("trots", "Other", "J. McDonald"),
        ])
        let races = [
            Race.make("uk", meeting: "Ascot", country: "UK", startsIn: 300, from: clock),
            Race.make("dogs", meeting: "The Meadows", category: .greyhound, country: "AUS", startsIn: 400, from: clock),
            Race.make("trots", meeting: "Menangle", category: .harness, country: "AUS", startsIn: 500, from: clock),
            Race.make("aus", meeting: "Randwick", country: "aus ", startsIn: 600, from: clock),
        ]
        let horse = RunnerPlace(code: .horse, country: "AUS")
        let keyed = [
            BlackbookEntry(kind: .runner, name: "Brave Mistral", followedAt: clock.now(), at: horse),
            BlackbookEntry(kind: .rider, name: "J McDonald", followedAt: clock.now(), at: horse),
        ]
        #expect(keyed.map(\.id) == ["runner:brave mistral@horse/AUS", "rider:j mcdonald@horse/AUS"])
        let (interactor, list) = interactor(cards, atOnce: true, entries: keyed, races: races)
        _ = interactor.loadEntries()
        let marker = marker(list, cards, atOnce: true)
        marker.prepare(races)
        #expect(marker.marks(inRace: "aus").map(\.reason) == ["Brave Mistral", "J McDonald (rider)"])
        for other in ["uk", "dogs", "trots"] {
            #expect(marker.marks(inRace: other).isEmpty, "\(other)")
        }
        // Looking for a next run reads on past the same names elsewhere, to the runner's own race.
        let look = look(interactor)
        #expect(look?.isSettled == true && look?.readCount == 4)
        // An entry saved before entries kept a code and a country matches its name anywhere, as it did.
        _ = interactor.change(.remove(Set(keyed.map(\.id))))
        _ = interactor.change(.put(BlackbookEntry(kind: .runner, name: "Brave Mistral", followedAt: clock.now())))
        #expect(list.items.map(\.id) == ["runner:brave mistral"])
        _ = marker.reload()
        #expect(["aus", "uk", "dogs", "trots"].map { marker.marks(inRace: $0).count } == [1, 1, 1, 0])
    }

    @Test("an entry saved before entries kept a code and a country reads as one of any; new ones write them")
    func oldEntryDecodes() throws {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        let old = try decoder.decode(
            BlackbookEntry.self,
            from: Data(#"{"kind":"rider","name":"J McDonald","note":"sits handy","followedAt":1764310000}"#.utf8))
        #expect(old.category == nil && old.country == nil && old.implausibility == nil)
        #expect(old.id == "rider:j mcdonald" && old.note == "sits handy")
        #expect(old.place == .anywhere)
        let keyed = BlackbookEntry(
            kind: .rider, name: "J McDonald", followedAt: clock.now(), at: RunnerPlace(code: .harness, country: "NZ"))
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = .sortedKeys
        let written = String(decoding: try encoder.encode(keyed), as: UTF8.self)
        #expect(
            written
                == #"{"category":"harness","country":"NZ","followedAt":1764310000,"kind":"rider","name":"J McDonald"}"#)
        #expect(try decoder.decode(BlackbookEntry.self, from: Data(written.utf8)) == keyed)
        // Noting an entry keeps its key.
        #expect(keyed.noted("wins").id == keyed.id && old.noted("x").id == old.id)
        // A code not known is a field of the wrong kind; a country that is no code makes no sense.
        #expect(
            (try? decoder.decode(
                BlackbookEntry.self,
                from: Data(#"{"kind":"runner","name":"A","followedAt":1764310000,"category":"camel"}"#.utf8))) == nil)
        let hostile = try decoder.decode(
            BlackbookEntry.self,
            from: Data(
                #"{"kind":"runner","name":"A","followedAt":1764310000,"country":"\#(String(repeating: "X", count: 300))"}"#
                    .utf8))
        #expect(hostile.implausibility != nil)
        // A feed's country that is no code is not kept: the entry follows the code in any country.
        #expect(RunnerPlace(code: .horse, country: " nz ").country == "NZ")
        #expect(RunnerPlace(code: .horse, country: String(repeating: "X", count: 300)).country == nil)
        #expect(RunnerPlace(code: .horse, country: "U.K.").country == nil)
    }

    @Test("with nothing followed, the board's fetch reads no card")
    func nothingFollowedReadsNothing() {
        let cards = cards()
        marker(FakeKeptList(), cards, atOnce: true).prepare(races())
        #expect(cards.readIDs.isEmpty)
    }

    @Test("a card followed on marks its race without a read; a change shows at the board's next look")
    func learnAndChange() {
        let cards = cards()
        let (interactor, list) = interactor(cards, atOnce: false)
        let marker = marker(list, cards, atOnce: false)
        // The sheet's card, read through the app's card reads, then a runner followed on it.
        book.record(RaceCard(raceID: "x", runners: [Runner(number: 7, name: "Brave Mistral")]), at: clock.now())
        interactor.noteFollowed(in: Race.make("x", startsIn: 600, from: clock))
        #expect(marker.marks(inRace: "x").isEmpty)
        _ = interactor.change(.put(BlackbookEntry(kind: .runner, name: "BRAVE  MISTRAL", followedAt: clock.now())))
        _ = marker.reload()
        #expect(marker.marks(inRace: "x").map(\.runnerNumber) == [7])
        _ = interactor.change(.remove(["runner:brave mistral"]))
        _ = marker.reload()
        #expect(marker.marks(inRace: "x").isEmpty)
        #expect(cards.readIDs.isEmpty)
    }

    @Test("entries read from disk are input: empty names, huge notes and impossible times make no sense")
    func implausible() {
        let now = clock.now()
        #expect(BlackbookEntry(kind: .runner, name: " .. ", followedAt: now).implausibility != nil)
        #expect(
            BlackbookEntry(kind: .runner, name: "A", note: String(repeating: "n", count: 2_001), followedAt: now)
                .implausibility == "a note over 2000 bytes")
        // One character, bounded by its bytes: its accents are as many as anyone types.
        let zalgo = "e" + String(repeating: "\u{301}", count: 1_000)
        #expect(zalgo.count == 1)
        #expect(BlackbookEntry(kind: .runner, name: "A", note: zalgo, followedAt: now).implausibility != nil)
        #expect(BlackbookEntry(kind: .runner, name: "A" + zalgo + zalgo + zalgo, followedAt: now).implausibility != nil)
        #expect(
            BlackbookEntry(kind: .runner, name: "A", note: String(repeating: "é", count: 1_000), followedAt: now)
                .implausibility == nil)
        #expect(
            BlackbookEntry(kind: .runner, name: "A", followedAt: Date(timeIntervalSince1970: 1e12)).implausibility
                != nil)
        #expect(BlackbookEntry(kind: .trainer, name: "C Waller", followedAt: now).implausibility == nil)
    }
}
