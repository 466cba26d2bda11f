import Core
import Foundation
import RaceDataLive
import TestSupport
import Testing

/// What a card says of the race itself (`data.race`: `track_condition`, `weather`, `class`, `prize_monies`,
/// `rail_position`, `start_type`), read into `RaceCard.raceForm`.
@Suite("Race card decoding: the race's own facts")
struct RaceCardFactsTests {
    let decoder = RaceCardDecoder()

    private func raceForm(_ race: [String: Any]) throws -> RaceForm? {
        let card = try decoder.decode(
            CardDocuments.card(runners: [CardDocuments.runner(1, "Tickford")], race: race), raceID: "r1", source: "t")
        #expect(card.runners.map(\.name) == ["Tickford"], "the rest of the card read as ever")
        #expect(card.status == .open)
        return card.raceForm
    }

    @Test("the going, weather, class, total prize money, rail and start as the card gives them")
    func read() throws {
        let form = try raceForm([
            "track_condition": "Good4", "weather": "Fine", "class": "Rating 58 HCP",
            "prize_monies": ["10th": 340, "1st": 9_520, "2nd": 3_060, "total_value": 17_000],
            "rail_position": "True | 8mm Rain Last 24 Hours", "start_type": "Mobile",
        ])
        #expect(
            form
                == RaceForm(
                    trackCondition: "Good4", weather: "Fine",
                    info: RaceInfo(
                        raceClass: "Rating 58 HCP", prizeMoney: 17_000, railPosition: "True | 8mm Rain Last 24 Hours",
                        startType: "Mobile")))
    }

    /// `json`, a JSON text, as JSONSerialization reads it: a test's arguments are Sendable text, not `Any`.
    private func value(_ json: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)
    }

    @Test(
        "a card that says none of them, or says each empty, has no race form",
        arguments: [
            "{}",
            #"{"track_condition":"","weather":" ","class":null,"prize_monies":{},"rail_position":"","start_type":""}"#,
        ])
    func nothingSaid(race: String) throws {
        #expect(try raceForm(try #require(try value(race) as? [String: Any])) == nil)
    }

    @Test(
        "prize money: the total, else the places' sum; a value that is no amount of money is none",
        arguments: [
            (#"{"total_value":17000,"1st":9520}"#, 17_000 as Int?),
            (#"{"1st":9520,"2nd":3060,"3rd":1530}"#, 14_110),
            (#"{"total_value":"17000","1st":100}"#, 100),
            (#"{"total_value":1e300}"#, nil), (#"{"total_value":-5}"#, nil), (#"{"total_value":0,"1st":0}"#, nil),
            (#"{"1st":"9520"}"#, nil), (#"{"1st":9e11,"2nd":9e11}"#, nil), (#"{"trophy":500}"#, nil),
            (#"{"total_value":{"value":17000}}"#, nil),
            // No object at all: the class beside it is still read.
            (#""17000""#, nil), ("[17000]", nil), ("17000", nil), ("true", nil),
        ])
    func prizeMoney(monies: String, expected: Int?) throws {
        let info = try raceForm(["prize_monies": try value(monies), "class": "BM66"])?.info
        #expect(info == RaceInfo(raceClass: "BM66", prizeMoney: expected))
    }

    @Test("a member of the wrong type (the feed's {name} object, a number, a list, a flag) leaves a gap, nothing else")
    func wrongTypes() throws {
        let form = try raceForm([
            "track_condition": ["name": "Good", "short_name": "good"], "weather": 42, "class": ["BM66"],
            "rail_position": true, "start_type": NSNull(), "prize_monies": [["total_value": 100]],
        ])
        #expect(form == nil)
        let partly = try raceForm(["track_condition": 4, "weather": "Showers"])
        #expect(partly == RaceForm(weather: "Showers"))
    }

    @Test("huge texts are cut, as the feed's are: the going and weather to a field's length, the rest shorter")
    func huge() throws {
        let huge = String(repeating: "x", count: 3_000_000)
        let form = try #require(
            try raceForm([
                "track_condition": huge, "weather": huge, "class": huge, "rail_position": huge, "start_type": huge,
            ]))
        #expect(form.trackCondition?.count == Race.maximumTextLength + 1)
        #expect(form.trackCondition?.hasSuffix("…") == true)
        #expect(form.weather?.count == Race.maximumTextLength + 1)
        #expect(form.info?.raceClass?.count == 41)
        #expect(form.info?.railPosition?.count == 81)
        #expect(form.info?.startType?.count == 21)
    }

    @Test("control characters are kept, trimmed at the ends, for the views to clean as they clean the feed's")
    func controlCharacters() throws {
        let form = try raceForm([
            "weather": "\u{1B}[31mFine\u{07}", "class": "\tBM66\n", "rail_position": "Out\u{0}3m",
        ])
        #expect(form?.weather == "\u{1B}[31mFine\u{07}")
        #expect(form?.info?.raceClass == "BM66")
        #expect(form?.info?.railPosition == "Out\u{0}3m")
    }

    @Test("the last of a member given twice, as for the card's other members")
    func givenTwice() throws {
        let text =
            #"{"data":{"race":{"weather":"Fine","weather":"Showers","prize_monies":{"total_value":5},"#
            + #""prize_monies":{"total_value":7}},"runners":[]}}"#
        let card = try decoder.decode(Data(text.utf8), raceID: "r1", source: "t")
        #expect(card.raceForm == RaceForm(weather: "Showers", info: RaceInfo(prizeMoney: 7)))
    }
}

/// The race's own facts in the two real cards of the affiliates API, read where the shared captures are; skipped
/// with a note in a clone without them.
@Suite(
    "Real race cards: the race's own facts",
    .enabled(if: RealCaptures.available, Comment(rawValue: RealCaptures.absence))
)
struct RealRaceCardFactsTests {
    @Test(
        "going, weather, class, prize money, rail and start as the card's race says", arguments: RealRaceCardTests.cards
    )
    func facts(name: String) throws {
        let data = try RealCaptures.data(name)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let race = try #require((json["data"] as? [String: Any])?["race"] as? [String: Any])
        let form = try #require(try RaceCardDecoder().decode(data, raceID: "x", source: name).raceForm)
        func told(_ key: String) -> String? {
            (race[key] as? String).flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        }
        // Both captures give every one of them but the start type (a gallop's is empty).
        let going = try #require(told("track_condition"))
        #expect(form.trackCondition == going)
        #expect(form.weather == told("weather") && form.weather != nil)
        #expect(form.info?.raceClass == told("class") && form.info?.raceClass != nil)
        #expect(form.info?.railPosition == told("rail_position") && form.info?.railPosition != nil)
        #expect(form.info?.startType == told("start_type"))
        let total = try #require((race["prize_monies"] as? [String: Any])?["total_value"] as? Int)
        #expect(form.info?.prizeMoney == total)
    }
}
