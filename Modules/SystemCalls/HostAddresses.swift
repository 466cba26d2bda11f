#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A host name's addresses as the system's resolver gives them (`getaddrinfo`: the hosts file, DNS, whatever the
/// system is set to ask), in numeric form. A lookup blocks for as long as the resolver takes, which is not
/// bounded: callers that must keep a time limit run it on a thread of its own and stop waiting for it.
public enum HostAddresses {
    public enum Answer: Sendable, Equatable {
        /// The addresses to try, in the resolver's order (IPv6 without brackets), each once.
        case found([String])
        /// The name has no address, or the resolver could not be asked.
        case notFound
    }

    public static func lookUp(_ host: String, port: Int) -> Answer {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        // Only the families this machine has an address of: no IPv6 address to wait on where there is no route.
        hints.ai_flags = AI_ADDRCONFIG
        var first: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &first) == 0 else { return .notFound }
        defer { freeaddrinfo(first) }
        var addresses: [String] = []
        var next = first
        while let entry = next?.pointee {
            next = entry.ai_next
            guard let address = entry.ai_addr, let text = numeric(address, length: entry.ai_addrlen),
                !addresses.contains(text)
            else { continue }
            addresses.append(text)
        }
        return addresses.isEmpty ? .notFound : .found(addresses)
    }

    /// Whether `host` is an address already (`127.0.0.1`, `::1`, `[::1]`), which needs no lookup.
    public static func isNumeric(_ host: String) -> Bool {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        var buffer = in6_addr()
        return inet_pton(AF_INET, bare, &buffer) == 1 || inet_pton(AF_INET6, bare, &buffer) == 1
    }

    private static func numeric(_ address: UnsafeMutablePointer<sockaddr>, length: socklen_t) -> String? {
        var text = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        guard getnameinfo(address, length, &text, socklen_t(text.count), nil, 0, NI_NUMERICHOST) == 0 else {
            return nil
        }
        let string = text.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        // A link-local address's zone (`fe80::1%eth0`) is not a form libcurl reads in a pinned address.
        return string.contains("%") ? nil : string
    }
}
