import Core
import Foundation
import RaceData
import RaceDataLive
import TestSupport
import Testing

/// The race cards made for the embedded snapshot, and how they are told as the replay goes.
@Suite("Snapshot race cards")
struct SnapshotRaceCardTests {
    static let launch = Date(timeIntervalSince1970: 1_772_870_000)

    @Test("every race of the embedded snapshot has a card with a field; one is abandoned; scratchings early and late")
    func embedded() throws {
        let cards = try SnapshotRaceCardService.embedded()
        let feed = try SnapshotRaceService.embedded(clock: FixedClock(Self.launch)).fetchRaces()
        let captured = Set(feed.races.map { SnapshotReplay.captureID(of: $0.id) })
        #expect(captured.count > 40)
        for id in captured {
            let card = try #require(cards[id], "no card for \(id)")
            #expect(card.runners.count >= 4)
            #expect(card.runners.allSatisfy { !$0.name.isEmpty })
            // Numbered from 1 in order (a greyhound by its box, so a vacant box leaves a gap).
            let numbers = card.runners.map(\.number)
            #expect(numbers.first ?? 0 >= 1 && zip(numbers, numbers.dropFirst()).allSatisfy { $0 < $1 })
        }
        #expect(cards.values.filter { $0.status == .abandoned }.count == 1)
        #expect(cards.values.contains { $0.runners.contains { $0.scratching == .scratched } })
        #expect(
            cards.values.contains {
                $0.runners.contains { if case .late(_?, _) = $0.scratching { true } else { false } }
            })
        let run = cards.values.filter { $0.status == .final }
        #expect(run.allSatisfy { !$0.placings.isEmpty && $0.dividends.contains { $0.bet == "Win" } })
    }

    @Test("the snapshot's cards carry the form: starts matching the figures, records, the speed map, silks, tote")
    func embeddedForm() throws {
        let cards = try SnapshotRaceCardService.embedded()
        var mapped = 0
        var withStarts = 0
        for card in cards.values {
            for runner in card.runners {
                let form = try #require(runner.form, "\(runner.name) has form")
                #expect(form.records.first?.kind == .overall)
                #expect(form.records.allSatisfy { $0.wins + $0.seconds + $0.thirds <= $0.starts })
                // A start for each of the last five figures but a spell (X), latest first.
                let figures = (runner.lastStarts ?? "").filter { $0 != "X" }.suffix(5).reversed()
                #expect(form.starts.count == figures.count)
                for (start, figure) in zip(form.starts, figures) where figure != "0" {
                    #expect(start.finish == Int(String(figure)))
                }
                withStarts += form.starts.isEmpty ? 0 : 1
                if form.speedMap != nil {
                    mapped += 1
                    #expect(form.silks != nil && form.sire != nil)
                }
                if !runner.isScratched, let win = runner.fixedWin, win <= 20 {
                    #expect(form.toteWin.map { abs($0 - win) <= win * 0.6 } == true)
                }
            }
        }
        #expect(mapped > 1_000 && withStarts > 1_000)
    }

    @Test("a replayed card's price history is its trail as the replay shows it, timed; its starts moved by days")
    func replayedForm() {
        var made = Self.made
        var form = RunnerForm()
        form.starts = [PastStart(date: "28/02/1970", finish: 2)]
        made.runners[0].form = form
        // Replayed 40,000 s later: not a whole day, so the dates stay; 200 s before the start two prices are out:
        // the opening one as the market opened (6 hours out), the next a quarter of the way from there to the last.
        let early = replayed(made, at: -200)
        #expect(
            early.runners[0].form?.priceHistory == [
                PricePoint(price: 6.0, at: Date(timeIntervalSince1970: 50_000 - 21_600)),
                PricePoint(price: 5.0, at: Date(timeIntervalSince1970: 50_000 - 60 - (21_600 - 60) / 4)),
            ])
        #expect(early.runners[0].form?.starts.first?.date == "28/02/1970")
        #expect(early.runners[3].form == nil, "no trail, no form")
        let dayLater = SnapshotCardTimeline.card(
            made, startingAt: Date(timeIntervalSince1970: 10_000 + 3 * 86_400), takes: Self.sprint,
            at: Date(timeIntervalSince1970: 0))
        #expect(dayLater.runners[0].form?.starts.first?.date == "03/03/1970", "three days on, across a month end")
    }

    /// A card made whole, as the bundle holds it: started at 10,000 s, a late scratching at 9,400 s.
    static let made = RaceCard(
        raceID: "r1", status: .final, advertisedStart: Date(timeIntervalSince1970: 10_000),
        runners: [
            Runner(number: 1, name: "Alpha", fixedWin: 4.0, fixedPlace: 1.86, flucs: [6.0, 5.0, 4.0]),
            Runner(number: 2, name: "Bravo", fixedWin: 3.0, fixedPlace: 1.57, flucs: [2.4, 2.8, 3.0]),
            Runner(
                number: 3, name: "Charlie", fixedWin: 2.0, fixedPlace: 1.29, flucs: [2.0],
                scratching: .late(at: Date(timeIntervalSince1970: 9_400))),
            Runner(number: 4, name: "Delta", scratching: .scratched),
        ],
        placings: [Placing(position: 1, runnerNumber: 2), Placing(position: 2, runnerNumber: 1, margin: "NK")],
        dividends: [Dividend(bet: "Win", runners: "2", amount: 2.8, isFinal: true)])

    /// A 1000 m gallop: run in 59 s, its placings at 99 s, correct weight at 369 s.
    static let sprint = RacingTime(category: .horse, metres: 1_000)

    /// The card as replayed to start at 50,000 s, looked at `secondsFromStart` away from it.
    private func replayed(
        _ made: RaceCard = made, takes time: RacingTime = sprint, at secondsFromStart: TimeInterval
    ) -> RaceCard {
        SnapshotCardTimeline.card(
            made, startingAt: Date(timeIntervalSince1970: 50_000), takes: time,
            at: Date(timeIntervalSince1970: 50_000 + secondsFromStart))
    }

    @Test("equal favourites at a moment of the replay: each marked, by the board's rule; apart again, one")
    func equalFavourites() {
        let made = RaceCard(
            raceID: "eq", status: .open, advertisedStart: Date(timeIntervalSince1970: 50_000),
            runners: [
                Runner(number: 1, name: "Alpha", fixedWin: 3.3, flucs: [4, 3.3]),
                Runner(number: 2, name: "Bravo", fixedWin: 3.3, flucs: [3.3], isMarketFavourite: true),
                Runner(number: 3, name: "Charlie", fixedWin: 5, flucs: [5]),
                Runner(number: 4, name: "Delta", fixedWin: 3.3, flucs: [3.3], scratching: .scratched),
            ])
        let tied = replayed(made, at: -30)
        #expect(tied.runners.filter(\.isMarketFavourite).map(\.number) == [1, 2])
        #expect(MarketFavourite(runners: tied.runners)?.runnerNumbers == [1, 2])
        // Before runner 1 came in to 3.30, runner 2 was the favourite alone.
        let early = replayed(made, at: -6_000)
        #expect(early.runners.filter(\.isMarketFavourite).map(\.number) == [2])
    }

    @Test("before the jump: open, no result, prices as far as the market has moved, the shortest the favourite")
    func beforeTheJump() {
        let early = replayed(at: -6_000)
        #expect(early.status == .open)
        #expect(early.placings.isEmpty && early.dividends.isEmpty)
        #expect(early.advertisedStart == Date(timeIntervalSince1970: 50_000))
        // 6,000 s out the market has opened (6 hours out); its next price comes 5,445 s out.
        #expect(early.runners[0].flucs == [6.0])
        #expect(early.runners[0].fixedWin == 6.0)
        #expect(early.runners[1].flucs == [2.4] && early.runners[1].fixedWin == 2.4)
        #expect(early.runners[2].scratching == nil, "scratched 600 s before the start: not 6,000 s before")
        #expect(early.runners.filter(\.isMarketFavourite).map(\.number) == [3])
        #expect(early.runners.allSatisfy { !$0.isMover }, "one price each: nothing has moved yet")
        let late = replayed(at: -700)
        #expect(late.runners[0].flucs == [6.0, 5.0])
        // Two runners left: no places paid, so no place price (the card's own comes once the trail is all out).
        #expect(late.runners[0].fixedPlace == nil)
        #expect(late.runners.filter(\.isMover).map(\.number) == [1], "come in from 6.00 to 5.00")
        let lastMinute = replayed(at: -30)
        #expect(lastMinute.runners[0].flucs == [6.0, 5.0, 4.0] && lastMinute.runners[0].fixedWin == 4.0)
        // Its deduction from its own price at its scratching, $2.00: 50c off a win; three starters pay no places.
        #expect(
            lastMinute.runners[2].scratching
                == .late(at: Date(timeIntervalSince1970: 49_400), deduction: Deduction(win: 50, place: 0)))
        #expect(
            lastMinute.runners.filter(\.isMarketFavourite).map(\.number) == [2], "the scratched one is no favourite")
    }

    @Test("after the jump: closed while it is run, then the interim result, then the final one, in racing time")
    func afterTheJump() {
        let time = Self.sprint
        for seconds in [0, 10, 59, time.interim - 1] {
            let running = replayed(at: seconds)
            #expect(running.status == .closed && running.placings.isEmpty && running.dividends.isEmpty, "\(seconds)")
        }
        for seconds in [time.interim, time.final - 1] {
            let interim = replayed(at: seconds)
            #expect(interim.status == .interim, "\(seconds)")
            #expect(interim.placings.map(\.runnerNumber) == [2, 1])
            #expect(interim.dividends.allSatisfy { !$0.isFinal })
        }
        let official = replayed(at: time.final)
        #expect(official.status == .final)
        #expect(official.dividends == Self.made.dividends)
        // The same card over 2400 m: still being run when the sprint has its placings.
        let staying = RacingTime(category: .horse, metres: 2_400)
        #expect(replayed(takes: staying, at: time.interim).status == .closed)
        #expect(replayed(takes: staying, at: staying.interim).status == .interim)
        #expect(replayed(takes: staying, at: staying.final).status == .final)
    }

    @Test("an abandoned race stays abandoned, with no result; its favourite is the shortest price as it stood")
    func abandoned() {
        var made = Self.made
        made.status = .abandoned
        made.placings = []
        made.dividends = []
        for seconds in [-600.0, 0, 600] {
            let card = replayed(made, at: seconds)
            #expect(card.status == .abandoned)
            #expect(card.placings.isEmpty)
            let shortest = card.runners.filter { !$0.isScratched }.compactMap(\.fixedWin).min()
            #expect(card.runners.filter(\.isMarketFavourite).map(\.fixedWin) == [shortest], "at \(seconds)")
        }
    }

    @Test("the service answers a replayed race with its captured race's card, as it stands on the clock")
    func service() throws {
        let clock = ManualClock(49_000)
        let service = SnapshotRaceCardService(
            clock: clock, find: { ["r1": Self.made][$0] }, loadStatuses: { ["r1": RaceStanding(status: .final)] })
        let before = try #require(try service.card(forRace: "r1@50000"))
        #expect(before.raceID == "r1@50000")
        #expect(before.status == .open)
        // A race the day does not have: a gallop over the typical trip, official 381 s after its jump.
        clock.advance(by: 1_000 + 381)
        #expect(try service.card(forRace: "r1@50000")?.status == .final)
        #expect(try service.card(forRace: "r2@50000") == nil)
        #expect(try service.card(forRace: "r1")?.status == .final, "a race never replayed: the card as made")
    }

    @Test("a 515 m dog race and a 2400 m gallop off together: each is closed while run, its result in racing time")
    func timelineByDistance() throws {
        func race(_ id: String, _ category: RaceCategory, _ metres: Int) -> Race {
            Race(
                id: id, number: 1, meetingName: "M", category: category,
                advertisedStart: Date(timeIntervalSince1970: 10_000),
                form: RaceForm(distance: Distance(value: metres, unit: "m")))
        }
        let dogs = race("dogs", .greyhound, 515)
        let stayers = race("stayers", .horse, 2_400)
        let clock = ManualClock(50_000)
        let made = RaceStanding(status: .final, placings: [3, 1, 2])
        let service = SnapshotRaceCardService(
            clock: clock, find: { _ in nil }, loadStatuses: { ["dogs": made, "stayers": made] },
            loadDay: { RaceFeed(races: [dogs, stayers]) })
        let ids = ["dogs@50000", "stayers@50000"]
        let (short, long) = (RacingTime(of: dogs), RacingTime(of: stayers))
        #expect(short.final < long.interim, "the dogs are official before the stayers have finished")
        func statuses(at seconds: TimeInterval) throws -> [RaceStatus?] {
            clock.set(50_000 + seconds)
            let told = try service.statuses(ofRaces: ids)
            return ids.map { told[$0] }
        }
        #expect(try statuses(at: -1) == [.open, .open])
        #expect(try statuses(at: short.interim - 1) == [.closed, .closed])
        #expect(try statuses(at: short.interim) == [.interim, .closed])
        #expect(try statuses(at: short.final - 1) == [.interim, .closed])
        #expect(try statuses(at: short.final) == [.final, .closed])
        #expect(try statuses(at: long.interim) == [.final, .interim])
        #expect(try statuses(at: long.final - 1) == [.final, .interim])
        #expect(try statuses(at: long.final) == [.final, .final])
        // The board's standings tell the same life, each change at its moment.
        let told = try service.standings(ofRaces: ids)
        #expect(
            told["stayers@50000"]?.compactMap { $0.from?.timeIntervalSince1970 } == [
                50_000, 50_000 + long.interim, 50_000 + long.final,
            ])
        #expect(told["dogs@50000"]?.map(\.status) == [.closed, .interim, .final])
        #expect(told["dogs@50000"]?.last?.from == Date(timeIntervalSince1970: 50_000 + short.final))
    }

    @Test("each race's card is decoded from the bundle once, however often it is asked for; still told by the clock")
    func decodedOnce() throws {
        let clock = ManualClock(49_000)
        let finds = LockedValue<[String]>([])
        let service = SnapshotRaceCardService(
            clock: clock,
            find: { id in
                finds.update { $0.append(id) }
                return ["r1": Self.made][id]
            }, loadStatuses: { [:] })
        for _ in 0..<50 { _ = try service.card(forRace: "r1@50000") }
        _ = try service.card(forRace: "r2@50000")
        _ = try service.card(forRace: "r2@50000")
        #expect(finds.value == ["r1", "r2"], "a race without a card is remembered too")
        // A race the day does not have: a gallop over the typical trip, official 381 s after its jump.
        clock.advance(by: 1_000 + 381)
        #expect(try service.card(forRace: "r1@50000")?.status == .final)
    }

    @Test("a replayed race's id names its captured race and its start; other ids are their own")
    func replayIDs() {
        #expect(SnapshotReplay.captureID(of: "abc@1772870520") == "abc")
        #expect(SnapshotReplay.replayedStart(of: "abc@1772870520") == Date(timeIntervalSince1970: 1_772_870_520))
        for plain in ["abc", "a@b", "abc@", "abc@-5", "abc@+5", "x@99999999999999999999"] {
            #expect(SnapshotReplay.captureID(of: plain) == plain)
            #expect(SnapshotReplay.replayedStart(of: plain) == nil)
        }
    }

    @Test("a bundle of cards: each member a card; members that are not are left out; a bundle not an object fails")
    func bundle() throws {
        let data = Data(
            #"{"a": {"data": {"race": {"status": "Open"}, "runners": [{"runner_number": 1, "name": "X"}]}}, "b": 5, "c": {"nodata": 1}}"#
                .utf8)
        let cards = try RaceCardDecoder().decodeBundle(data, source: "test")
        #expect(Array(cards.keys) == ["a"])
        #expect(cards["a"]?.runners.first?.name == "X")
        #expect(throws: RaceDataError.self) { try RaceCardDecoder().decodeBundle(Data("[1]".utf8), source: "test") }
        #expect(throws: RaceDataError.self) { try RaceCardDecoder().decodeBundle(Data("{\"a\":".utf8), source: "t") }
    }

    @Test("an embedded bundle finds each card by its JSON index; a damaged index or card says so, never a crash")
    func embeddedBundle() throws {
        // One card, `{"data":{"race":{"status":"Final"},"runners":[{"runner_number":1,"name":"Xanadu"}]}}`, deflated.
        let packed: StaticString =
            "eNqrVkpJLElUsqpWKkpMTgXRxSWJJaXFSlZKbpl5iTlKtTpKRaV5ealFQKHoaig7Pq80Nym1SMnKUEcpLzEXqE8pIjEvMaVUqTa2thYAwaYc8g=="
        let good = EmbeddedCardBundle(packed: packed, index: #"{"a": [0, 112, 84]}"#, dictionary: "", source: "test")
        #expect(try good.raceIDs() == ["a"])
        #expect(try good.card("a")?.runners.map(\.name) == ["Xanadu"])
        #expect(try good.card("a")?.status == .final)
        #expect(try good.card("b") == nil)
        let damagedIndexes: [StaticString] = [
            "", "[]", "{", #"{"a": 5}"#, #"{"a": [0, 112]}"#, #"{"a": [0, 112, 84, 1]}"#, #"{"a": [-1, 112, 84]}"#,
            #"{"a": [0.5, 112, 84]}"#, #"{"a": [0, 0, 84]}"#, #"{"a": [0, 1e300, 84]}"#, #"{"a": ["0", 112, 84]}"#,
        ]
        for index in damagedIndexes {
            let bundle = EmbeddedCardBundle(packed: packed, index: index, dictionary: "", source: "test")
            #expect(throws: RaceDataError.self, "\(index)") { try bundle.card("a") }
        }
        // Where the index points past the characters, or at what does not inflate to the size it says.
        let wrongPlaces: [StaticString] = [
            #"{"a": [100, 112, 84]}"#, #"{"a": [9223372036854775807, 112, 84]}"#, #"{"a": [0, 112, 85]}"#,
            #"{"a": [0, 100, 84]}"#, #"{"a": [4, 108, 84]}"#,
        ]
        for index in wrongPlaces {
            let bundle = EmbeddedCardBundle(packed: packed, index: index, dictionary: "", source: "test")
            #expect(throws: RaceDataError.self, "\(index)") { try bundle.card("a") }
        }
    }
}
