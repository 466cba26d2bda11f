import Core
import Platform
import RaceData
import RaceDetailView

/// Words a race card for the sheet: the field in number order with the scratched last, prices with two
/// decimals, the price's move since its first fluctuation, the placings as "1st", "2nd", and the main
/// dividends (win, place, quinella, exacta, trifecta, first four: `ResultWording.mainBets`; doubles and quaddies
/// left out) with place dividends together on one line.
struct RaceCardWording {
    let timeZone: LocalZone
    let category: RaceCategory
    /// The runners the blackbook follows (or whose rider or trainer it follows).
    var marks: [RaceMark] = []

    func viewModel(_ card: RaceCard) -> RaceCardViewModel {
        let runners = card.runners.filter { !$0.isScratched } + card.runners.filter(\.isScratched)
        let placings = card.status?.hasBeenRun == false ? [] : card.placings
        let marketFavourite = MarketFavourite(runners: card.runners)
        return RaceCardViewModel(
            status: card.status?.word, runners: runners.map { row($0, marketFavourite: marketFavourite) },
            placings: placings.map(row),
            dividends: dividends(card.dividends, placings: placings), card: card,
            barrierHeading: category == .greyhound ? "Box" : "Bar",
            riderHeading: category == .harness ? "Driver" : "Rider",
            followed: Dictionary(grouping: marks, by: \.runnerNumber).mapValues { $0.map(\.role.rawValue) },
            marketFavourite: marketFavourite)
    }

    /// What a runner at the market's shortest price is called: one at it alone, or each of two or more. Not a
    /// bare "favourite": on the sheet that is the reader's list (`In favourites`).
    static let marketFavouriteNote = "market favourite"
    static let equalMarketFavouriteNote = "equal market favourite"
    /// Words a little shorter, worth a column of the table where the whole ones would cost it, and still the
    /// market's: `eq fav` needs no `mkt`, as only the market has equal favourites.
    static let compactNotes = [marketFavouriteNote: "mkt fav", equalMarketFavouriteNote: "eq fav"]
    /// Short words for a narrow window, as a form guide abbreviates them: a 40-column row has room for a name of
    /// 18 letters, its price and about eight letters more. Plain ASCII, so a pipe or a screen reader has them too.
    /// The market favourite's stays the form guide's `fav`, as the board's `Fav 2.60` does: `mkt fav` here put a
    /// runner's marks under its name twelve times as often (every sheet of the snapshot's day, at 40 columns).
    static let shortNotes = [
        marketFavouriteNote: "fav", equalMarketFavouriteNote: "eq fav", "mover": "mvr", "followed": "flw",
        "rider followed": "rdr flw", "driver followed": "drv flw", "trainer followed": "trn flw",
    ]

    /// A note's short form: "late scratching 12:31" is "late scr 12:31".
    static func shortNote(_ note: String) -> String {
        if let short = shortNotes[note] { return short }
        let late = "late scratching"
        return note.hasPrefix(late) ? "late scr" + note.dropFirst(late.count) : note
    }

    private func row(_ runner: Runner, marketFavourite: MarketFavourite?) -> RunnerRowViewModel {
        var notes: [String] = []
        switch runner.scratching {
        case .scratched?: notes.append("scratched")
        case .late(let time, _)?:
            notes.append(["late scratching", time.map(clockTime)].compactMap { $0 }.joined(separator: " "))
        case nil:
            // By the board's rule (a card's own mark where no runner has a price): equal favourites each.
            if let marketFavourite, marketFavourite.includes(runner.number) {
                notes.append(marketFavourite.isEqual ? Self.equalMarketFavouriteNote : Self.marketFavouriteNote)
            } else if marketFavourite == nil, runner.isMarketFavourite {
                notes.append(Self.marketFavouriteNote)
            }
            if runner.isMover { notes.append("mover") }
        }
        for mark in marks where mark.runnerNumber == runner.number {
            switch mark.role {
            case .runner: notes.append("followed")
            case .rider: notes.append(category == .harness ? "driver followed" : "rider followed")
            case .trainer: notes.append("trainer followed")
            }
        }
        let opening = runner.flucs.first
        let now = runner.fixedWin ?? runner.flucs.last
        let trend: RunnerRowViewModel.Trend? =
            switch (opening, now) {
            case (let opening?, let now?) where now < opening: .shortened
            case (let opening?, let now?) where now > opening: .drifted
            default: nil
            }
        return RunnerRowViewModel(
            number: String(runner.number), name: runner.name,
            barrier: runner.barrierPosition ?? runner.barrier.map { "(\($0))" },
            rider: runner.rider, trainer: runner.trainer, weight: runner.weight.map { $0 + "kg" },
            win: runner.isScratched ? nil : runner.fixedWin.map(CFormat.price),
            place: runner.isScratched ? nil : runner.fixedPlace.map(CFormat.price),
            tote: runner.isScratched ? nil : runner.form?.toteWin.map(CFormat.price),
            openingPrice: trend == nil || runner.isScratched ? nil : opening.map(CFormat.price),
            trend: runner.isScratched ? nil : trend, isScratched: runner.isScratched, notes: notes,
            compactNotes: notes.map { Self.compactNotes[$0] ?? $0 }, shortNotes: notes.map(Self.shortNote))
    }

    private func row(_ placing: Placing) -> PlacingRowViewModel {
        PlacingRowViewModel(
            position: ResultWording.ordinal(placing.position), number: String(placing.runnerNumber), name: placing.name,
            margin: placing.margin)
    }

    /// The main bets' dividends, as every screen words a result (`ResultWording`).
    private func dividends(_ dividends: [Dividend], placings: [Placing]) -> [DividendRowViewModel] {
        ResultWording.lines(dividends, placings: placings).map {
            DividendRowViewModel(bet: $0.bet, payouts: $0.payouts, isFinal: $0.isFinal)
        }
    }

    private func clockTime(_ date: Date) -> String {
        timeZone.time(at: date).hourMinute
    }
}
