import Core
import Foundation
import RaceData
import RaceDataLive
import Synchronization
import TestSupport
import Testing

/// A transport that answers from a table and notes what it was asked.
final class RecordingTransport: HTTPTransport {
    let answers: @Sendable (URL) throws(RaceDataError) -> Data
    let requests = Mutex<[(URL, [HTTPHeader])]>([])

    init(answers: @escaping @Sendable (URL) throws(RaceDataError) -> Data) {
        self.answers = answers
    }

    func get(_ url: URL, headers: [HTTPHeader]) throws(RaceDataError) -> Data {
        requests.withLock { $0.append((url, headers)) }
        return try answers(url)
    }
}

@Suite("Race cards over HTTP")
struct HTTPRaceCardServiceTests {
    static let base = URL(string: "http://127.0.0.1:9/affiliates/v1")!
    static let identity = [
        HTTPHeader(name: "X-Partner", value: "next-to-go")!, HTTPHeader(name: "From", value: "me@example.com")!,
    ]
    static let card = Data(
        #"{"data": {"race": {"status": "Open"}, "runners": [{"runner_number": 1, "name": "X"}]}}"#.utf8)

    @Test("GET {base}/racing/events/{captured race id}, with the caller's headers")
    func request() throws {
        let transport = RecordingTransport { _ throws(RaceDataError) in Self.card }
        let service = HTTPRaceCardService(base: Self.base, headers: Self.identity, transport: transport)
        let card = try #require(try service.card(forRace: "0f57e087-8a34@1772870520"))
        #expect(card.raceID == "0f57e087-8a34@1772870520")
        #expect(card.runners.first?.name == "X")
        let (url, headers) = try #require(transport.requests.withLock { $0.first })
        #expect(url.absoluteString == "http://127.0.0.1:9/affiliates/v1/racing/events/0f57e087-8a34")
        #expect(headers == Self.identity)
    }

    @Test("a 404 is no card; any other failure is the fetch's error, naming the card's URL")
    func failures() throws {
        let missing = HTTPRaceCardService(
            base: Self.base, headers: [],
            transport: RecordingTransport { url throws(RaceDataError) in
                throw .httpStatus(source: url.absoluteString, code: 404)
            })
        #expect(try missing.card(forRace: "r1") == nil)
        let down = HTTPRaceCardService(
            base: Self.base, headers: [],
            transport: RecordingTransport { url throws(RaceDataError) in
                throw .httpStatus(source: url.absoluteString, code: 503)
            })
        #expect(throws: RaceDataError.httpStatus(source: Self.base.absoluteString + "/racing/events/r1", code: 503)) {
            try down.card(forRace: "r1")
        }
        let garbage = HTTPRaceCardService(
            base: Self.base, headers: [],
            transport: RecordingTransport { _ throws(RaceDataError) in Data("<html>".utf8) })
        #expect(throws: RaceDataError.self) { try garbage.card(forRace: "r1") }
    }

    @Test("statuses from GET {base}/racing/meetings, for the races asked about (a replayed one by its capture's id)")
    func statuses() throws {
        let meetings = Data(
            #"{"data": {"meetings": [{"races": [{"id": "a", "status": "Abandoned"}, {"id": "b", "status": "Open"}]}]}}"#
                .utf8)
        let transport = RecordingTransport { _ throws(RaceDataError) in meetings }
        let service = HTTPRaceCardService(base: Self.base, headers: Self.identity, transport: transport)
        #expect(try service.statuses(ofRaces: ["a@1772870520", "c"]) == ["a@1772870520": .abandoned])
        let (url, headers) = try #require(transport.requests.withLock { $0.first })
        #expect(url.absoluteString == "http://127.0.0.1:9/affiliates/v1/racing/meetings")
        #expect(headers == Self.identity)
        #expect(service.statusLifetime == 300)
    }

    @Test("an id that is no plain path segment never reaches the network")
    func unsafeIDs() throws {
        let transport = RecordingTransport { _ throws(RaceDataError) in Self.card }
        let service = HTTPRaceCardService(base: Self.base, headers: [], transport: transport)
        for id in ["../meetings", "a/b", ".hidden", "", "a b", "a?b=1", "a#b", String(repeating: "x", count: 5_000)] {
            #expect(try service.card(forRace: id) == nil, "\(id)")
        }
        #expect(transport.requests.withLock { $0.isEmpty })
    }

    @Test("a header is made only of a token name and a printable value: nothing typed can split a request")
    func headers() {
        #expect(HTTPHeader(name: "From", value: "me@example.com") != nil)
        #expect(HTTPHeader(name: "X-Partner", value: "Next To Go") != nil)
        for value in [
            "a\r\nHost: evil", "a\nb", "tab\there", "caf\u{E9}", " padded", String(repeating: "x", count: 257),
        ] {
            #expect(HTTPHeader(name: "From", value: value) == nil, "\(value.debugDescription)")
        }
        for name in ["", "Bad Name", "Colon:", "Ünï"] {
            #expect(HTTPHeader(name: name, value: "x") == nil)
        }
        #expect(HTTPHeader(argument: "From: me@example.com") == HTTPHeader(name: "From", value: "me@example.com"))
        #expect(HTTPHeader(argument: "no colon") == nil)
    }

    @Test("the fetch helper is handed the headers on its command line and reads them back")
    func helperArguments() throws {
        let request = FetchRequest(url: Self.base, limits: .standard, headers: Self.identity)
        let arguments = Array(request.arguments(program: "helper").dropFirst())
        #expect(FetchRequest(arguments: arguments) == request)
        #expect(FetchRequest(arguments: arguments + ["Bad\r\nHeader: x"]) == nil)
        #expect(FetchRequest(arguments: Array(arguments.prefix(4))) == FetchRequest(url: Self.base, limits: .standard))
    }

    @Test("cards go with their source: the snapshot's own, Neds' for the Neds feed, none for files and other servers")
    func standardSources() throws {
        #expect(RaceCardSource.standard(for: .snapshot) == .snapshot)
        #expect(
            RaceCardSource.standard(for: try #require(RaceSource(argument: "neds")))
                == .http(base: HTTPRaceCardService.nedsBase))
        #expect(RaceCardSource.standard(for: .file(path: "x.json")) == .none)
        #expect(RaceCardSource.standard(for: .replay(path: "x.json")) == .none)
        #expect(RaceCardSource.standard(for: .http(URL(string: "http://127.0.0.1:8/feed")!)) == .none)
        #expect(RaceCardSource(argument: "neds") == .http(base: HTTPRaceCardService.nedsBase))
        #expect(RaceCardSource(argument: "SNAPSHOT") == .snapshot)
    }
}
