import Dispatch
import Synchronization
import SystemCalls

/// Host names looked up within a time limit, for the transport to hand libcurl the addresses (`CURLOPT_RESOLVE`)
/// so that libcurl never looks up the name itself. Its own lookup cannot be bounded on every library the app
/// runs on: a synchronous resolver ignores the time limits once signals are off, and the threaded one times out
/// but then waits for the lookup's thread to end (libcurl before 7.87, and after it unless told to quit
/// quickly), so a resolver that never answers held a fetch for its own limit (10 s, 40 s) whatever `--timeout`
/// said. Here each lookup runs on a thread of its own that is waited for only as long as the fetch may take,
/// then left to end by itself.
///
/// One lookup of a name runs at a time: a fetch that comes while one is under way (the cards beside the feed, the
/// next refresh after a lookup that timed out) waits for the same answer, so a resolver that never answers holds
/// one thread, not one a fetch. A name found is kept for a minute, as libcurl keeps it.
public final class NameLookup: Sendable {
    /// Blocks until the resolver answers.
    public typealias Resolver = @Sendable (_ host: String, _ port: Int) -> HostAddresses.Answer

    public enum Outcome: Sendable, Equatable {
        case found([String])
        case notFound
        /// No answer within the time given; the lookup goes on for the next to ask.
        case timedOut
        /// No thread to look it up on: libcurl's to do.
        case notLookedUp
    }

    /// The system's resolver, one for the app: the feed's and the cards' transports share what it found.
    public static let system = NameLookup(resolve: HostAddresses.lookUp)

    private let resolve: Resolver
    private let keptFor: Duration
    private let lookups = Mutex<[Key: Lookup]>([:])

    public init(keptFor: Duration = .seconds(60), resolve: @escaping Resolver) {
        self.resolve = resolve
        self.keptFor = keptFor
    }

    /// The proxy variables libcurl reads: with one set, libcurl connects to the proxy, which looks the name up.
    static let proxyVariables = ["http_proxy", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"]

    /// The lookup for a run in `environment`: none behind a proxy, whose name is libcurl's to look up and which
    /// may reach names this machine cannot.
    public static func forEnvironment(_ environment: [String: String]) -> NameLookup? {
        proxyVariables.contains { !(environment[$0] ?? "").isEmpty } ? nil : .system
    }

    /// Whether the transport should look `host` up before libcurl connects: a name, not an address, and plain
    /// ASCII (libcurl turns an international name into its ASCII form first, which a pin by the typed name would
    /// miss).
    public static func needsLookUp(_ host: String) -> Bool {
        !host.isEmpty && host.utf8.allSatisfy { $0 < 0x80 } && !HostAddresses.isNumeric(host)
    }

    /// `host`'s addresses, waiting at most `seconds` for them.
    public func addresses(of host: String, port: Int, within seconds: Double) -> Outcome {
        let key = Key(host: host, port: port)
        let now = ContinuousClock.now
        let (lookup, isNew) = lookups.withLock { table -> (Lookup, Bool) in
            if let earlier = table[key] {
                switch earlier.answer {
                case nil: return (earlier, false)
                case (.found, let at)? where now - at < keptFor: return (earlier, false)
                default: break
                }
            }
            let fresh = Lookup()
            table[key] = fresh
            return (fresh, true)
        }
        if isNew {
            let resolve = resolve
            let started = SystemThread.start { lookup.finish(resolve(host, port)) }
            guard started else {
                lookups.withLock { if $0[key] === lookup { $0[key] = nil } }
                return .notLookedUp
            }
        }
        guard lookup.wait(seconds: seconds) else { return .timedOut }
        switch lookup.answer?.answer {
        case .found(let addresses)?: return .found(addresses)
        case .notFound?, nil: return .notFound
        }
    }

    private struct Key: Hashable {
        let host: String
        let port: Int
    }

    /// One lookup, answered once, waited for by any number of fetches.
    private final class Lookup: Sendable {
        private let done = DispatchGroup()
        private let state = Mutex<(answer: HostAddresses.Answer, at: ContinuousClock.Instant)?>(nil)

        init() { done.enter() }

        var answer: (answer: HostAddresses.Answer, at: ContinuousClock.Instant)? { state.withLock { $0 } }

        func finish(_ answer: HostAddresses.Answer) {
            state.withLock { $0 = (answer, ContinuousClock.now) }
            done.leave()
        }

        func wait(seconds: Double) -> Bool {
            done.wait(timeout: .now() + .milliseconds(Int(min(max(seconds, 0), 86_400) * 1000))) == .success
        }
    }
}
