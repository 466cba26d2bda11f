import Foundation
import TestSupport
import Testing

/// The floor and the seams, read off the sources: what `Package.swift`'s graph cannot say (which files call
/// libc, who names FoundationEssentials, how big a presenter has grown) stays as it was built.
@Suite("The layers, as the sources keep them")
struct LayeringTests {
    /// Every Swift source of the program (not its tests): its path from the package root, and its text.
    static let sources: [(path: String, text: String)] = {
        let root = Fixtures.packageRoot
        var found: [(String, String)] = []
        for folder in ["Modules", "App"] {
            let base = root.appendingPathComponent(folder)
            let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)
            while let url = walker?.nextObject() as? URL {
                guard url.pathExtension == "swift", !url.path.contains("/SnapshotData/"),
                    let text = try? String(contentsOf: url, encoding: .utf8)
                else { continue }
                found.append((String(url.path.dropFirst(root.path.count + 1)), text))
            }
        }
        return found.sorted { $0.0 < $1.0 }
    }()

    static func imports(_ text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard let index = words.firstIndex(of: "import"), index + 1 < words.count else { return nil }
            return words[..<index].allSatisfy { $0.hasPrefix("@") } ? String(words[index + 1]) : nil
        }
    }

    static func files(importing module: String) -> [String] {
        sources.filter { imports($0.text).contains(module) }.map(\.path)
    }

    /// Lines that are neither blank nor only a comment.
    static func codeLines(_ text: String) -> Int {
        text.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return !trimmed.isEmpty && !trimmed.hasPrefix("//")
        }.count
    }

    @Test("the sources are found")
    func sourcesFound() {
        #expect(Self.sources.count > 150)
    }

    @Test("one file names FoundationEssentials: Platform's exports")
    func foundationOnce() {
        let naming = Self.sources.filter { $0.text.contains("FoundationEssentials") }.map(\.path)
        #expect(naming == ["Modules/Platform/Exports.swift"])
    }

    @Test("Foundation is imported by Platform's exports alone (for Darwin), and by fakes: elsewhere it links ICU in")
    func noFoundation() {
        let importing = Self.files(importing: "Foundation").filter { !$0.contains("/TestSupport/") }
        #expect(importing == ["Modules/Platform/Exports.swift"])
    }

    @Test("a feature's context is a few grouped values (at most 8), not a grab-bag of services")
    func contextGrouped() throws {
        let context = try #require(Self.sources.first { $0.path == "Modules/FeatureKit/FeatureContext.swift" })
        // Its own stored members sit at one indent; the groups' members, deeper.
        let members = context.text.split(separator: "\n").filter { $0.hasPrefix("    public let ") }
        #expect(!members.isEmpty && members.count <= 8, "\(members)")
    }

    @Test("libc in at most 13 files: SystemCalls, raw mode, curl's loader, and Platform's three pure ones")
    func libcAtTheFloor() {
        let libc = Set(["Glibc", "Darwin", "Musl"].flatMap(Self.files(importing:)))
        #expect(!libc.isEmpty && libc.count <= 13, "\(libc.sorted())")
        let allowed = ["Modules/SystemCalls/", "Modules/Terminal/", "App/Fetch/"]
        let elsewhere = libc.filter { path in
            !allowed.contains { path.hasPrefix($0) } && Self.platformLibc[path] == nil
        }
        #expect(elsewhere.isEmpty, "\(elsewhere.sorted())")
    }

    /// The files of Platform that may import libc, and what for: each is pure (or, for the zone, reads the zone
    /// database, choosing a zone by setting `TZ` for one call under a lock) and has no Swift or
    /// FoundationEssentials equal on Linux.
    static let platformLibc = [
        // `vsnprintf`: C's digits and rounding for `%.2f`, in the C locale.
        "Modules/Platform/CFormat.swift": "vsnprintf",
        // `memchr`, `memcmp`: the feed decoder's vectorised search; they touch only the bytes they are given.
        "Modules/Platform/ByteSearch.swift": "memchr",
        // `localtime_r` under `TZ`, and a read of a zone file's magic: the zone database, read as Foundation's
        // TimeZone would read it, which FoundationEssentials cannot without ICU.
        "Modules/Platform/LocalZone.swift": "localtime_r",
    ]

    @Test("Platform is the pure floor: libc only in its allowed files, for what they are allowed, nothing that acts")
    func platformIsPure() {
        let platform = Self.sources.filter { $0.path.hasPrefix("Modules/Platform/") }
        #expect(platform.count >= 5)
        for source in platform {
            let libc = Self.imports(source.text).filter { ["Glibc", "Darwin", "Musl"].contains($0) }
            guard !libc.isEmpty else { continue }
            let use = Self.platformLibc[source.path]
            #expect(use != nil, "\(source.path) imports libc")
            if let use { #expect(source.text.contains(use + "("), "\(source.path) no longer needs libc for \(use)") }
        }
        // What writes, starts, waits, signals, maps or connects; a read-only open of a zone file is not among them.
        let acting = [
            "write(", "unlink(", "rename(", "mkdir(", "ftruncate(", "fsync(", "flock(", "fcntl(", "ioctl(", "mmap(",
            "O_WRONLY", "O_RDWR", "O_CREAT", "fork(", "posix_spawn", "execv", "waitpid(", "kill(", "signal(",
            "sigaction", "pthread_", "nanosleep(", "usleep(", "socket(", "connect(", "getaddrinfo(", "exit(",
            "atexit(", "unsetenv(", "setenv(", "tcsetattr(", "DispatchSource", "Thread(", "FileManager", "FileHandle",
        ]
        for source in platform {
            // The zone is chosen by `TZ` for a call, under the zone lock, and put back: its one act.
            let allowed: Set<String> = source.path == "Modules/Platform/LocalZone.swift" ? ["setenv("] : []
            let found = acting.filter { source.text.contains($0) && !allowed.contains($0) }
            #expect(found.isEmpty, "\(source.path) calls \(found)")
        }
    }

    /// Folders whose code must not reach the system: every feature's, the domain, the text, the kits, the data
    /// seams. They get what acts on the system handed in by the app.
    static func standsOnPlatformAlone(_ path: String) -> Bool {
        let parts = path.split(separator: "/").map(String.init)
        guard parts.count > 2, parts[0] == "Modules" else { return false }
        if ["Core", "Text", "CommandKit", "FeatureKit", "RaceData"].contains(parts[1]) { return true }
        return ["Interactor", "Presenter", "View", "Router"].contains(parts[2])
    }

    @Test("no feature, Core, Text, CommandKit, FeatureKit or RaceData file imports SystemCalls")
    func systemCallsKeptOut() {
        let guarded = Self.sources.filter { Self.standsOnPlatformAlone($0.path) }
        #expect(guarded.contains { $0.path.contains("/Presenter/") } && guarded.contains { $0.path.contains("/View/") })
        for source in guarded {
            #expect(!Self.imports(source.text).contains("SystemCalls"), "\(source.path) imports SystemCalls")
        }
    }

    /// A target's dependency list in `Package.swift`: from its `name: "…"` to its `path:`.
    static func dependencies(ofTarget name: String, in manifest: String) -> String? {
        guard let start = manifest.range(of: "name: \"\(name)\"") else { return nil }
        let rest = manifest[start.upperBound...]
        return rest.range(of: "path:").map { String(rest[..<$0.lowerBound]) }
    }

    @Test("Package.swift gives SystemCalls to no feature target, nor Core, Text, CommandKit, FeatureKit, RaceData")
    func systemCallsNotListed() throws {
        let manifest = try String(
            contentsOf: Fixtures.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let names = [
            "\\(name)Interactor", "\\(name)View", "\\(name)Presenter", "\\(name)Router", "Core", "Text", "CommandKit",
            "FeatureKit", "RaceData",
        ]
        for name in names {
            let listed = try #require(Self.dependencies(ofTarget: name, in: manifest), "no target \(name)")
            #expect(!listed.contains("SystemCalls"), "\(name) depends on SystemCalls")
        }
        let systemCalls = try #require(Self.dependencies(ofTarget: "SystemCalls", in: manifest))
        #expect(systemCalls.contains("\"Platform\""))
    }

    @Test("the shell knows no data and no files; interactors never see Text; routers build on the kit")
    func seams() {
        let shell = Self.sources.filter {
            $0.path.hasPrefix("Modules/Shell/") || $0.path.hasPrefix("Modules/CommandKit/")
        }
        for source in shell {
            let forbidden = Self.imports(source.text).filter { ["RaceData", "Files", "FeatureKit"].contains($0) }
            #expect(forbidden.isEmpty, "\(source.path) imports \(forbidden)")
        }
        for source in Self.sources where source.path.contains("/Interactor/") {
            #expect(!Self.imports(source.text).contains("Text"), "\(source.path)")
        }
        for source in Self.sources where source.path.contains("/Router/") {
            #expect(!Self.imports(source.text).contains("Shell"), "\(source.path)")
        }
    }

    @Test("capabilities are handed in, not found by casting")
    func noCasting() {
        let casting = Self.sources.filter { $0.text.contains("as? any") && $0.text.contains("Service") }
        #expect(casting.isEmpty, "\(casting.map(\.path))")
    }

    @Test("the app names its features in one file; main.swift is a call")
    func compositionRoot() throws {
        let naming = Self.sources.filter { source in
            source.path.hasPrefix("App/") && Self.imports(source.text).contains { $0.hasSuffix("Router") }
        }
        #expect(naming.map(\.path) == ["App/Composition/AppScreens.swift"])
        let main = try #require(Self.sources.first { $0.path == "App/NextToGo/main.swift" })
        #expect(Self.codeLines(main.text) <= 10)
    }

    @Test("a feature's screen protocols live in one place: <Feature>ModuleInput.swift in its Presenter target")
    func moduleInputFiles() {
        let declaring = Self.sources.filter { source in
            source.text.contains("public protocol ")
                && ["ModuleInput", "RouterInput"].contains { kind in
                    source.text.split(separator: "\n").contains {
                        $0.hasPrefix("public protocol ") && $0.contains(kind)
                    }
                }
        }
        #expect(declaring.count >= 6, "\(declaring.map(\.path))")
        for source in declaring {
            let file = source.path.split(separator: "/").last.map(String.init) ?? ""
            #expect(
                source.path.contains("/Presenter/") && file.hasSuffix("ModuleInput.swift"),
                "\(source.path): a ModuleInput or RouterInput outside its feature's <Feature>ModuleInput.swift")
        }
    }

    @Test("an interactor's input protocol is in <Feature>Interactor.swift, a view's in <Feature>ViewModel.swift")
    func layerInputFiles() {
        var found = 0
        for source in Self.sources {
            let file = source.path.split(separator: "/").last.map(String.init) ?? ""
            for line in source.text.split(separator: "\n") where line.hasPrefix("public protocol ") {
                let name = line.dropFirst("public protocol ".count).prefix { $0.isLetter || $0.isNumber }
                if name.hasSuffix("InteractorInput") {
                    found += 1
                    let feature = name.dropLast("InteractorInput".count)
                    #expect(file == "\(feature)Interactor.swift", "\(name) is in \(source.path)")
                } else if name.hasSuffix("ViewInput") {
                    found += 1
                    let feature = name.dropLast("ViewInput".count)
                    #expect(file == "\(feature)ViewModel.swift", "\(name) is in \(source.path)")
                }
            }
        }
        #expect(found >= 12)
    }

    @Test("every presenter is at most 200 code lines")
    func presentersStaySmall() {
        let presenters = Self.sources.filter { $0.path.contains("/Presenter/") && $0.path.hasSuffix("Presenter.swift") }
        #expect(presenters.count >= 6)
        for presenter in presenters {
            #expect(Self.codeLines(presenter.text) <= 200, "\(presenter.path)")
        }
    }
}
