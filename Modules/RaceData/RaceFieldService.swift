import Core
import Platform

/// Where a feature finds who runs in a race without reading its card: the field alone (numbers, names, riders,
/// trainers, and who is scratched as it stands now). A source that has it apart from its cards (the embedded
/// day) offers it: the blackbook looks through a whole day's fields, and a day's cards take ten times as long.
public protocol RaceFieldService: Sendable {
    /// The race's runners as they stand now, with no prices or form; nil when the source has no field for it.
    func field(forRace id: String) throws(RaceDataError) -> [Runner]?
    /// The race's field where a runner of it is scratched late (or may be, later in the day); nil where none is or
    /// will be, told more cheaply than its field where the source can (the day's scratchings ask every race).
    func fieldWithLateScratchings(forRace id: String) throws(RaceDataError) -> [Runner]?
}

extension RaceFieldService {
    public func fieldWithLateScratchings(forRace id: String) throws(RaceDataError) -> [Runner]? {
        guard let field = try field(forRace: id),
            field.contains(where: { if case .late? = $0.scratching { true } else { false } })
        else { return nil }
        return field
    }
}
