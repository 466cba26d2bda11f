extension Int {
    /// `value` rounded down and held within `Int`'s range. Time spans built from outside input (a feed, a file
    /// on disk, `--now`) can be anything a Double holds, and a plain `Int(_:)` traps outside the range.
    public init(saturatingRoundedDown value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= 9.2e18 {
            self = Int.max
        } else if value <= -9.2e18 {
            self = Int.min
        } else {
            self = Int(value.rounded(.down))
        }
    }
}
