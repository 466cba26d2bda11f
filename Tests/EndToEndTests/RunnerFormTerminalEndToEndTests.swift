import Foundation
import TestSupport
import Testing

/// The card's parts at a terminal, from the snapshot's own cards (offline, the default): the sheet, the form
/// guide, the speed map and a runner, at 120 and 60 columns; nothing wider than the window, no word cut.
extension LiveTerminalEndToEndTests {
    @Test("show, form, map, runner N and movers at a terminal, at 120 and 60 columns", arguments: [120, 60])
    func cardParts(columns: Int) throws {
        let session = try session(
            ["--refresh", "0", "--now", RaceListEndToEndTests.raceDayNow], environment: ["TZ": "UTC"],
            columns: columns, rows: 80)
        defer { session.stop() }
        // The guide is taller than the window (every runner's last five starts): its closing note is what stays.
        for (command, shows) in [
            ("show 1", "Field ("), ("form", "`show` for the field."),
            ("map", "Speed map: the lead first"), ("runner 1", "Silks: "), ("show", "Field ("),
            ("movers", "Firming (backed)"), ("back", "Field ("),
        ] {
            try session.type(command)
            try session.send("Enter")
            session.expect("\(command): \"\(shows)\", the prompt under it, no line wider than \(columns)") {
                $0.contains(shows) && $0.lines.last == "next-to-go>" && $0.lines.allSatisfy { $0.count <= columns }
            }
        }
        try session.send("C-d")
        session.expectExit(0)
    }
}
