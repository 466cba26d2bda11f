import CCurl
import Core
import RaceData
import RaceDataLive
import Synchronization
import SystemCalls
import Text

/// Fetches with the system's libcurl, in the calling thread (a source's serial queue), bounded by `limits` from
/// the name lookup on (`NameLookup`), ending in the body or a typed error. Easy handles are kept for the
/// transport's life and reused, so the connections they opened and their TLS sessions serve the next request to
/// the same server: a source's requests go over one connection where the server keeps it open. A handle serves
/// one request at a time; requests that come together (a sheet's card while the meetings list downloads) each
/// take one of their own, so none waits behind another.
public final class CurlHTTPTransport: HTTPTransport {
    public let limits: HTTPRaceService.Limits
    /// Looks the server's name up within the limits; nil leaves it to libcurl (behind a proxy).
    private let names: NameLookup?
    /// Handles not in use, the most recently used last (its connection the likeliest still open).
    private let idle = Mutex<[EasyHandle]>([])
    /// Kept idle at most; more than this many requests at once each make a handle and let it go after.
    static let mostIdleHandles = 4

    public init(limits: HTTPRaceService.Limits, names: NameLookup? = .system) {
        self.limits = limits
        self.names = names
    }

    deinit {
        for handle in idle.withLock({ $0 }) { CurlLibrary.shared?.easyCleanup(handle.pointer) }
    }

    public func get(_ url: URL, headers: [HTTPHeader]) throws(RaceDataError) -> Data {
        guard let curl = CurlLibrary.shared,
            let handle = idle.withLock({ $0.popLast() }) ?? curl.easyInit().map(EasyHandle.init)
        else {
            throw .unavailable(source: url.absoluteString, reason: "the network library (libcurl) could not be loaded")
        }
        defer {
            let kept = idle.withLock { handles in
                guard handles.count < Self.mostIdleHandles else { return false }
                handles.append(handle)
                return true
            }
            if !kept { curl.easyCleanup(handle.pointer) }
        }
        return try CurlTransfer(url: url, limits: limits, names: names, curl: curl, handle: handle.pointer)
            .perform(headers: headers)
    }

    /// A libcurl easy handle, passed between threads only whole and only while no transfer runs on it.
    private struct EasyHandle: @unchecked Sendable {
        let pointer: UnsafeMutableRawPointer
    }
}

/// One request's life. libcurl calls back on the thread that performs the transfer, so its state needs no lock;
/// the first failure recorded is the one reported, whatever libcurl says when it then stops.
final class CurlTransfer {
    private let url: URL
    private let limits: HTTPRaceService.Limits
    private let names: NameLookup?
    /// The limits count from here, the name lookup's time included.
    private let startedAt = ContinuousClock.now
    private let handle: UnsafeMutableRawPointer
    private let curl: CurlLibrary
    /// The answer as it comes, reserved at the most it may be: a growing `Data` left the heap holding freed
    /// megabytes after each large answer (140 refreshes grew the app by 11 MB), this gives them back.
    private var body: ReservedMemory?
    /// A header line has arrived: the server has begun to answer.
    private var hasResponse = false
    private var hasCheckedResponse = false
    /// The answer's media type when it names no JSON one, as it may be said: the body is still read as JSON when it
    /// is (a plain file server labels every file without an extension `application/octet-stream`).
    private var otherMediaType: String?
    /// The body's first bytes that are not whitespace have been looked at.
    private var hasLookedAtBody = false
    private var failure: RaceDataError?
    /// Bytes of an answer already refused (an error page) read only to keep the connection for the next request.
    private var discarded = 0
    /// Past this, a refused answer is cut off, and its connection with it.
    static let mostDiscarded = 64 * 1024

    /// Redirects followed before the answer counts as a loop.
    static let mostRedirects = 10
    static let userAgent = "next-to-go"

    init(
        url: URL, limits: HTTPRaceService.Limits, names: NameLookup? = nil, curl: CurlLibrary,
        handle: UnsafeMutableRawPointer
    ) {
        self.url = url
        self.limits = limits
        self.names = names
        self.curl = curl
        self.handle = handle
    }

    private var source: String { url.absoluteString }

    func perform(headers: [HTTPHeader]) throws(RaceDataError) -> Data {
        var pin: UnsafeMutablePointer<curl_slist>?
        for line in try pinnedAddresses() { pin = curl.slistAppend(pin, line) }
        var headerList: UnsafeMutablePointer<curl_slist>?
        for line in ["Accept: application/json"] + headers.map(\.argument) {
            headerList = curl.slistAppend(headerList, line)
        }
        let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        let code =
            configure(headerList: headerList, pin: pin, errorBuffer: errorBuffer) ?? curl.easyPerform(handle)
        let outcome: Result<Data, RaceDataError>
        do {
            outcome = .success(try answer(code, detail: String(cString: errorBuffer)))
        } catch {
            outcome = .failure(error)
        }
        // The options back to their defaults before this transfer's header list, error buffer and callbacks'
        // context go: the handle keeps its connection, which libcurl may still close (and report on) later.
        curl.easyReset(handle)
        curl.slistFreeAll(headerList)
        curl.slistFreeAll(pin)
        errorBuffer.deallocate()
        return try outcome.get()
    }

    /// The body, or how the transfer failed; read before the handle is reset.
    private func answer(_ code: CURLcode, detail: String) throws(RaceDataError) -> Data {
        if let failure { throw failure }
        try check(code, detail: detail)
        if !hasCheckedResponse, let problem = problemWithResponse() { throw problem }
        let data = body.map { Data($0.written) } ?? Data()
        // Labelled otherwise, the body decides; what the server sent is said only when it is not JSON.
        if let otherMediaType, !JSONDocumentCheck.isDocument(data) {
            throw .wrongContentType(source: source, contentType: otherMediaType)
        }
        return data
    }

    /// The server's addresses as libcurl is to take them (`HOST:PORT:ADDRESS,…`), looked up within the time the
    /// fetch may take to connect; none to leave the lookup to libcurl (an address, a name it turns to ASCII
    /// first, no thread to look it up on). A pin replaces any this handle was given before. The web's two ports
    /// are pinned too, so a redirect from http to https on the same server needs no lookup of libcurl's; one to
    /// another server is libcurl's to look up (bounded from 7.87, which can leave its lookup behind).
    private func pinnedAddresses() throws(RaceDataError) -> [String] {
        guard let names, let host = url.host(percentEncoded: false)?.lowercased(), NameLookup.needsLookUp(host)
        else { return [] }
        let port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
        let limit = min(limits.connectTimeout, limits.totalTimeout)
        switch names.addresses(of: host, port: port, within: limit) {
        case .found(let addresses):
            let list = addresses.map { $0.contains(":") ? "[\($0)]" : $0 }.joined(separator: ",")
            return [port, 80, 443].reduce(into: [Int]()) { if !$0.contains($1) { $0.append($1) } }
                .map { "\(host):\($0):\(list)" }
        case .notFound: throw .unavailable(source: source, reason: CurlFailureWording.hostNotFound)
        case .timedOut: throw .timedOut(source: source, phase: .lookup, seconds: limit)
        case .notLookedUp: return []
        }
    }

    /// What is left of a limit once the name lookup has taken its part: libcurl counts from its own start.
    private func remaining(_ seconds: TimeInterval) -> Int {
        let spent = ContinuousClock.now - startedAt
        return max(1, Self.milliseconds(seconds) - Int(spent / .milliseconds(1)))
    }

    /// Sets every option; the code of the first the library refused (one too old to know it), else nil.
    private func configure(
        headerList: UnsafeMutablePointer<curl_slist>?, pin: UnsafeMutablePointer<curl_slist>?,
        errorBuffer: UnsafeMutablePointer<CChar>?
    ) -> CURLcode? {
        let context = Unmanaged.passUnretained(self).toOpaque()
        let set = curl.setOption
        let results = [
            curl_set_pointer(set, handle, CURLOPT_ERRORBUFFER, errorBuffer),
            curl_set_pointer(set, handle, CURLOPT_URL, source),
            // Never anything but the web: not the URL typed, nor where a redirect leads (in the words the
            // library knows: libcurl before 7.85 has only the older option).
            curl_allow_only_web(set, handle),
            curl_set_long(set, handle, CURLOPT_FOLLOWLOCATION, 1),
            curl_set_long(set, handle, CURLOPT_MAXREDIRS, Self.mostRedirects),
            // The transfer may run on any thread: no signals for name lookups' time limits.
            curl_set_long(set, handle, CURLOPT_NOSIGNAL, 1),
            // The addresses looked up here, within the limits; none where libcurl is to look the name up.
            curl_set_pointer(set, handle, CURLOPT_RESOLVE, pin),
            curl_quick_exit(set, handle),
            // Every compression the library can unpack.
            curl_set_pointer(set, handle, CURLOPT_ACCEPT_ENCODING, ""),
            curl_set_pointer(set, handle, CURLOPT_USERAGENT, Self.userAgent),
            curl_set_pointer(set, handle, CURLOPT_HTTPHEADER, headerList),
            curl_set_long(set, handle, CURLOPT_CONNECTTIMEOUT_MS, remaining(limits.connectTimeout)),
            curl_set_long(set, handle, CURLOPT_TIMEOUT_MS, remaining(limits.totalTimeout)),
            curl_set_offset(set, handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(limits.maximumBodyBytes)),
            curl_set_write_function(set, handle, CURLOPT_WRITEFUNCTION, Self.receiveBody),
            curl_set_pointer(set, handle, CURLOPT_WRITEDATA, context),
            curl_set_write_function(set, handle, CURLOPT_HEADERFUNCTION, Self.receiveHeader),
            curl_set_pointer(set, handle, CURLOPT_HEADERDATA, context),
            curl_set_progress_function(set, handle, Self.progress),
            curl_set_pointer(set, handle, CURLOPT_XFERINFODATA, context),
            curl_set_long(set, handle, CURLOPT_NOPROGRESS, 0),
        ]
        return results.first { $0 != CURLE_OK }
    }

    private static func milliseconds(_ seconds: TimeInterval) -> Int {
        Int(min(max(seconds, 0.001), 86_400) * 1000)
    }

    private static let receiveBody: curl_write_callback = { bytes, size, count, context in
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
        let length = size * count
        // Any other count tells libcurl to stop the transfer.
        return transfer.receive(UnsafeRawBufferPointer(start: bytes, count: length)) ? length : 0
    }

    private static let receiveHeader: curl_write_callback = { _, size, count, context in
        Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue().hasResponse = true
        return size * count
    }

    /// Called at least once a second while the transfer runs: the time to wait for the answer's start is
    /// libcurl's to keep only while connecting, so the rest of it is kept here.
    private static let progress: curl_xferinfo_callback = { context, _, _, _, _ in
        Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue().isOverdue ? 1 : 0
    }

    private var isOverdue: Bool {
        guard !hasResponse else { return false }
        let elapsed = ContinuousClock.now - startedAt
        guard elapsed >= .milliseconds(Self.milliseconds(limits.connectTimeout)) else { return false }
        failure = failure ?? .timedOut(source: source, phase: .connect, seconds: limits.connectTimeout)
        return true
    }

    /// False stops the transfer: too much of an answer. One that is not what was asked for (a 404's page, a page
    /// labelled as no JSON that begins as none) is read to its end unkept, if short, so the connection serves the
    /// next request; a long one is cut off.
    private func receive(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if !hasCheckedResponse {
            hasCheckedResponse = true
            failure = problemWithResponse()
        }
        if failure == nil, let otherMediaType, !hasLookedAtBody, let mayBeJSON = JSONDocumentCheck.mayBegin(with: bytes)
        {
            hasLookedAtBody = true
            if !mayBeJSON { failure = .wrongContentType(source: source, contentType: otherMediaType) }
        }
        if failure != nil {
            discarded += bytes.count
            return discarded <= Self.mostDiscarded
        }
        if body == nil { body = ReservedMemory(capacity: limits.maximumBodyBytes) }
        guard let body else {
            failure = .unavailable(source: source, reason: "not enough memory to read the answer")
            return false
        }
        guard body.append(bytes) else {
            failure = .tooLarge(source: source, limit: limits.maximumBodyBytes)
            self.body = nil
            return false
        }
        return true
    }

    private func problemWithResponse() -> RaceDataError? {
        let getInfo = curl.getInfo
        var status = 0
        curl_get_long(getInfo, handle, CURLINFO_RESPONSE_CODE, &status)
        guard (200..<300).contains(status) else { return .httpStatus(source: source, code: status) }
        var contentType: UnsafeMutablePointer<CChar>?
        curl_get_string(getInfo, handle, CURLINFO_CONTENT_TYPE, &contentType)
        if let contentType, case let type = String(cString: contentType), !Self.isJSON(type) {
            otherMediaType = TerminalText.clean(type, asciiOnly: true)
        }
        return nil
    }

    /// JSON media types, and none at all: with any other, the body must show itself JSON.
    static func isJSON(_ contentType: String) -> Bool {
        let mediaType = contentType.split(separator: ";").first?.trimmingSpaces().lowercased() ?? ""
        return mediaType.isEmpty || mediaType == "application/json" || mediaType == "text/json"
            || mediaType.hasSuffix("+json")
    }

    /// The typed error for how libcurl ended, if it did not end well.
    private func check(_ code: CURLcode, detail: String) throws(RaceDataError) {
        switch code {
        case CURLE_OK:
            return
        case CURLE_OPERATION_TIMEDOUT where !hasResponse:
            throw .timedOut(source: source, phase: .connect, seconds: limits.connectTimeout)
        case CURLE_OPERATION_TIMEDOUT:
            throw .timedOut(source: source, phase: .total, seconds: limits.totalTimeout)
        case CURLE_FILESIZE_EXCEEDED:
            // Said of the declared length, before any body: an error status says what it is first.
            if let problem = problemWithResponse() { throw problem }
            throw .tooLarge(source: source, limit: limits.maximumBodyBytes)
        case CURLE_PARTIAL_FILE:
            // Both as sent (a compressed body's declared length is of its compressed bytes).
            var expected: curl_off_t = -1
            var received: curl_off_t = 0
            curl_get_offset(curl.getInfo, handle, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &expected)
            curl_get_offset(curl.getInfo, handle, CURLINFO_SIZE_DOWNLOAD_T, &received)
            guard expected > 0 else { fallthrough }
            throw .truncated(source: source, received: Int(received), expected: Int(expected))
        default:
            throw .unavailable(source: source, reason: CurlFailureWording.reason(for: code, detail: detail))
        }
    }
}
