import Core
import Files
import Platform
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

    /// The file's path, `~` for the home folder: short enough for a message at the prompt.
    private var shownPath: String {
        guard let home = environment["HOME"], home.count > 1, file.path.hasPrefix(home + "/") else { return file.path }
        return "~" + file.path.dropFirst(home.count)
    }

    public func save(_ entries: [(key: String, value: String)]) throws(SettingsError) -> SavedSettings {
        let target = AtomicFile.followingLinks(file)
        // A link to nowhere is a mistake to show, not a place to make: writing there made the folders it names.
        if target != file, !PathText.isTaken(target.path) {
            throw SettingsError(
                "\(file.path) is a symbolic link to \(target.path), which does not exist; nothing is saved or created")
        }
        let text: SettingsText
        do {
            text = try SettingsText.read(target.path, shownAs: file.path) ?? SettingsText([])
        } catch {
            throw SettingsError("\(error); it is left as it is")
        }
        // UTF-16 or binary: nothing in it reads as settings, and lines added in UTF-8 would make it neither.
        if text.bytes.contains(0) || text.bytes.starts(with: [0xFF, 0xFE]) || text.bytes.starts(with: [0xFE, 0xFF]) {
            throw SettingsError(
                "\(file.path) is not text the app reads (UTF-16, or binary: it holds NUL bytes); it is left as it is")
        }
        let saved = text.setting(entries)
        // The reader refuses a file over this; saving one would lose every setting at the next start.
        guard saved.count <= SettingsText.maximumBytes else {
            throw SettingsError(
                "saving would make \(file.path) larger than \(SettingsText.maximumBytes / 1024) KB, more than the app reads at start; it is left as it is (remove lines it does not need, then save again)"
            )
        }
        do {
            try AtomicFile.write(Data(saved), to: target)
        } catch {
            throw SettingsError("\(file.path): \(error.description)")
        }
        return SavedSettings(
            location: shownPath,
            overriddenBy: entries.map { SettingsText.variable(for: $0.key) }.filter { environment[$0] != nil })
    }
}
