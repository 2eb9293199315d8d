import Foundation

/// The streams of ``Store/observe(_:options:)``: results now, then after each change.
struct ObservationStreams {
    let store: Store

    func results(of subject: ObservedSubject) throws -> QueryResults<StoredDocument> {
        switch subject {
        case .query(let query):
            return try store.results(matching: query)
        case .document(let collection, let id):
            do {
                let document = try store.document(json: id, in: collection)
                return QueryResults(documents: document.map { [$0] } ?? [], problems: [])
            } catch let error as AlmanacError where error.code == .malformedJSON || error.code == .invalidDocument || error.code == .idCollision {
                // Two files with the id is also what a reader sees for an instant while another
                // process moves the document: a problem of this reading, not the observation's end.
                return QueryResults(documents: [], problems: [error])
            }
        }
    }

    /// An observation started by `observe` as a sequence of `transform`ed results; only the
    /// newest wait for a slow consumer, and ending the sequence cancels the observation.
    func stream<T: Sendable>(
        _ observe: (@escaping @Sendable (Result<QueryResults<StoredDocument>, any Error>) -> Void) throws -> ObservationHandle,
        _ transform: @escaping @Sendable (QueryResults<StoredDocument>) throws -> T
    ) throws -> AsyncThrowingStream<T, any Error> {
        let (stream, continuation) = AsyncThrowingStream<T, any Error>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let handle = try observe { result in
            switch result {
            case .success(let results):
                do { continuation.yield(try transform(results)) } catch { continuation.finish(throwing: error) }
            case .failure(let error): continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in handle.cancel() }
        return stream
    }
}
