import Foundation

/// Runs work that blocks (waiting on a process, a lock, a sleep) on a thread of its own and awaits its answer, so
/// it holds neither the main actor nor one of the few threads the other tests run on.
public func blocking<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try work() }) }
        thread.start()
    }
}
