import Core
import Fetch
import Foundation
import RaceData
import RaceDataLive
import SystemCalls
import TestSupport
import Testing

/// The HTTP client's name lookups, through a resolver the test controls: one that never answers, one that answers
/// with loopback, one that finds nothing. No real resolver is asked.
@Suite("HTTP client, name lookups within the limits", .serialized)
struct NameLookupTests {
    static let limits = HTTPRaceService.Limits(connectTimeout: 1, totalTimeout: 2, maximumBodyBytes: 10 * 1024 * 1024)

    /// A resolver that answers only when the test lets it (never, within the test), counting the lookups.
    final class SilentResolver: Sendable {
        let asked = LockedValue(0)
        private let release = DispatchSemaphore(value: 0)

        var resolve: NameLookup.Resolver {
            { [asked, release] _, _ in
                asked.update { $0 += 1 }
                release.wait()
                return .notFound
            }
        }

        /// Lets the lookups end, so their threads do not outlive the test.
        func end() {
            for _ in 0..<asked.value { release.signal() }
        }
    }

    @Test("a resolver that never answers: the fetch ends at its limit, well before the resolver's, naming the lookup")
    func silentResolver() throws {
        let resolver = SilentResolver()
        defer { resolver.end() }
        let transport = CurlHTTPTransport(limits: Self.limits, names: NameLookup(resolve: resolver.resolve))
        let url = "http://races.test:9/races"
        for attempt in 1...2 {
            let started = Date()
            #expect(throws: RaceDataError.timedOut(source: url, phase: .lookup, seconds: 1)) {
                try transport.get(URL(string: url)!)
            }
            // The limit is 1 s; a system resolver's would be 10 s or more. Room for a busy machine, none for that.
            #expect(Date().timeIntervalSince(started) < 5, "attempt \(attempt)")
        }
        #expect(resolver.asked.value == 1, "the second fetch waited for the lookup under way, not a thread of its own")
        #expect(
            RaceDataError.timedOut(source: url, phase: .lookup, seconds: 1).reason
                == "the name lookup of races.test had no answer within 1 s")
    }

    @Test("the addresses found are the ones libcurl connects to, brackets for IPv6; a name found is kept a while")
    func pinned() throws {
        let server = try FixtureServer(folder: Fixtures.directory)
        defer { server.stop() }
        let asked = LockedValue([String]())
        // IPv6 loopback first: the server is on IPv4's, so libcurl goes on to the next address given.
        let names = NameLookup { host, _ in
            asked.update { $0.append(host) }
            return host == "races.test" ? .found(["::1", "127.0.0.1"]) : .notFound
        }
        let transport = CurlHTTPTransport(limits: HTTPRaceServiceTests.roomyLimits, names: names)
        let url = URL(string: "http://Races.test:\(server.port)/\(Fixtures.fiveRaces)")!
        for _ in 0..<2 {
            #expect(try transport.get(url) == Fixtures.data(Fixtures.fiveRaces))
        }
        #expect(asked.value == ["races.test"], "looked up once, in lower case, and kept")
    }

    @Test("a name kept no time is looked up again at each fetch; a name not found is said so, libcurl not asked")
    func lookedUpAgain() throws {
        let server = try FixtureServer(folder: Fixtures.directory)
        defer { server.stop() }
        let found = LockedValue(true)
        let asked = LockedValue(0)
        let names = NameLookup(keptFor: .zero) { _, _ in
            asked.update { $0 += 1 }
            return found.value ? .found(["127.0.0.1"]) : .notFound
        }
        let transport = CurlHTTPTransport(limits: HTTPRaceServiceTests.roomyLimits, names: names)
        let url = "http://races.test:\(server.port)/\(Fixtures.fiveRaces)"
        #expect(try transport.get(URL(string: url)!) == Fixtures.data(Fixtures.fiveRaces))
        found.update { $0 = false }
        #expect(throws: RaceDataError.unavailable(source: url, reason: "host not found")) {
            try transport.get(URL(string: url)!)
        }
        #expect(asked.value == 2)
    }

    @Test("an address needs no lookup, nor a name libcurl turns to ASCII itself; behind a proxy none is made")
    func whatIsLookedUp() {
        #expect(NameLookup.needsLookUp("api.neds.com.au"))
        #expect(NameLookup.needsLookUp("localhost"))
        for host in ["127.0.0.1", "::1", "[::1]", "fe80::1", "bücher.example", ""] {
            #expect(!NameLookup.needsLookUp(host), "\(host)")
        }
        #expect(NameLookup.forEnvironment(["HOME": "/h"]) === NameLookup.system)
        #expect(NameLookup.forEnvironment(["https_proxy": ""]) === NameLookup.system)
        #expect(NameLookup.forEnvironment(["HTTPS_PROXY": "http://proxy:3128"]) == nil)
        #expect(NameLookup.forEnvironment(["all_proxy": "socks5h://proxy:1080"]) == nil)
    }

    @Test("the system's resolver: the hosts file's loopback name, an address as it is")
    func systemResolver() {
        guard case .found(let addresses) = HostAddresses.lookUp("localhost", port: 80) else {
            Issue.record("localhost has no address")
            return
        }
        #expect(addresses.contains { $0 == "127.0.0.1" || $0 == "::1" }, "\(addresses)")
        #expect(HostAddresses.lookUp("127.0.0.1", port: 80) == .found(["127.0.0.1"]))
        #expect(HostAddresses.isNumeric("[2001:db8::1]"))
        #expect(!HostAddresses.isNumeric("races.test"))
    }
}
