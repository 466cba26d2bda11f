import SystemCalls

/// Paths as text, the way the shell reads them.
public enum PathText {
    /// `folder/name`, with one slash between (`name` alone for an empty folder).
    public static func joined(_ folder: String, _ name: String) -> String {
        guard !folder.isEmpty else { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The folder a path names its file in: `a/b/c.json` is in `a/b`, `/c` in `/`, `c.json` in `` (here).
    public static func folder(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        let folder = trimmed[..<slash]
        return folder.isEmpty ? "/" : String(folder)
    }

    /// Whether a directory is there (through a link too).
    public static func isDirectory(_ path: String) -> Bool {
        FileSystem.status(path)?.kind == .directory
    }

    /// Whether anything is there (a link to nothing is not).
    public static func exists(_ path: String) -> Bool {
        FileSystem.status(path) != nil
    }

    /// Whether anything is there at all, a link to nothing included.
    public static func isTaken(_ path: String) -> Bool {
        FileSystem.status(path, followingLinks: false) != nil
    }

    /// Removes the file (or link) at `path`, if there is one.
    public static func remove(_ path: String) {
        FileSystem.remove(path)
    }

    /// Whether something other than a regular file (a folder, a FIFO, a device) is there, through a link too.
    public static func isSomethingButAFile(_ path: String) -> Bool {
        FileSystem.status(path).map { !$0.isRegular } ?? false
    }
}
