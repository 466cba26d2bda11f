import Core
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Favourites as JSON in `favourites.json` inside a data directory.
///
/// Nothing is ever lost:
/// - every read-modify-write holds an exclusive `flock` on `favourites.lock`,
///   so two processes toggling at once both land;
/// - writes go to a temporary file that is fsynced and then renamed over the
///   old one (and the directory fsynced), so a crash leaves the old file or
///   the new one, never half of either;
/// - a file that does not parse is renamed to `favourites.json.corrupt-<time>`
///   and reported once, and the store carries on empty.
public struct FileFavouritesStore: FavouritesStore {
    public static let fileName = "favourites.json"
    static let lockName = "favourites.lock"

    public let directory: URL
    private let clock: any WallClock

    public init(directory: URL, clock: any WallClock) {
        self.directory = directory
        self.clock = clock
    }

    /// `--data-dir` if given, else `$XDG_DATA_HOME/next-to-go`, else
    /// `~/.local/share/next-to-go`.
    public static func defaultDirectory(environment: [String: String]) -> URL {
        XDGDirectory.resolve("XDG_DATA_HOME", homeFallback: ".local/share", environment: environment)
    }

    public var fileURL: URL { directory.appendingPathComponent(Self.fileName) }
    public var location: String { fileURL.path }

    /// Reading creates nothing: with no data directory yet there are simply
    /// no favourites.
    public func load() throws(FavouritesError) -> FavouritesState {
        guard FileManager.default.fileExists(atPath: directory.path) else { return FavouritesState(favourites: []) }
        return try locked { () throws(FavouritesError) in try read() }
    }

    public func toggle(_ favourite: FavouriteRace) throws(FavouritesError) -> FavouritesState {
        try locked { () throws(FavouritesError) in
            let current = try read()
            var favourites = current.favourites
            if let index = favourites.firstIndex(where: { $0.id == favourite.id }) {
                favourites.remove(at: index)
            } else {
                favourites.append(favourite)
            }
            try write(favourites)
            return FavouritesState(favourites: favourites, warning: current.warning)
        }
    }

    public func remove(ids: Set<String>) throws(FavouritesError) -> FavouritesState {
        try locked { () throws(FavouritesError) in
            let current = try read()
            let kept = current.favourites.filter { !ids.contains($0.id) }
            if kept.count != current.favourites.count { try write(kept) }
            return FavouritesState(favourites: kept, warning: current.warning)
        }
    }

    // MARK: - File format

    private struct Document: Codable {
        var version = 1
        var favourites: [FavouriteRace]
    }

    private static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .secondsSince1970
        return encoder
    }

    private static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }

    // MARK: - Steps, all called with the lock held

    private func read() throws(FavouritesError) -> FavouritesState {
        let data: Data
        do {
            data = try Data(contentsOf: fileURL)
        } catch {
            if !FileManager.default.fileExists(atPath: fileURL.path) { return FavouritesState(favourites: []) }
            throw .unavailable(location: location, reason: "the file could not be read")
        }
        do {
            let document = try Self.decoder().decode(Document.self, from: data)
            return FavouritesState(favourites: document.favourites)
        } catch {
            let aside = try moveAside()
            return FavouritesState(
                favourites: [],
                warning:
                    "Warning: \(location) could not be read; moved it aside to \(aside.path) and started with no favourites."
            )
        }
    }

    private func moveAside() throws(FavouritesError) -> URL {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        let stamp = formatter.string(from: clock.now())
        var target = directory.appendingPathComponent("\(Self.fileName).corrupt-\(stamp)")
        var attempt = 1
        while FileManager.default.fileExists(atPath: target.path) {
            target = directory.appendingPathComponent("\(Self.fileName).corrupt-\(stamp)-\(attempt)")
            attempt += 1
        }
        guard rename(fileURL.path, target.path) == 0 else {
            throw .unavailable(
                location: location, reason: "could not move the unreadable file aside (\(AtomicFile.errnoText()))")
        }
        return target
    }

    private func write(_ favourites: [FavouriteRace]) throws(FavouritesError) {
        let data: Data
        do {
            data = try Self.encoder().encode(Document(favourites: favourites))
        } catch {
            throw .unavailable(location: location, reason: "could not encode favourites")
        }
        do {
            try AtomicFile.write(data, to: fileURL)
        } catch {
            throw .unavailable(location: location, reason: error.description)
        }
    }

    private func locked<T>(_ body: () throws(FavouritesError) -> T) throws(FavouritesError) -> T {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .unavailable(location: location, reason: "could not create \(directory.path)")
        }
        let lockPath = directory.appendingPathComponent(Self.lockName).path
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .unavailable(location: location, reason: "could not open the lock file (\(AtomicFile.errnoText()))")
        }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw .unavailable(location: location, reason: "could not lock (\(AtomicFile.errnoText()))")
            }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

}
