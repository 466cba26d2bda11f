import Core
import Foundation
import RaceData
import RaceDataLive
import Testing

/// The shipped race day recomputed from its own sources: every derived fact (figures, records, the guide, comments,
/// markets, fields, people) checked against what it is derived from, so a fact drawn on its own shows as a
/// contradiction. The rules of racing checked here, by code and country: fields and boxes (Greyhound Racing NSW and
/// GBGB rules: eight boxes, six traps), a spell is twelve weeks (Australian form guides' `x`), sex words by age
/// (Racing Australia's colt/filly to three), places paid by field size (TAB: none to four starters, two to seven),
/// books framed as bookmakers frame them (110-130% on the win market, as Neds' and TAB's fixed markets stand).
@Suite("The shipped race day agrees with itself and with racing")
struct RaceDayWorldTests {
    typealias Day = RaceDayPlausibilityTests
    static let spell = 84
    static let day = Day.races.map(\.advertisedStart).min() ?? .distantPast

    static func name(_ race: Race, _ runner: Runner? = nil) -> String {
        "\(race.meetingName) R\(race.number)" + (runner.map { " \($0.name)" } ?? "")
    }

    static func days(_ text: String?) -> Int? {
        text.flatMap(Day.cardDate).map { Int(($0.timeIntervalSince1970 / 86_400).rounded(.down)) }
    }

    /// The race day: the UTC day most of its races run on (every meeting is dated on its own local day, the 7th;
    /// New Zealand's start late on the 6th in UTC and America's run into the 8th).
    static let raceDay: Int = {
        let days = Day.races.map { Int(($0.advertisedStart.timeIntervalSince1970 / 86_400).rounded(.down)) }
        let counts = Dictionary(days.map { ($0, 1) }, uniquingKeysWith: +)
        return counts.max { $0.value < $1.value }?.key ?? 0
    }()

    /// A runner's career as its card counts it.
    static func career(_ runner: Runner) -> Int {
        runner.form?.records.first { $0.kind == .overall }?.starts ?? 0
    }

    @Test("a runner runs once a day, under a name that is its own")
    func oneNameADay() {
        var seen: [String: String] = [:]
        for (race, card) in Day.carded {
            for runner in card.runners {
                if let other = seen[runner.name] {
                    Issue.record("\(runner.name) runs in \(other) and \(Self.name(race))")
                }
                seen[runner.name] = Self.name(race)
            }
        }
        #expect(seen.count > 3_000)
    }

    /// The figures as a list of places, oldest first, each with whether a spell came before it; and whether the
    /// runner resumes today.
    static func tokens(_ figures: String) -> (places: [(place: Character, afterSpell: Bool)], resumes: Bool) {
        var places: [(Character, Bool)] = []
        var spell = false
        for mark in figures {
            if mark == "X" || mark == "x" {
                spell = true
            } else {
                places.append((mark, spell))
                spell = false
            }
        }
        return (places, spell)
    }

    @Test("the guide shows the last starts (all of a career of five or fewer), and the figures say the same")
    func guideAndFigures() {
        var checked = 0
        for (race, card) in Day.carded {
            for runner in card.runners {
                let name = Self.name(race, runner)
                let starts = runner.form?.starts ?? []
                let career = Self.career(runner)
                #expect(starts.count == min(career, 5), "\(name): \(starts.count) shown of \(career)")
                let (places, resumes) = Self.tokens(runner.lastStarts ?? "")
                #expect(places.count >= min(career, starts.count), "\(name)")
                // The latest figures, newest last, are the shown starts' places, newest first.
                for (offset, start) in starts.enumerated() where offset < places.count {
                    let token = places[places.count - 1 - offset]
                    let expected: Character = (start.finish ?? 0) >= 10 ? "0" : Character("\(start.finish ?? 0)")
                    #expect(token.place == expected, "\(name): figure \(token.place) for \(start.finish ?? 0)")
                    if race.category != .greyhound, offset + 1 < starts.count,
                        let newer = Self.days(start.date), let older = Self.days(starts[offset + 1].date)
                    {
                        #expect(token.afterSpell == (newer - older >= Self.spell), "\(name): spell \(older)-\(newer)")
                    }
                    checked += 1
                }
                if race.category != .greyhound, let last = Self.days(starts.first?.date) {
                    #expect(resumes == (Self.raceDay - last >= Self.spell), "\(name): resumes \(resumes)")
                }
            }
        }
        #expect(checked > 5_000)
    }

    @Test("records are the runner's starts counted: exactly where the guide shows them all, never fewer")
    func recordsFromStarts() {
        var exact = 0
        for (race, card) in Day.carded {
            let distance = race.form.distance?.value
            for runner in card.runners {
                let name = Self.name(race, runner)
                let starts = runner.form?.starts ?? []
                let records = Dictionary(
                    (runner.form?.records ?? []).map { ($0.kind, $0) }, uniquingKeysWith: { first, _ in first })
                var counted: [FormRecord.Kind: [Int]] = [:]
                func count(_ kind: FormRecord.Kind, _ start: PastStart) {
                    var record = counted[kind] ?? [0, 0, 0, 0]
                    record[0] += 1
                    if let finish = start.finish, finish <= 3 { record[finish] += 1 }
                    counted[kind] = record
                }
                for (index, start) in starts.enumerated() {
                    count(.overall, start)
                    if start.track == race.meetingName { count(.track, start) }
                    if start.distance == distance { count(.distance, start) }
                    if start.track == race.meetingName, start.distance == distance { count(.trackDistance, start) }
                    let word = start.trackCondition?.split(separator: " ").first.map(String.init)
                    if start.trackCondition?.last?.isNumber == true, let word {
                        if let kind = ["Good": FormRecord.Kind.good, "Soft": .soft, "Heavy": .heavy][word] {
                            count(kind, start)
                        }
                    }
                    // A preparation's first start: after a spell, or the debut (the oldest start of a career shown
                    // whole); the start after it is second up.
                    func isFirstUp(_ at: Int) -> Bool {
                        guard at + 1 < starts.count else { return starts.count == Self.career(runner) }
                        guard let newer = Self.days(starts[at].date), let older = Self.days(starts[at + 1].date)
                        else { return false }
                        return newer - older >= Self.spell
                    }
                    if isFirstUp(index) { count(.firstUp, start) }
                    if index + 1 < starts.count, isFirstUp(index + 1), let newer = Self.days(start.date),
                        let older = Self.days(starts[index + 1].date), newer - older < Self.spell
                    {
                        count(.secondUp, start)
                    }
                }
                let whole = starts.count == Self.career(runner)
                for kind in FormRecord.Kind.allCases {
                    let record = records[kind]
                    let card = [record?.starts ?? 0, record?.wins ?? 0, record?.seconds ?? 0, record?.thirds ?? 0]
                    let seen = counted[kind] ?? [0, 0, 0, 0]
                    if whole {
                        #expect(card == seen, "\(name): \(kind.rawValue) \(card) but its starts make \(seen)")
                        exact += 1
                    } else {
                        #expect(zip(card, seen).allSatisfy { $0 >= $1 }, "\(name): \(kind.rawValue) \(card) < \(seen)")
                    }
                    #expect(card[0] <= Self.career(runner), "\(name): \(kind.rawValue) over the career")
                }
            }
        }
        #expect(exact > 5_000)
    }

    @Test("comments say only what the runner's form bears out")
    func commentsFromForm() throws {
        var said = 0
        for (race, card) in Day.carded {
            let comment = race.form.comment ?? ""
            for runner in card.runners where comment.contains("(\(runner.number))") {
                guard let range = comment.range(of: "\(runner.name.uppercased()) (\(runner.number)) ") else { continue }
                let words = comment[range.upperBound...].prefix { $0 != "." }
                let name = Self.name(race, runner) + ": \(words)"
                let last = runner.form?.starts.first
                let gap = Self.days(last?.date).map { Self.raceDay - $0 }
                said += 1
                if words.hasPrefix("is having its first start") { #expect(Self.career(runner) == 0, "\(name)") }
                if words.hasPrefix("resumes from a spell") {
                    #expect(Self.career(runner) > 0 && (gap ?? 0) >= Self.spell, "\(name)")
                }
                if words.hasPrefix("won last start") { #expect(last?.finish == 1, "\(name)") }
                if words.hasPrefix("won two starts back") {
                    #expect((runner.form?.starts.count ?? 0) >= 2 && runner.form?.starts[1].finish == 1, "\(name)")
                }
                if words.hasPrefix("steps up in distance") {
                    #expect((race.form.distance?.value ?? 0) > (last?.distance ?? .max), "\(name)")
                }
                if words.hasPrefix("drops back in distance") {
                    #expect((race.form.distance?.value ?? .max) < (last?.distance ?? 0), "\(name)")
                }
                if words.hasPrefix("opened favourite") {
                    // The opening market stays on the card all day (the first price of every trail).
                    let opening = card.runners.filter { !$0.isScratched }.compactMap(\.flucs.first).min()
                    #expect(runner.flucs.first != nil && runner.flucs.first == opening, "\(name)")
                }
                #expect(!words.hasPrefix("heads the market"), "\(name): the market moves after a comment is written")
            }
        }
        #expect(said > 500)
    }

    @Test("every fixed win market is framed at 110-130% with one favourite, at the jump and at every move")
    func marketsFramed() {
        var moments = 0
        for (race, made) in Day.carded where made.status != .abandoned {
            let start = race.advertisedStart
            var times = Set(made.runners.flatMap { SnapshotCardTimeline.priceChanges($0, startingAt: start) })
            times.insert(start.addingTimeInterval(-1))
            for runner in made.runners {
                if case .late(let time?, _) = runner.scratching { times.insert(time) }
            }
            for time in times.flatMap({ [$0.addingTimeInterval(-0.5), $0.addingTimeInterval(0.5)] }) {
                guard time < start else { continue }
                let card = SnapshotCardTimeline.card(made, startingAt: start, takes: RacingTime(of: race), at: time)
                let running = card.runners.filter {
                    !SnapshotCardTimeline.isScratched($0, shiftedBy: 0, at: time) && $0.fixedWin != nil
                }
                let book = running.reduce(0) { $0 + 1 / ($1.fixedWin ?? 1) }
                #expect((1.10...1.30).contains(book), "\(Self.name(race)) at \(time): a \(Int(book * 100))% book")
                let shortest = running.compactMap { $0.fixedWin }.min()
                #expect(running.filter { $0.fixedWin == shortest }.count == 1, "\(Self.name(race)): equal favourites")
                moments += 1
            }
        }
        #expect(moments > 2_000)
    }

    @Test("first starters are favourite only in races for runners that have not won (maidens)")
    func debutantFavourites() {
        for (race, card) in Day.carded
        where card.runners.contains(where: { ($0.form?.records.first { $0.kind == .overall }?.wins ?? 0) > 0 }) {
            for runner in card.runners where runner.isMarketFavourite {
                #expect(Self.career(runner) > 0, "\(Self.name(race, runner)): a first starter favourite")
            }
        }
    }

    @Test("fields and boxes as each code runs them, today and in every past start")
    func fieldLimits() {
        for (race, card) in Day.carded {
            let limit = race.category != .greyhound ? 24 : race.venue.country == "UK" ? 6 : 8
            #expect(card.runners.count <= limit, "\(Self.name(race)): \(card.runners.count) runners")
            for runner in card.runners {
                #expect((runner.barrier ?? 0) <= limit, "\(Self.name(race, runner)): box \(runner.barrier ?? 0)")
                for start in runner.form?.starts ?? [] {
                    #expect((start.runners ?? 0) <= limit, "\(Self.name(race, runner)): a past field too big")
                    #expect((start.barrier ?? 0) <= limit, "\(Self.name(race, runner)): a past box too wide")
                }
            }
        }
    }

    @Test("riders ride and drivers drive, each in one country on the day")
    func peopleInOneCodeAndCountry() {
        var roleOf: [String: String] = [:]
        for (race, card) in Day.carded {
            let country = race.venue.country == "CA" ? "USA" : race.venue.country ?? "?"
            let role = "\(race.category == .harness ? "driver" : "rider") in \(country)"
            for rider in card.runners.compactMap(\.rider) {
                if let other = roleOf[rider] { #expect(other == role, "\(rider): \(other) and \(role)") }
                roleOf[rider] = role
            }
        }
        #expect(roleOf.count > 300)
    }

    @Test("sex words fit age: colts and fillies to three, then horses and mares; harness and dogs by their words")
    func sexFitsAge() {
        for (race, card) in Day.carded {
            for runner in card.runners {
                guard let age = runner.form?.age, let sex = runner.form?.sex else { continue }
                let name = Self.name(race, runner) + ": \(age)yo \(sex)"
                switch race.category {
                case .greyhound: #expect(["d", "b"].contains(sex), "\(name)")
                case .harness: #expect(["h", "m", "g"].contains(sex), "\(name)")
                case .horse:
                    #expect(["c", "f", "h", "m", "g"].contains(sex), "\(name)")
                    if ["c", "f"].contains(sex) { #expect(age <= 3, "\(name)") }
                    if ["h", "m"].contains(sex) { #expect(age >= 4, "\(name)") }
                    // On the flat a horse first starts at two to four; jumpers come to hurdles older.
                    let jumps = ["Hurdle", "Chase"].contains { race.name?.contains($0) == true }
                    if Self.career(runner) == 0, !jumps { #expect(age <= 5, "\(name): a first starter") }
                }
            }
        }
    }

    @Test("venues as they are: jumps over 3,200 m without barriers, North American harness over a mile, one rail")
    func venuesAsTheyAre() {
        var rails: [String: Set<String>] = [:]
        for (race, card) in Day.carded {
            let name = Self.name(race)
            let distance = race.form.distance?.value ?? 0
            if race.category == .horse, ["Hurdle", "Chase"].contains(where: { race.name?.contains($0) == true }) {
                #expect(distance >= 3_200, "\(name): \(distance) m over jumps")
                #expect(card.runners.allSatisfy { $0.barrier == nil }, "\(name): barriers over jumps")
            }
            if race.category == .harness, ["USA", "CA"].contains(race.venue.country ?? "") {
                #expect(distance == 1_609, "\(name): \(distance) m")
            }
            if race.category == .harness, ["FR", "SWE"].contains(race.venue.country ?? "") {
                #expect(race.name?.contains("Pace") != true, "\(name): a pace where they trot")
            }
            if let rail = race.form.info?.railPosition, !rail.isEmpty {
                rails[race.meetingName, default: []].insert(rail)
            }
            #expect(race.meetingName != "Flemington" || race.form.trackCondition != "Synthetic", "\(name)")
        }
        for (meeting, seen) in rails { #expect(seen.count == 1, "\(meeting): rails \(seen)") }
    }

    @Test("one class pays one purse at a meeting, and the benchmark ladder pays more as it rises")
    func prizesRiseWithClass() {
        let meetings = Dictionary(grouping: Day.races) { $0.meetingName + "/" + $0.category.rawValue }
        for (meeting, races) in meetings {
            var purses: [String: Set<Int>] = [:]
            for race in races {
                guard let info = race.form.info, let grade = info.raceClass, let prize = info.prizeMoney else {
                    continue
                }
                purses[grade, default: []].insert(prize)
            }
            for (grade, seen) in purses { #expect(seen.count == 1, "\(meeting) \(grade): \(seen)") }
            let benchmarks = purses.compactMap { grade, seen in
                grade.hasPrefix("BM") ? Int(grade.dropFirst(2)).map { ($0, seen.first ?? 0) } : nil
            }.sorted { $0.0 < $1.0 }
            #expect(zip(benchmarks, benchmarks.dropFirst()).allSatisfy { $0.1 < $1.1 }, "\(meeting): \(benchmarks)")
            let names = races.compactMap(\.name)
            #expect(Set(names).count == names.count, "\(meeting): a race name twice")
        }
    }

    @Test("place dividends as the field pays them: none to four starters, two places to seven, three from eight")
    func placesPaid() {
        var checked = 0
        for (race, card) in Day.carded where card.status == .final {
            let starters = card.runners.filter { !$0.isScratched }.count
            let places = Set(card.dividends.filter { $0.bet.lowercased().contains("place") }.map(\.runners))
            let expected = starters <= 4 ? 0 : starters <= 7 ? 2 : 3
            #expect(places.count == expected, "\(Self.name(race)): \(places.count) places for \(starters)")
            checked += 1
        }
        #expect(checked > 300)
    }

    @Test("the tote's prices on a final card are what its pools paid, and a winner's place pays no more than its win")
    func toteAgreesWithDividends() throws {
        var checked = 0
        for (race, card) in Day.carded where card.status == .final {
            let final = card.dividends.filter(\.isFinal)
            let winner = try #require(card.placings.first { $0.position == 1 }?.runnerNumber)
            let win = try #require(final.first { $0.bet == "Win" }, "\(Self.name(race))")
            #expect(win.runners == String(winner))
            let runner = try #require(card.runners.first { $0.number == winner })
            #expect(runner.form?.toteWin == win.amount, "\(Self.name(race, runner)): tote win")
            for place in final where place.bet == "Place" {
                let placed = card.runners.first { String($0.number) == place.runners }
                #expect(placed?.form?.totePlace == place.amount, "\(Self.name(race)) \(place.runners): tote place")
                if place.runners == String(winner) { #expect(place.amount <= win.amount, "\(Self.name(race))") }
            }
            checked += 1
        }
        #expect(checked > 300)
    }

    @Test("an odds-on favourite at the jump has placed at one of its last three starts, or is having its first")
    func oddsOnHasForm() {
        var oddsOn = 0
        for (race, card) in Day.carded where card.status != .abandoned {
            for runner in card.runners where !runner.isScratched && (runner.fixedWin ?? 99) < 2 {
                let starts = runner.form?.starts.prefix(3) ?? []
                #expect(starts.isEmpty || starts.contains { ($0.finish ?? 99) <= 3 }, "\(Self.name(race, runner))")
                oddsOn += 1
            }
        }
        #expect(oddsOn > 5)
    }

    @Test("race names: none a placeholder; a second race of one card's conditions is its division")
    func raceNames() {
        let meetings = Dictionary(grouping: Day.races) { $0.meetingName + "/" + $0.category.rawValue }
        var divisions = 0
        for (meeting, races) in meetings {
            let names = Set(races.compactMap(\.name))
            for name in names {
                #expect(!name.contains("(Race "), "\(meeting): \(name)")
                guard let range = name.range(of: " (Div ") else { continue }
                #expect(names.contains(String(name[..<range.lowerBound])), "\(meeting): \(name) without its first")
                divisions += 1
            }
        }
        #expect(divisions < 10)
    }

    @Test("British greyhound grades by trip: D sprints to 300 m, A the standard trip, S stayers, E marathons")
    func britishGrades() {
        var graded = 0
        for race in Day.races where race.category == .greyhound && race.venue.country == "UK" {
            guard let grade = race.form.info?.raceClass, grade != "OR", let metres = race.form.distance?.value else {
                continue
            }
            let letter: Character = metres <= 300 ? "D" : metres <= 525 ? "A" : metres <= 700 ? "S" : "E"
            #expect(grade.first == letter, "\(Self.name(race)): \(grade) over \(metres) m")
            graded += 1
        }
        #expect(graded > 20)
    }

    @Test("greyhounds race in their own state: no track is raced at by the dogs of two states")
    func dogsAtHome() {
        var stateOfTrack: [String: String] = [:]
        for (race, card) in Day.carded where race.category == .greyhound {
            let state = race.venue.state ?? "?"
            for track in card.runners.flatMap({ $0.form?.starts ?? [] }).compactMap(\.track) {
                let known = stateOfTrack[track, default: state]
                #expect(known == state, "\(track): raced at by dogs of \(known) and \(state)")
                stateOfTrack[track] = state
            }
        }
        #expect(stateOfTrack.count > 20)
    }
}
