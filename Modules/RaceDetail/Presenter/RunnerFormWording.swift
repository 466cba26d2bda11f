import Core
import Platform
import RaceDetailView

/// The parts of a card a punter asks for by name, worded: the form guide (`form`), the speed map (`map`) and a
/// runner in full (`runner N`).
struct RunnerFormWording {
    let timeZone: LocalZone

    static let backNote = "`show` for the field."

    /// Starts a runner shows in the whole field's guide; `form N` shows all the card has (up to ten).
    static let startsInGuide = 5

    /// Each runner's career and days since its last run, last starts and records, in number order (the
    /// scratched last); or one runner's. `raceDay`: the race's start, for the days since.
    func formGuide(
        _ card: RaceCard, runner number: Int? = nil, raceDay: Date? = nil, category: RaceCategory = .horse
    ) -> CardSectionViewModel {
        let runners = number.map { number in card.runners.filter { $0.number == number } } ?? Self.inOrder(card)
        let blocks = runners.map { runner in
            let form = runner.form ?? RunnerForm()
            let starts = number == nil ? Array(form.starts.prefix(Self.startsInGuide)) : form.starts
            var lines = starts.map { Self.line($0, of: runner.name, category: category) }
            if let career = career(form, raceDay: raceDay) { lines.insert(career, at: 0) }
            if let records = Self.records(form.records) {
                lines.append("Records: " + records)
            }
            if lines.isEmpty { lines = ["No form on the card."] }
            return CardSectionViewModel.Block(title: Self.title(runner) + Self.figures(runner), lines: lines)
        }
        // How records read is said once, above them all, not on every runner's line.
        let hasRecords = runners.contains { Self.records($0.form?.records ?? []) != nil }
        let legend = hasRecords ? [CardSectionViewModel.Block(title: nil, lines: [Self.recordsLegend])] : []
        return CardSectionViewModel(
            heading: number == nil ? "Form guide: last starts, latest first" : "Form: last starts, latest first",
            blocks: legend + blocks, note: Self.backNote)
    }

    /// The field from the leader back, in the card's lanes; runners the map leaves out said last.
    func speedMap(_ card: RaceCard) -> CardSectionViewModel {
        let running = card.runners.filter { !$0.isScratched }
        let placed = running.filter { $0.form?.speedMap != nil }
        guard !placed.isEmpty else {
            return CardSectionViewModel(
                heading: "Speed map", blocks: [.init(title: nil, lines: ["The card has no speed map for this race."])],
                note: Self.backNote)
        }
        let lanes = Self.lanes(placed)
        var blocks = lanes.map { lane in
            CardSectionViewModel.Block(title: lane.label, lines: lane.runners.map(Self.mapEntry))
        }
        let unplaced = running.filter { $0.form?.speedMap == nil }
        if !unplaced.isEmpty {
            blocks.append(.init(title: "Not on the map", lines: unplaced.map(Self.title)))
        }
        return CardSectionViewModel(
            heading: "Speed map: the lead first; (n) is settling lengths, more is nearer the lead", blocks: blocks,
            note: Self.backNote)
    }

    /// One runner in full.
    func runner(_ runner: Runner, category: RaceCategory) -> CardSectionViewModel {
        let form = runner.form ?? RunnerForm()
        var lines: [String] = []
        func add(_ label: String, _ value: String?) {
            if let value, !value.isEmpty { lines.append(label + ": " + value) }
        }
        add("Silks", form.silks)
        add("Gear", form.gear)
        let about = [form.age.map { "\($0)yo" }, form.sex, form.colour].compactMap { $0 }.joined(separator: " ")
        add("Age, sex, colour", about)
        add(
            "Breeding", [form.sire, form.dam].contains { $0 != nil } ? "\(form.sire ?? "?") - \(form.dam ?? "?")" : nil)
        add(category == .harness ? "Driver" : "Rider", runner.rider)
        add("Trainer", runner.trainer)
        add("Fixed", Self.pair(runner.fixedWin, runner.fixedPlace))
        add("Tote", Self.pair(form.toteWin, form.totePlace))
        add("Prices", priceTrail(form.priceHistory, now: runner.fixedWin))
        add("Speed map", form.speedMap.map(Self.mapPlace))
        add("Form", runner.lastStarts)
        add("Career", form.records.first { $0.kind == .overall }?.text)
        add("Last start", form.starts.first.map { Self.line($0, of: runner.name, category: category) })
        if let records = Self.records(form.records) {
            add(Self.recordsLabel, records)
        }
        if lines.isEmpty { lines = ["The card tells nothing more of this runner."] }
        return CardSectionViewModel(
            heading: Self.title(runner) + (runner.isScratched ? " (scratched)" : ""),
            blocks: [.init(title: nil, lines: lines)],
            note: (form.starts.isEmpty ? "" : "`form \(runner.number)` for its last starts; ") + Self.backNote)
    }

    /// `8.50 (Tue 2:30pm) -> 6.00 (10:21am) -> 5.00 (10:48am)`: the opening price and each move, with its local
    /// time, and the day where it is not the last move's.
    func priceTrail(_ points: [PricePoint], now: Double?) -> String? {
        guard !points.isEmpty else { return nil }
        let lastDay = points.last?.at.map { timeZone.time(at: $0).dayNumber }
        var parts = points.map { point in
            CFormat.price(point.price)
                + (point.at.map { at in
                    let time = timeZone.time(at: at)
                    let day = time.dayNumber == lastDay ? "" : LocalTime.weekdayNames[time.weekday].prefix(3) + " "
                    // The sheet's own 24-hour clock (its start reads `18:30:00 AEDT`).
                    return " (" + day + time.hourMinute + ")"
                } ?? "")
        }
        if let now, now != points.last?.price { parts.append(CFormat.price(now) + " now") }
        return parts.joined(separator: " -> ")
    }

    // MARK: - Pieces

    static func title(_ runner: Runner) -> String { "\(runner.number) \(runner.name)" }

    /// Records read `starts: wins-seconds-thirds`; the label says so.
    static let recordsLabel = "Records (starts: 1st-2nd-3rd)"
    static let recordsLegend = "Records: starts, then 1st-2nd-3rd (Track 4: 2-1-0 is 4 starts, 2 wins, a second)."

    /// `Career 12: 3-2-1, 21 days since its last run`: the career record (the card's, else none), and the days
    /// from its latest start to the race's day in the race's time zone; nil when the card has neither.
    func career(_ form: RunnerForm, raceDay: Date?) -> String? {
        let record = form.records.first { $0.kind == .overall }.map {
            $0.starts == 0 ? "First start" : "Career \($0.text)"
        }
        var days: String?
        if let raceDay, let last = form.starts.first?.date.flatMap(CalendarDays.cardDate) {
            let today = timeZone.time(at: raceDay)
            let gap =
                CalendarDays.since1970(year: today.year, month: today.month, day: today.day)
                - CalendarDays.since1970(year: last.year, month: last.month, day: last.day)
            if gap > 0 { days = "\(gap) \(gap == 1 ? "day" : "days") since its last run" }
        }
        let parts = [record, days].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// The records of at least one start (a card lists every kind, most of them `0: 0-0-0`); nil for none. The
    /// career record has its own line.
    static func records(_ records: [FormRecord]) -> String? {
        let run = records.filter { $0.starts > 0 && $0.kind != .overall }
        return run.isEmpty ? nil : run.map { "\($0.kind.label) \($0.text)" }.joined(separator: ", ")
    }

    private static func figures(_ runner: Runner) -> String {
        runner.lastStarts.map { " (\($0))" } ?? ""
    }

    private static func inOrder(_ card: RaceCard) -> [Runner] {
        card.runners.filter { !$0.isScratched }.sorted { $0.number < $1.number }
            + card.runners.filter(\.isScratched).sorted { $0.number < $1.number }
    }

    /// `29/12/2024 WGUI 2060m Good 4: 6th of 12, 8.30L, Marc Lerner, 57kg, barrier 4, SP 25.00 (won by Leave A
    /// Light On)`; a greyhound's draw is its box, as its field's heading says.
    static func line(_ start: PastStart, of name: String, category: RaceCategory = .horse) -> String {
        let place = [start.date, start.track, start.distance.map { "\($0)m" }, start.trackCondition]
            .compactMap { $0 }.joined(separator: " ")
        var result: [String] = []
        if let finish = start.finish {
            result.append(ResultWording.ordinal(finish) + (start.runners.map { " of \($0)" } ?? ""))
        }
        if let margin = start.margin, start.finish != 1, !margin.isEmpty { result.append(margin + "L") }
        if let rider = start.rider { result.append(rider) }
        if let weight = start.weight { result.append(weight + "kg") }
        if let barrier = start.barrier {
            result.append((category == .greyhound ? "box " : "barrier ") + String(barrier))
        }
        if let price = start.startingPrice { result.append("SP " + CFormat.price(price)) }
        // Some cards name the runner itself as the winner of a race it lost: said only of another.
        let winner =
            start.finish != 1 && !TextFolding.equalIgnoringCase(start.winner ?? name, name)
            ? start.winner.map { " (won by \($0))" } ?? "" : ""
        return (place.isEmpty ? "" : place + ": ") + result.joined(separator: ", ") + winner
    }

    private static func pair(_ win: Double?, _ place: Double?) -> String? {
        guard win != nil || place != nil else { return nil }
        return "win " + (win.map(CFormat.price) ?? "-") + ", place " + (place.map(CFormat.price) ?? "-")
    }

    private static func mapPlace(_ place: SpeedMapPlace) -> String {
        [place.label, place.settlingLengths.map { "settling \(lengths($0)) L" }].compactMap { $0 }.joined(
            separator: ", ")
    }

    private static func mapEntry(_ runner: Runner) -> String {
        title(runner) + (runner.form?.speedMap?.settlingLengths.map { " (\(lengths($0)))" } ?? "")
    }

    private static func lengths(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : CFormat.price(value)
    }

    struct Lane {
        let label: String
        let runners: [Runner]
    }

    /// Runners by the card's label, lanes ordered by their runners' settling lengths (higher nearer the lead),
    /// runners within a lane likewise; a runner with lengths and no label goes by its lengths alone.
    static func lanes(_ runners: [Runner]) -> [Lane] {
        func settling(_ runner: Runner) -> Double { runner.form?.speedMap?.settlingLengths ?? -.infinity }
        let ordered = runners.sorted {
            settling($0) != settling($1) ? settling($0) > settling($1) : $0.number < $1.number
        }
        var lanes: [Lane] = []
        for runner in ordered {
            let label = runner.form?.speedMap?.label ?? "Unnamed lane"
            if let index = lanes.firstIndex(where: { $0.label == label }) {
                lanes[index] = Lane(label: label, runners: lanes[index].runners + [runner])
            } else {
                lanes.append(Lane(label: label, runners: [runner]))
            }
        }
        return lanes
    }
}
