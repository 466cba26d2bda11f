import Platform

/// The bound on what is kept by race id, in memory, across a run (`Dictionary.set(_:forKey:keepingAtMost:)`): a
/// day's races (some 700 the world over) many times over.
public enum RaceKeyedLimit {
    public static let races = 4_096
}
