/// The answers a pure function gave last, kept with their questions: a screen drawn again every second, or at
/// every command of a script, asks the same few questions far more often than their answers change.
public struct RecentAnswers<Question: Equatable, Answer> {
    /// The most recent first.
    private var kept: [(question: Question, answer: Answer)] = []
    private let capacity: Int

    public init(capacity: Int = 8) {
        self.capacity = max(1, capacity)
    }

    /// The answer to `question`: the one kept if it was asked lately, else `making`'s, kept for next time (the
    /// least recently asked question is let go).
    public mutating func answer(to question: Question, making: (Question) -> Answer) -> Answer {
        if let index = kept.firstIndex(where: { $0.question == question }) {
            let found = kept.remove(at: index)
            kept.insert(found, at: 0)
            return found.answer
        }
        let answer = making(question)
        kept.insert((question, answer), at: 0)
        if kept.count > capacity { kept.removeLast() }
        return answer
    }
}
