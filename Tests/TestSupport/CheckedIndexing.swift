/// Indexing that cannot crash the test process: an expectation about line 4
/// of an output that has two lines fails as a mismatch against `nil`, and
/// the other tests still run.
extension Array {
    public subscript(checked index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }

    /// The elements of `range` that exist; fewer than asked when the array is short.
    public subscript(checked range: Range<Int>) -> [Element] {
        Array(self[range.clamped(to: indices)])
    }

    public subscript(checked range: ClosedRange<Int>) -> [Element] {
        self[checked: range.lowerBound..<(range.upperBound + 1)]
    }
}
