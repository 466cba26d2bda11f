import Core
import Foundation
import TestSupport
import Testing

@testable import RaceData
@testable import RaceDataLive

@Suite("Decoding the Neds feed")
struct NedsFeedDecoderTests {
    let decoder = NedsFeedDecoder()

    @Test("every feed in Tests/Fixtures decodes whole", arguments: try Fixtures.wholeNames())
    func everyFixture(name: String) throws {
        let json = try Fixtures.json(name)
        let summaries = (json["data"] as! [String: Any])["race_summaries"] as! [String: Any]
        let feed = try decoder.decode(Fixtures.data(name), source: name)

        #expect(feed.skipped.isEmpty)
        #expect(feed.races.count == summaries.count)
        #expect(Set(feed.races.map(\.id)) == Set(summaries.keys))
        for race in feed.races {
            let summary = summaries[race.id] as! [String: Any]
            #expect(race.number == summary["race_number"] as? Int)
            #expect(race.meetingName == summary["meeting_name"] as? String)
            #expect(race.category.nedsID == summary["category_id"] as? String)
            let seconds = (summary["advertised_start"] as! [String: Any])["seconds"] as! Double
            #expect(race.advertisedStart == Date(timeIntervalSince1970: seconds))
        }
    }

    @Test("category counts match the recipes")
    func categoryCounts() throws {
        func counts(_ name: String) throws -> [RaceCategory: Int] {
            try decoder.decode(Fixtures.data(name), source: name).races.reduce(into: [:]) {
                $0[$1.category, default: 0] += 1
            }
        }
        #expect(try counts(Fixtures.tenRacesB) == [.horse: 3, .harness: 5, .greyhound: 2])
        #expect(try counts(Fixtures.fiveRaces) == [.horse: 2, .greyhound: 2, .harness: 1])
        #expect(try counts(Fixtures.tenRaces) == [.harness: 5, .horse: 2, .greyhound: 3])
    }

    @Test("race form and venue are kept, the races in the board's order")
    func details() throws {
        let feed = try decoder.decode(Fixtures.data(Fixtures.fiveRaces), source: "five")
        #expect(feed.races.map(\.meetingName) == ["Angle Park", "Funabashi", "Urawa", "Kilmore", "Sandown Park"])
        let anglePark = try #require(feed.races.first)
        #expect(anglePark.id == "189bd6af-8bb8-49ef-bcd2-47f71a617945")
        #expect(anglePark.name == "Harbourview Motors (Grade 1)")
        #expect(anglePark.category == .greyhound)
        #expect(anglePark.venue == Venue(name: "Angle Park", state: "SA", country: "AUS"))
        #expect(anglePark.form.distance == Distance(value: 342, unit: "m"))
        #expect(anglePark.form.trackCondition == "Fast")
        #expect(anglePark.form.weather == "FINE")
        #expect(anglePark.form.comment?.hasPrefix("BOLD SAFFRON (6) resumes from a spell") == true)
        let funabashi = try #require(feed.races.first { $0.meetingName == "Funabashi" })
        #expect(funabashi.venue == Venue(name: "Funabashi", state: "JPN", country: "JPN"))
        #expect(funabashi.form.weather == nil)
    }

    @Test("missing weather and race comments are fine")
    func optionalFormFields() throws {
        let feed = try decoder.decode(Fixtures.data(Fixtures.tenRaces), source: "ten")
        #expect(feed.races.filter { $0.form.comment == nil }.count == 4)
        #expect(feed.races.filter { $0.form.weather == nil }.count == 3)
    }

    @Test("the evening feed is what its recipe says: 45 races, one of a category we do not know, one without a start")
    func snapshot() throws {
        let data = try Data(contentsOf: Fixtures.evening)
        let feed = try decoder.decode(data, source: "snapshot")
        #expect(feed.races.count == 43)
        #expect(feed.skipped.map(\.reason).sorted().first == "missing advertised_start")
        #expect(feed.skipped.map(\.reason).sorted().last?.hasPrefix("unknown category_id ") == true)
        let categories = feed.races.reduce(into: [RaceCategory: Int]()) { $0[$1.category, default: 0] += 1 }
        #expect(categories == [.horse: 22, .greyhound: 13, .harness: 8])
        let countries = Set(feed.races.compactMap(\.venue.country))
        #expect(countries.isSuperset(of: ["AUS", "NZ"]) && countries.count >= 7, "\(countries)")
        let starts = Dictionary(grouping: feed.races, by: \.advertisedStart).values
        #expect(starts.filter { $0.count > 1 }.count >= 3, "several races share a start second")
        let span = try #require(feed.races.map(\.advertisedStart).max()).timeIntervalSince(
            try #require(feed.races.map(\.advertisedStart).min()))
        #expect((90 * 60...150 * 60).contains(span), "about two hours")
        for missing: KeyPath<Race, String?> in [\.form.weather, \.form.trackCondition, \.form.comment] {
            #expect(
                feed.races.contains { $0[keyPath: missing] == nil }
                    && feed.races.contains { $0[keyPath: missing] != nil })
        }
        #expect(feed.races.contains { $0.form.distance == nil })
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""additional_data":"""#), "additional_data as an empty string")
        #expect(text.contains(#""additional_data":"{\"revealed_race_info\""#), "additional_data as a JSON string")
    }

    @Test("races of the same start second come by meeting name, whatever order the feed lists them in")
    func tiesHeldWhateverTheFeedOrder() throws {
        var document = try Fixtures.json(Fixtures.tenRaces)
        var body = try #require(document["data"] as? [String: Any])
        let running = try #require(body["next_to_go_ids"] as? [String])
        body["next_to_go_ids"] = Array(running.reversed())
        document["data"] = body
        let reversed = try decoder.decode(JSONSerialization.data(withJSONObject: document), source: "reversed")
        let original = try decoder.decode(Fixtures.data(Fixtures.tenRaces), source: "original")
        // The feed's own list of ids, reversed, changes nothing; members in any order: `membersInAnyOrder`.
        #expect(reversed == original)
        #expect(RaceOrder.sorted(original.races).map(\.id) == original.races.map(\.id), "the board's order")
        let tied = original.races.filter { $0.meetingName == "Cannington" || $0.meetingName == "Pakenham" }
        #expect(tied.map(\.meetingName) == ["Cannington", "Pakenham"], "same second: by meeting name")
        #expect(Set(tied.map(\.advertisedStart)).count == 1)
        let cannington = try #require(original.races.firstIndex { $0.meetingName == "Cannington" })
        #expect(original.races[cannington + 1].meetingName == "Pakenham", "side by side")
    }

    @Test(
        "a document that arrives a few bytes at a time reads as it does whole, mutated or not",
        arguments: [Fixtures.fiveRaces, Fixtures.tenRaces])
    func arrivingInPieces(name: String) throws {
        let original = [UInt8](try Fixtures.data(name))
        var random = SeededRandom(seed: 5)
        for round in 0..<300 {
            // Every tenth document starts with a byte order mark, which the reader lets pass.
            var bytes = round % 10 == 5 ? [0xEF, 0xBB, 0xBF] + original : original
            if round > 0 {
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    FeedReaderAgreementTests.mutate(&bytes, using: &random)
                }
            }
            let whole = FeedReaderAgreementTests.outcome(decoder, Data(bytes))
            // Never more than asked for past a few bytes: every read ends somewhere inside a token.
            let step = round % 7 + 1
            let inPieces = bytes.withUnsafeBytes { all in
                var given = 0
                let more: JSONByteReader.MoreBytes = { wanted in
                    given = min(all.count, max(wanted, given + step))
                    return UnsafeRawBufferPointer(rebasing: all[..<given])
                }
                do {
                    return "\(try decoder.decode(UnsafeRawBufferPointer(rebasing: all[..<0]), more: more, source: "s"))"
                } catch {
                    return "error \(error)"
                }
            }
            #expect(inPieces == whole, "round \(round), \(step) bytes at a time")
        }
    }

    @Test("the summaries in any order give the same races, in the board's order")
    func membersInAnyOrder() throws {
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: Fixtures.evening)) as? [String: Any]
        let summaries = try #require(document?["data"] as? [String: Any])["race_summaries"]
        let members = try #require(summaries as? [String: Any]).map { key, value in
            let pair = try JSONSerialization.data(withJSONObject: [key: value])
            return String(decoding: pair.dropFirst().dropLast(), as: UTF8.self)
        }
        var random = SeededRandom(seed: 3)
        var feeds: [RaceFeed] = []
        for order in [members.sorted(), members.sorted().reversed(), members.shuffled(using: &random)] {
            let text = #"{"data":{"race_summaries":{"# + order.joined(separator: ",") + "}}}"
            feeds.append(try decoder.decode(Data(text.utf8), source: "shuffled"))
        }
        #expect(feeds[0].races.count == 43)
        #expect(feeds.allSatisfy { $0 == feeds[0] })
        #expect(RaceOrder.sorted(feeds[0].races).map(\.id) == feeds[0].races.map(\.id))
        #expect(feeds[0].skipped.map(\.key) == feeds[0].skipped.map(\.key).sorted(), "mistakes by key")
    }

    @Test("race_form and venue fields may be missing, empty or malformed")
    func tolerantOptionalParts() throws {
        let data = try Fixtures.editedSummaries(Fixtures.fiveRaces) { key, summary in
            switch key.first {
            case "1": summary["race_form"] = nil
            case "3": summary["race_form"] = [String: Any]()
            case "a": summary["race_form"] = "not an object"
            default:
                summary["venue_name"] = ""
                summary["venue_state"] = nil
                summary["venue_country"] = 7
            }
        }
        let feed = try decoder.decode(data, source: "edited")
        #expect(feed.races.count == 5)
        #expect(feed.skipped.isEmpty)
        let formless = try #require(feed.races.first { $0.id.hasPrefix("1") })
        #expect(formless.form == RaceForm())
        let venueless = try #require(feed.races.first { $0.id.hasPrefix("8") })
        #expect(venueless.venue == Venue())
    }

    @Test(
        "a summary missing a required field is skipped with the reason",
        arguments: [
            ("race_id", "missing race_id"),
            ("race_number", "missing race_number"),
            ("meeting_name", "missing meeting_name"),
            ("category_id", "missing category_id"),
            ("advertised_start", "missing advertised_start"),
        ])
    func missingRequiredField(field: String, reason: String) throws {
        let victim = "3d633710-64e9-489a-b3f1-9dd1e4cd5f7b"
        let data = try Fixtures.editedSummaries(Fixtures.fiveRaces) { key, summary in
            if key == victim { summary[field] = nil }
        }
        let feed = try decoder.decode(data, source: "edited")
        #expect(feed.races.count == 4)
        #expect(feed.skipped == [SkippedRace(key: victim, reason: reason)])
    }

    @Test("unknown categories and wrong types are skipped and counted, not fatal")
    func skippedSummaries() throws {
        let data = try Fixtures.editedSummaries(Fixtures.tenRacesB) { key, summary in
            if summary["meeting_name"] as? String == "Shepparton" {
                summary["category_id"] = "11111111-2222-3333-4444-555555555555"
            }
            if summary["meeting_name"] as? String == "Ballarat" { summary["race_number"] = "2" }
            if summary["meeting_name"] as? String == "Horsham" { summary["advertised_start"] = ["seconds": true] }
            if summary["meeting_name"] as? String == "Dapto" { summary["meeting_name"] = "   " }
        }
        let feed = try decoder.decode(data, source: "edited")
        #expect(feed.races.count == 6)
        #expect(
            Set(feed.skipped.map(\.reason)) == [
                "unknown category_id 11111111-2222-3333-4444-555555555555",
                "race_number is not a whole number from 1 to 999999",
                "missing or non-numeric advertised_start.seconds",
                "meeting_name is not a non-empty string",
            ])
    }

    @Test("an empty race_summaries object is a valid, empty feed")
    func emptyFeed() throws {
        let data = Data(#"{"data":{"next_to_go_ids":[],"race_summaries":{}}}"#.utf8)
        #expect(try decoder.decode(data, source: "empty") == RaceFeed(races: []))
    }

    @Test(
        "a body that is not this feed is a typed error naming the source and the problem",
        arguments: [
            ("", "it is empty"),
            ("   \n", "it is empty"),
            ("{\"data\": ", "it is not valid JSON (starts \"{\"data\":\")"),
            ("<!DOCTYPE html><html>", "it is HTML, not JSON (starts \"<!DOCTYPE html><html>\")"),
            ("[1, 2]", "expected a JSON object at the top level, found an array"),
            ("\"races\"", "expected a JSON object at the top level, found a string"),
            ("{\"status\": 200}", "it has no `data` object"),
            ("{\"data\": {\"next_to_go_ids\": []}}", "it has no `data.race_summaries` object"),
            ("{\"data\": {\"race_summaries\": []}}", "it has no `data.race_summaries` object"),
            ("true", "expected a JSON object at the top level, found a Boolean"),
            ("12", "expected a JSON object at the top level, found a number"),
        ])
    func invalidFeeds(body: String, reason: String) {
        #expect(throws: RaceDataError.invalidFeed(source: "file /tmp/x.json", reason: reason)) {
            try decoder.decode(Data(body.utf8), source: "file /tmp/x.json")
        }
    }

    @Test("a race years away from the rest of the feed is skipped as a mistake, with its reason")
    func outlierStart() throws {
        let data = try Fixtures.editedSummaries(Fixtures.fiveRaces) { key, summary in
            if summary["race_number"] as? Int == 11 { summary["advertised_start"] = ["seconds": 4_000_000_000] }
        }
        let feed = try decoder.decode(data, source: "five")
        #expect(feed.races.count == 4)
        #expect(feed.skipped.map(\.reason) == ["advertised_start 2096-10-02 is years away from the feed's other races"])
    }

    @Test("one character carrying a million combining marks is cut too")
    func hugeGraphemeCluster() throws {
        let data = try Fixtures.editedSummaries(Fixtures.fiveRaces) { _, summary in
            summary["meeting_name"] = "a" + String(repeating: "\u{301}", count: 1_000_000)
        }
        let feed = try decoder.decode(data, source: "five")
        for race in feed.races {
            #expect(race.meetingName.unicodeScalars.count <= Race.maximumTextLength * 4 + 1)
            #expect(race.meetingName.hasSuffix("…"))
        }
    }

    @Test("a feed of 20,000 races decodes whole")
    func manyRaces() throws {
        var summaries: [String: Any] = [:]
        for index in 0..<20_000 {
            summaries["r\(index)"] = [
                "race_id": "r\(index)", "race_number": 1, "meeting_name": "M",
                "category_id": RaceCategory.horse.nedsID, "advertised_start": ["seconds": 1_748_310_000 + index],
            ]
        }
        let data = try JSONSerialization.data(withJSONObject: ["data": ["race_summaries": summaries]])
        let feed = try decoder.decode(data, source: "many")
        #expect(feed.races.count == 20_000)

        // From a file, its pages are given back as the races are read: the same feed, byte for byte.
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.file("many.json", contents: data)
        let fromFile = try FileRaceService(path: file.path).fetchRaces()
        #expect(fromFile.races == feed.races)
        #expect(fromFile.skipped == feed.skipped)
    }

    @Test("a file reads the same as its bytes, whatever the feed; a broken file quotes its own start")
    func fileAndBytesAgree() throws {
        for url in try Fixtures.allFeeds() {
            let fromFile = try FileRaceService(path: url.path).fetchRaces()
            #expect(fromFile == (try decoder.decode(Data(contentsOf: url), source: "file \(url.path)")))
        }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // Broken at its very end, past pages already given back: the message still quotes the start.
        let broken = try directory.file(
            "broken.json", contents: Data(contentsOf: Fixtures.evening).dropLast(3))
        #expect(
            throws: RaceDataError.invalidFeed(
                source: "file \(broken.path)", reason: #"it is not valid JSON (starts "{"status":200,"data":{"n")"#)
        ) {
            try FileRaceService(path: broken.path).fetchRaces()
        }
    }

    @Test("text fields are cut at decode, marked with an ellipsis; ids past 200 characters skip the race")
    func longText() throws {
        let data = try Fixtures.editedSummaries(Fixtures.fiveRaces) { key, summary in
            summary["meeting_name"] = "  " + String(repeating: "M", count: 5_000)
            var form = summary["race_form"] as? [String: Any] ?? [:]
            form["race_comment"] = String(repeating: "c", count: 50_000)
            summary["race_form"] = form
            if summary["race_number"] as? Int == 11 { summary["race_id"] = String(repeating: "i", count: 201) }
        }
        let feed = try decoder.decode(data, source: "five")
        #expect(feed.races.count == 4)
        #expect(feed.skipped.map(\.reason) == ["race_id is longer than 200 characters"])
        for race in feed.races {
            #expect(race.meetingName == String(repeating: "M", count: Race.maximumTextLength) + "…")
            #expect(race.form.comment?.count == Race.maximumCommentLength + 1)
        }
    }

    @Test("short text is trimmed the same on the ASCII fast path and the general one; exactly at the limit is kept")
    func trimming() throws {
        let atLimit = String(repeating: "A", count: Race.maximumTextLength)
        let data = try Fixtures.editedSummaries(Fixtures.fiveRaces) { _, summary in
            switch summary["race_number"] as? Int {
            case 4: summary["meeting_name"] = "  Flemington  "
            case 7: summary["meeting_name"] = "\tMérignac \n"
            case 11: summary["meeting_name"] = atLimit
            default: summary["meeting_name"] = "   "
            }
        }
        let names = try decoder.decode(data, source: "five").races.map(\.meetingName)
        #expect(names.contains("Flemington"))
        #expect(names.contains("Mérignac"))
        #expect(names.contains(atLimit))
        #expect(!names.contains { $0.hasPrefix(" ") || $0.hasSuffix(" ") })
    }

    @Test("a name padded with whitespace past the limit is trimmed whole, not cut with its padding")
    func paddedPastTheLimit() throws {
        let data = try Fixtures.editedSummaries(Fixtures.fiveRaces) { _, summary in
            summary["meeting_name"] =
                "\u{3000}Flemington" + String(repeating: " ", count: 400) + String(repeating: "\u{A0}\n", count: 2_000)
        }
        let names = try decoder.decode(data, source: "five").races.map(\.meetingName)
        #expect(!names.isEmpty)
        #expect(names.allSatisfy { $0 == "Flemington" }, "\(names.map { $0.prefix(40) })")
    }

    @Test(
        "a lone surrogate escape becomes U+FFFD in its own field; pairs and escaped backslashes are kept",
        arguments: [
            (#"M\ud800x"#, "M\u{FFFD}x"),
            (#"M\udc00\ud83d"#, "M\u{FFFD}\u{FFFD}"),
            (#"M\ud800\u0041"#, "M\u{FFFD}A"),
            (#"M\\ud800"#, #"M\ud800"#),
            (#"M\ud83d\ude00"#, "M😀"),
            (#"\u004d\u00e9"#, "Mé"),
        ])
    func mendedText(escaped: String, expected: String) throws {
        let body = Self.oneRace(meetingNameJSON: escaped)
        let feed = try decoder.decode(Data(body.utf8), source: "x")
        #expect(feed.races.map(\.meetingName) == [expected])
    }

    @Test("bytes that are not UTF-8 become U+FFFD in their own field, and the feed is read")
    func invalidUTF8() throws {
        var body = Data(Self.oneRace(meetingNameJSON: "aXb").utf8)
        let marker = try #require(body.firstRange(of: Data("aXb".utf8)))
        body[marker.lowerBound + 1] = 0xFF
        let feed = try decoder.decode(body, source: "x")
        #expect(feed.races.map(\.meetingName) == ["a\u{FFFD}b"])
        #expect(feed.races.first?.id == "r1", "the rest of the race is untouched")
    }

    /// A one-race feed whose `race_form.additional_data` is `additionalJSON` (a JSON string, quoted, as it is).
    static func oneRace(additionalJSON: String) -> String {
        #"{"data":{"race_summaries":{"r1":{"race_id":"r1","race_number":1,"meeting_name":"Grafton","category_id":""#
            + RaceCategory.horse.nedsID
            + #"","advertised_start":{"seconds":1748310000},"race_form":{"additional_data":"#
            + additionalJSON + "}}}}}"
    }

    @Test(
        "additional_data: class, prize money, rail and start read from its JSON string; anything else gives nothing",
        arguments: [
            (
                #""{\"revealed_race_info\":{\"class\":\"BM66\",\"prizemonies\":{\"total_value\":30000},\"rail_position\":\"Out 3m\",\"start_type\":\"\"}}""#,
                RaceInfo(raceClass: "BM66", prizeMoney: 30_000, railPosition: "Out 3m") as RaceInfo?
            ),
            (#""{\"revealed_race_info\":{\"prizemonies\":{\"total_value\":1e300}}}""#, nil),
            // A total that is no number is none; the rest is read all the same (the places are not summed here).
            (
                #""{\"revealed_race_info\":{\"prizemonies\":{\"total_value\":\"30000\",\"1st\":1},\"class\":\"BM66\"}}""#,
                RaceInfo(raceClass: "BM66")
            ),
            (#""""#, nil), (#""not json""#, nil), (#""[1,2]""#, nil), ("42", nil),
            // A raw control byte makes the inner document no JSON; an escaped one is kept for the views to clean.
            (#""{\"revealed_race_info\":{\"class\":\"\u001b[31mCL2\"}}""#, nil),
            (#""{\"revealed_race_info\":{\"class\":\"\\u001b[31mCL2\"}}""#, RaceInfo(raceClass: "\u{1B}[31mCL2")),
        ])
    func additionalData(json: String, expected: RaceInfo?) throws {
        let feed = try decoder.decode(Data(Self.oneRace(additionalJSON: json).utf8), source: "x")
        #expect(feed.races.first?.form.info == expected)
    }

    /// A one-race feed whose meeting name is `meetingNameJSON`, written between the quotes as it is.
    static func oneRace(meetingNameJSON: String) -> String {
        #"{"data":{"race_summaries":{"r1":{"race_id":"r1","race_number":1,"meeting_name":""#
            + meetingNameJSON
            + #"","category_id":""# + RaceCategory.horse.nedsID
            + #"","advertised_start":{"seconds":1748310000}}}}}"#
    }

    @Test("error messages read as sentences and map to exit codes")
    func errorDescriptions() {
        let invalid = RaceDataError.invalidFeed(source: "file a.json", reason: "it is empty")
        #expect(invalid.description == "The races from file a.json are not a usable feed: it is empty.")
        #expect(invalid.exitStatus == .dataError)
        let missing = RaceDataError.unavailable(source: "file a.json", reason: "no such file")
        #expect(missing.description == "Could not read races from file a.json: no such file.")
        #expect(missing.exitStatus == .unavailable)
        #expect(RaceDataError.httpStatus(source: "http://x", code: 503).exitStatus == .unavailable)
    }
}
