import Core

extension CountdownUrgency {
    /// Green, yellow within five minutes, red within the last minute and after the start.
    public var tone: DisplayStyle.Tone {
        switch self {
        case .later: .green
        case .soon: .yellow
        case .imminent, .started: .red
        }
    }
}
