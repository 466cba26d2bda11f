import Core
import Foundation
import Platform
import RaceData
import ScratchingsInteractor
import ScratchingsPresenter
import ScratchingsTestSupport
import ScratchingsView
import TestSupport
import Testing

@MainActor
@Suite("Scratchings presenter")
struct ScratchingsPresenterTests {
    let clock = ManualClock(1_748_310_000)
    let interactor = FakeScratchingsInteractor()
    let view = FakeScratchingsView()
    let router = FakeScratchingsRouter()
    let log = CompletionLog()
    let utc = LocalZone(identifier: "UTC")!

    private func presenter(_ words: String = "", firstWait: TimeInterval? = nil, scheduler: ManualScheduler? = nil)
        -> ScratchingsPresenter
    {
        ScratchingsPresenter(
            interactor: interactor, router: router, view: view, clock: clock, timeZone: utc,
            selection: RaceSelection(words: words), firstWait: firstWait, scheduler: scheduler)
    }

    private var randwick: Race {
        Race.make("randwick-4", number: 4, meeting: "Randwick", country: "AUS", startsIn: 1_500, from: clock)
    }
    private var meadows: Race {
        Race.make(
            "meadows-2", number: 2, meeting: "The Meadows", category: .greyhound, country: "AUS", startsIn: -600,
            from: clock)
    }
    private var ascot: Race {
        Race.make("ascot-6", number: 6, meeting: "Ascot", country: "UK", startsIn: 4_000, from: clock)
    }

    /// A scratching `minutes` before now (negative: still to come), with a deduction.
    private func scratched(
        _ race: Race, _ number: Int, _ name: String, minutesAgo: Double?, deduction: Deduction? = nil
    ) -> ScratchedRunner {
        ScratchedRunner(
            race: race, number: number, name: name, at: minutesAgo.map { clock.now().addingTimeInterval(-$0 * 60) },
            deduction: deduction)
    }

    private func day(_ scratchings: [ScratchedRunner], reach: ScratchingsAnswer.Reach = .wholeDay)
        -> ScratchingsAnswer
    {
        ScratchingsAnswer(races: [randwick, meadows, ascot], scratchings: scratchings, reach: reach)
    }

    @Test("latest first, each at its local time with its deduction; a time not told last; none before its time")
    func latestFirst() throws {
        let presenter = presenter()
        presenter.show(completion: log.callback)
        interactor.answer(
            .success(
                day([
                    scratched(meadows, 3, "Quick Flash", minutesAgo: 40, deduction: Deduction(win: 2, place: 4.5)),
                    scratched(randwick, 7, "Brave Mistral", minutesAgo: 5, deduction: Deduction(win: 12.5, place: 4)),
                    scratched(ascot, 2, "Unknown Hour", minutesAgo: nil),
                    scratched(ascot, 5, "Not Yet", minutesAgo: -2),
                ])))
        #expect(log.results == [.success])
        // 1,748,310,000 is 01:40 UTC.
        #expect(
            view.lastRows == [
                "1 1:35am R4 Randwick 7 Brave Mistral ded 12.5c/4.0c",
                "2 1:00am R2 The Meadows 3 Quick Flash ded 2.0c/4.5c",
                "3 - R6 Ascot 2 Unknown Hour",
            ])
        let view = try #require(self.view.last)
        #expect(view.title == "Late scratchings · 3")
        #expect(view.rows.map(\.raceState) == ["25m 0s", "jumped", "1h 6m"])
        #expect(view.note?.hasPrefix("Latest first, from every race's field of the day.") == true)
        #expect(view.emptyMessage == nil)
        // Its time come, the fourth is drawn, on top.
        clock.advance(by: 120)
        presenter.showLive()
        #expect(self.view.lastRows.first == "1 1:42am R6 Ascot 5 Not Yet")
    }

    @Test("words narrow as they narrow `meetings`: codes, their letters, regions, places, part of a name")
    func narrowing() {
        let scratchings = [
            scratched(meadows, 3, "Quick Flash", minutesAgo: 40),
            scratched(randwick, 7, "Brave Mistral", minutesAgo: 5),
            scratched(ascot, 2, "Ledger", minutesAgo: 1),
        ]
        for (words, expected) in [
            ("greyhound", ["3 Quick Flash"]), ("T", ["2 Ledger", "7 Brave Mistral"]),
            ("aus", ["7 Brave Mistral", "3 Quick Flash"]),
            ("uk", ["2 Ledger"]), ("rand", ["7 Brave Mistral"]), ("horse aus", ["7 Brave Mistral"]),
        ] {
            let view = FakeScratchingsView()
            let presenter = ScratchingsPresenter(
                interactor: interactor, router: router, view: view, clock: clock, timeZone: utc,
                selection: RaceSelection(words: words))
            presenter.show(completion: log.callback)
            interactor.answer(.success(day(scratchings)))
            #expect(view.last?.rows.map(\.runner) == expected, "\(words)")
        }
        #expect(log.results.allSatisfy { $0 == .success })
        let narrowed = presenter("harness")
        narrowed.show(completion: log.callback)
        interactor.answer(.success(day(scratchings)))
        #expect(view.last?.title == "Late scratchings · 0 · harness")
        #expect(view.last?.emptyMessage == "No late scratching today is harness. Type `scratchings` for them all.")
    }

    @Test("a word no meeting of the day has in its name, nor a code, region or place, is said as meetings says it")
    func unknownWord() {
        let presenter = presenter("zzyzx")
        presenter.show(completion: log.callback)
        interactor.answer(.success(day([scratched(randwick, 7, "Brave Mistral", minutesAgo: 5)])))
        #expect(log.results == [.success] && view.errors.isEmpty)
        #expect(
            view.last?.emptyMessage?.hasPrefix("No meeting today has \"zzyzx\" in its name") == true,
            "\(String(describing: view.last))")
        // A meeting of the day with none scratched is no mistake: its list is only empty.
        let ascotOnly = self.presenter("ascot")
        ascotOnly.show(completion: log.callback)
        interactor.answer(.success(day([scratched(randwick, 7, "Brave Mistral", minutesAgo: 5)])))
        #expect(log.results.last == .success)
        #expect(view.last?.emptyMessage == "No late scratching today is \"ascot\". Type `scratchings` for them all.")
    }

    @Test("show N opens the race of scratching N as drawn; a number past the list is a usage error")
    func showOpensTheRace() {
        let presenter = presenter()
        presenter.show(completion: log.callback)
        interactor.answer(
            .success(
                day([
                    scratched(meadows, 3, "Quick Flash", minutesAgo: 40),
                    scratched(randwick, 7, "Brave Mistral", minutesAgo: 5),
                ])))
        #expect(presenter.highestNumber == 2)
        router.expectNavigation()
        presenter.openRace(number: 2, completion: log.callback)
        #expect(router.opened.map(\.id) == ["meadows-2"])
        presenter.openRace(number: 3, completion: log.callback)
        #expect(log.results.last == .failure(.usage))
        #expect(view.errors.last == "There is no scratching 3 here; choose 1 to 2.")
    }

    @Test("a server's cards: what was read, said; no card source: said in place of the list; a failure, its status")
    func reach() {
        let presenter = presenter()
        presenter.show(completion: log.callback)
        interactor.answer(.success(day([scratched(randwick, 7, "Brave Mistral", minutesAgo: 5)], reach: .cardsRead(2))))
        #expect(
            view.last?.note?.hasPrefix("Latest first, from the 2 of the day's 3 races whose cards have been read")
                == true)
        presenter.show(completion: log.callback)
        interactor.answer(.success(day([], reach: .noCards)))
        #expect(view.last?.emptyMessage?.hasPrefix("No race cards are read (`--cards none`)") == true)
        #expect(view.last?.note == nil)
        presenter.show(completion: log.callback)
        interactor.answer(.failure(.unavailable(source: "the feed", reason: "connection refused")))
        #expect(log.results == [.success, .success, .failure(.unavailable)])
        #expect(view.errors.last?.hasPrefix("Could not read the late scratchings: ") == true)
    }

    @Test("at a terminal: drawn as reading when the answer is slow, filled in live; asked again once old")
    func live() {
        let scheduler = ManualScheduler(clock: clock)
        let presenter = presenter(firstWait: 0.5, scheduler: scheduler)
        presenter.show(completion: log.callback)
        scheduler.advance(by: 0.5)
        #expect(log.results == [.success])
        #expect(view.last?.emptyMessage == "Reading the day's late scratchings...")
        interactor.answer(.success(day([scratched(randwick, 7, "Brave Mistral", minutesAgo: 5)])))
        presenter.showLive()
        #expect(view.lastRows == ["1 1:35am R4 Randwick 7 Brave Mistral"])
        #expect(interactor.requests.isEmpty, "a fresh answer is not asked for again")
        clock.advance(by: ScratchingsPresenter.answerLifetime)
        presenter.showLive()
        presenter.showLive()
        #expect(interactor.requests.count == 1, "asked again once old, and once only while out")
    }
}
