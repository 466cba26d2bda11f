import Core
import Files
import Foundation
import RaceData

/// The settings file as `save` writes it: the keys saved get their new values where they stand, keys not in it
/// yet are added at the end, and every other line (comments, other settings, lines the app skips) is kept byte
/// for byte. Written atomically, through a symbolic link (a dotfiles repository's link stays a link), with the
/// file's permissions kept. A file that cannot be read as settings (a folder, a FIFO, huge) is left alone.
@MainActor
public final class SettingsFile: SettingsStore {
    public let file: URL
    private let environment: [String: String]

    /// `environment`: the variables set now, to say which of them will win over what is saved.
    public init(file: URL, environment: [String: String]) {
        self.file = file
        self.environment = environment
    }

    public func save(_ settings: BoardSettings) throws(SettingsError) -> SavedSettings {
        let target = AtomicFile.followingLinks(file)
        let text: SettingsText
        do {
            text = SettingsText(Array(try RegularFile.read(target.path, maximumBytes: SettingsText.maximumBytes)))
        } catch {
            switch error {
            case .missing: text = SettingsText([])
            case .notRegular: throw SettingsError("\(file.path) is not a regular file; it is left as it is")
            case .tooLarge:
                throw SettingsError(
                    "\(file.path) is larger than \(SettingsText.maximumBytes / 1024) KB, far more than settings take; it is left as it is"
                )
            case .unreadable(let reason):
                throw SettingsError("\(file.path) could not be read (\(reason)); it is left as it is")
            }
        }
        let entries = settings.entries
        do {
            try AtomicFile.write(Data(text.setting(entries)), to: target)
        } catch {
            throw SettingsError("\(file.path): \(error.description)")
        }
        return SavedSettings(
            location: file.path,
            overriddenBy: entries.map { SettingsText.variable(for: $0.key) }.filter { environment[$0] != nil })
    }
}
