import Core
import Foundation
import RaceDetailView
import TestSupport
import Testing

@MainActor
@Suite("Race detail JSON view")
struct RaceDetailJSONViewTests {
    @Test("the going and the weather as the sheet words them (Soft 6, Fine), not the feed's codes")
    func wordedConditions() throws {
        let output = RecordingDocuments()
        let race = Race(
            id: "r1", number: 3, meetingName: "Flemington", category: .horse,
            advertisedStart: Date(timeIntervalSince1970: 1_748_310_065),
            form: RaceForm(trackCondition: "Soft6", weather: "FINE"))
        RaceDetailJSONView(output: output).display(
            RaceDetailViewModel(
                title: "Flemington R3", subtitle: nil, expiredNotice: nil, fields: [], comment: nil,
                isFavourite: false, race: race, going: "Soft 6", weather: "Fine"))
        let fields = try #require(output.documents.last?.body["race"] as? [String: Any])
        #expect(fields["track"] as? String == "Soft 6")
        #expect(fields["weather"] as? String == "Fine")
    }

    @Test("equal favourites: each runner at the shortest price is the market's favourite, and an equal one")
    func equalFavourites() throws {
        let output = RecordingDocuments()
        let race = Race(
            id: "r1", number: 3, meetingName: "Flemington", category: .horse,
            advertisedStart: Date(timeIntervalSince1970: 1_748_310_065))
        let raceCard = RaceCard(
            raceID: "r1",
            runners: [
                Runner(number: 1, name: "A", fixedWin: 3.3, isMarketFavourite: true),
                Runner(number: 2, name: "B", fixedWin: 5),
                Runner(number: 3, name: "C", fixedWin: 3.3),
            ])
        let card = RaceCardViewModel(
            status: nil, runners: [], placings: [], dividends: [], card: raceCard,
            marketFavourite: MarketFavourite(runners: raceCard.runners))
        RaceDetailJSONView(output: output).display(
            RaceDetailViewModel(
                title: "Flemington R3", subtitle: nil, expiredNotice: nil, fields: [], comment: nil,
                isFavourite: false, race: race, card: card))
        let runners = try #require(
            (output.documents.last?.body["race"] as? [String: Any])?["runners"] as? [[String: Any]])
        #expect(runners.map { $0["marketFavourite"] as? Bool } == [true, false, true])
        #expect(runners.map { $0["equalFavourite"] as? Bool } == [true, false, true])
    }
}
