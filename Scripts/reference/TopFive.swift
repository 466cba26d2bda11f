// The yardstick Scripts/bench measures next-to-go against: a bare Codable program doing the one-shot job
// (decode a Neds feed, keep races not yet 60 s past their start, sort, print the next five). Built by the
// bench with `swiftc -O -static-stdlib`; not part of the package. Its property names are the feed's own keys, so no
// key strategy or CodingKeys stands between the decoder and the bytes.
import Foundation

struct Feed: Decodable {
    struct Body: Decodable { let race_summaries: [String: Summary] }
    struct Summary: Decodable {
        struct Start: Decodable { let seconds: Double }
        let race_number: Int
        let meeting_name: String
        let advertised_start: Start
    }
    let data: Body
}

let arguments = CommandLine.arguments
let now = Double(arguments[2])!
let feed = try JSONDecoder().decode(Feed.self, from: Data(contentsOf: URL(fileURLWithPath: arguments[1])))
let upcoming = feed.data.race_summaries.values.filter { $0.advertised_start.seconds > now - 60 }
    .sorted { $0.advertised_start.seconds < $1.advertised_start.seconds }
for race in upcoming.prefix(5) { print(race.race_number, race.meeting_name) }
