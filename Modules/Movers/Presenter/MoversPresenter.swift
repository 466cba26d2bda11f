import Core
import MoversInteractor
import MoversView
import Platform

/// The market's biggest moves among the next races to jump: each runner's chance in the market now (100/price)
/// against its chance when its market opened, the most backed and the most eased, as market-movers tools rank them:
/// a favourite shortening 3.00 -> 2.60 (+5.1 points) moves more money than an outsider 34.00 -> 17.00 (+2.9).
@MainActor
public final class MoversPresenter: MoversModuleInput {
    private let interactor: any MoversInteractorInput
    private let router: any MoversRouterInput
    private weak var view: (any MoversViewInput)?
    private let clock: any WallClock
    private var markets: [MarketRace]?
    private let firstDraw: FirstAnswerWait
    /// A fetch that failed after the screen was drawn without it, said in its footnote.
    private var failure: String?
    /// What the command ends with when its answer comes before the first draw's limit.
    private var firstOutcome = CommandResult.success

    /// Rows a list shows at most.
    public static let rowsEach = 5

    /// - Parameter firstWait: the most `movers` waits for the cards before drawing what it has (a person at a
    ///   terminal: the live region fills in the rest); nil waits for them all (a pipe gets every card's answer).
    public init(
        interactor: any MoversInteractorInput, router: any MoversRouterInput, view: any MoversViewInput,
        clock: any WallClock, firstWait: TimeInterval? = nil, scheduler: (any Scheduler)? = nil
    ) {
        self.interactor = interactor
        self.router = router
        self.view = view
        self.clock = clock
        firstDraw = FirstAnswerWait(limit: firstWait, scheduler: scheduler)
    }

    isolated deinit {
        interactor.stopReading()
    }

    public func show(completion: @escaping CommandCompletion) {
        markets = nil
        failure = nil
        firstOutcome = .success
        firstDraw.start { answered in
            if !answered { self.showLive() }
            completion(self.firstOutcome)
        }
        interactor.fetchMarkets { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let markets):
                self.markets = markets
                guard self.firstDraw.isWaiting else { return }
                self.firstOutcome = .success
                self.view?.display(self.viewModel(markets))
            case .failure(let error):
                self.failure = error.description
                guard self.firstDraw.isWaiting else { return }
                // Said in place of the screen: the command failed, and its status says so.
                self.firstOutcome = .failure(error.exitStatus)
                self.view?.displayCommandError(error.description)
            }
            self.firstDraw.answered()
        }
    }

    /// The screen as known now: the answer, or while the cards are read (or after they failed), those read so far.
    public func showLive() {
        view?.display(
            viewModel(markets ?? interactor.marketsSoFar ?? [], stillReading: markets == nil && failure == nil))
    }

    /// A runner's move: its price now against its market's opening price.
    struct Move {
        let market: MarketRace
        let runner: Runner
        let opened: Double
        let now: Double
        /// The change in its chance (100/price), in tenths of a percentage point, as it is said and ranked: moves
        /// that say the same are ties.
        var tenthsOfPoints: Int {
            Int(saturatingRoundedDown: ((MarketChance.points(from: opened, to: now) ?? 0) * 10).rounded())
        }
        /// The change in price, in percent of the opening price.
        var percent: Double { (now - opened) / opened * 100 }
    }

    static func moves(_ markets: [MarketRace]) -> [Move] {
        markets.flatMap { market in
            (market.card?.runners ?? []).compactMap { runner -> Move? in
                guard !runner.isScratched, let now = runner.fixedWin ?? runner.flucs.last, now > 0,
                    let opened = runner.form?.priceHistory.first?.price ?? runner.flucs.first, opened > 0
                else { return nil }
                let move = Move(market: market, runner: runner, opened: opened, now: now)
                // A move too small to say (under a twentieth of a point) is no move.
                return move.tenthsOfPoints == 0 ? nil : move
            }
        }
    }

    func viewModel(_ markets: [MarketRace], stillReading: Bool = false) -> MoversViewModel {
        let now = clock.now()
        let moves = Self.moves(markets)
        // Ties in order of the race, then the runner: the same moves always read the same.
        let firming = moves.filter { $0.tenthsOfPoints > 0 }.sorted {
            $0.tenthsOfPoints != $1.tenthsOfPoints ? $0.tenthsOfPoints > $1.tenthsOfPoints : Self.isBefore($0, $1)
        }
        let drifting = moves.filter { $0.tenthsOfPoints < 0 }.sorted {
            $0.tenthsOfPoints != $1.tenthsOfPoints ? $0.tenthsOfPoints < $1.tenthsOfPoints : Self.isBefore($0, $1)
        }
        let row = { (move: Move) in
            MoversViewModel.Row(
                race: "\(move.market.race.meetingName) R\(move.market.race.number)",
                countdown: Countdown(from: now, to: move.market.race.advertisedStart).text,
                runner: "\(move.runner.number) \(move.runner.name)", opened: CFormat.price(move.opened),
                now: CFormat.price(move.now), change: Self.pointsText(move.tenthsOfPoints),
                points: Double(move.tenthsOfPoints) / 10, percent: Int(saturatingRoundedDown: move.percent.rounded()))
        }
        let withoutCards = markets.filter { $0.card == nil }.count
        var footnote =
            "From the fixed prices of the next \(markets.count) races: each runner's chance (100/price) against its "
            + "market's opening, in points."
        if stillReading {
            footnote =
                markets.isEmpty
                ? "Reading the next races and their cards..."
                : "Reading race cards: \(markets.count - withoutCards) of \(markets.count) read so far..."
        } else if let failure {
            footnote = "The race cards could not be read: \(failure)"
        } else if markets.isEmpty {
            footnote = "No races still to jump: nothing to compare."
        } else if withoutCards > 0 {
            footnote += " \(withoutCards) had no race card yet."
        }
        return MoversViewModel(
            title: "Market movers - the next \(markets.count) races", firming: firming.prefix(Self.rowsEach).map(row),
            drifting: drifting.prefix(Self.rowsEach).map(row), footnote: footnote)
    }

    /// In race order, then by runner number.
    private static func isBefore(_ lhs: Move, _ rhs: Move) -> Bool {
        if lhs.market.race.id != rhs.market.race.id {
            return RaceOrder.isOrderedBefore(lhs.market.race, rhs.market.race)
        }
        return lhs.runner.number < rhs.runner.number
    }

    /// "+5.1 pts", "-0.4 pts": percentage points of chance, signed, to a tenth.
    static func pointsText(_ tenths: Int) -> String {
        let sign = tenths > 0 ? "+" : tenths < 0 ? "-" : ""
        let magnitude = tenths.magnitude
        return "\(sign)\(magnitude / 10).\(magnitude % 10) pts"
    }
}
