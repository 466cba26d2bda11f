import CommandKit
import Core
import Foundation
import MeetingsPresenter
import MeetingsTestSupport
import RaceData
import TestSupport
import Testing

@testable import MeetingsRouter

@MainActor
@Suite("Meetings router and screens")
struct MeetingsRouterTests {
    @Test("the router opens a meeting by its word and a race's sheet, through the shell")
    func navigation() {
        let navigator = RecordingNavigator()
        let router = MeetingsRouter(navigator: navigator)
        let race = Race.make("r1", startsIn: 60, from: ManualClock(1_748_310_000))
        navigator.expectNavigation()
        router.openMeeting(.id("m7")) { _ in }
        router.openRaceDetail(race) { _ in }
        #expect(navigator.opened == [AppRoute(Destination("meeting"), .word("#m7")), .raceDetail(race)])
    }

    @Test(
        "the list's screen hands each command to the presenter call it means",
        arguments: [
            (Command("show", [.position(2)]), "openMeeting(2)"), (Command("watch", [.seconds(5)]), "watch(5)"),
        ])
    func listCommands(command: Command, call: String) {
        let presenter = RecordingMeetingsPresenter()
        let screen = MeetingsModule.screen(presenter: presenter, view: FakeMeetingsView())
        #expect(screen.handle(command) { _ in })
        #expect(presenter.calls == [call])
        presenter.highestNumber = 36
        #expect(screen.numberedRows == 36 && screen.kind == .meetings)
    }

    @Test(
        "a meeting's screen hands each command to the presenter call it means",
        arguments: [
            (Command("show", [.position(6)]), "openRace(6)"), (Command("watch", [.seconds(30)]), "watch(30)"),
        ])
    func meetingCommands(command: Command, call: String) {
        let presenter = RecordingMeetingPresenter()
        let screen = MeetingsModule.screen(presenter: presenter, view: FakeMeetingsView())
        #expect(screen.handle(command) { _ in })
        #expect(presenter.calls == [call])
        #expect(screen.kind == .meeting)
    }

    @Test("the ways in work everywhere and are the shell's to open; `watch` is declared once")
    func waysIn() {
        let table = CommandTable(MeetingsModule.commandEntries)
        #expect(table.entries(named: "meetings").map(\.opens) == [Destination("meetings")])
        #expect(table.entries(named: "meeting").map(\.opens) == [Destination("meeting")])
        #expect(table.entries(named: "meeting").first?.screens == nil)
        #expect(table.entries(named: "watch").count == 1 && table.entries(named: "list").isEmpty)
        #expect(MeetingsModule.features.map(\.destination) == [Destination("meetings"), Destination("meeting")])
    }

    @Test("a route word is read as the list's key, a number, or a name with a code first")
    func requests() {
        #expect(MeetingRequest(word: "#m3") == .id("m3"))
        #expect(MeetingRequest(word: "12") == .position(12))
        #expect(MeetingRequest(word: "dogs Angle Park") == .name("Angle Park", category: .greyhound))
        #expect(MeetingRequest(word: "Happy Valley") == .name("Happy Valley", category: nil))
        #expect(MeetingRequest(word: "0") == .position(0) && MeetingRequest(word: "-1") == .position(-1))
        #expect(MeetingRequest(word: "99999999999999999999") == .position(.max))
        #expect(MeetingRequest(word: "G Angle Park") == .name("Angle Park", category: .greyhound))
        for request in [MeetingRequest.id("x"), .position(3), .name("Angle Park", category: .greyhound)] {
            #expect(MeetingRequest(word: request.word) == request)
        }
    }
}
