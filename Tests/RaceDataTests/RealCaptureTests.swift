import Core
import Foundation
import RaceData
import RaceDataLive
import TestSupport
import Testing

/// What only real answers of the API can prove: that we read every feed people have captured from it. The
/// captures are not ours to ship; they are read from `RealCaptures.directory` where it exists, and the suite is
/// skipped with a note where it does not (a fresh clone). CI runs it.
@Suite("Real captures of the API", .enabled(if: RealCaptures.available, Comment(rawValue: RealCaptures.absence)))
struct RealCaptureTests {
    let decoder = NedsFeedDecoder()

    @Test("there are real captures to read")
    func found() {
        #expect(RealCaptures.nextraces().count >= 30, "\(RealCaptures.nextraces())")
    }

    @Test(
        "every capture decodes whole: each race, its number, meeting, category and start",
        arguments: RealCaptures.nextraces())
    func decodesWhole(name: String) throws {
        let data = try RealCaptures.data(name)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let summaries = try #require((json["data"] as? [String: Any])?["race_summaries"] as? [String: Any])
        let feed = try decoder.decode(data, source: name)

        #expect(feed.skipped.isEmpty)
        #expect(feed.races.count == summaries.count)
        #expect(Set(feed.races.map(\.id)) == Set(summaries.keys))
        for race in feed.races {
            let summary = try #require(summaries[race.id] as? [String: Any])
            #expect(race.number == summary["race_number"] as? Int)
            #expect(race.meetingName == summary["meeting_name"] as? String)
            #expect(race.category.nedsID == summary["category_id"] as? String)
            let seconds = try #require((summary["advertised_start"] as? [String: Any])?["seconds"] as? Double)
            #expect(race.advertisedStart == Date(timeIntervalSince1970: seconds))
        }
        let fromFile = try FileRaceService(path: RealCaptures.url(name).path).fetchRaces()
        #expect(fromFile == (try decoder.decode(data, source: "file \(RealCaptures.url(name).path)")))
    }

    @Test("every capture reads the same as JSONSerialization reads it", arguments: RealCaptures.nextraces())
    func agreement(name: String) throws {
        let data = try RealCaptures.data(name)
        #expect(
            FeedReaderAgreementTests.outcome(NedsFeedDecoder(), data)
                == FeedReaderAgreementTests.outcome(ReferenceFeedDecoder(), data))
    }

    @Test(
        "mutations of a minified and a pretty-printed capture read the same, or fail the same",
        arguments: ["nextraces-2024-03-45-races.json", "nextraces-2025-05-10-races.json"])
    func mutations(name: String) throws {
        let disagreements = try FeedReaderAgreementTests.disagreements(
            mutating: RealCaptures.data(name), rounds: 300)
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
    }

    @Test("two polls in which same-second races swap places in the feed give one board order")
    func heldTieBreak() throws {
        let polls = [RealCaptures.tiePolls.0, RealCaptures.tiePolls.1]
        let ids = try polls.map { poll in
            let document = try JSONSerialization.jsonObject(with: RealCaptures.data(poll)) as? [String: Any]
            return (document?["data"] as? [String: Any])?["next_to_go_ids"] as? [String] ?? []
        }
        #expect(ids[0] != ids[1] && Set(ids[0]) == Set(ids[1]), "the feed's own order differs between the polls")
        let first = try decoder.decode(RealCaptures.data(polls[0]), source: "first poll")
        let second = try decoder.decode(RealCaptures.data(polls[1]), source: "second poll")
        #expect(first.races.map(\.id) == second.races.map(\.id))
        #expect(RaceOrder.sorted(first.races).map(\.id) == first.races.map(\.id))
    }
}
