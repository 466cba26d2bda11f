import Core
import Fetch
import Foundation
import RaceData
import RaceDataLive
import TestSupport
import Testing

/// The HTTP source against `Scripts/fixture-server` on loopback, one fault at a time.
@Suite("HTTP source", .serialized)
struct HTTPRaceServiceTests {
    /// Tight limits only for the cases that measure them (`FixtureServer.isSlowFault`).
    static let tightLimits = HTTPRaceService.Limits(
        connectTimeout: 1, totalTimeout: 2, maximumBodyBytes: 10 * 1024 * 1024)
    static let roomyLimits = HTTPRaceService.Limits(
        connectTimeout: 20, totalTimeout: 40, maximumBodyBytes: 10 * 1024 * 1024)
    static let fiveRaces = Fixtures.fiveRaces

    static func limits(for path: String) -> HTTPRaceService.Limits {
        FixtureServer.isSlowFault(path) ? tightLimits : roomyLimits
    }

    /// The exchange itself, in this process: what the helper program runs.
    static func inProcess(_ path: String) -> CurlHTTPTransport {
        CurlHTTPTransport(limits: limits(for: path))
    }

    /// The HTTP source as the app builds it: decoding over a transport, wrapped for the cache and offline copy.
    private func service(_ server: FixtureServer, _ path: String, cache: FeedCache? = nil, offline: CachedFeed? = nil)
        -> any RaceService
    {
        let url = URL(string: server.url(path))!
        return OfflineFallbackRaceService(
            wrapping: HTTPRaceService(url: url, limits: Self.limits(for: path), transport: Self.inProcess(path)),
            cache: cache, cacheKey: url,
            offlineCopy: offline, clock: ManualClock(1_748_310_000))
    }

    @Test("a good answer decodes")
    func success() throws {
        let server = try FixtureServer()
        defer { server.stop() }
        #expect(try service(server, Self.fiveRaces).fetchRaces().races.count == 5)
    }

    @Test(
        "every fault ends in its own typed error, naming the URL, within the limits",
        arguments: [
            ("status/500", "the server answered HTTP 500"),
            ("status/404", "the server answered HTTP 404"),
            ("nope.json", "the server answered HTTP 404"),
            ("html", "expected JSON but the server sent text/html; charset=utf-8"),
            ("slow-first-byte/\(fiveRaces)", "no response within 1 s"),
            ("slow-body/\(fiveRaces)", "not finished within 2 s"),
            ("truncated/\(fiveRaces)", "the answer was cut off after 4687 of 9374 bytes"),
            ("endless", "the answer is larger than the 10 MB limit"),
            ("huge", "the answer is larger than the 10 MB limit"),
            ("reset", "the connection was reset"),
        ])
    func faults(path: String, reason: String) throws {
        let server = try FixtureServer(delay: 20)
        defer { server.stop() }
        let started = Date()
        do {
            _ = try service(server, path).fetchRaces()
            Issue.record("\(path) should have failed")
        } catch {
            #expect(error.reason == reason)
            #expect(error.source == server.url(path))
            #expect(error.description == "Could not read races from \(server.url(path)): \(reason).")
        }
        if FixtureServer.isSlowFault(path) {
            // The server would wait 20 s: a fetch ended near its limit, not the server's, with room for a busy
            // machine's start-up.
            #expect(Date().timeIntervalSince(started) < Self.tightLimits.totalTimeout + 8)
        }
    }

    @Test(
        "a body that is JSON is read whatever it is labelled (a plain file server's octet-stream); one not JSON says what was sent"
    )
    func labelledOtherwise() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        // As `python3 -m http.server` serves the API's paths: files without an extension, application/octet-stream.
        _ = try folder.file("nextraces", contents: try Data(contentsOf: Fixtures.url(Self.fiveRaces)))
        _ = try folder.file("page", contents: Data("<!DOCTYPE html><html><body>Moved</body></html>\n".utf8))
        _ = try folder.file("half", contents: Data(#"{"data": {"next_to_go_ids": ["#.utf8))
        let server = try FixtureServer(folder: folder.url)
        defer { server.stop() }
        #expect(try service(server, "octet-stream/nextraces").fetchRaces().races.count == 5)
        for (path, reason) in [
            ("octet-stream/page", "expected JSON but the server sent application/octet-stream"),
            ("octet-stream/half", "expected JSON but the server sent application/octet-stream"),
            ("html", "expected JSON but the server sent text/html; charset=utf-8"),
        ] {
            do {
                _ = try service(server, path).fetchRaces()
                Issue.record("\(path) should have failed")
            } catch {
                #expect(error.reason == reason, "\(path)")
                #expect(error.exitStatus == .dataError, "\(path)")
            }
        }
    }

    @Test("JSON told by its bytes: a whole document, with a byte order mark or whitespace about it; a page is not")
    func jsonByItsBytes() {
        for text in [#"{"a": [1, true, null]}"#, "\u{FEFF}[1]\n", "  \"x\"  "] {
            #expect(JSONDocumentCheck.isDocument(Data(text.utf8)), "\(text)")
        }
        for text in ["", "<html>", #"{"a": 1} trailing"#, #"{"a": "#] {
            #expect(!JSONDocumentCheck.isDocument(Data(text.utf8)), "\(text)")
        }
        let begins = { (text: String) in Data(text.utf8).withUnsafeBytes { JSONDocumentCheck.mayBegin(with: $0) } }
        #expect(begins(" \n{") == true)
        #expect(begins("\u{FEFF}{") == true)
        #expect(begins("\r\n<!DOCTYPE html>") == false)
        #expect(begins("  ") == nil)
    }

    /// What libcurl 7.88 (Debian 12) reports for each: other versions (Darwin's) may word the details differently, so
    /// there only the promise is checked, that no bare code reaches the user.
    @Test(
        "answers that are not HTTP, or lead nowhere, are said in words, never as a Foundation error code",
        arguments: [
            ("not-http", "the server's answer is not HTTP (Received HTTP/0.9 when not allowed)"),
            ("empty-reply", "the server closed the connection without answering"),
            ("redirect-loop", "the server redirected too many times (a redirect loop)"),
            ("redirect-ftp", "the server redirected to an address that is not http or https"),
            (
                "bad-chunks",
                "the server's answer could not be read (Illegal or missing hexadecimal sequence in chunked-encoding)"
            ),
            (
                "bad-gzip",
                "the server's compressed answer could not be unpacked (Error while processing content unencoding: incorrect header check)"
            ),
        ])
    func brokenHTTP(path: String, reason: String) throws {
        let server = try FixtureServer()
        defer { server.stop() }
        do {
            _ = try service(server, path).fetchRaces()
            Issue.record("\(path) should have failed")
        } catch {
            #if os(Linux)
                #expect(error.reason == reason)
            #else
                #expect(!error.reason.contains("error -"), "\(error.reason)")
            #endif
            #expect(error.exitStatus == .unavailable)
        }
    }

    /// Under FoundationNetworking, a rejected answer cancelled at once raced the transport's own completion and
    /// trapped ("a task that is not in the registry") within a few hundred exchanges: kept as a guard on any
    /// transport that stops answers part-way.
    @Test("rejected answers, hundreds in a row, each end in their error without crashing the process")
    func rejectedAnswersRepeatedly() throws {
        let server = try FixtureServer()
        defer { server.stop() }
        let expected = [
            "html": "expected JSON but the server sent text/html; charset=utf-8",
            "huge": "the answer is larger than the 10 MB limit",
            "status/503": "the server answered HTTP 503",
        ]
        var reasons: [String: Int] = [:]
        for _ in 0..<Self.rejectionRounds {
            for path in expected.keys.sorted() {
                do {
                    _ = try service(server, path).fetchRaces()
                } catch {
                    reasons[error.reason, default: 0] += 1
                }
            }
        }
        #expect(reasons == Dictionary(uniqueKeysWithValues: expected.values.map { ($0, Self.rejectionRounds) }))
    }

    /// Enough to catch the race: with the old cancel-at-once, 200 rounds crashed 2 runs out of 2.
    static let rejectionRounds = 200

    @Test("exit statuses: unreachable is 69, unusable is 65")
    func statuses() throws {
        let server = try FixtureServer()
        defer { server.stop() }
        for (path, status) in [("status/503", ExitStatus.unavailable), ("html", .dataError), ("huge", .dataError)] {
            #expect(throws: RaceDataError.self) { try service(server, path).fetchRaces() }
            do { _ = try service(server, path).fetchRaces() } catch { #expect(error.exitStatus == status, "\(path)") }
        }
    }

    @Test("a refused connection is 'connection refused'")
    func refused() throws {
        let server = try FixtureServer()
        let url = server.url(Self.fiveRaces)
        server.stop()
        #expect(throws: RaceDataError.unavailable(source: url, reason: "connection refused")) {
            try HTTPRaceService(
                url: URL(string: url)!, limits: Self.roomyLimits,
                transport: CurlHTTPTransport(limits: Self.roomyLimits)
            ).fetchRaces()
        }
    }

    // MARK: - Offline copy

    @Test("a good answer is saved; the saved copy stands in when the first fetch finds the source gone")
    func offlineStart() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = FeedCache(directory: directory.url)
        let server = try FixtureServer()
        let url = URL(string: server.url(Self.fiveRaces))!
        _ = try service(server, Self.fiveRaces, cache: cache).fetchRaces()
        server.stop()

        guard case .found(let copy) = cache.lookUp(url) else {
            Issue.record("expected a cached feed")
            return
        }
        #expect(copy.savedAt == Date(timeIntervalSince1970: 1_748_310_000))
        #expect(copy.feed.races.count == 5)

        let offline = try OfflineFallbackRaceService(
            wrapping: HTTPRaceService(
                url: url, limits: Self.roomyLimits, transport: CurlHTTPTransport(limits: Self.roomyLimits)),
            cache: cache, cacheKey: url,
            offlineCopy: copy, clock: ManualClock(1_748_310_000)
        ).fetchRaces()
        #expect(offline.races.count == 5)
        #expect(offline.offline?.savedAt == copy.savedAt)
        #expect(offline.offline?.reason == .unavailable(source: url.absoluteString, reason: "connection refused"))
    }

    @Test("the copy stands in for an answer that is there but unusable too (a maintenance page, a captive portal)")
    func copyForBadData() throws {
        let server = try FixtureServer()
        defer { server.stop() }
        let saved = Date(timeIntervalSince1970: 1_748_309_000)
        let copy = CachedFeed(
            feed: RaceFeed(races: [Race.make("r", startsIn: 60, from: ManualClock())]), savedAt: saved)
        let feed = try service(server, "html", offline: copy).fetchRaces()
        #expect(feed.races.map(\.id) == ["r"])
        #expect(feed.offline?.savedAt == saved)
        #expect(feed.offline?.reason.reason == "expected JSON but the server sent text/html; charset=utf-8")
    }

    @Test("after one live success, failures are failures (the board keeps its own last good data)")
    func copyOnlyAtStart() throws {
        let server = try FixtureServer()
        let copy = CachedFeed(feed: RaceFeed(races: []), savedAt: Date())
        let service = service(server, Self.fiveRaces, offline: copy)
        #expect(try service.fetchRaces().offline == nil)
        server.stop()
        #expect(throws: RaceDataError.self) { try service.fetchRaces() }
    }
}

@Suite("Feed cache")
struct FeedCacheTests {
    @Test("nothing saved, a damaged file, a file for another URL")
    func lookUps() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = FeedCache(directory: directory.url)
        let url = URL(string: "http://127.0.0.1:9/races")!
        #expect(cache.lookUp(url) == .none)

        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        try Data("{ damaged".utf8).write(to: cache.fileURL(for: url))
        #expect(cache.lookUp(url) == .damaged(path: cache.fileURL(for: url).path))

        let feed = try NedsFeedDecoder().decode(try Fixtures.data(Fixtures.fiveRaces), source: "five races")
        cache.save(feed, for: url, at: Date(timeIntervalSince1970: 1e19))
        #expect(
            cache.lookUp(url) == .damaged(path: cache.fileURL(for: url).path), "a save time no clock can hold")

        cache.save(feed, for: url, at: Date(timeIntervalSince1970: 1_748_310_000))
        guard case .found(let copy) = cache.lookUp(url) else {
            Issue.record("expected the saved feed to replace the damaged one")
            return
        }
        #expect(copy.savedAt == Date(timeIntervalSince1970: 1_748_310_000))
        #expect(cache.fileURL(for: url) != cache.fileURL(for: URL(string: "http://127.0.0.1:9/other")!))
        #expect(cache.lookUp(URL(string: "http://127.0.0.1:9/other")!) == .none)
    }

    @Test("the copy keeps the races as decoded, whatever shape the feed came in; a copy of an earlier version is none")
    func keepsDecodedRaces() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = FeedCache(directory: directory.url)
        let url = URL(string: "http://127.0.0.1:9/races")!
        let feed = try NedsFeedDecoder().decode(try Fixtures.data(Fixtures.tenRaces), source: "ten races")
        cache.save(feed, for: url, at: Date(timeIntervalSince1970: 1_748_310_000))
        guard case .found(let copy) = cache.lookUp(url) else {
            Issue.record("expected the saved feed")
            return
        }
        #expect(copy.feed == RaceFeed(races: feed.races, skipped: feed.skipped))

        try Data(#"{"url": "http://127.0.0.1:9/races", "savedAt": 1748310000, "body": "{}"}"#.utf8).write(
            to: cache.fileURL(for: url))
        #expect(cache.lookUp(url) == .none, "an earlier version kept the answer's bytes")
    }

    @Test(
        "a copy holding a race no decoder could have given is damaged, not shown (and a plausible one is)",
        arguments: [
            (#""id": "r", "number": 1"#, true), (#""id": "", "number": 1"#, false), (#""id": "r", "number": 0"#, false),
            (#""id": "\#(String(repeating: "x", count: 201))", "number": 1"#, false),
        ])
    func implausibleRace(idAndNumber: String, plausible: Bool) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = FeedCache(directory: directory.url)
        let url = URL(string: "http://127.0.0.1:9/races")!
        let race =
            #"{\#(idAndNumber), "meetingName": "M", "category": "horse", "advertisedStart": 770000000, "venue": {}, "form": {}}"#
        try Data(#"{"url": "\#(url)", "savedAt": 1748310000, "races": [\#(race)], "skipped": []}"#.utf8).write(
            to: cache.fileURL(for: url))
        if plausible {
            guard case .found(let copy) = cache.lookUp(url) else {
                Issue.record("a plausible race was not read back")
                return
            }
            #expect(copy.feed.races.map(\.id) == ["r"])
        } else {
            #expect(cache.lookUp(url) == .damaged(path: cache.fileURL(for: url).path))
        }
    }

    @Test("the default location follows XDG_CACHE_HOME, then HOME")
    func location() {
        #expect(
            FeedCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"]).path == "/c/next-to-go")
        #expect(FeedCache.defaultDirectory(environment: ["HOME": "/h"]).path == "/h/.cache/next-to-go")
    }
}

/// The app's HTTP client over its life: one handle, kept between requests.
@Suite("HTTP client, request after request", .serialized)
struct CurlClientReuseTests {
    @Test("requests to a server that keeps connections open go over one, faults and all, each answer its own")
    func oneConnection() throws {
        let server = try FixtureServer(folder: Fixtures.directory, keepAlive: true, countsConnections: true)
        defer { server.stop() }
        let transport = CurlHTTPTransport(limits: HTTPRaceServiceTests.roomyLimits)
        for _ in 0..<5 {
            #expect(
                try transport.get(URL(string: server.url(Fixtures.fiveRaces))!) == Fixtures.data(Fixtures.fiveRaces))
        }
        // A 404 with a page of its own, as a card not yet published gets: read unkept, the connection kept.
        #expect(throws: RaceDataError.httpStatus(source: server.url("no-such-card.json"), code: 404)) {
            try transport.get(URL(string: server.url("no-such-card.json"))!)
        }
        #expect(throws: RaceDataError.httpStatus(source: server.url("status/503"), code: 503)) {
            try transport.get(URL(string: server.url("status/503"))!)
        }
        #expect(try transport.get(URL(string: server.url(Fixtures.tenRaces))!) == Fixtures.data(Fixtures.tenRaces))
        #expect(server.connectionsOpened == 1)
    }

    @Test("a request that failed (refused, cut short, too slow) leaves the client good for the next")
    func failureThenSuccess() throws {
        let server = try FixtureServer(folder: Fixtures.directory, delay: 5)
        defer { server.stop() }
        let transport = CurlHTTPTransport(
            limits: HTTPRaceService.Limits(connectTimeout: 1, totalTimeout: 2, maximumBodyBytes: 10 * 1024 * 1024))
        for fault in ["truncated/\(Fixtures.fiveRaces)", "reset", "slow-first-byte/\(Fixtures.fiveRaces)", "endless"] {
            #expect(throws: RaceDataError.self) { try transport.get(URL(string: server.url(fault))!) }
            #expect(
                try transport.get(URL(string: server.url(Fixtures.fiveRaces))!) == Fixtures.data(Fixtures.fiveRaces),
                "after \(fault)")
        }
        #expect(throws: RaceDataError.self) { try transport.get(URL(string: "http://127.0.0.1:9/refused")!) }
        #expect(try transport.get(URL(string: server.url(Fixtures.fiveRaces))!) == Fixtures.data(Fixtures.fiveRaces))
    }

    @Test("asked from many threads at once, side by side, each caller its own answer")
    func manyThreads() throws {
        let server = try FixtureServer(folder: Fixtures.directory)
        defer { server.stop() }
        let transport = CurlHTTPTransport(limits: HTTPRaceServiceTests.roomyLimits)
        let names = [Fixtures.fiveRaces, Fixtures.tenRaces, Fixtures.tenRacesB]
        let answers = LockedValue([Int: Data]())
        DispatchQueue.concurrentPerform(iterations: 24) { index in
            let body = try? transport.get(URL(string: server.url(names[index % names.count]))!)
            answers.update { $0[index] = body }
        }
        for index in 0..<24 {
            #expect(answers.value[index] == (try Fixtures.data(names[index % names.count])), "caller \(index)")
        }
    }
}

/// The decorator on its own, around a fake: it wraps any service.
@Suite("Offline fallback around any service")
struct OfflineFallbackTests {
    let refused = RaceDataError.unavailable(source: "the fake service", reason: "connection refused")
    let key = URL(string: "http://127.0.0.1:9/races")!
    let clock = ManualClock(1_748_310_000)

    @Test("saves an answer that has races; stands in at start for any failure, not only a dead network")
    func wrapsAnyService() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = FeedCache(directory: directory.url)
        let body = try Fixtures.data(Fixtures.fiveRaces)
        let races = try NedsFeedDecoder().decode(body, source: "the fake service").races
        let fake = FakeRaceService(result: .success(RaceFeed(races: races)))
        _ = try OfflineFallbackRaceService(wrapping: fake, cache: cache, cacheKey: key, offlineCopy: nil, clock: clock)
            .fetchRaces()
        guard case .found(let copy) = cache.lookUp(key) else {
            Issue.record("the answer was not saved")
            return
        }
        #expect(copy.savedAt == clock.now())

        // A maintenance page, a body that is not the feed: the moment the copy is wanted, as much as a refused
        // connection.
        let failures: [RaceDataError] = [
            refused, .wrongContentType(source: "the fake service", contentType: "text/html"),
            .invalidFeed(source: "the fake service", reason: "it is not JSON"),
        ]
        for failure in failures {
            fake.answer(.failure(failure))
            let standIn = try OfflineFallbackRaceService(
                wrapping: fake, cache: cache, cacheKey: key, offlineCopy: copy, clock: clock
            ).fetchRaces()
            #expect(standIn.offline == OfflineCopy(savedAt: copy.savedAt, reason: failure))
            #expect(standIn.races == races)
        }

        // After one live answer, a failure is a failure: the board keeps its own races.
        fake.answer(.success(RaceFeed(races: races)))
        let wrapped = OfflineFallbackRaceService(
            wrapping: fake, cache: cache, cacheKey: key, offlineCopy: copy, clock: clock)
        _ = try wrapped.fetchRaces()
        fake.answer(.failure(refused))
        #expect(throws: RaceDataError.self) { try wrapped.fetchRaces() }
    }

    @Test("an answer with no races is passed on, but never saved over a copy that has races")
    func emptyAnswerNotSaved() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = FeedCache(directory: directory.url)
        let body = try Fixtures.data(Fixtures.fiveRaces)
        cache.save(try NedsFeedDecoder().decode(body, source: "five races"), for: key, at: clock.now())
        let fake = FakeRaceService(result: .success(RaceFeed(races: [])))
        let later = ManualClock(1_748_310_600)
        let feed = try OfflineFallbackRaceService(
            wrapping: fake, cache: cache, cacheKey: key, offlineCopy: nil, clock: later
        ).fetchRaces()
        #expect(feed.races.isEmpty)
        guard case .found(let copy) = cache.lookUp(key) else {
            Issue.record("the copy is gone")
            return
        }
        #expect(copy.savedAt == clock.now(), "the copy with races stays")
        #expect(copy.feed.races.count == 5)
    }
}
