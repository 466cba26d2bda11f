import Core
import Foundation
import RaceData
import RaceDataLive
import SnapshotData
import TestSupport
import Testing

/// The race day the app ships, read whole (every race, every card) as a racing fan would read it: each rule here
/// is one real racing keeps, so the generator (`Scripts/make-snapshot`) cannot drift from it. It reads the
/// shipped snapshot, not the recipe.
@Suite("The shipped race day is one a punter believes")
struct RaceDayPlausibilityTests {
    static let races: [Race] = (try? SnapshotRaceService.embeddedDay().races) ?? []
    static let cards: [String: RaceCard] = (try? SnapshotRaceCardService.embedded()) ?? [:]

    /// Each race with its card (every race has one).
    static var carded: [(race: Race, card: RaceCard)] {
        races.compactMap { race in cards[race.id].map { (race, $0) } }
    }

    static func isRated(_ region: String?, _ category: RaceCategory) -> Bool {
        ["AUS", "NZ"].contains(region ?? "") && category == .horse
    }

    static func isMaiden(_ race: Race) -> Bool {
        ["Maiden", "MDN", "Mdn"].contains { race.name?.contains($0) == true }
    }

    @Test("the whole day is read: 359 races, each with its card")
    func wholeDay() {
        #expect(Self.races.count == 359)
        #expect(Self.carded.count == 359)
    }

    @Test("the going in each country's words: the 1-10 rating only for Australian and New Zealand gallops")
    func goingWords() {
        for race in Self.races {
            guard let going = race.form.trackCondition else { continue }
            let rated = going.contains { $0.isNumber }
            let name = "\(race.meetingName) R\(race.number) (\(race.venue.country ?? "?")): \(going)"
            if Self.isRated(race.venue.country, race.category) {
                #expect(rated || going == "Synthetic", "\(name)")
            } else {
                #expect(!rated, "\(name)")
                #expect(going != "Easy" || (race.venue.country == "NZ" && race.category == .harness), "\(name)")
            }
        }
    }

    @Test("past starts: before the day, at tracks of one region, in that region's going words")
    func pastStarts() {
        var regionOfTrack: [String: String] = [:]
        let day = Self.races.map(\.advertisedStart).min() ?? .distantPast
        for (race, card) in Self.carded {
            let region = race.venue.country == "CA" ? "USA" : race.venue.country ?? "?"
            for runner in card.runners {
                for start in runner.form?.starts ?? [] {
                    let name = "\(race.meetingName) R\(race.number) \(runner.name) at \(start.track ?? "?")"
                    if let track = start.track {
                        let known = regionOfTrack[track, default: region]
                        #expect(known == region, "\(name): a track of \(known) for a runner of \(region)")
                        regionOfTrack[track] = region
                    }
                    if let date = start.date.flatMap(Self.cardDate) { #expect(date < day, "\(name) on \(date)") }
                    let rated = start.trackCondition?.contains { $0.isNumber } == true
                    #expect(!rated || Self.isRated(race.venue.country, race.category), "\(name)")
                    if rated {
                        #expect(start.trackCondition?.contains(" ") == true, "\(name): \(start.trackCondition!)")
                    }
                }
            }
        }
        #expect(regionOfTrack.count > 20)
    }

    /// `29/12/2024` at midnight UTC.
    static func cardDate(_ text: String) -> Date? {
        let parts = text.split(separator: "/").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        var components = DateComponents(year: parts[2], month: parts[1], day: parts[0])
        components.timeZone = TimeZone(identifier: "UTC")
        return Calendar(identifier: .gregorian).date(from: components)
    }

    @Test("maidens have never won: not in their figures, their starts or their records")
    func maidens() {
        let maidens = Self.carded.filter { Self.isMaiden($0.race) }
        #expect(maidens.count > 20)
        for (race, card) in maidens {
            for runner in card.runners {
                let name = "\(race.meetingName) R\(race.number) \(runner.name)"
                #expect(runner.lastStarts?.contains("1") != true, "\(name): \(runner.lastStarts ?? "")")
                #expect(!(runner.form?.starts ?? []).contains { $0.finish == 1 }, "\(name)")
                #expect(!(runner.form?.records ?? []).contains { $0.wins > 0 }, "\(name)")
            }
        }
    }

    @Test("first starters carry no records; records never count more wins than starts")
    func records() {
        for (race, card) in Self.carded {
            for runner in card.runners {
                let name = "\(race.meetingName) R\(race.number) \(runner.name)"
                if (runner.lastStarts ?? "").isEmpty {
                    #expect(!(runner.form?.records ?? []).contains { $0.starts > 0 }, "\(name)")
                }
                for record in runner.form?.records ?? [] {
                    #expect(record.wins + record.seconds + record.thirds <= record.starts, "\(name)")
                }
                // The career holds every start its figures show, and each of their wins, seconds and thirds.
                let figures = (runner.lastStarts ?? "").filter { $0 != "X" }
                let career = runner.form?.records.first { $0.kind == .overall }
                #expect(career != nil, "\(name): a career record")
                if let career {
                    #expect(career.starts >= figures.count, "\(name)")
                    #expect(career.wins >= figures.filter { $0 == "1" }.count, "\(name)")
                    #expect(career.seconds >= figures.filter { $0 == "2" }.count, "\(name)")
                    #expect(career.thirds >= figures.filter { $0 == "3" }.count, "\(name)")
                    for record in runner.form?.records ?? [] where record.kind != .overall {
                        #expect(record.starts <= career.starts && record.wins <= career.wins, "\(name)")
                    }
                }
            }
        }
    }

    @Test("fixed prices on the ladder, and each place price had from its win price as a bookmaker has it")
    func prices() {
        var checked = 0
        for (race, card) in Self.carded {
            let running = card.runners.filter { !$0.isScratched }.count
            for runner in card.runners where !runner.isScratched {
                let name = "\(race.meetingName) R\(race.number) \(runner.name)"
                for price in [runner.fixedWin, runner.fixedPlace].compactMap({ $0 }) + runner.flucs {
                    #expect(PriceLadder.isOnLadder(price), "\(name): \(price)")
                    checked += 1
                }
                #expect(zip(runner.flucs, runner.flucs.dropFirst()).allSatisfy { $0 != $1 }, "\(name): no move")
                // No market on an abandoned race.
                #expect(runner.flucs.count >= 3 || card.status == .abandoned, "\(name): the market opened and moved")
                if let win = runner.fixedWin, let place = runner.fixedPlace {
                    #expect(place == PriceLadder.placePrice(fromWin: win, runners: running), "\(name)")
                    #expect(place < win, "\(name)")
                }
            }
        }
        #expect(checked > 5_000)
    }

    @Test("the speed map runs from the back by settling lengths: the leader furthest, Back Markers nearest 0")
    func speedMap() {
        for (race, card) in Self.carded where race.category != .greyhound {
            let mapped = card.runners.compactMap { runner in runner.form?.speedMap.map { (runner, $0) } }
            let name = "\(race.meetingName) R\(race.number)"
            #expect(!mapped.isEmpty, "\(name)")
            let lengths = { (label: String) in mapped.filter { $0.1.label == label }.compactMap(\.1.settlingLengths) }
            let front = lengths("Front Runner")
            let back = lengths("Back Marker")
            #expect(!front.isEmpty && !back.isEmpty, "\(name)")
            #expect((front.min() ?? 0) >= (lengths("Midfield").max() ?? 0), "\(name)")
            #expect((back.max() ?? 0) <= (lengths("Midfield").min() ?? .infinity), "\(name)")
        }
    }

    @Test("rows of a mobile start only in harness races: eight across the front, the rest behind")
    func mobileRows() {
        var mobile = 0
        for (race, card) in Self.carded {
            let rows = card.runners.compactMap(\.barrierPosition)
            guard !rows.isEmpty else { continue }
            mobile += 1
            #expect(
                race.category == .harness && rows.count == card.runners.count, "\(race.meetingName) R\(race.number)")
            for runner in card.runners {
                let expected =
                    (runner.barrier ?? 0) <= 8 ? "Fr\(runner.barrier ?? 0)" : "Sr\((runner.barrier ?? 0) - 8)"
                #expect(runner.barrierPosition == expected, "\(race.meetingName) R\(race.number) \(runner.name)")
            }
        }
        #expect(mobile > 10)
    }

    @Test("a comment that gives a runner the early speed puts it in front on the map")
    func commentsFromTheMap() {
        var said = 0
        for (race, card) in Self.carded {
            let comment = race.form.comment ?? ""
            for runner in card.runners where comment.contains("(\(runner.number)) has the early speed") {
                said += 1
                if let label = runner.form?.speedMap?.label {
                    #expect(label == "Front Runner", "\(race.meetingName) R\(race.number) \(runner.name): \(label)")
                }
            }
        }
        #expect(said > 5)
    }

    @Test("riders and drivers recur across a meeting's races, and never ride twice in one")
    func peopleRecur() {
        let meetings = Dictionary(grouping: Self.carded.filter { $0.race.category != .greyhound }) {
            $0.race.meetingName
        }
        for (meeting, races) in meetings where races.count >= 6 {
            var rides: [String: Int] = [:]
            for (race, card) in races {
                let riders = card.runners.compactMap(\.rider)
                #expect(Set(riders).count == riders.count, "\(meeting) R\(race.number)")
                for rider in riders { rides[rider, default: 0] += 1 }
            }
            #expect((rides.values.max() ?? 0) >= 3, "\(meeting): \(rides)")
        }
    }

    @Test("the market moves through the day: half an hour out every runner has a trail, and a mover is tagged")
    func marketsMove() {
        for (race, made) in Self.carded where made.status != .abandoned {
            let card = SnapshotCardTimeline.card(
                made, startingAt: race.advertisedStart, takes: RacingTime(of: race),
                at: race.advertisedStart.addingTimeInterval(-1_800))
            let name = "\(race.meetingName) R\(race.number)"
            for runner in card.runners where !runner.isScratched {
                #expect((runner.form?.priceHistory.count ?? 0) >= 2, "\(name) \(runner.name)")
            }
            for mover in card.runners where mover.isMover {
                let history = mover.form?.priceHistory.map(\.price) ?? []
                #expect(history.count >= 2 && history.first! > history.last!, "\(name) \(mover.name): \(history)")
            }
            for runner in card.runners where !runner.isScratched {
                #expect(runner.fixedWin.map(PriceLadder.isOnLadder) != false, "\(name) \(runner.name)")
                #expect(runner.fixedPlace.map(PriceLadder.isOnLadder) != false, "\(name) \(runner.name)")
            }
        }
    }

    @Test("the feed carries each race's class and prize money, and a harness race how it starts")
    func raceInfo() throws {
        let bytes = snapshotFeed.withUTF8Buffer { Data($0) }
        let document = try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
        let data = try #require(document["data"] as? [String: Any])
        let summaries = try #require(data["race_summaries"] as? [String: [String: Any]])
        let harness = "161d9be2-e909-4326-8c2c-35ed71fb460b"
        #expect(summaries.count == 359)
        for (id, summary) in summaries {
            let form = summary["race_form"] as? [String: Any]
            guard let text = form?["additional_data"] as? String else { continue }
            let info = try #require(
                (try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])?["revealed_race_info"]
                    as? [String: Any], "\(id)")
            #expect((info["class"] as? String)?.isEmpty == false, "\(id)")
            let prize = (info["prizemonies"] as? [String: Any])?["total_value"] as? Int ?? 0
            #expect(prize > 0, "\(id)")
            let startType = info["start_type"] as? String ?? ""
            if summary["category_id"] as? String == harness {
                #expect(["Mobile", "Standing"].contains(startType), "\(id)")
                let name = summary["race_name"] as? String ?? ""
                #expect(!name.contains("Mobile") || startType == "Mobile", "\(id): \(name)")
            } else {
                #expect(startType.isEmpty, "\(id)")
            }
        }
    }
}
