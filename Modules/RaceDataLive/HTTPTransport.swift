import Core
import Platform
import RaceData

/// Gets the body at a URL within limits, or a typed error naming it. `HTTPRaceService` decodes what it gets.
public protocol HTTPTransport: Sendable {
    func get(_ url: URL, headers: [HTTPHeader]) throws(RaceDataError) -> Data
}

extension HTTPTransport {
    public func get(_ url: URL) throws(RaceDataError) -> Data { try get(url, headers: []) }
}

/// A request header the app adds (the affiliates API's `From` and `X-Partner`). Only a name of token characters
/// and a value of printable ASCII make one, so what the user types can never split a request or add lines to it.
public struct HTTPHeader: Sendable, Equatable {
    public let name: String
    public let value: String

    public static let maximumValueLength = 256

    public init?(name: String, value: String) {
        let tokenPunctuation = "!#$%&'*+-.^_`|~".utf8
        guard !name.isEmpty, name.utf8.count <= 64,
            name.utf8.allSatisfy({ byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                    || tokenPunctuation.contains(byte)
            }),
            value.utf8.count <= Self.maximumValueLength, value.utf8.allSatisfy({ (0x20...0x7E).contains($0) }),
            value.trimmingSpaces() == value
        else { return nil }
        self.name = name
        self.value = value
    }

    /// `Name: value`, as a request carries it.
    public var argument: String { "\(name): \(value)" }

    public init?(argument: String) {
        guard let colon = argument.firstIndex(of: ":") else { return nil }
        let value = argument[argument.index(after: colon)...].drop { $0 == " " }
        self.init(name: String(argument[..<colon]), value: String(value))
    }
}
