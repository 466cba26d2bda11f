import Core

/// One row of a race table: the race list and the favourites screen share
/// the layout so their columns look the same.
public struct RaceTableRow: Sendable, Equatable {
    public let position: Int
    public let category: RaceCategory
    public let raceNumber: String
    public let meetingName: String
    /// The countdown, or any short status ("jumped 3m ago").
    public let status: String
    public let statusTone: DisplayStyle.Tone?
    public let isFavourite: Bool
    /// The local start ("7:42pm") and where ("VIC"): shown when the window is wide enough (`RaceTable.wideColumns`).
    public let startTime: String?
    public let place: String?
    /// A word after the row where the window has room for it whole (the winner's name).
    public let aside: String?
    /// The blackbook follows a runner, rider or trainer in it.
    public let isFollowed: Bool
    /// The market favourite's price (`Fav 2.60`), shown before the status where the window has room for it.
    public let price: String?
    /// The three shortest prices (`3@2.40 7@4.00 1@5.50`), shown instead from `threePricesColumns` wide.
    public let prices: String?

    public init(
        position: Int, category: RaceCategory, raceNumber: String, meetingName: String, status: String,
        statusTone: DisplayStyle.Tone?, isFavourite: Bool, startTime: String? = nil, place: String? = nil,
        aside: String? = nil, isFollowed: Bool = false, price: String? = nil,
        prices: String? = nil
    ) {
        self.price = price
        self.prices = prices
        self.aside = aside
        self.isFollowed = isFollowed
        self.startTime = startTime
        self.place = place
        self.position = position
        self.category = category
        self.raceNumber = raceNumber
        self.meetingName = meetingName
        self.status = status
        self.statusTone = statusTone
        self.isFavourite = isFavourite
    }
}

/// Lays race rows out in aligned columns that fit the terminal width:
/// position, category badge, race number, meeting, status, favourite marker.
public enum RaceTable {
    static let minimumStatusColumns = 7
    /// Room for "R10" even when no double-digit race is shown, so columns
    /// stay put as the board changes.
    static let minimumRaceNumberColumns = 3
    static let minimumMeetingColumns = 10
    /// Where even `minimumMeetingColumns` would push the row past the window (a result's long status at 40
    /// columns), the meeting gives way down to this: a cut name beats a countdown cut off at the edge.
    static let narrowestMeetingColumns = 5
    static let maximumMeetingColumns = 30

    /// From this width the rows also show where and when each race starts; narrower keeps the compact layout (and
    /// pipes, 80 columns unless COLUMNS says otherwise, their bytes).
    public static let wideColumns = 100
    static let maximumPlaceColumns = 6
    /// The prices are shown only where the meeting's names keep this much room (or all of theirs): a price beside
    /// a name cut to a stub is no help.
    static let meetingColumnsBesidePrices = 14
    /// A price is never wider than this (`Fav 1001.00`).
    static let maximumPriceColumns = 11
    /// From this width a row shows the three shortest prices (`3@2.40 7@4.00 1@5.50`), where it has them,
    /// instead of the favourite's.
    public static let threePricesColumns = 120
    /// Three prices are never wider than this (`12@1001.00` three times).
    static let maximumPricesColumns = 32

    /// As many of the prices (`3@2.40 7@4.00 1@5.50`) as fit `columns` whole, the shortest first: a price cut in
    /// the middle would be a wrong price.
    static func wholePrices(_ prices: String, columns: Int) -> String {
        var kept = prices.split(separator: " ")
        while !kept.isEmpty, TerminalText.width(of: kept.joined(separator: " ")) > columns { kept.removeLast() }
        return kept.joined(separator: " ")
    }

    /// ♥ on a UTF-8 terminal, `*` otherwise.
    public static func favouriteMarker(style: DisplayStyle) -> String { style.usesGlyphs ? "♥" : "*" }
    /// A race the blackbook follows someone in.
    public static func followedMarker(style: DisplayStyle) -> String { style.usesGlyphs ? "◆" : "B" }

    /// The marks after a row's status: a favourite's, then the blackbook's.
    static func markers(of row: RaceTableRow, style: DisplayStyle) -> (text: String, columns: Int) {
        var text = ""
        var columns = 0
        if row.isFavourite {
            text += style.paint(favouriteMarker(style: style), .red)
            columns += 1
        }
        if row.isFollowed {
            text += style.paint(followedMarker(style: style), .yellow)
            columns += 1
        }
        return (text, columns)
    }

    public static func lines(for rows: [RaceTableRow], style: DisplayStyle) -> [String] {
        let asciiOnly = !style.usesGlyphs
        let meetingNames = rows.map { style.clean($0.meetingName) }
        let raceNumbers = rows.map { style.clean($0.raceNumber) }
        let statuses = rows.map { style.clean($0.status) }
        let numberColumns = max(minimumRaceNumberColumns, raceNumbers.map(TerminalText.width(of:)).max() ?? 0)
        let statusColumns = max(minimumStatusColumns, statuses.map(TerminalText.width(of:)).max() ?? 0)
        let positionColumns = String(rows.map(\.position).max() ?? 0).count
        let rowMarkers = rows.map { markers(of: $0, style: style) }
        let widestMarkers = rowMarkers.map(\.columns).max() ?? 0
        let markerColumns = widestMarkers > 0 ? 2 + widestMarkers : 0
        let isWide = style.width >= wideColumns && rows.contains { $0.startTime != nil }
        let places = rows.map { style.clean($0.place ?? "") }
        let times = rows.map { style.clean($0.startTime ?? "") }
        let placeColumns = isWide ? min(maximumPlaceColumns, places.map(TerminalText.width(of:)).max() ?? 0) : 0
        let timeColumns = isWide ? times.map(TerminalText.width(of:)).max() ?? 0 : 0
        let wideExtra = isWide ? (placeColumns > 0 ? placeColumns + 2 : 0) + timeColumns + 2 : 0
        let widestMeeting = meetingNames.map(TerminalText.width(of:)).max() ?? 0
        let showsThree = style.width >= threePricesColumns && rows.contains { $0.prices != nil }
        let prices = rows.map { row in
            showsThree
                ? wholePrices(style.clean(row.prices ?? ""), columns: maximumPricesColumns)
                : style.clean(row.price ?? "")
        }
        let widestPrice = min(
            showsThree ? maximumPricesColumns : maximumPriceColumns, prices.map(TerminalText.width(of:)).max() ?? 0)
        let baseColumns =
            2 + positionColumns + 2 + CategoryBadge.columns(style: style) + 2 + numberColumns + 2 + 2
            + statusColumns + markerColumns + wideExtra
        let priceColumns =
            widestPrice > 0
                && baseColumns + widestPrice + 2
                    + max(minimumMeetingColumns, min(widestMeeting, meetingColumnsBesidePrices)) <= style.width
            ? widestPrice : 0
        let fixedColumns = baseColumns + (priceColumns > 0 ? priceColumns + 2 : 0)
        let room = style.width - fixedColumns
        let meetingColumns =
            room < minimumMeetingColumns
            ? max(narrowestMeetingColumns, room)
            : max(minimumMeetingColumns, min(widestMeeting, maximumMeetingColumns, room))

        return rows.indices.map { index in
            let row = rows[index]
            let position =
                TerminalText.spaces(positionColumns - String(row.position).count) + String(row.position)
            let status =
                TerminalText.spaces(statusColumns - TerminalText.width(of: statuses[index]))
                + statuses[index]
            let paintedStatus = row.statusTone.map { style.paint(status, $0) } ?? status
            let marks = rowMarkers[index]
            let marker = marks.columns > 0 ? "  " + marks.text : ""
            var whereAndWhen = ""
            if isWide {
                if placeColumns > 0 {
                    whereAndWhen += TerminalText.fit(places[index], columns: placeColumns, asciiOnly: asciiOnly) + "  "
                }
                whereAndWhen +=
                    TerminalText.spaces(timeColumns - TerminalText.width(of: times[index]))
                    + style.paint(times[index], .dim) + "  "
            }
            if priceColumns > 0 {
                // Right-aligned, so the prices' decimal points line up.
                let price = prices[index]
                whereAndWhen +=
                    (TerminalText.width(of: price) > priceColumns
                        ? TerminalText.fit(price, columns: priceColumns, asciiOnly: asciiOnly)
                        : TerminalText.padded(price, to: priceColumns, right: true)) + "  "
            }
            let line =
                "  " + position + "  " + CategoryBadge.text(for: row.category, style: style) + "  "
                + TerminalText.fit(raceNumbers[index], columns: numberColumns, asciiOnly: asciiOnly) + "  "
                + TerminalText.fit(meetingNames[index], columns: meetingColumns, asciiOnly: asciiOnly) + "  "
                + whereAndWhen + paintedStatus + marker
            // The aside only whole, never cut: a name half shown is a wrong name.
            let lineColumns =
                fixedColumns + meetingColumns - markerColumns + (marks.columns > 0 ? 2 + marks.columns : 0)
            guard let aside = row.aside.map(style.clean), !aside.isEmpty,
                lineColumns + 2 + TerminalText.width(of: aside) <= style.width
            else { return line }
            return line + "  " + style.paint(aside, .dim)
        }
    }
}
