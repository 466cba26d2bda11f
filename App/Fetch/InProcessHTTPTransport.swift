import Core
import Foundation
import RaceData
import RaceDataLive
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fetches in this process with URLSession.
public final class InProcessHTTPTransport: HTTPTransport {
    public let limits: HTTPRaceService.Limits
    /// The last exchange, until its transport has reported its end.
    private let previousExchange = Mutex<Exchange?>(nil)
    private let session: SharedSession

    public init(limits: HTTPRaceService.Limits) {
        self.limits = limits
        self.session = SharedSession(limits: limits)
    }

    /// A failed transfer that is still being cut off is waited for this long before a fetch gives up.
    static let previousTransferWait: TimeInterval = 1
    /// Past this, an exchange whose end the transport never reported is no longer waited for.
    static let forgottenTransferAge: TimeInterval = 60

    /// One exchange, bounded by `limits`. Never two at once: FoundationNetworking runs every session's
    /// transfers on one shared serial queue, and a body still pouring in (an endless answer, say) can hold that
    /// queue for seconds, so a second transfer started beside it would wait there too, with its memory and its
    /// socket. A fetch that finds the last transfer not yet ended waits briefly for it, then fails at once,
    /// touching nothing.
    public func get(_ url: URL, headers: [HTTPHeader]) throws(RaceDataError) -> Data {
        if let previous = previousExchange.withLock({ $0 }),
            !previous.waitUntilEnded(timeout: Self.previousTransferWait),
            previous.age < Self.forgottenTransferAge
        {
            throw .unavailable(
                source: url.absoluteString, reason: "the previous answer is still being cut off; try again in a moment")
        }
        let exchange = Exchange(url: url, limits: limits)
        previousExchange.withLock { $0 = exchange }
        var request = URLRequest(url: url)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        for header in headers { request.setValue(header.value, forHTTPHeaderField: header.name) }
        exchange.start(session.task(for: request, reportingTo: exchange))
        return try exchange.waitForBody()
    }
}

/// One request's life: watches status, content type and size as the answer
/// arrives, enforces the time limits, and hands the body or a typed error to
/// the waiting caller. The session's callbacks reach it on the session's
/// queue; the state is kept behind a lock.
final class Exchange: @unchecked Sendable {
    private let url: URL
    private let limits: HTTPRaceService.Limits
    private let finished = DispatchSemaphore(value: 0)
    private let ended = DispatchSemaphore(value: 0)
    private let startedAt = DispatchTime.now()
    private let lock = NSLock()
    private var task: URLSessionTask?
    private var body = Data()
    private var expectedLength: Int64 = -1
    private var hasResponse = false
    private var isComplete = false
    private var failure: RaceDataError?
    private var isReleased = false
    private var isStopping = false
    /// The transport has reported the end of the task; there is nothing left to cancel.
    private var hasEnded = false
    /// Bytes that arrived after the exchange had already failed.
    private var discardedBytes = 0

    init(url: URL, limits: HTTPRaceService.Limits) {
        self.url = url
        self.limits = limits
    }

    private var source: String { url.absoluteString }

    var age: TimeInterval {
        TimeInterval(DispatchTime.now().uptimeNanoseconds - startedAt.uptimeNanoseconds) / 1_000_000_000
    }

    /// True once the transport has reported the task's end, waiting up to `timeout` for it.
    func waitUntilEnded(timeout: TimeInterval) -> Bool {
        if lock.withLock({ hasEnded }) { return true }
        guard ended.wait(timeout: .now() + timeout) == .success else { return false }
        ended.signal()  // stays signalled for any later look
        return true
    }

    func start(_ task: URLSessionTask) {
        lock.withLock { self.task = task }
        let watchdog = DispatchQueue.global()
        watchdog.asyncAfter(deadline: .now() + limits.connectTimeout) { [self] in
            fail(.timedOut(source: source, phase: .connect, seconds: limits.connectTimeout), unless: \.hasResponse)
        }
        watchdog.asyncAfter(deadline: .now() + limits.totalTimeout) { [self] in
            fail(
                .timedOut(source: source, phase: .total, seconds: limits.totalTimeout), unless: \.isComplete,
                stopping: false)
            // Whether or not that failed the exchange: it also ends a failed answer left to finish by itself
            // that stalled on the way.
            stop()
        }
        task.resume()
    }

    /// Waits for the exchange to end. If the transport does not report back
    /// soon after the total limit (a cancel it never honours), the caller is
    /// released anyway: nothing may hang the interactor's queue.
    func waitForBody() throws(RaceDataError) -> Data {
        let released = finished.wait(timeout: .now() + limits.totalTimeout + Self.cancelGrace)
        let (received, problem) = lock.withLock { () -> (Data, RaceDataError?) in
            if released == .timedOut, failure == nil {
                failure = .timedOut(source: source, phase: .total, seconds: limits.totalTimeout)
            }
            isComplete = true
            return (body, failure)
        }
        if let problem { throw problem }
        return received
    }

    static let cancelGrace: TimeInterval = 2

    /// Records the first failure, unless `condition` already holds, and releases the caller at once.
    /// The transfer is stopped too when `stopping`; otherwise it may finish by itself, its bytes discarded.
    private func fail(_ error: RaceDataError, unless condition: KeyPath<Exchange, Bool>? = nil, stopping: Bool = true) {
        let failed = lock.withLock {
            if let condition, self[keyPath: condition] { return false }
            guard !isComplete else { return false }
            if failure == nil { failure = error }
            // Nothing of a failed answer is used: let its memory go now, not when the session lets go.
            body = Data()
            return true
        }
        guard failed else { return }
        release()
        if stopping { stop() }
    }

    /// A failed answer smaller than this is left to finish by itself rather than cancelled.
    static let discardAllowance = 64 * 1024

    /// Cancels the task, once, and only while it is still moving. FoundationNetworking on Linux traps ("a task
    /// that is not in the registry") when `cancel()` overtakes a completion already under way, so a short error
    /// page is never cancelled: only a transfer that is stalled (a time limit ran out) or still streaming (over
    /// the size cap, or past `discardAllowance`) is. Cancelling on the delegate queue instead is no cure: it
    /// blocks that queue behind the transport while an endless body piles up in memory.
    private func stop() {
        let taskToCancel: URLSessionTask? = lock.withLock {
            guard !isStopping, !hasEnded else { return nil }
            isStopping = true
            return task
        }
        guard let taskToCancel else { return }
        DispatchQueue.global().async { taskToCancel.cancel() }
    }

    /// Wakes the waiting caller, once.
    private func release() {
        let first = lock.withLock {
            defer { isReleased = true }
            return !isReleased
        }
        if first { finished.signal() }
    }

    func didReceive(_ response: URLResponse) {
        lock.withLock {
            hasResponse = true
            expectedLength = response.expectedContentLength
        }
        if let problem = problem(with: response) {
            // A long body is cancelled at once; a short one (an error page) is let through and discarded.
            let isLong = response.expectedContentLength > Int64(Self.discardAllowance)
            fail(problem, stopping: isLong)
        }
    }

    private func problem(with response: URLResponse) -> RaceDataError? {
        guard let http = response as? HTTPURLResponse else {
            return .unavailable(source: source, reason: "the server did not answer over HTTP")
        }
        guard (200..<300).contains(http.statusCode) else { return .httpStatus(source: source, code: http.statusCode) }
        if let contentType = http.value(forHTTPHeaderField: "Content-Type"), !Self.isJSON(contentType) {
            return .wrongContentType(source: source, contentType: TerminalText.clean(contentType, asciiOnly: true))
        }
        if response.expectedContentLength > Int64(limits.maximumBodyBytes) {
            return .tooLarge(source: source, limit: limits.maximumBodyBytes)
        }
        return nil
    }

    /// JSON media types, and none at all (then the body decides).
    static func isJSON(_ contentType: String) -> Bool {
        let mediaType = contentType.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        return mediaType.isEmpty || mediaType == "application/json" || mediaType == "text/json"
            || mediaType.hasSuffix("+json")
    }

    func didReceive(_ data: Data) {
        enum Outcome { case kept, overLimit, discardedTooMuch }
        let outcome = lock.withLock { () -> Outcome in
            guard failure == nil else {
                discardedBytes += data.count
                return discardedBytes > Self.discardAllowance ? .discardedTooMuch : .kept
            }
            body.append(data)
            return body.count > limits.maximumBodyBytes ? .overLimit : .kept
        }
        switch outcome {
        case .kept: break
        case .overLimit: fail(.tooLarge(source: source, limit: limits.maximumBodyBytes))
        case .discardedTooMuch: stop()
        }
    }

    func didComplete(error: (any Error)?) {
        lock.withLock {
            isComplete = true
            hasEnded = true
            guard failure == nil else { return }
            // A short body is "truncated" whether or not the transport also reported the close as an error; but a
            // compressed body that could not be unpacked is short because it was never unpacked.
            if expectedLength > 0, Int64(body.count) < expectedLength, !(error.map(Self.isUnpackingFailure) ?? false) {
                failure = .truncated(source: source, received: body.count, expected: Int(expectedLength))
            } else if let error {
                failure = .unavailable(source: source, reason: Self.reason(for: error))
            }
        }
        ended.signal()
        release()
    }

    /// What happened, in words: Foundation's codes (`URL error -1002`) mean nothing to a racing fan. Where the
    /// network library gave a detail worth having (which header was bad), it follows in parentheses, cleaned.
    static func reason(for error: any Error) -> String {
        let detail = Self.detail(of: error)
        let explained = { (words: String) in detail.map { "\(words) (\($0))" } ?? words }
        switch (error as? URLError)?.code {
        case .cannotConnectToHost?: return "connection refused"
        case .cannotFindHost?, .dnsLookupFailed?: return "host not found"
        case .notConnectedToInternet?: return "no network connection"
        case .networkConnectionLost?: return "the connection was reset"
        case .secureConnectionFailed?, .serverCertificateUntrusted?, .serverCertificateHasBadDate?,
            .serverCertificateNotYetValid?, .serverCertificateHasUnknownRoot?, .clientCertificateRejected?,
            .clientCertificateRequired?:
            return "the secure connection failed"
        case .timedOut?: return "timed out"
        case .httpTooManyRedirects?: return "the server redirected too many times (a redirect loop)"
        case .redirectToNonExistentLocation?: return "the server redirected without saying where to"
        case .badServerResponse?, .zeroByteResource?:
            // libcurl's "Empty reply from server": the connection closed before a byte of an answer.
            return detail?.hasPrefix("Empty reply") == true
                ? "the server closed the connection without answering"
                : explained("the server's answer is not valid HTTP")
        case .cannotParseResponse?: return explained("the server's answer is not valid HTTP")
        case .unsupportedURL?:
            // libcurl says `Protocol "ftp" not supported` when a redirect leads off HTTP, and reports an answer
            // that is not HTTP at all (HTTP/0.9, a bad status line) with the same code.
            return detail?.hasPrefix("Protocol") == true
                ? "the server redirected to an address that is not http or https"
                : explained("the server's answer is not HTTP")
        case _ where isUnpackingFailure(error):
            return explained("the server's compressed answer could not be unpacked")
        case .badURL?: return "the address is not a valid URL"
        case .userAuthenticationRequired?, .userCancelledAuthentication?: return "the server asks for a login"
        case .dataLengthExceedsMaximum?: return "the answer is too large"
        default:
            // libcurl's unmapped errors (a bad Content-Length, a broken chunk) arrive as "unknown" with a detail.
            return detail.map { "the server's answer could not be read (\($0))" }
                ?? "the request failed (network error \((error as NSError).code))"
        }
    }

    /// A body sent compressed (`Content-Encoding: gzip`) that does not unpack: libcurl reports it as "unknown".
    private static func isUnpackingFailure(_ error: any Error) -> Bool {
        switch (error as? URLError)?.code {
        case .cannotDecodeContentData?, .cannotDecodeRawData?: true
        default: detail(of: error)?.contains("unencoding") == true
        }
    }

    /// The network library's own description, when it says more than a code: one line of printable ASCII, cut
    /// short (it can quote the server's bytes).
    private static func detail(of error: any Error) -> String? {
        guard let text = (error as NSError).userInfo[NSLocalizedDescriptionKey] as? String else { return nil }
        let cleaned = TerminalText.clean(text, asciiOnly: true).trimmingCharacters(in: .whitespaces)
        // Darwin's generic sentences ("The operation couldn't be completed.") and codes add nothing.
        guard !cleaned.isEmpty, !cleaned.hasPrefix("The operation couldn"), !cleaned.contains("NSURLErrorDomain")
        else { return nil }
        return cleaned.count > 120 ? String(cleaned.prefix(117)) + "..." : cleaned
    }
}
