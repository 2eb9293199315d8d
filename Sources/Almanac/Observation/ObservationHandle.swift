/// A running observation, from ``Store/observe(_:options:onChange:)``: it delivers until
/// ``cancel()`` is called or the handle is released.
public final class ObservationHandle: Sendable {
    private let observer: StoreObserver

    init(_ observer: StoreObserver) {
        self.observer = observer
    }

    /// How this observation notices changes made outside its store: events, or polling and why.
    public var method: ObservationMethod { observer.method }

    /// Stops the observation: no delivery starts after this returns, and its watches and
    /// descriptors are released.
    public func cancel() {
        observer.cancel()
    }

    deinit {
        observer.cancel()
    }
}
