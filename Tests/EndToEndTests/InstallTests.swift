import Foundation
import TestSupport
import Testing

/// `Scripts/install` as a person runs it: from another folder, into a prefix, then `--uninstall`.
@Suite("Installing")
struct InstallTests {
    @Test(
        "a prefix install from another folder runs from the prefix, with its man page and completions; uninstall removes exactly those"
    )
    func installAndUninstall() throws {
        let prefix = try TemporaryDirectory()
        defer { prefix.remove() }
        let elsewhere = try TemporaryDirectory()
        defer { elsewhere.remove() }
        let script = Fixtures.packageRoot.appendingPathComponent("Scripts/install").path
        let built = BinaryRunner.binary.deletingLastPathComponent().path
        let bash = URL(fileURLWithPath: "/bin/bash")
        func shell(_ command: String) throws -> ProcessRunner.Run {
            try BinaryRunner.run(
                executable: bash, arguments: ["-c", "cd '\(elsewhere.url.path)' && \(command)"], stdin: "",
                environment: [:], timeout: 120)
        }
        let install = try shell("'\(script)' --prefix '\(prefix.url.path)' --from '\(built)'")
        #expect(install.status == 0, "\(install.stderr)")
        let app = prefix.url.appendingPathComponent("bin/next-to-go").path
        let run = try shell("'\(app)' --now \(RaceListEndToEndTests.now) --source snapshot --cards none list")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.lines.first == "Next to Go - all categories")
        let expected = [
            "bin/next-to-go", "lib/next-to-go/next-to-go", "lib/next-to-go/installed-files",
            "share/man/man1/next-to-go.1", "share/bash-completion/completions/next-to-go",
            "share/zsh/site-functions/_next-to-go", "share/fish/vendor_completions.d/next-to-go.fish",
        ]
        for path in expected {
            #expect(FileManager.default.fileExists(atPath: prefix.url.appendingPathComponent(path).path), "no \(path)")
        }
        let other = prefix.url.appendingPathComponent("bin/someone-else")
        try Data("mine".utf8).write(to: other)

        let uninstall = try shell("'\(script)' --prefix '\(prefix.url.path)' --uninstall")
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        for path in expected {
            #expect(
                !FileManager.default.fileExists(atPath: prefix.url.appendingPathComponent(path).path), "\(path) left")
        }
        #expect(FileManager.default.fileExists(atPath: other.path), "only what it installed is removed")
        for folder in ["share", "lib"] {
            #expect(
                !FileManager.default.fileExists(atPath: prefix.url.appendingPathComponent(folder).path),
                "the folders it made and left empty go too: \(folder)")
        }
        #expect(
            FileManager.default.fileExists(atPath: prefix.url.appendingPathComponent("bin").path), "bin holds a file")
        let again = try shell("'\(script)' --prefix '\(prefix.url.path)' --uninstall")
        #expect(again.status == 1)
        #expect(again.stderr.contains("nothing of next-to-go is installed under"))
    }

    @Test("a file of someone else's where it would install is never replaced")
    func othersFile() throws {
        let prefix = try TemporaryDirectory()
        defer { prefix.remove() }
        let theirs = prefix.url.appendingPathComponent("bin/next-to-go")
        try FileManager.default.createDirectory(
            at: theirs.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("theirs".utf8).write(to: theirs)
        let run = try BinaryRunner.run(
            executable: URL(fileURLWithPath: Fixtures.packageRoot.appendingPathComponent("Scripts/install").path),
            arguments: ["--prefix", prefix.url.path, "--from", BinaryRunner.binary.deletingLastPathComponent().path],
            stdin: "", environment: [:], timeout: 60)
        #expect(run.status == 1)
        #expect(run.stderr.contains("is already there and is not from an earlier install"))
        #expect(try String(contentsOf: theirs, encoding: .utf8) == "theirs")
    }

    /// Runs `Scripts/install ARGUMENTS` into `prefix`, from the built app.
    private func install(_ prefix: TemporaryDirectory, _ arguments: [String] = []) throws -> ProcessRunner.Run {
        try BinaryRunner.run(
            executable: URL(fileURLWithPath: Fixtures.packageRoot.appendingPathComponent("Scripts/install").path),
            arguments: ["--prefix", prefix.url.path]
                + (arguments.isEmpty ? ["--from", BinaryRunner.binary.deletingLastPathComponent().path] : arguments),
            stdin: "", environment: [:], timeout: 120)
    }

    @Test("uninstall removes only what is still as installed: a file put in its place, or beside it, stays")
    func uninstallLeavesWhatChanged() throws {
        let prefix = try TemporaryDirectory()
        defer { prefix.remove() }
        #expect(try install(prefix).status == 0)
        let man = prefix.url.appendingPathComponent("share/man/man1/next-to-go.1")
        let link = prefix.url.appendingPathComponent("bin/next-to-go")
        let lib = prefix.url.appendingPathComponent("lib/next-to-go")
        // The user's own page and program where the installed ones were, and a note of theirs beside the app.
        try FileManager.default.removeItem(at: man)
        try Data("my own page".utf8).write(to: man)
        try FileManager.default.removeItem(at: link)
        try Data("#!/bin/sh\n".utf8).write(to: link)
        let note = lib.appendingPathComponent("my-notes.txt")
        try Data("mine".utf8).write(to: note)

        let uninstall = try install(prefix, ["--uninstall"])
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        #expect(try String(contentsOf: man, encoding: .utf8) == "my own page")
        #expect(try String(contentsOf: link, encoding: .utf8) == "#!/bin/sh\n")
        #expect(try String(contentsOf: note, encoding: .utf8) == "mine")
        #expect(
            !FileManager.default.fileExists(atPath: prefix.url.appendingPathComponent("lib/next-to-go/next-to-go").path)
        )
        #expect(
            uninstall.lines == [
                "removed next-to-go from \(prefix.url.path)",
                "left what changed since the install or is someone else's:",
                "  \(link.path)",
                "  \(man.path)",
                "  \(lib.path)/ (holds files the install did not put there)",
            ])
    }

    @Test("a reinstall never writes through a link planted where it installed: it stops, and the link's file is intact")
    func reinstallOverPlantedLink() throws {
        let prefix = try TemporaryDirectory()
        defer { prefix.remove() }
        #expect(try install(prefix).status == 0)
        let elsewhere = try TemporaryDirectory()
        defer { elsewhere.remove() }
        let precious = try elsewhere.file("precious", contents: Data("do not overwrite".utf8))
        for path in ["share/man/man1/next-to-go.1", "share/zsh/site-functions/_next-to-go"] {
            let planted = prefix.url.appendingPathComponent(path)
            try FileManager.default.removeItem(at: planted)
            try FileManager.default.createSymbolicLink(at: planted, withDestinationURL: precious)
            let again = try install(prefix)
            #expect(again.status == 1)
            #expect(
                again.stderr
                    == "install: \(planted.path) has changed since it was installed (or was replaced by someone else); move it away and install again\n"
            )
            #expect(try String(contentsOf: precious, encoding: .utf8) == "do not overwrite")
            try FileManager.default.removeItem(at: planted)
        }
        // Moved away, the reinstall writes new files, not links.
        #expect(try install(prefix).status == 0)
        let page = prefix.url.appendingPathComponent("share/man/man1/next-to-go.1").path
        #expect(try FileManager.default.attributesOfItem(atPath: page)[.type] as? FileAttributeType == .typeRegular)
        #expect(try String(contentsOf: precious, encoding: .utf8) == "do not overwrite")
        #expect(try install(prefix, ["--uninstall"]).status == 0)
    }

    @Test(
        "an install that fails part-way (a read-only man folder) leaves nothing behind; once it can, it installs",
        .enabled(if: ReadOnlyFolders.canTest, "needs setpriv to drop root (util-linux)"))
    func failsPartWay() throws {
        let prefix = try TemporaryDirectory()
        defer { prefix.remove() }
        let man = prefix.url.appendingPathComponent("share/man/man1")
        try FileManager.default.createDirectory(at: man, withIntermediateDirectories: true)
        let folders = ["", "share", "share/man", "share/man/man1"].map { prefix.url.appendingPathComponent($0).path }
        let installer = try ReadOnlyFolders()
        defer { installer.kit.remove() }
        try installer.hand(folders, readOnly: [man.path])
        let failed = try installer.run(prefix: prefix)
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("stopped part-way (exit 1); what it had put under"), "\(failed.stderr)")
        #expect(try Self.placed(in: prefix).isEmpty, "nothing of it left")
        #expect(try installer.run(prefix: prefix, ["--uninstall"]).status == 1, "nothing is installed")

        try installer.hand(folders, readOnly: [])
        let installed = try installer.run(prefix: prefix)
        #expect(installed.status == 0, "\(installed.stderr)")
        #expect(try Self.placed(in: prefix).count == 7)

        // An upgrade stopped the same way keeps what it replaced listed: --uninstall then takes it all away.
        try installer.hand(folders, readOnly: [man.path])
        let upgrade = try installer.run(prefix: prefix)
        #expect(upgrade.status == 1)
        #expect(upgrade.stderr.contains("install again to finish, or --uninstall"), "\(upgrade.stderr)")
        try installer.hand(folders, readOnly: [])
        let removed = try installer.run(prefix: prefix, ["--uninstall"])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(try Self.placed(in: prefix).isEmpty, "\(removed.stdout)")
    }

    /// The files and links under `prefix`, as paths inside it.
    private static func placed(in prefix: TemporaryDirectory) throws -> [String] {
        let walker = FileManager.default.enumerator(atPath: prefix.url.path)
        var paths: [String] = []
        while let path = walker?.nextObject() as? String {
            let attributes = try FileManager.default.attributesOfItem(
                atPath: prefix.url.appendingPathComponent(path).path)
            if attributes[.type] as? FileAttributeType != .typeDirectory { paths.append(path) }
        }
        return paths
    }

    @Test("a mistake in its arguments is a usage error")
    func usage() throws {
        let script = Fixtures.packageRoot.appendingPathComponent("Scripts/install").path
        let run = try BinaryRunner.run(
            executable: URL(fileURLWithPath: script), arguments: ["--prefx", "/tmp/x"], stdin: "", environment: [:],
            timeout: 30)
        #expect(run.status == 64)
        #expect(run.stderr == "install: unknown argument '--prefx' (see --help)\n")
    }
}

/// Folders the installer cannot write to. Root writes anywhere, so as root the installer is run as `nobody`
/// (util-linux's `setpriv`), with the prefix handed to it but for the folders meant to be read-only; the script
/// and the program it installs are copied where `nobody` can read them (CI's clone is in a private folder).
struct ReadOnlyFolders {
    static let isRoot = getuid() == 0
    static let setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let canTest = !isRoot || setpriv != nil
    static let nobody: uid_t = 65_534

    let kit: TemporaryDirectory

    init() throws {
        kit = try TemporaryDirectory()
        let from = kit.url.appendingPathComponent("from")
        try FileManager.default.createDirectory(at: from, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Fixtures.packageRoot.appendingPathComponent("Scripts/install"),
            to: kit.url.appendingPathComponent("install"))
        try FileManager.default.copyItem(at: BinaryRunner.binary, to: from.appendingPathComponent("next-to-go"))
        for path in [kit.url.path, from.path] { try #require(chmod(path, 0o755) == 0) }
    }

    /// Every folder of `folders` the installer's to write in, but those in `readOnly`.
    func hand(_ folders: [String], readOnly: Set<String>) throws {
        for folder in folders {
            let writable = !readOnly.contains(folder)
            if Self.isRoot {
                try #require(chown(folder, writable ? Self.nobody : 0, writable ? Self.nobody : 0) == 0)
            }
            try #require(chmod(folder, writable ? 0o755 : 0o555) == 0)
        }
    }

    /// `install --prefix PREFIX ARGUMENTS` (by default `--from` the copied program), as the user the folders
    /// were handed to.
    func run(prefix: TemporaryDirectory, _ arguments: [String]? = nil) throws -> ProcessRunner.Run {
        let script = kit.url.appendingPathComponent("install").path
        let command =
            Self.isRoot
            ? [Self.setpriv ?? "setpriv", "--reuid=\(Self.nobody)", "--regid=\(Self.nobody)", "--clear-groups", script]
            : [script]
        return try BinaryRunner.run(
            executable: URL(fileURLWithPath: command[0]),
            arguments: Array(command.dropFirst()) + ["--prefix", prefix.url.path]
                + (arguments ?? ["--from", kit.url.appendingPathComponent("from").path]),
            stdin: "", environment: ["HOME": "/tmp"], timeout: 120)
    }
}
