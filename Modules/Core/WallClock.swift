import Platform

/// Where "now" comes from. Everything that looks at the time takes one of
/// these, so tests and `--now` can pin it, and `--start-at` set it going.
///
/// Named `WallClock` rather than `Clock` so it does not shadow the standard
/// library's `Clock` protocol in every module that imports Core.
public protocol WallClock: Sendable {
    func now() -> Date
    /// A clock set by hand (`--now`, `--start-at`) says nothing about today: nothing is destroyed on its word.
    var isSetByHand: Bool { get }
}

extension WallClock {
    public var isSetByHand: Bool { false }
}

public struct SystemClock: WallClock {
    public init() {}
    public func now() -> Date { Date() }
}

/// A clock that always says the same time: what `--now` gives the binary.
public struct FixedClock: WallClock {
    public let instant: Date

    public init(_ instant: Date) { self.instant = instant }
    public init(unixSeconds: TimeInterval) { self.instant = Date(timeIntervalSince1970: unixSeconds) }

    public func now() -> Date { instant }
    public var isSetByHand: Bool { true }
}

/// A clock set going from an instant (`--start-at`): it runs on as its base runs, so a run can start just before a
/// race and watch it jump. The base (the system clock in the app) is only asked how far it has moved.
public struct StartedClock: WallClock {
    public let start: Date
    private let base: any WallClock
    private let baseAtStart: Date

    public init(startingAt start: Date, base: any WallClock) {
        self.start = start
        self.base = base
        baseAtStart = base.now()
    }

    public func now() -> Date { start.addingTimeInterval(base.now().timeIntervalSince(baseAtStart)) }
    public var isSetByHand: Bool { true }
}
