import Platform

/// Where "now" comes from. Everything that looks at the time takes one of
/// these, so tests and `--now` can pin it.
///
/// Named `WallClock` rather than `Clock` so it does not shadow the standard
/// library's `Clock` protocol in every module that imports Core.
public protocol WallClock: Sendable {
    func now() -> Date
    /// A pinned clock (`--now`) says nothing about today: nothing is destroyed on its word.
    var isPinned: Bool { get }
}

extension WallClock {
    public var isPinned: Bool { false }
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
    public var isPinned: Bool { true }
}
