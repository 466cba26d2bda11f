import Platform

/// Where the app keeps its files, by the XDG base-directory rules: the
/// variable's folder if it is an absolute path, else a folder under HOME.
public enum XDGDirectory {
    public static let appFolder = "next-to-go"

    /// `$<variable>/next-to-go`, else `$HOME/<homeFallback>/next-to-go`.
    public static func resolve(_ variable: String, homeFallback: String, environment: [String: String]) -> URL {
        if let base = environment[variable], base.hasPrefix("/") {
            return URL(fileURLWithPath: base, isDirectory: true).appendingPathComponent(appFolder, isDirectory: true)
        }
        let home =
            environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? FileManager.default.homeDirectoryForCurrentUser.path
        return URL(fileURLWithPath: home, isDirectory: true)
            .appendingPathComponent(homeFallback, isDirectory: true)
            .appendingPathComponent(appFolder, isDirectory: true)
    }
}
