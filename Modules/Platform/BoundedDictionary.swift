extension Dictionary {
    /// Sets `value` for `key`, keeping at most `limit` keys: a new key at the limit empties the dictionary first.
    /// Each limit is set far above what a racing day holds, so only an endless or hostile source reaches one, and
    /// what is let go is made or read again when it is next needed: memory stays flat however long the app runs.
    public mutating func set(_ value: Value, forKey key: Key, keepingAtMost limit: Int) {
        if count >= limit, self[key] == nil { removeAll(keepingCapacity: true) }
        self[key] = value
    }
}
