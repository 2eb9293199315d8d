/// A failure of the benchmark itself (a system call, a mismatch between sides), with a message.
struct BenchError: Error, CustomStringConvertible {
    /// What went wrong.
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
