import Core
import Foundation
import Platform
import RaceData
import RaceDetailPresenter
import RaceDetailTestSupport
import RaceDetailView
import TestSupport
import Testing

/// `form`, `map` and `runner N` on the sheet: the presenter words each part of the card in place of the field,
/// and `show` brings the field back.
@MainActor
@Suite("The card's form on the sheet")
struct RunnerFormPresenterTests {
    let clock = ManualClock(1_748_310_000)
    let interactor = FakeRaceDetailInteractor()
    let view = FakeRaceDetailView()

    static let race = Race(
        id: "r1", number: 5, meetingName: "Moonee Valley", category: .horse,
        advertisedStart: Date(timeIntervalSince1970: 1_748_310_600))

    static func form(settling: Double?, label: String?, starts: [PastStart] = []) -> RunnerForm {
        var form = RunnerForm()
        form.speedMap = settling == nil && label == nil ? nil : SpeedMapPlace(label: label, settlingLengths: settling)
        form.starts = starts
        return form
    }

    static let card: RaceCard = {
        var leader = form(
            settling: 9, label: "Leader",
            starts: [
                PastStart(
                    date: "29/12/2024", track: "Flemington", distance: 1200, trackCondition: "Good 4", finish: 6,
                    runners: 12, margin: "8.30", rider: "Marc Lerner", startingPrice: 25, winner: "Leave A Light On"),
                PastStart(date: "23/11/2024", finish: 1, runners: 11, margin: "0.00", winner: "Tickford"),
            ])
        // A card lists every kind of record; one of no starts says nothing.
        leader.starts[0].weight = "57.5"
        leader.starts[0].barrier = 4
        leader.records = [
            FormRecord(kind: .overall, starts: 12, wins: 3, seconds: 2, thirds: 1),
            FormRecord(kind: .track, starts: 4, wins: 2, seconds: 1, thirds: 0),
            FormRecord(kind: .distance, starts: 0, wins: 0, seconds: 0, thirds: 0),
        ]
        var unraced = form(settling: 1, label: "Backmarker")
        unraced.records = [
            FormRecord(kind: .overall, starts: 0, wins: 0, seconds: 0, thirds: 0),
            FormRecord(kind: .heavy, starts: 0, wins: 0, seconds: 0, thirds: 0),
        ]
        leader.silks = "Cerise & gold hoops"
        leader.toteWin = 4.4
        leader.priceHistory = [
            PricePoint(price: 8.5, at: Date(timeIntervalSince1970: 1_748_220_000)),
            PricePoint(price: 6, at: Date(timeIntervalSince1970: 1_748_308_800)),
        ]
        return RaceCard(
            raceID: "r1", status: .open,
            runners: [
                Runner(number: 1, name: "Tickford", fixedWin: 5, fixedPlace: 1.8, lastStarts: "61", form: leader),
                Runner(number: 2, name: "Backmarker Bob", form: unraced),
                Runner(number: 3, name: "On Pace Olly", form: form(settling: 7, label: "On Pace")),
                Runner(number: 4, name: "Unmapped Ursula"),
                Runner(number: 5, name: "Also Leading", form: form(settling: 8, label: "Leader")),
                Runner(
                    number: 6, name: "Scratched Sam", scratching: .scratched, form: form(settling: 10, label: "Leader")),
            ])
    }()

    private func presenterWithCard(race: Race = Self.race) -> RaceDetailPresenter {
        interactor.cardSourceDescription = "folder cards"
        let presenter = RaceDetailPresenter(
            race: race, interactor: interactor, router: FakeRaceDetailRouter(), view: view, clock: clock,
            timeZone: LocalZone(identifier: "Australia/Melbourne")!)
        presenter.show { _ in }
        interactor.answerCard(.success(Self.card))
        return presenter
    }

    @Test("the speed map runs from the lead back by settling lengths; the unmapped and scratched are said apart")
    func speedMap() throws {
        let presenter = presenterWithCard()
        var results: [CommandResult] = []
        presenter.showSpeedMap { results.append($0) }
        #expect(results == [.success])
        let section = try #require(view.last?.section)
        #expect(section.blocks.map(\.title) == ["Leader", "On Pace", "Backmarker", "Not on the map"])
        #expect(section.blocks[0].lines == ["1 Tickford (9)", "5 Also Leading (8)"])
        #expect(section.blocks[3].lines == ["4 Unmapped Ursula"])
        #expect(!section.blocks.flatMap(\.lines).contains { $0.contains("Scratched") })
    }

    @Test(
        "the form guide: career and days since the last run, starts latest first with weight and barrier, records"
    )
    func formGuide() throws {
        let presenter = presenterWithCard()
        presenter.showForm(runner: nil) { _ in }
        let section = try #require(view.last?.section)
        #expect(section.blocks.first?.title == nil && section.blocks.count == 7, "the legend once, then six runners")
        #expect(
            section.blocks.first?.lines == [
                "Records: starts, then 1st-2nd-3rd (Track 4: 2-1-0 is 4 starts, 2 wins, a second)."
            ])
        #expect(section.blocks[1].title == "1 Tickford (61)")
        #expect(
            section.blocks[1].lines == [
                "Career 12: 3-2-1, 149 days since its last run",
                "29/12/2024 Flemington 1200m Good 4: 6th of 12, 8.30L, Marc Lerner, 57.5kg, barrier 4, SP 25.00 (won by Leave A Light On)",
                "23/11/2024: 1st of 11", "Records: Track 4: 2-1-0",
            ])
        #expect(section.blocks[2].lines == ["First start"], "a first starter: no records, no starts")
        #expect(section.blocks.last?.title == "6 Scratched Sam", "the scratched last")
        presenter.show { _ in }
        #expect(view.last?.section == nil && view.last?.card != nil)
    }

    @Test("a greyhound's past starts name its box, as its field's heading does; a galloper's its barrier")
    func greyhoundBox() throws {
        let dogs = Race(
            id: "r1", number: 5, meetingName: "The Meadows", category: .greyhound,
            advertisedStart: Self.race.advertisedStart)
        presenterWithCard(race: dogs).showForm(runner: 1) { _ in }
        let lines = try #require(view.last?.section?.blocks.last?.lines)
        #expect(lines.contains { $0.contains("box 4") } && !lines.contains { $0.contains("barrier") }, "\(lines)")
        presenterWithCard().showForm(runner: 1) { _ in }
        #expect(view.last?.section?.blocks.last?.lines.contains { $0.contains("barrier 4") } == true)
    }

    @Test("runner N in full: silks, tote beside fixed, the price's moves with their times")
    func runner() throws {
        let presenter = presenterWithCard()
        presenter.showRunner(1) { _ in }
        let lines = try #require(view.last?.section?.blocks.first?.lines)
        #expect(lines.contains("Silks: Cerise & gold hoops"))
        #expect(lines.contains("Fixed: win 5.00, place 1.80"))
        #expect(lines.contains("Tote: win 4.40, place -"))
        #expect(lines.contains("Prices: 8.50 (Mon 10:40) -> 6.00 (11:20) -> 5.00 now"))
        #expect(lines.contains("Speed map: Leader, settling 9 L"))
    }

    @Test("a runner the card does not have is a usage error, the sheet left as it was")
    func missingRunner() {
        let presenter = presenterWithCard()
        let shown = view.displayed.count
        var results: [CommandResult] = []
        presenter.showRunner(9) { results.append($0) }
        presenter.showForm(runner: 0) { results.append($0) }
        #expect(results == [.failure(.usage), .failure(.usage)])
        #expect(view.displayed.count == shown)
        #expect(view.errors.last == "No runner 0 in this race; the field is 1-6.")
    }
}
