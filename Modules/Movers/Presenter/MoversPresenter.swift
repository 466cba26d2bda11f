import Core
import MoversInteractor
import MoversView
import Platform

/// The market's biggest moves among the next races to jump: each runner's fixed price now against the price
/// its market opened at, the most backed and the most eased.
@MainActor
public final class MoversPresenter: MoversModuleInput {
    private let interactor: any MoversInteractorInput
    private let router: any MoversRouterInput
    private weak var view: (any MoversViewInput)?
    private let clock: any WallClock
    private var markets: [MarketRace]?

    /// Rows a list shows at most.
    public static let rowsEach = 5

    public init(
        interactor: any MoversInteractorInput, router: any MoversRouterInput, view: any MoversViewInput,
        clock: any WallClock
    ) {
        self.interactor = interactor
        self.router = router
        self.view = view
        self.clock = clock
    }

    public func show(completion: @escaping CommandCompletion) {
        interactor.fetchMarkets { [weak self] result in
            guard let self else { return completion(.success) }
            switch result {
            case .success(let markets):
                self.markets = markets
                self.view?.display(self.viewModel(markets))
                completion(.success)
            case .failure(let error):
                self.view?.displayCommandError(error.description)
                completion(.failure(error.exitStatus))
            }
        }
    }

    public func showLive() {
        guard let markets else { return }
        view?.display(viewModel(markets))
    }

    /// A runner's move: its price now against its market's opening price, in percent of the opening price.
    struct Move {
        let market: MarketRace
        let runner: Runner
        let opened: Double
        let now: Double
        var percent: Double { (now - opened) / opened * 100 }
    }

    static func moves(_ markets: [MarketRace]) -> [Move] {
        markets.flatMap { market in
            (market.card?.runners ?? []).compactMap { runner -> Move? in
                guard !runner.isScratched, let now = runner.fixedWin ?? runner.flucs.last,
                    let opened = runner.form?.priceHistory.first?.price ?? runner.flucs.first, opened > 0,
                    opened != now
                else { return nil }
                return Move(market: market, runner: runner, opened: opened, now: now)
            }
        }
    }

    func viewModel(_ markets: [MarketRace]) -> MoversViewModel {
        let now = clock.now()
        let moves = Self.moves(markets)
        // Ties in order of the race, then the runner: the same moves always read the same.
        let firming = moves.filter { $0.percent < 0 }.sorted {
            $0.percent != $1.percent ? $0.percent < $1.percent : Self.isBefore($0, $1)
        }
        let drifting = moves.filter { $0.percent > 0 }.sorted {
            $0.percent != $1.percent ? $0.percent > $1.percent : Self.isBefore($0, $1)
        }
        let row = { (move: Move) in
            MoversViewModel.Row(
                race: "\(move.market.race.meetingName) R\(move.market.race.number)",
                countdown: Countdown(from: now, to: move.market.race.advertisedStart).text,
                runner: "\(move.runner.number) \(move.runner.name)", opened: CFormat.price(move.opened),
                now: CFormat.price(move.now), change: Self.percentText(move.percent),
                percent: Int(move.percent.rounded()))
        }
        let withoutCards = markets.filter { $0.card == nil }.count
        var footnote = "From the fixed prices of the next \(markets.count) races, against each market's opening price."
        if withoutCards > 0 { footnote += " \(withoutCards) had no race card yet." }
        if markets.isEmpty { footnote = "No races still to jump: nothing to compare." }
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

    /// "-41%", "+12%": whole percent, signed.
    static func percentText(_ percent: Double) -> String {
        let whole = Int(percent.rounded())
        return (whole > 0 ? "+" : "") + "\(whole)%"
    }
}
