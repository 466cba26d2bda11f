import Core
import Foundation
import RaceData

/// Reads the status of every race of a day from the affiliates API's meetings list (`GET {base}/racing/meetings`:
/// `data.meetings[].races[]`, each with `id` and `status`): one request tells the board which races were
/// abandoned, where the `nextraces` feed says nothing of it. Tolerant as the other decoders: a race without an
/// id or a status is passed over; only a body that is not JSON fails. At most `maximumRaces` are read.
public struct MeetingsStatusDecoder: Sendable {
    public static let maximumRaces = 20_000

    public init() {}

    public func decode(_ data: Data, source: String) throws(RaceDataError) -> [String: RaceStatus] {
        try JSONByteReader.reading(data, source: source, Self.read)
    }

    private static func read(_ reader: inout JSONByteReader) throws(JSONSyntaxError) -> [String: RaceStatus] {
        var statuses: [String: RaceStatus] = [:]
        try reader.readMember("data") { reader throws(JSONSyntaxError) in
            try reader.readMember("meetings") { reader throws(JSONSyntaxError) in
                try reader.readElements { reader throws(JSONSyntaxError) in
                    try reader.readMember("races") { reader throws(JSONSyntaxError) in
                        try reader.readElements { reader throws(JSONSyntaxError) in
                            if let (id, status) = try race(&reader), statuses.count < maximumRaces {
                                statuses[id] = status
                            }
                        }
                    }
                }
            }
        }
        return statuses
    }

    private static func race(_ reader: inout JSONByteReader) throws(JSONSyntaxError) -> (String, RaceStatus)? {
        guard try reader.nextKind() == .object else {
            try reader.skipValue()
            return nil
        }
        var id: String?
        var status: String?
        try reader.readObject { reader, member throws(JSONSyntaxError) in
            if member.is("id") {
                id = NedsFeedDecoder.optionalString(try reader.readScalar(), limit: Race.maximumIDLength)
            } else if member.is("status") {
                status = NedsFeedDecoder.optionalString(try reader.readScalar(), limit: 40)
            } else {
                try reader.skipValue()
            }
        }
        guard let id, let status else { return nil }
        return (id, RaceStatus(word: status))
    }
}
