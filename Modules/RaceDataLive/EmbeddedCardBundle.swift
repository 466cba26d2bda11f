import Core
import Platform
import RaceData
import SnapshotData

/// A bundle of race cards carried in the program (made by Scripts/make-snapshot), each in the affiliates API's
/// card shape and read by the card's own decoder (`RaceCardDecoder`): the snapshot has one format and one reader.
/// Each card's JSON is deflated alone with a preset dictionary of what the bundle's cards say again and again, in
/// base64, one after another; the index, a JSON object `{"<race id>": [offset, length, inflated], ...}`, says
/// where each lies, so a sheet inflates the card it shows and not the day's.
public final class EmbeddedCardBundle: Sendable {
    /// Where a card lies in the bundle's characters, and how many bytes it is inflated.
    struct Place: Sendable, Equatable {
        let offset: Int
        let length: Int
        let inflated: Int
    }

    private let packed: StaticString
    private let source: String
    /// The index, read at the first card (a failure kept too).
    private let places: LoadedOnce<Result<[String: Place], RaceDataError>>
    /// The preset dictionary, read at the first card.
    private let words: LoadedOnce<Data?>

    /// The day's cards whole: every runner's form, the prices as they moved, the result and dividends.
    public static let cards = EmbeddedCardBundle(
        packed: snapshotCards, index: snapshotCardsIndex, dictionary: snapshotCardsDictionary,
        source: "the embedded snapshot's race cards")
    /// The day's cards cut to their fields: the race's start and each runner's number, name, rider, trainer, fixed
    /// win price as it moved and scratching. The board's favourite prices, the movers and the blackbook read these:
    /// a tenth of a whole card's bytes.
    public static let fields = EmbeddedCardBundle(
        packed: snapshotFields, index: snapshotFieldsIndex, dictionary: snapshotFieldsDictionary,
        source: "the embedded snapshot's race fields")

    /// A bundle of its own (tests): the program's are `cards` and `fields`.
    public init(packed: StaticString, index: StaticString, dictionary: StaticString, source: String) {
        self.packed = packed
        self.source = source
        places = LoadedOnce {
            Result { () throws(RaceDataError) in try Self.places(in: EmbeddedBytes.of(index), source: source) }
        }
        words = LoadedOnce { Data(base64Encoded: EmbeddedBytes.of(dictionary)) }
    }

    /// Every race the bundle has a card for.
    public func raceIDs() throws(RaceDataError) -> [String] {
        Array(try allPlaces().keys)
    }

    /// The card of one race, inflated and decoded; nil when the bundle has none for it, or when `saying` is given
    /// and its JSON does not say it (only what is asked for is decoded).
    public func card(_ id: String, saying words: StaticString? = nil) throws(RaceDataError) -> RaceCard? {
        guard let place = try allPlaces()[id] else { return nil }
        let characters = EmbeddedBytes.of(packed)
        guard place.length <= characters.count, place.offset <= characters.count - place.length,
            let deflated = Data(base64Encoded: characters[place.offset..<(place.offset + place.length)]),
            let bytes = Inflated.bytes(of: deflated, size: place.inflated, dictionary: self.words.value)
        else { throw .unavailable(source: source, reason: "its cards are damaged in this build") }
        if let words, !Self.says(bytes, words) { return nil }
        return try RaceCardDecoder().decode(bytes, raceID: id, source: source)
    }

    /// Whether `bytes` hold `words` anywhere.
    static func says(_ bytes: Data, _ words: StaticString) -> Bool {
        let count = words.utf8CodeUnitCount
        guard count > 0 else { return true }
        let first = words.utf8Start.pointee
        return bytes.withUnsafeBytes { buffer -> Bool in
            guard let base = buffer.baseAddress, buffer.count >= count else { return false }
            var offset = 0
            while offset <= buffer.count - count,
                let found = ByteSearch.offset(of: first, in: base + offset, count: buffer.count - count + 1 - offset)
            {
                if ByteSearch.equal(base + offset + found, words.utf8Start, count: count) { return true }
                offset += found + 1
            }
            return false
        }
    }

    private func allPlaces() throws(RaceDataError) -> [String: Place] {
        try places.value.get()
    }

    /// An index (`{"<race id>": [offset, length, inflated], ...}`) read: every entry three whole numbers, none
    /// negative, or the index is damaged.
    static func places(in index: Data, source: String) throws(RaceDataError) -> [String: Place] {
        let damaged = RaceDataError.unavailable(source: source, reason: "its cards' index is damaged in this build")
        do {
            return try JSONByteReader.reading(index, source: source) { reader throws(JSONSyntaxError) in
                guard try reader.nextKind() == .object else {
                    throw JSONSyntaxError(offset: 0, reason: "an index is an object")
                }
                var places: [String: Place] = [:]
                try reader.readObject { reader, name throws(JSONSyntaxError) in
                    guard try reader.nextKind() == .array else {
                        throw JSONSyntaxError(offset: reader.offset, reason: "a place is an array")
                    }
                    var numbers: [Int] = []
                    try reader.readArray { reader throws(JSONSyntaxError) in
                        guard case .number(let value) = try reader.readScalar(), let number = Int(exactly: value),
                            number >= 0, numbers.count < 3
                        else { throw JSONSyntaxError(offset: reader.offset, reason: "a place is three counts") }
                        numbers.append(number)
                    }
                    guard numbers.count == 3, numbers[1] > 0 else {
                        throw JSONSyntaxError(offset: reader.offset, reason: "a place is three counts")
                    }
                    places[name.string] = Place(offset: numbers[0], length: numbers[1], inflated: numbers[2])
                }
                return places
            }
        } catch {
            throw damaged
        }
    }
}
