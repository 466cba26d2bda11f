import Core
import Platform
import RaceDetailView

/// The sheet's fields about the race itself: its category, start (local time, and how far off or how long
/// ago), venue (a state said once), distance, going, weather, class and prize money, rail, start, and the reader's
/// favourite mark.
struct RaceFieldsWording {
    let timeZone: LocalZone

    func fields(of race: Race, countdown: Countdown, isAbandoned: Bool, isFavourite: Bool) -> [DetailField] {
        let timing =
            isAbandoned
            ? "abandoned" : countdown.seconds > 0 ? "in \(countdown.text)" : "started \(countdown.elapsedText) ago"
        var fields = [
            DetailField("Category", race.category.displayName),
            DetailField("Starts", "\(StartTimeFormatter.string(from: race.advertisedStart, in: timeZone)) (\(timing))"),
        ]
        // New Zealand meetings give "NZ" as both state and country; say it once.
        let venue = [race.venue.name, race.venue.state, race.venue.country].compactMap { $0 }
            .reduce(into: [String]()) { parts, part in
                if !(parts.last.map { TextFolding.equalIgnoringCase($0, part) } ?? false) { parts.append(part) }
            }
        if !venue.isEmpty { fields.append(DetailField("Venue", venue.joined(separator: ", "))) }
        if let distance = race.form.distance {
            fields.append(
                DetailField(
                    "Distance", [String(distance.value), distance.unit].compactMap { $0 }.joined(separator: " ")))
        }
        if let track = race.form.trackCondition { fields.append(DetailField("Track", ConditionWording.going(track))) }
        if let weather = race.form.weather { fields.append(DetailField("Weather", ConditionWording.weather(weather))) }
        if let info = race.form.info {
            let prize = info.prizeMoney.map { RaceMoney.prize($0, country: race.venue.country) + " prize money" }
            let classAndPrize = [info.raceClass, prize].compactMap { $0 }
            if !classAndPrize.isEmpty { fields.append(DetailField("Class", classAndPrize.joined(separator: ", "))) }
            if let rail = info.railPosition { fields.append(DetailField("Rail", rail)) }
            if let start = info.startType { fields.append(DetailField("Start", start + " start")) }
        }
        fields.append(
            DetailField("In favourites", isFavourite ? "yes (`fav`, or f in watch)" : "no (`fav`, or f in watch)"))
        return fields
    }
}
