import Synchronization

/// A value many threads may read and change, for counting in tests.
public final class LockedValue<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    public init(_ value: Value) { mutex = Mutex(value) }

    public var value: Value { mutex.withLock { $0 } }

    public func update(_ change: (inout Value) -> Void) {
        mutex.withLock { change(&$0) }
    }
}
