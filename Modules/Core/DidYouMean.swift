/// "Did you mean …?": the known word nearest to what was typed, by edit distance, when it is near enough to
/// be a slip (a third of its length, at least one edit, at most three) and what was typed is a word (three
/// letters or more).
public enum DidYouMean {
    public static func closest(to typed: String, among known: [String]) -> String? {
        let typed = Array(typed.lowercased())
        // Under three letters a guess is noise (`?` is one edit from `f`).
        guard typed.count >= 3, typed.count <= 40 else { return nil }
        var best: (word: String, distance: Int)?
        for word in known {
            let distance = editDistance(typed, Array(word))
            let allowed = min(3, max(1, word.count / 3))
            if distance <= allowed, distance < (best?.distance ?? .max) { best = (word, distance) }
        }
        return best.flatMap { $0.distance == 0 ? nil : $0.word }
    }

    /// Levenshtein distance, with a swap of neighbours counted as one edit.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var rows = [Array(0...b.count)]
        for i in 1...a.count {
            var row = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                row[j] = min(rows[i - 1][j] + 1, row[j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    row[j] = min(row[j], rows[i - 2][j - 2] + 1)
                }
            }
            rows.append(row)
        }
        return rows[a.count][b.count]
    }
}
