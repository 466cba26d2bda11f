import Core
import Platform

/// Reads what a punter wants of a feed's `race_form.additional_data`, a JSON document carried in a string:
/// `revealed_race_info`'s `class`, `prizemonies.total_value`, `rail_position` and `start_type`. Anything else in
/// it, and a string that is not such a document, gives nothing; a string over `maximumBytes` is not read.
enum RaceInfoDecoder {
    static let maximumBytes = 64 * 1_024

    static func info(from value: JSONByteReader.Scalar?) -> RaceInfo? {
        guard case .string(let given, _)? = value, !given.isEmpty, given.utf8.count <= maximumBytes else {
            return nil
        }
        var text = given
        let info = text.withUTF8 { bytes -> RaceInfo? in
            var reader = JSONByteReader(UnsafeRawBufferPointer(bytes))
            return try? read(&reader)
        }
        return info?.isEmpty == false ? info : nil
    }

    private static func read(_ reader: inout JSONByteReader) throws(JSONSyntaxError) -> RaceInfo? {
        guard try reader.nextKind() == .object else { return nil }
        var info: RaceInfo?
        try reader.readObject { reader, name throws(JSONSyntaxError) in
            if name.is("revealed_race_info"), try reader.nextKind() == .object {
                info = try revealed(&reader)
            } else {
                try reader.skipValue()
            }
        }
        return info
    }

    private static func revealed(_ reader: inout JSONByteReader) throws(JSONSyntaxError) -> RaceInfo {
        var raceClass: String?
        var prize: Int?
        var rail: String?
        var start: String?
        try reader.readObject { reader, name throws(JSONSyntaxError) in
            if name.is("class") {
                raceClass = NedsFeedDecoder.optionalString(try reader.readScalar(), limit: 40)
            } else if name.is("rail_position") {
                rail = NedsFeedDecoder.optionalString(try reader.readScalar(), limit: 80)
            } else if name.is("start_type") {
                start = NedsFeedDecoder.optionalString(try reader.readScalar(), limit: 20)
            } else if name.is("prizemonies"), try reader.nextKind() == .object {
                try reader.readObject { reader, name throws(JSONSyntaxError) in
                    guard name.is("total_value"), case .number(let value) = try reader.readScalar() else {
                        return try reader.skipValue()
                    }
                    if value.isFinite, value > 0, value < 1e12 { prize = Int(value) }
                }
            } else {
                try reader.skipValue()
            }
        }
        return RaceInfo(raceClass: raceClass, prizeMoney: prize, railPosition: rail, startType: start)
    }
}
