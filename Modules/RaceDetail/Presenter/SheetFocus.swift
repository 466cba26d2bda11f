/// What the sheet shows below the race: the field (first), or a part of the card asked for.
public enum SheetFocus: Sendable, Equatable {
    case field
    case form(runner: Int?)
    case speedMap
    case runner(Int)

    /// The runner it is about, if one.
    var runner: Int? {
        switch self {
        case .form(let runner): runner
        case .runner(let number): number
        case .field, .speedMap: nil
        }
    }
}
