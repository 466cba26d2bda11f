import Core
import Foundation
import RaceData
import RaceListView

/// Turns the board as it stands into what the view draws: rows with countdowns, the filter's name, the notes
/// about stale data and races left out. Pure: the time and the favourites are passed in.
public struct RaceListViewModels: Sendable {
    public static let title = "Next to Go"
    public static let retryHint = "Type `refresh` to retry."

    public var board: RaceBoard
    public var freshness: Freshness
    public var favouriteIDs: Set<String>
    public var now: Date
    /// A `watch` frame after the first: drawn over the one before on a terminal.
    public var isWatchFrame: Bool

    public init(board: RaceBoard, freshness: Freshness, favouriteIDs: Set<String>, now: Date, isWatchFrame: Bool) {
        self.board = board
        self.freshness = freshness
        self.favouriteIDs = favouriteIDs
        self.now = now
        self.isWatchFrame = isWatchFrame
    }

    public func loading(source: String) -> RaceListViewModel {
        model(.loading(source: source))
    }

    public func error(_ error: RaceDataError) -> RaceListViewModel {
        model(.error(message: error.description, hint: Self.retryHint))
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
        case .races, .empty: showsData = true
        case .loading, .error: showsData = false
        }
        return RaceListViewModel(
            title: Self.title, filterSummary: board.filterSummary, content: content,
            footnote: showsData ? board.skippedNote : nil,
            staleNotice: showsData ? freshness.staleNotice(at: now) : nil,
            replacesPrevious: isWatchFrame)
    }

    private func row(for race: Race, position: Int) -> RaceRowViewModel {
        let countdown = Countdown(from: now, to: race.advertisedStart)
        return RaceRowViewModel(
            position: position,
            category: race.category,
            raceNumber: "R\(race.number)",
            meetingName: race.meetingName,
            countdown: countdown.text,
            urgency: NextToGoRules.urgency(of: countdown),
            isFavourite: favouriteIDs.contains(race.id))
    }
}
