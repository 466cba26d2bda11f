import Platform

/// Time to a race's start, in whole seconds, and the text the board shows for it.
public struct Countdown: Sendable, Equatable {
    /// Seconds until the advertised start; negative once the race has started.
    public let seconds: Int

    public init(seconds: Int) { self.seconds = seconds }

    /// Counted from the second `now` falls in to the second of the start, as a clock on the wall reads: a race
    /// at 12:02:00 reads `2m 0s` all through 12:00:00, `0s` through the second it jumps, and `-59s` the last
    /// second it is shown. The live clock is always some way into a second; counting from the exact instant read
    /// one second low most of each second (`1m 59s` at launch, `-60s` before a race left), where a pinned clock,
    /// always on the second, read right.
    public init(from now: Date, to start: Date) {
        self.seconds = Int(
            saturatingRoundedDown: start.timeIntervalSince1970.rounded(.down) - now.timeIntervalSince1970.rounded(.down)
        )
    }

    /// `1d 2h` at or over a day, `1h 5m` at or over an hour, `4m 5s` at or over a minute, `22s`, `0s`,
    /// and `-20s` after the start.
    public var text: String {
        // Beyond a year the feed is wrong or the clock is: say so rather than print a 20-digit hour count.
        if seconds >= Self.longestShown { return "over a year" }
        if seconds <= -Self.longestShown { return "-over a year" }
        if seconds >= 86_400 { return "\(seconds / 86_400)d \(seconds % 86_400 / 3600)h" }
        if seconds >= 3600 { return "\(seconds / 3600)h \(seconds % 3600 / 60)m" }
        if seconds >= 60 { return "\(seconds / 60)m \(seconds % 60)s" }
        return "\(seconds)s"
    }

    /// How long ago a race started, in the same units: `1m 5s`, `20s`, `2h 3m`.
    public var elapsedText: String {
        Countdown(seconds: seconds == Int.min ? Int.max : max(0, -seconds)).text
    }

    static let longestShown = 366 * 86_400

    public var hasStarted: Bool { seconds <= 0 }

    /// How long ago, to the largest two units that matter: `20s`, `3m`,
    /// `2h 5m`, `3d 4h`. For "jumped 3m ago" and "last update 2m ago".
    public static func roughAge(seconds: Int) -> String {
        let seconds = max(0, seconds)
        switch seconds {
        case longestShown...: return "over a year"
        case ..<60: return "\(seconds)s"
        case ..<3600: return "\(seconds / 60)m"
        case ..<86_400: return "\(seconds / 3600)h \(seconds % 3600 / 60)m"
        default: return "\(seconds / 86_400)d \(seconds % 86_400 / 3600)h"
        }
    }
}

extension Countdown {
    /// How close the race is: the board's colours, and every countdown's.
    public var urgency: CountdownUrgency {
        switch seconds {
        case ...0: .started
        case ..<60: .imminent
        case ..<300: .soon
        default: .later
        }
    }
}

/// How close a race is to jumping; views colour by it.
public enum CountdownUrgency: Sendable, Equatable {
    /// More than five minutes away.
    case later
    /// Within five minutes.
    case soon
    /// Within a minute.
    case imminent
    /// Already started.
    case started
}
