import Core
import Foundation
import RaceListPresenter
import RaceListTestSupport
import TestSupport
import Testing

// The README's "A presenter test" shows this function as it is here; a test below checks they agree.
// readme-example-begin
@MainActor
@Test("README: the board from a fake interactor, drawn on a fake view, on a pinned clock")
func presenterExample() {
    let clock = ManualClock(1_748_310_000)
    let interactor = FakeRaceListInteractor()
    let view = FakeRaceListView()
    let presenter = RaceListPresenter(
        interactor: interactor, router: FakeRaceListRouter(), view: view, clock: clock,
        scheduler: ManualScheduler(clock: clock), refreshPolicy: .standard)
    let casino = Race.make("a", meeting: "Casino", startsIn: 245, from: clock)
    let ascot = Race.make("b", meeting: "Ascot", startsIn: 65, from: clock)
    presenter.start()
    interactor.answer([casino, ascot])
    presenter.showList { _ in }
    #expect(view.lastRows == ["R1 Ascot 1m 5s", "R1 Casino 4m 5s"])
    clock.advance(by: 130)  // Ascot jumped 65 s ago: it has left, and the board asks for more
    presenter.showList { _ in }
    interactor.answer([casino])
    #expect(view.lastRows == ["R1 Casino 1m 55s"])
}
// readme-example-end

@Test("the README shows the presenter example exactly as it is compiled and run here")
func readmeShowsTheExample() throws {
    let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
    let begin = try #require(source.range(of: "// readme-example-begin\n"))
    let end = try #require(source.range(of: "// readme-example-end"))
    let example = String(source[begin.upperBound..<end.lowerBound])
    let readme = try String(
        contentsOf: Fixtures.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(readme.contains("```swift\n" + example + "```"), "README.md must show:\n\(example)")
}
