import Core
import Foundation
import Platform
import RaceData
import ResultsInteractor
import ResultsPresenter
import ResultsTestSupport
import ResultsView
import TestSupport
import Testing

@MainActor
@Suite("Results presenter")
struct ResultsPresenterTests {
    let clock = ManualClock(1_772_884_080)
    let view = FakeResultsView()
    let router = FakeResultsRouter()
    let utc = LocalZone(identifier: "UTC")!

    /// `count` races of a meeting from `first` minutes from now, `gap` minutes apart.
    func races(
        _ name: String, _ category: RaceCategory = .horse, country: String = "AUS", state: String? = "NSW",
        count: Int, first: Double, gap: Double = 30
    ) -> [Race] {
        (1...count).map { number in
            Race(
                id: "\(name)-\(number)", number: number, name: "\(name) race \(number)", meetingName: name,
                category: category,
                advertisedStart: clock.now().addingTimeInterval((first + Double(number - 1) * gap) * 60),
                venue: Venue(name: name, state: state, country: country))
        }
    }

    /// Randwick R1 to R3 run (R4 jumps in 10 minutes), Hove's greyhounds R1 run, R2 abandoned (off at the same
    /// time as Randwick R3; Hove's R3 in 20 minutes); Ellerslie (NZ) R1 run five minutes ago.
    var day: [[Race]] {
        [
            races("Randwick", count: 4, first: -80),
            races("Hove", .greyhound, country: "UK", state: "UK", count: 3, first: -60, gap: 40),
            races("Ellerslie", country: "NZ", state: "NZ", count: 1, first: -5),
        ]
    }

    var standings: [String: RaceStanding] {
        [
            "Randwick-1": RaceStanding(
                status: .final, placings: [4, 2, 7], names: ["Velvet Lantern", "Quick Step", "Tall Tale"],
                winDividend: 4.6),
            "Randwick-2": RaceStanding(status: .final, placings: [1, 3, 5], winDividend: 2.1),
            "Randwick-3": RaceStanding(status: .interim, placings: [6, 8, 2]),
            "Hove-1": RaceStanding(status: .final, placings: [3, 1, 6], winDividend: 3.3),
            "Hove-2": RaceStanding(status: .abandoned),
            "Ellerslie-1": RaceStanding(status: .final, placings: [5, 9, 1], winDividend: 12),
        ]
    }

    func interactor(_ meetings: [[Race]]? = nil) -> FakeResultsInteractor {
        let interactor = FakeResultsInteractor(meetings: meetings ?? day)
        interactor.standings = standings
        return interactor
    }

    func presenter(
        _ interactor: FakeResultsInteractor, words: String = "", firstWait: TimeInterval? = nil,
        scheduler: ManualScheduler? = nil
    ) -> ResultsPresenter {
        ResultsPresenter(
            interactor: interactor, router: router, view: view, clock: clock, timeZone: utc,
            selection: RaceSelection(words: words), firstWait: firstWait, scheduler: scheduler)
    }

    func run(_ command: (@escaping CommandCompletion) -> Void) -> [CommandResult] {
        var results: [CommandResult] = []
        command { results.append($0) }
        return results
    }

    /// Randwick R1's card: four placed, every pool final.
    var randwickCard: RaceCard {
        RaceCard(
            raceID: "Randwick-1", status: .final,
            runners: [Runner(number: 4, name: "Velvet Lantern"), Runner(number: 9, name: "Fourth Wall")],
            placings: [
                Placing(position: 2, runnerNumber: 2, name: "Quick Step"), Placing(position: 1, runnerNumber: 4),
                Placing(position: 3, runnerNumber: 7, name: "Tall Tale"), Placing(position: 4, runnerNumber: 9),
            ],
            dividends: [
                Dividend(bet: "Win", runners: "4", amount: 4.6, isFinal: true),
                Dividend(bet: "Place", runners: "7", amount: 3.7, isFinal: true),
                Dividend(bet: "Place", runners: "4", amount: 1.7, isFinal: true),
                Dividend(bet: "Place", runners: "2", amount: 1.9, isFinal: true),
                Dividend(bet: "Trifecta", runners: "4:2:7", amount: 396.6, isFinal: true),
                Dividend(bet: "Quinella", runners: "2:4", amount: 13.7, isFinal: true),
                Dividend(bet: "First4", runners: "4:2:7:9", amount: 1350.4, isFinal: true),
                Dividend(bet: "Double", runners: "concession:2/7", amount: 32.3, isFinal: true),
                Dividend(bet: "Quaddie", runners: "1/2/3/4", amount: 99, isFinal: true),
            ])
    }

    @Test("the latest start first across meetings (then by meeting), abandoned said, the list's placings and win")
    func latestFirst() {
        let interactor = interactor()
        let presenter = presenter(interactor)
        var results: [CommandResult] = []
        presenter.show { results.append($0) }
        // A pipe waits for the look's cards: nothing drawn until they come.
        #expect(results.isEmpty && view.displayed.isEmpty)
        #expect(interactor.cardsAsked == [["Ellerslie-1", "Randwick-3", "Randwick-2", "Hove-1", "Randwick-1"]])
        interactor.answerCards([:])
        #expect(
            view.lines == [
                "1 Ellerslie R1 Final 5-9-1 | Win 5 $12.00",
                "2 Hove R2 Abandoned",
                "3 Randwick R3 Interim 6-8-2",
                "4 Randwick R2 Final 1-3-5 | Win 1 $2.10",
                "5 Hove R1 Final 3-1-6 | Win 3 $3.30",
                "6 Randwick R1 Final 4-2-7 | Win 4 $4.60",
            ])
        #expect(results == [.success])
        #expect(view.last?.title == "Results · 6 races" && view.last?.total == 6)
        #expect(view.last?.rows.first?.missing == "Other dividends when its card is read.")
        #expect(view.last?.rows[1].missing == nil, "an abandoned race has nothing to come")
        #expect(view.last?.rows.last?.placings.map(\.name) == ["Velvet Lantern", "Quick Step", "Tall Tale"])
        #expect(view.last?.rows.first?.localTime == "11:43am")
        #expect(presenter.highestNumber == 6)
    }

    @Test("a card read: every placing to fourth, place dividends in finishing order, exotics and doubles, no quaddie")
    func fromTheCard() {
        let interactor = interactor()
        let presenter = presenter(interactor)
        var results: [CommandResult] = []
        presenter.show { results.append($0) }
        interactor.answerCards(["Randwick-1": randwickCard])
        #expect(results == [.success])
        let row = view.last?.rows.last
        #expect(row?.placings.map(\.place) == ["1st", "2nd", "3rd", "4th"])
        #expect(row?.placings.map(\.name) == ["Velvet Lantern", "Quick Step", "Tall Tale", "Fourth Wall"])
        #expect(
            row?.dividends.map { "\($0.bet): \($0.payouts.joined(separator: ", "))" } == [
                "Win: 4 $4.60", "Place: 4 $1.70, 2 $1.90, 7 $3.70", "Quinella: 2-4 $13.70", "Trifecta: 4-2-7 $396.60",
                "First Four: 4-2-7-9 $1,350.40", "Double: 2/7 concession $32.30",
            ])
        #expect(row?.missing == nil)
        // A settled card is not asked for again.
        presenter.showLive()
        #expect(interactor.cardsAsked.last?.contains("Randwick-1") == false)
    }

    @Test("words narrow as `meetings` does: a code, a letter, a region, part of a name; `show N` opens that race")
    func narrowed() {
        let interactor = interactor()
        #expect(run(presenter(interactor, words: "G").show).isEmpty)
        interactor.answerCards([:])
        #expect(view.lines == ["1 Hove R2 Abandoned", "2 Hove R1 Final 3-1-6 | Win 3 $3.30"])
        #expect(view.last?.title == "Results · greyhound · 2 races")
        let nz = presenter(interactor, words: "nz")
        _ = run(nz.show)
        interactor.answerCards([:])
        #expect(view.lines == ["1 Ellerslie R1 Final 5-9-1 | Win 5 $12.00"])
        let randwick = presenter(interactor, words: "rand")
        _ = run(randwick.show)
        interactor.answerCards([:])
        #expect(view.lines.count == 3 && view.last?.title == "Results · \"rand\" · 3 races")
        router.expectNavigation()
        #expect(run { randwick.openRace(number: 2, completion: $0) } == [.success])
        #expect(router.opened.map(\.id) == ["Randwick-2"])
        #expect(run { randwick.openRace(number: 4, completion: $0) } == [.failure(.usage)])
        #expect(view.errors.last == "There is no result 4 here; choose 1 to 3.")
        #expect(run { randwick.openRace(number: .min, completion: $0) } == [.failure(.usage)])
    }

    @Test("nothing run yet, nothing of the words run, and words no race of the day answers to, each said")
    func emptyMessages() {
        let interactor = FakeResultsInteractor(meetings: day)
        let presenter = presenter(interactor)
        #expect(run(presenter.show) == [.success], "no results: nothing to read")
        #expect(interactor.cardsAsked.isEmpty)
        #expect(view.last?.emptyMessage == "No race has a result yet today." && view.last?.rows == [])
        #expect(view.last?.title == "Results · 0 races")
        interactor.standings = standings
        _ = run(self.presenter(interactor, words: "harness").show)
        #expect(view.last?.emptyMessage == "No race today is harness. Type `results` for them all.")
        // A slip: no race of the day answers to it, whatever its standing.
        _ = run(self.presenter(interactor, words: "randwik").show)
        #expect(
            view.last?.emptyMessage
                == "No race today is \"randwik\". Did you mean Randwick? Type `results` for them all.")
        interactor.standings = [:]
        _ = run(self.presenter(interactor, words: "uk").show)
        #expect(
            view.last?.emptyMessage == "No race that is United Kingdom has a result yet. Type `results` for them all.")
    }

    @Test("a result never shows before its time: a race still to start is left out whatever it is told")
    func neverEarly() {
        let interactor = interactor()
        interactor.standings["Randwick-4"] = RaceStanding(status: .final, placings: [1, 2, 3])
        _ = run(presenter(interactor).show)
        interactor.answerCards([:])
        #expect(!view.lines.contains { $0.contains("Randwick R4") })
        clock.advance(by: 10 * 60)
        _ = run(presenter(interactor).show)
        interactor.answerCards([:])
        #expect(view.lines.first == "1 Randwick R4 Final 1-2-3")
    }

    @Test("an abandoned race shows from its start, not before it would have run")
    func abandonedFromItsStart() {
        let interactor = interactor()
        interactor.standings["Hove-3"] = RaceStanding(status: .abandoned)
        _ = run(presenter(interactor).show)
        interactor.answerCards([:])
        #expect(!view.lines.contains { $0.contains("Hove R3") }, "Hove R3 is off in 20 minutes")
        clock.advance(by: 20 * 60)
        _ = run(presenter(interactor).show)
        interactor.answerCards([:])
        #expect(view.lines.first == "1 Hove R3 Abandoned")
    }

    @Test("at a terminal: the prompt back at the limit, the rows from the list, reading said; cards fill in live")
    func partialThenFilled() {
        let interactor = interactor()
        let scheduler = ManualScheduler(clock: clock)
        let presenter = presenter(interactor, firstWait: 0.5, scheduler: scheduler)
        var results: [CommandResult] = []
        presenter.show { results.append($0) }
        interactor.progress = CardProgress(read: 2, of: 5)
        #expect(results.isEmpty)
        scheduler.advance(by: 0.5)
        #expect(results == [.success])
        #expect(view.last?.rows.count == 6)
        #expect(view.last?.note == "Reading race cards: 2 of 5 read so far...")
        #expect(view.last?.rows.last?.dividends.map(\.bet) == ["Win"])
        // A second a draw: the look under way is not asked for again.
        presenter.showLive()
        #expect(interactor.cardsAsked.count == 1)
        interactor.answerCards(["Randwick-1": randwickCard])
        presenter.showLive()
        #expect(view.last?.note == nil)
        #expect(view.last?.rows.last?.dividends.map(\.bet).contains("Quinella") == true)
        // The next look asks for the cards still wanted, not the settled one.
        #expect(interactor.cardsAsked.count == 2)
        #expect(interactor.cardsAsked.last == ["Ellerslie-1", "Randwick-3", "Randwick-2", "Hove-1"])
    }

    @Test("with no card source: the list's placings and win dividends, nothing said missing, a note why")
    func noCardSource() {
        let interactor = interactor()
        interactor.hasCards = false
        #expect(run(presenter(interactor).show) == [.success])
        #expect(interactor.cardsAsked.isEmpty)
        #expect(view.last?.rows.allSatisfy { $0.missing == nil } == true)
        #expect(view.last?.note?.hasPrefix("No card source (see --cards)") == true)
    }

    @Test("only the latest 20 are drawn, and the note says how to reach the others")
    func latestTwenty() {
        let interactor = FakeResultsInteractor(meetings: [races("Flemington", count: 25, first: -400, gap: 15)])
        interactor.hasCards = false
        interactor.standings = Dictionary(
            uniqueKeysWithValues: (1...25).map { ("Flemington-\($0)", RaceStanding(status: .final, placings: [1])) })
        _ = run(presenter(interactor).show)
        #expect(view.last?.rows.count == 20 && view.last?.total == 25)
        #expect(view.last?.rows.first?.label == "Flemington R25" && view.last?.rows.last?.label == "Flemington R6")
        #expect(view.last?.note?.contains("The latest 20 of 25: `results WORDS` narrows them") == true)
    }

    @Test("the day could not be read: said in place of the screen, with the source's status")
    func failure() {
        let interactor = FakeResultsInteractor(.failure(.unavailable(source: "the list", reason: "refused")))
        let expected = CommandResult.failure(RaceDataError.unavailable(source: "x", reason: "y").exitStatus)
        #expect(run(presenter(interactor).show) == [expected])
        #expect(view.errors.first?.hasPrefix("Could not read the day's races: ") == true)
        #expect(view.displayed.isEmpty)
    }

    @Test("the screen gone: its reading stops")
    func stopsReading() {
        let interactor = interactor()
        var presenter: ResultsPresenter? = presenter(interactor)
        _ = presenter
        presenter = nil
        #expect(interactor.stops == 1)
    }
}
