import Core
import Platform

/// Where a feature finds who runs in a race without reading its card: the field alone (numbers, names, riders,
/// trainers, and who is scratched as it stands now). A source that has it apart from its cards (the embedded
/// day) offers it: the blackbook looks through a whole day's fields, and a day's cards take ten times as long.
public protocol RaceFieldService: Sendable {
    /// The race's runners as they stand now, with no prices or form; nil when the source has no field for it.
    func field(forRace id: String) throws(RaceDataError) -> [Runner]?
}
