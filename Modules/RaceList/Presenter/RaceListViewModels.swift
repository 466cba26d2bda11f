import Core
import Platform
import RaceData
import RaceListInteractor
import RaceListView

/// Turns the board as it stands into what the view draws: rows with countdowns, the filter's name, the notes
/// about stale data and races left out. Pure: the time and the favourites are passed in.
public struct RaceListViewModels: Sendable {
    public static let title = "Next to Go"
    public static let retryHint = "Type `refresh` to retry."
    /// A single command has no shell to type `refresh` in.
    public static let rerunHint = "Run the command again to retry."
    /// Data that is not a feed (a wrong-shaped file, a maintenance page) is the same however often it is read.
    public static let putRightHint = "Type `refresh` to read it again once the source is put right."
    public static let putRightRerunHint = "Put the source right, or choose another with --source."

    public var board: RaceBoard
    public var freshness: Freshness
    public var favouriteIDs: Set<String>
    public var now: Date
    /// A `watch` frame after the first: drawn over the one before on a terminal.
    public var isWatchFrame: Bool
    /// Any `watch` frame, the first too: streamed as drawn.
    public var isStreamed = false
    /// Commands can follow (the shell); false for a single command.
    public var offersShell = true
    /// How races stand after their jump, as the card source told: a row says `Final 2-4-7` beside its seconds,
    /// and `Abandoned` in place of a countdown.
    public var standings: [String: RaceStanding] = [:]
    public static let abandonedWord = "Abandoned"

    /// Where the local start times are told.
    public var timeZone = LocalZone.system
    /// Each race's marked runners (followed in the blackbook).
    public var marks: @Sendable (String) -> [RaceMark] = { _ in [] }
    /// Each race's market now (its favourite, its shortest prices), where the source knows it.
    public var market: @Sendable (String) -> RaceMarket? = { _ in nil }

    /// - Parameter watchFrame: while `watch` runs, whether this is a frame after the first; nil when not watching.
    public init(
        board: RaceBoard, freshness: Freshness, favouriteIDs: Set<String>, now: Date, watchFrame: Bool? = nil,
        standings: [String: RaceStanding] = [:], offersShell: Bool = true, timeZone: LocalZone = .system,
        marks: @escaping @Sendable (String) -> [RaceMark] = { _ in [] },
        market: @escaping @Sendable (String) -> RaceMarket? = { _ in nil }
    ) {
        self.marks = marks
        self.market = market
        self.board = board
        self.freshness = freshness
        self.favouriteIDs = favouriteIDs
        self.now = now
        self.isWatchFrame = watchFrame == true
        self.isStreamed = watchFrame != nil
        self.standings = standings
        self.offersShell = offersShell
        self.timeZone = timeZone
    }

    /// What the screen shows at this stage of the data: the board, or with `all` every race by meeting; and the
    /// races in the order numbered on screen (what `show N` counts through), nil when no race is shown.
    public func screen(all: Bool, source: String) -> (model: RaceListViewModel, drawn: [Race]?) {
        switch freshness.stage {
        case .awaitingFirstAnswer: return (loading(source: source), nil)
        case .failedWithoutRaces(let error): return (self.error(error), nil)
        case .hasRaces where all:
            let sections = sections(board.allPassing, timeZone: timeZone)
            guard case .sections(let drawn) = sections.content else { return (sections, nil) }
            return (sections, drawn.flatMap(\.rows).compactMap(\.race))
        case .hasRaces:
            let visible = board.visible
            return (races(visible), visible)
        }
    }

    public func loading(source: String) -> RaceListViewModel {
        model(.loading(source: source))
    }

    public func error(_ error: RaceDataError) -> RaceListViewModel {
        let isUnusable = error.exitStatus == .dataError
        let hint =
            offersShell
            ? (isUnusable ? Self.putRightHint : Self.retryHint) : (isUnusable ? Self.putRightRerunHint : Self.rerunHint)
        return model(.error(message: error.description, hint: hint))
    }

    /// The board of `races`, in that order; or the empty message.
    public func races(_ races: [Race]) -> RaceListViewModel {
        guard !races.isEmpty else { return model(.empty(message: board.emptyMessage)) }
        return model(.races(races.enumerated().map { row(for: $1, position: $0 + 1) }))
    }

    private func model(_ content: RaceListViewModel.Content) -> RaceListViewModel {
        // Notes about the data go next to data, not next to a loading or error line.
        let showsData: Bool
        switch content {
        case .races, .sections, .empty: showsData = true
        case .loading, .error: showsData = false
        }
        // A board short of its size says why; `list all` shows every race there is, so it has nothing to explain.
        var notes = showsData ? [board.skippedNote].compactMap { $0 } : []
        if case .races(let rows) = content {
            notes.insert(
                contentsOf: [board.shortNote(showing: rows.count), board.abandonedNote].compactMap { $0 }, at: 0)
        }
        return RaceListViewModel(
            title: Self.title, filterSummary: board.filterSummary, narrowing: board.narrowing, content: content,
            footnote: notes.isEmpty ? nil : notes.joined(separator: " "),
            staleNotice: showsData ? freshness.staleNotice(at: now) : nil,
            replacesPrevious: isWatchFrame, isStreamed: isStreamed)
    }

    /// `list all`: `races` in sections by meeting, in start order, under a heading per day when they are of more
    /// than one day, or of a day not the viewer's today. A meeting is dated at its venue (`MeetingDate`), so it sits
    /// whole under its own day however the viewer's midnight falls across it.
    public func sections(_ races: [Race], timeZone: LocalZone) -> RaceListViewModel {
        guard !races.isEmpty else { return model(.empty(message: board.emptyMessage)) }
        // Each race day of each meeting (a code's races at a venue), in the order of its first race.
        var meetings: [String] = []
        var byMeeting: [String: [Race]] = [:]
        for race in races {
            let key = RaceDay.Meeting.key(of: race)
            if byMeeting[key] == nil { meetings.append(key) }
            byMeeting[key, default: []].append(race)
        }
        let raceDays = meetings.flatMap { meeting in
            Self.raceDays(byMeeting[meeting] ?? []).map { raceDay in
                (key: meeting, races: raceDay, date: MeetingDate(of: raceDay[0], viewer: timeZone))
            }
        }
        let today = MeetingDate.today(at: now, in: timeZone)
        let dates = Set(raceDays.map(\.date)).sorted()
        let headed = dates.count > 1 || dates.first != today
        var sections: [RaceSectionViewModel] = []
        var position = 0
        for date in dates {
            let ofDate = raceDays.filter { $0.date == date }.sorted {
                ($0.races[0].advertisedStart, $0.races[0].meetingName, $0.key)
                    < ($1.races[0].advertisedStart, $1.races[0].meetingName, $1.key)
            }
            var seen: Set<String> = []
            for (index, raceDay) in ofDate.enumerated() {
                let rows = raceDay.races.map { race -> RaceRowViewModel in
                    position += 1
                    return row(for: race, position: position)
                }
                var heading = Self.heading(raceDay.races[0])
                // The same meeting again on one date: its next race day, said as such.
                if !seen.insert(raceDay.key).inserted {
                    heading += " · " + nextRaceDayLabel(raceDay.races[0].advertisedStart, timeZone: timeZone)
                }
                sections.append(
                    RaceSectionViewModel(
                        day: headed && index == 0 ? date.heading(today: today) : nil, heading: heading, rows: rows,
                        date: date.isoText))
            }
        }
        return model(.sections(sections))
    }

    /// "Flemington · VIC, AUS", "Sha Tin · Happy Valley, HK": where the meeting is, each part said once.
    static func heading(_ race: Race) -> String {
        var place: [String] = []
        for part in [race.venue.name, race.venue.state, race.venue.country].compactMap({ $0 })
        where part != race.meetingName && !place.contains(part) {
            place.append(part)
        }
        return place.isEmpty ? race.meetingName : race.meetingName + " · " + place.joined(separator: ", ")
    }

    /// A meeting's races (in start order) split where a new race day of it begins: its race numbers start again
    /// (`R9` then `R1`), or its next race is more than `raceDayGap` after the last (a filter showing `R2` today and
    /// `R7` tomorrow).
    static func raceDays(_ races: [Race]) -> [[Race]] {
        var days: [[Race]] = []
        for race in races {
            if let last = days.last?.last, race.number > last.number,
                race.advertisedStart.timeIntervalSince(last.advertisedStart) <= raceDayGap
            {
                days[days.count - 1].append(race)
            } else {
                days.append([race])
            }
        }
        return days
    }

    /// "tomorrow", or the day (`Sun 30 Nov`) when that is further off: a meeting's next race day, from now.
    private func nextRaceDayLabel(_ start: Date, timeZone: LocalZone) -> String {
        let today = timeZone.time(at: now)
        let day = timeZone.time(at: start)
        let tomorrow = timeZone.time(at: now.addingTimeInterval(86_400))
        if day.dayNumber == tomorrow.dayNumber { return "tomorrow" }
        if day.dayNumber == today.dayNumber { return "next race day" }
        return LocalTime.weekdayNames[day.weekday].prefix(3) + " \(day.day) "
            + LocalTime.monthNames[day.month - 1].prefix(3)
    }

    /// No meeting races on for longer: races of one further apart are of two race days.
    static let raceDayGap: TimeInterval = 12 * 3_600

    private func row(for race: Race, position: Int) -> RaceRowViewModel {
        let countdown = Countdown(from: now, to: race.advertisedStart)
        let standing = standings[race.id]
        let isAbandoned = standing?.status == .abandoned
        // Once it has jumped, how it stands beside the seconds since: `Final 2-4-7 -45s`.
        let told = race.advertisedStart <= now ? standing?.boardText.map { $0 + " " } : nil
        // The market closes at the jump: from then the row tells the race, not its prices.
        let market = isAbandoned || race.advertisedStart <= now ? nil : self.market(race.id)
        let marketFavourite = market?.favourite
        return RaceRowViewModel(
            position: position,
            category: race.category,
            raceNumber: "R\(race.number)",
            meetingName: race.meetingName,
            countdown: isAbandoned ? Self.abandonedWord : (told ?? "") + countdown.text,
            urgency: isAbandoned ? .started : NextToGoRules.urgency(of: countdown),
            isFavourite: favouriteIDs.contains(race.id),
            race: race, secondsToStart: countdown.seconds,
            startTime: ClockTime.text(of: race.advertisedStart, in: timeZone), place: Self.place(race.venue),
            winner: told == nil ? nil : standing?.names.first, followed: marks(race.id).map(\.reason),
            marketFavourite: marketFavourite,
            marketFavouritePrice: marketFavourite.map { Self.marketFavouritePrice($0) },
            shortestPrices: market?.shortest ?? [], shortestPricesText: market.flatMap(Self.shortestPrices))
    }

    /// `3@2.40 7@4.00 1@5.50`: the shortest fixed prices, each runner's number at its price as a punter writes
    /// a bet, as a next-to-go tile gives them; nil for none.
    static func shortestPrices(_ market: RaceMarket) -> String? {
        market.shortest.isEmpty
            ? nil : market.shortest.map { "\($0.runnerNumber)@" + CFormat.price($0.price) }.joined(separator: " ")
    }

    /// `Fav 2.60`: the market favourite's fixed win price, as books print prices; `EqF 2.60` where runners share
    /// it (equal favourites), as wide, so the column keeps its width.
    static func marketFavouritePrice(_ marketFavourite: MarketFavourite) -> String {
        (marketFavourite.isEqual ? "EqF " : "Fav ") + CFormat.price(marketFavourite.price)
    }

    /// The state for an Australian venue, else the country: what says where a meeting is in a few letters.
    static func place(_ venue: Venue) -> String? {
        if let state = venue.state, ["AUS", "AU"].contains(venue.country?.uppercased() ?? "AUS") { return state }
        return venue.country ?? venue.state
    }

    // MARK: - Live

    /// The status line: the next race the filter lets through, and how fresh the data is.
    public func status(isFetching: Bool) -> LiveStatusViewModel {
        let next =
            board.visible.first {
                !$0.hasLeftBoard(at: now) && $0.advertisedStart > now && standings[$0.id]?.status != .abandoned
            } ?? board.visible.first
        let countdown = next.map { Countdown(from: now, to: $0.advertisedStart) }
        let nextText =
            next.map { "\(Self.name(of: $0)) in \(countdown?.text ?? "")" }
            ?? (freshness.stage == .hasRaces ? board.emptyMessage : "no races yet")
        let stale = freshness.staleNotice(at: now)
        let freshnessText: String
        if isFetching {
            freshnessText = "fetching..."
        } else if let stale {
            freshnessText = stale
        } else if let update = freshness.lastGoodUpdate {
            freshnessText =
                "updated \(Countdown.roughAge(seconds: Int(saturatingRoundedDown: now.timeIntervalSince(update)))) ago"
        } else {
            freshnessText = "not loaded"
        }
        return LiveStatusViewModel(
            next: nextText, freshness: freshnessText, countdown: countdown.map { "in " + $0.text })
    }

    public func alert(_ alert: RaceAlerts.Alert) -> RaceAlertViewModel {
        let race = alert.race
        // A race alerted for what the blackbook follows in it says what.
        let followed = marks(race.id).map(\.reason)
        let why = followed.isEmpty ? "" : " (following \(followed.joined(separator: ", ")))"
        switch alert {
        case .startingSoon:
            let countdown = Countdown(from: now, to: race.advertisedStart)
            return RaceAlertViewModel(message: "\(Self.name(of: race)) starts in \(countdown.text)\(why)")
        case .jumped:
            return RaceAlertViewModel(message: "\(Self.name(of: race)) has jumped\(why)")
        case .result(_, let standing):
            let result = BoardAnnouncer.resultLine(standing) ?? "Final"
            return RaceAlertViewModel(message: "Result: \(Self.name(of: race)): \(result)\(why)")
        case .scratched(let scratched):
            // Whom it says is who was followed in the scratched runner, not in the race's others.
            var said = "\(Self.name(of: race)): \(scratched.number) \(scratched.name) scratched"
            if let at = scratched.at { said += " " + ClockTime.text(of: at, in: timeZone) }
            if let deduction = scratched.deduction { said += ", ded " + deduction.text }
            if !scratched.following.isEmpty { said += " (following \(scratched.following.joined(separator: ", ")))" }
            return RaceAlertViewModel(message: said)
        }
    }

    public func alertSetting(_ lead: TimeInterval?) -> String {
        guard let lead else { return "Alerts off." }
        let minutes = Int(saturatingRoundedDown: lead / 60)
        return "Alerts on: \(minutes) min before a favourite or a followed runner's race starts, as it jumps, "
            + "and with its result."
    }

    /// What to say when fetches start failing, or work again; nil when nothing changed.
    public func freshnessChange(from before: Freshness) -> String? {
        switch (before.staleReason, freshness.staleReason) {
        case (nil, let reason?) where freshness.stage == .hasRaces:
            return "Refresh failed (\(reason.reason)); the board shows the last races fetched."
        case (_?, nil):
            return "Refresh works again; the board is up to date."
        default:
            return nil
        }
    }

    /// "Saved filter greyhound, region aus, count 3, alert 10 to ~/.config/next-to-go/config."
    public static func settingsSaved(_ settings: BoardSettings, _ saved: SavedSettings) -> String {
        var message = "Saved \(settings.summary) to \(saved.location)"
        message += settings.alert == nil ? " (not the alert: this run's is only the default)." : "."
        if !saved.overriddenBy.isEmpty {
            let names = saved.overriddenBy.joined(separator: ", ")
            message +=
                saved.overriddenBy.count == 1
                ? " \(names) is set and comes first." : " \(names) are set and come first."
        }
        return message
    }

    public static func leftBoard(_ race: Race) -> String {
        "\(name(of: race)) has left the board."
    }

    /// "R9 Hoosier Park (harness)".
    static func name(of race: Race) -> String {
        "R\(race.number) \(race.meetingName) (\(race.category.displayName))"
    }
}
