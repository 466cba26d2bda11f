import Core

/// The detail sheet, worded and decided by the presenter. Fields the feed
/// did not supply are simply absent.
public struct RaceDetailViewModel: Sendable, Equatable {
    /// "Casino R10".
    public let title: String
    /// The race's own name, when the feed has one.
    public let subtitle: String?
    /// Set once the race has left the board while the sheet was open.
    public let expiredNotice: String?
    public let fields: [DetailField]
    public let comment: String?
    public let isFavourite: Bool
    /// The race itself and its countdown, for formats that show every field (JSON).
    public let race: Race?
    public let secondsToStart: Int
    public let countdown: String

    public init(
        title: String, subtitle: String?, expiredNotice: String?, fields: [DetailField], comment: String?,
        isFavourite: Bool, race: Race? = nil, secondsToStart: Int = 0, countdown: String = ""
    ) {
        self.race = race
        self.secondsToStart = secondsToStart
        self.countdown = countdown
        self.title = title
        self.subtitle = subtitle
        self.expiredNotice = expiredNotice
        self.fields = fields
        self.comment = comment
        self.isFavourite = isFavourite
    }
}

public struct DetailField: Sendable, Equatable {
    public let label: String
    public let value: String

    public init(_ label: String, _ value: String) {
        self.label = label
        self.value = value
    }
}

/// What the detail sheet's presenter tells its view.
@MainActor
public protocol RaceDetailViewInput: AnyObject {
    func display(_ viewModel: RaceDetailViewModel)
    func displayCommandError(_ message: String)
    func displayWarning(_ message: String)
}
