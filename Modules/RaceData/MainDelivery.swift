import Dispatch

/// How interactors hand results back to the main actor. Injected so tests can
/// deliver elsewhere; the default hops onto the main queue.
public typealias MainDelivery = @Sendable (@escaping @MainActor @Sendable () -> Void) -> Void

public let deliverOnMain: MainDelivery = { work in
    DispatchQueue.main.async { MainActor.assumeIsolated { work() } }
}
