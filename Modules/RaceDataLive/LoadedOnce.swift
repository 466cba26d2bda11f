import Synchronization

/// A value loaded at its first use and kept, whatever it is (nil too): what the program carries is read once,
/// when a run first needs it, and many runs never do.
final class LoadedOnce<Value: Sendable>: Sendable {
    private let load: @Sendable () -> Value
    private let loaded = Mutex<Value?>(nil)

    init(_ load: @escaping @Sendable () -> Value) {
        self.load = load
    }

    var value: Value {
        loaded.withLock { loaded in
            if let value = loaded { return value }
            let value = load()
            loaded = value
            return value
        }
    }
}
