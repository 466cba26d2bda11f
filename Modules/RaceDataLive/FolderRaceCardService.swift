import Core
import Files
import Platform
import RaceData
import Text

/// Race cards from a folder, one `<race id>.json` each in the affiliates API's shape (`--cards file:DIR`),
/// read on every fetch; a replayed race (`<id>@<start>`) reads its captured race's. A race with no file has no
/// card; an id that could name a path outside the folder (a `/`, a leading dot) never reaches the file system.
public struct FolderRaceCardService: RaceCardService {
    public let directory: String
    public let maximumBytes: Int
    private let decoder = RaceCardDecoder()

    public init(directory: String, maximumBytes: Int = HTTPRaceService.Limits.standard.maximumBodyBytes) {
        self.directory = directory
        self.maximumBytes = maximumBytes
    }

    public var sourceDescription: String { "folder \(TerminalText.clean(directory, asciiOnly: true))" }

    public func card(forRace id: String) throws(RaceDataError) -> RaceCard? {
        guard let captureID = Self.cardName(forRace: id) else { return nil }
        let path = PathText.joined(directory, captureID + ".json")
        let source = "file \(TerminalText.clean(path, asciiOnly: true))"
        let bytes: FileBytes
        do {
            bytes = try RegularFile.bytes(path, maximumBytes: maximumBytes)
        } catch {
            if error == .missing { return nil }
            throw error.raceDataError(source: source, notRegularReason: "it is not a regular file")
        }
        return try decoder.decode(bytes.data, raceID: id, source: source)
    }

    /// The name a race's card goes by in a folder or a URL: its captured race's id (a replayed race's card is
    /// its captured race's); nil for an id that is no plain file name or path segment.
    static func cardName(forRace id: String) -> String? {
        let captureID = SnapshotReplay.captureID(of: id)
        return isFileName(captureID) ? captureID : nil
    }

    /// Letters, digits, `-`, `_`, `.` and `@` (a replayed race's id), not starting with a dot, at most the
    /// longest id a race may have.
    static func isFileName(_ id: String) -> Bool {
        guard !id.isEmpty, id.utf8.count <= Race.maximumIDLength, !id.hasPrefix(".") else { return false }
        return id.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "-_.@".utf8.contains(byte)
        }
    }
}

/// The folder's cards tell the board how their races stand (`Closed`, `Final 2-4-7`, `Abandoned`), as an
/// affiliates API's do: each race asked of that has a file is read again, beside the feed's fetches.
extension FolderRaceCardService: RaceStatusService {
    /// Files on disk are cheap to read again: a result written into the folder shows within this long.
    public var statusLifetime: TimeInterval { 5 }
    /// Read in the feed's own fetch: the board drawn from it has what the folder says.
    public var answersAtOnce: Bool { true }

    public func statuses(ofRaces ids: [String]) throws(RaceDataError) -> [String: RaceStatus] {
        try standings(ofRaces: ids).compactMapValues { $0.last?.status }
    }

    /// Each race's card as it stands: its status and placings. A card that cannot be read tells nothing.
    public func standings(ofRaces ids: [String]) throws(RaceDataError) -> [String: [RaceStanding]] {
        var known: [String: [RaceStanding]] = [:]
        for id in ids {
            guard let card = try? card(forRace: id), let standing = RaceStanding(card: card) else { continue }
            known[id] = [standing]
        }
        return known
    }
}
