import CCurl
import Core
import Platform
import Text

/// How a transfer failed, in words: libcurl's codes (`error 56`) mean nothing to a racing fan. Where the library
/// gave a detail worth having (which part of the answer was bad), it follows in parentheses, cleaned.
enum CurlFailureWording {
    static let hostNotFound = "host not found"

    static func reason(for code: CURLcode, detail rawDetail: String) -> String {
        let detail = Self.detail(rawDetail)
        let explained = { (words: String) in detail.map { "\(words) (\($0))" } ?? words }
        switch code {
        case CURLE_COULDNT_CONNECT: return "connection refused"
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: return hostNotFound
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH:
            return "the secure connection failed"
        case CURLE_TOO_MANY_REDIRECTS: return "the server redirected too many times (a redirect loop)"
        case CURLE_GOT_NOTHING: return "the server closed the connection without answering"
        case CURLE_WEIRD_SERVER_REPLY: return explained("the server's answer is not valid HTTP")
        case CURLE_UNSUPPORTED_PROTOCOL:
            // Said both of a redirect that leads off the web and of an answer that is not HTTP at all (HTTP/0.9).
            return detail?.hasPrefix("Protocol") == true
                ? "the server redirected to an address that is not http or https"
                : explained("the server's answer is not HTTP")
        case CURLE_BAD_CONTENT_ENCODING: return explained("the server's compressed answer could not be unpacked")
        case CURLE_URL_MALFORMAT: return "the address is not a valid URL"
        case CURLE_LOGIN_DENIED, CURLE_AUTH_ERROR: return "the server asks for a login"
        case CURLE_RECV_ERROR where detail?.contains("reset") == true,
            CURLE_SEND_ERROR where detail?.contains("reset") == true:
            return "the connection was reset"
        default:
            // A broken chunk, a bad length: the detail says which.
            return detail.map { "the server's answer could not be read (\($0))" }
                ?? "the request failed (network error \(code.rawValue))"
        }
    }

    /// The library's own description: one line of printable ASCII, cut short (it can quote the server's bytes).
    private static func detail(_ text: String) -> String? {
        let cleaned = TerminalText.clean(text, asciiOnly: true).trimmingSpaces()
        guard !cleaned.isEmpty else { return nil }
        return cleaned.count > 120 ? String(cleaned.prefix(117)) + "..." : cleaned
    }
}
