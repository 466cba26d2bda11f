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

    @Test("libc in at most 13 files, none in a feature, Core, Text, the kits, Shell or RaceData")
    func libcAtTheFloor() {
        let libc = Set(["Glibc", "Darwin", "Musl"].flatMap(Self.files(importing:)))
        #expect(!libc.isEmpty && libc.count <= 13, "\(libc.sorted())")
        let allowed = ["Modules/Platform/", "Modules/Files/", "Modules/Terminal/", "App/Fetch/"]
        let elsewhere = libc.filter { path in !allowed.contains { path.hasPrefix($0) } }
        #expect(elsewhere.isEmpty, "\(elsewhere.sorted())")
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

    @Test("every presenter is at most 200 code lines")
    func presentersStaySmall() {
        let presenters = Self.sources.filter { $0.path.contains("/Presenter/") && $0.path.hasSuffix("Presenter.swift") }
        #expect(presenters.count >= 6)
        for presenter in presenters {
            #expect(Self.codeLines(presenter.text) <= 200, "\(presenter.path)")
        }
    }
}
