import Core
import Platform
import RaceData

/// Reads a racing day from the affiliates API's meetings list (`GET {base}/racing/meetings`:
/// `data.meetings[]`, each with its `name`, `category` (T, G or H), `country`, `state` and `races[]`, each race
/// with `id`, `race_number`, `name`, `start_time` (RFC 3339), `distance` and `status`). One request tells every
/// race's status, where the `nextraces` feed says nothing of it. Tolerant as the other decoders: a race without
/// an id or a status is passed over; one without a number, a start or a known category is kept for its status
/// alone; only a body that is not JSON fails. At most `maximumRaces` are read. A meeting keeps the list's own id
/// (a second meeting under the same id is told apart by a suffix), so it is the same meeting in every answer.
public struct MeetingsListDecoder: Sendable {
    /// A day lists some 750 races; the day's book the board reads keeps 4,096 races.
    public static let maximumRaces = 5_000

    public init() {}

    /// Every race the list names with a number, a start and a category, and the status of every race it names.
    public func decode(_ data: Data, source: String) throws(RaceDataError) -> RaceDay {
        try JSONByteReader.reading(data, source: source, Self.read)
    }

    private struct ListedRace {
        var id: String?
        var number: Int?
        var name: String?
        var start: Date?
        var distance: Int?
        var status: String?
        var country: String?
        var state: String?
    }

    private struct Meeting {
        var id: String?
        var name: String?
        var category: RaceCategory?
        var country: String?
        var state: String?
        var races: [ListedRace] = []
        var quaddie: [Int] = []
        var earlyQuaddie: [Int] = []
    }

    private static func read(_ reader: inout JSONByteReader) throws(JSONSyntaxError) -> RaceDay {
        var meetings: [RaceDay.Meeting] = []
        var meetingIDs: Set<String> = []
        var standings: [String: [RaceStanding]] = [:]
        var read = 0
        try reader.readMember("data") { reader throws(JSONSyntaxError) in
            try reader.readMember("meetings") { reader throws(JSONSyntaxError) in
                try reader.readElements { reader throws(JSONSyntaxError) in
                    guard read < maximumRaces else { return try reader.skipValue() }
                    let meeting = try self.meeting(&reader)
                    var races: [Race] = []
                    var raceIDs: Set<String> = []
                    for listed in meeting.races {
                        guard let id = listed.id, let status = listed.status, read < maximumRaces else { continue }
                        read += 1
                        standings[id] = [RaceStanding(status: RaceStatus(word: status))]
                        if let race = race(listed, id: id, of: meeting), raceIDs.insert(id).inserted {
                            races.append(race)
                        }
                    }
                    guard let first = races.first else { return }
                    let listed = meeting.id ?? RaceDay.Meeting.key(of: first)
                    var id = listed
                    var copy = 1
                    while !meetingIDs.insert(id).inserted {
                        copy += 1
                        id = "\(listed)#\(copy)"
                    }
                    meetings.append(
                        RaceDay.Meeting(
                            id: id, races: races,
                            quaddies: QuaddieLegs(quaddie: meeting.quaddie, earlyQuaddie: meeting.earlyQuaddie)))
                }
            }
        }
        return RaceDay(meetings: meetings, standings: standings)
    }

    private static func race(_ listed: ListedRace, id: String, of meeting: Meeting) -> Race? {
        guard let name = meeting.name, let category = meeting.category, let number = listed.number,
            let start = listed.start
        else { return nil }
        return Race(
            id: id, number: number, name: listed.name, meetingName: name, category: category, advertisedStart: start,
            venue: Venue(name: name, state: listed.state ?? meeting.state, country: listed.country ?? meeting.country),
            form: RaceForm(distance: listed.distance.map { Distance(value: $0, unit: "m") }))
    }

    private static func meeting(_ reader: inout JSONByteReader) throws(JSONSyntaxError) -> Meeting {
        var meeting = Meeting()
        guard try reader.nextKind() == .object else {
            try reader.skipValue()
            return meeting
        }
        try reader.readObject { reader, member throws(JSONSyntaxError) in
            if member.is("meeting") {
                meeting.id = NedsFeedDecoder.optionalString(try reader.readScalar(), limit: Race.maximumIDLength)
            } else if member.is("name") {
                meeting.name = NedsFeedDecoder.optionalString(try reader.readScalar())
            } else if member.is("category") {
                meeting.category = category(NedsFeedDecoder.optionalString(try reader.readScalar(), limit: 10))
            } else if member.is("country") {
                meeting.country = NedsFeedDecoder.optionalString(try reader.readScalar(), limit: 10)
            } else if member.is("state") {
                meeting.state = NedsFeedDecoder.optionalString(try reader.readScalar(), limit: 10)
            } else if member.is("quaddie") {
                meeting.quaddie = try raceNumbers(&reader)
            } else if member.is("early_quaddie") {
                meeting.earlyQuaddie = try raceNumbers(&reader)
            } else if member.is("races"), try reader.nextKind() == .array {
                try reader.readElements { reader throws(JSONSyntaxError) in
                    if let race = try race(&reader), meeting.races.count < maximumRaces { meeting.races.append(race) }
                }
            } else {
                try reader.skipValue()
            }
        }
        return meeting
    }

    /// A pool's legs (`[5, 6, 7, 8]`): the whole numbers among the first few; anything else is no legs.
    private static func raceNumbers(_ reader: inout JSONByteReader) throws(JSONSyntaxError) -> [Int] {
        guard try reader.nextKind() == .array else {
            try reader.skipValue()
            return []
        }
        var numbers: [Int] = []
        var count = 0
        try reader.readElements { reader throws(JSONSyntaxError) in
            count += 1
            let value = try reader.readScalar()
            guard count <= QuaddieLegs.maximumLegs, let number = NedsFeedDecoder.number(value),
                number == number.rounded(), let whole = Int(exactly: number)
            else { return }
            numbers.append(whole)
        }
        return count <= QuaddieLegs.maximumLegs ? numbers : []
    }

    private static func race(_ reader: inout JSONByteReader) throws(JSONSyntaxError) -> ListedRace? {
        guard try reader.nextKind() == .object else {
            try reader.skipValue()
            return nil
        }
        var race = ListedRace()
        try reader.readObject { reader, member throws(JSONSyntaxError) in
            if member.is("id") {
                race.id = NedsFeedDecoder.optionalString(try reader.readScalar(), limit: Race.maximumIDLength)
            } else if member.is("status") {
                race.status = NedsFeedDecoder.optionalString(try reader.readScalar(), limit: 40)
            } else if member.is("race_number") {
                race.number = NedsFeedDecoder.number(try reader.readScalar()).flatMap { value in
                    value == value.rounded() && Race.plausibleNumbers.contains(Int(exactly: value) ?? 0)
                        ? Int(value) : nil
                }
            } else if member.is("name") {
                race.name = NedsFeedDecoder.optionalString(try reader.readScalar())
            } else if member.is("start_time") {
                race.start = NedsFeedDecoder.optionalString(try reader.readScalar(), limit: 40)
                    .flatMap(InternetTime.date(from:)).flatMap { Race.plausibleStarts.contains($0) ? $0 : nil }
            } else if member.is("distance") {
                race.distance = NedsFeedDecoder.number(try reader.readScalar()).flatMap { value in
                    value > 0 && value < 1_000_000 ? Int(value) : nil
                }
            } else if member.is("country") {
                race.country = NedsFeedDecoder.optionalString(try reader.readScalar(), limit: 10)
            } else if member.is("state") {
                race.state = NedsFeedDecoder.optionalString(try reader.readScalar(), limit: 10)
            } else {
                try reader.skipValue()
            }
        }
        return race
    }

    /// The affiliates API's category letters, which are the board's: T thoroughbreds, H harness, G greyhounds.
    static func category(_ letter: String?) -> RaceCategory? {
        letter.flatMap(RaceCategory.init(letter:))
    }
}
