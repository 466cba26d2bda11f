import Platform

/// The one order races are shown in everywhere: ascending by advertised
/// start; ties by meeting name, then race number (then id, so the order never
/// depends on the feed's order).
public enum RaceOrder {
    public static func isOrderedBefore(_ lhs: Race, _ rhs: Race) -> Bool {
        if lhs.advertisedStart != rhs.advertisedStart { return lhs.advertisedStart < rhs.advertisedStart }
        let meetingOrder = TextFolding.compareIgnoringCase(lhs.meetingName, rhs.meetingName)
        if meetingOrder != 0 { return meetingOrder < 0 }
        if lhs.number != rhs.number { return lhs.number < rhs.number }
        return lhs.id < rhs.id
    }

    /// The races in this order. Their positions are sorted, then the races gathered once: a race is a large
    /// value, and moving thousands of them through a merge sort cost a fifth of reading a 3,400-race feed.
    public static func sorted(_ races: [Race]) -> [Race] {
        // Already in order (most feeds are): the same list, not a copy of it.
        if races.indices.dropFirst().allSatisfy({ !isOrderedBefore(races[$0], races[$0 - 1]) }) { return races }
        return races.indices.sorted { isOrderedBefore(races[$0], races[$1]) }.map { races[$0] }
    }

    /// The first `count` races of each category among `races`, in their order: what a board of any filter shows
    /// first, and so what is worth reading ahead for it.
    public static func firstOfEachCategory(_ races: [Race], count: Int) -> [Race] {
        var seen: [RaceCategory: Int] = [:]
        var first: [Race] = []
        for race in races {
            seen[race.category, default: 0] += 1
            if seen[race.category, default: 0] <= count { first.append(race) }
        }
        return first
    }
}
