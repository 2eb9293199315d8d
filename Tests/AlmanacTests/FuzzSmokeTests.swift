import Foundation
import Testing
@testable import Almanac

/// The fuzz harnesses' smoke pass, run by CI with the suite: every corpus input (the
/// repository's own files and each finding's regression input), then a fixed number of
/// deterministic mutations of them. A crash or a violated property fails the run; the long
/// runs use libFuzzer (`Fuzz/run`, see Fuzz/README.md).
@Suite struct FuzzSmokeTests {
    static let corpus = Repository.root.appendingPathComponent("Fuzz/Corpus")
    /// Mutated inputs per harness; ALMANAC_FUZZ_SMOKE_RUNS makes a longer pass.
    static let runs = ProcessInfo.processInfo.environment["ALMANAC_FUZZ_SMOKE_RUNS"].flatMap(Int.init) ?? 1_000

    @Test(arguments: FuzzHarnesses.all.map(\.name))
    func harness(_ name: String) throws {
        let run = try #require(FuzzHarnesses.all.first { $0.name == name }?.run)
        let folder = Self.corpus.appendingPathComponent(name)
        let inputs = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            .map { Array(try Data(contentsOf: folder.appendingPathComponent($0))) }
        #expect(inputs.count >= 4, "the corpus of \(name) has its seeds")
        for input in inputs { run(input) }
        var mutator = Mutator(seed: UInt64(name.utf8.reduce(5381) { $0 &* 33 &+ Int($1) }.magnitude))
        for _ in 0..<Self.runs { run(mutator.mutate(inputs[mutator.next(inputs.count)], splicing: inputs)) }
    }
}

/// libFuzzer-like mutations, deterministic from a seed: byte flips, inserted and deleted
/// runs, duplicated runs, splices with another input and inserted syntax tokens.
struct Mutator {
    private var random: SplitMix

    init(seed: UInt64) {
        random = SplitMix(seed: seed)
    }

    mutating func next(_ bound: Int) -> Int {
        random.next(bound)
    }

    private static let tokens = ["{", "}", "[", "]", "\"", ":", ",", "\\", "(", ")", "(?=", "(?<!", "\\b", "{99999}", "*", "+",
                                 "not ", " and ", " or ", "=", "1e99999", "-0", "null", "\"$ref\": \"#\"", "T", "Z", "60", "\0"]

    mutating func mutate(_ input: [UInt8], splicing others: [[UInt8]]) -> [UInt8] {
        var bytes = input
        for _ in 0...next(4) {
            let position = next(bytes.count + 1)
            switch next(6) {
            case 0 where !bytes.isEmpty:
                bytes[min(position, bytes.count - 1)] ^= UInt8(1 << next(8))
            case 1:
                bytes.insert(contentsOf: (0..<(1 + next(4))).map { _ in UInt8(next(256)) }, at: position)
            case 2 where !bytes.isEmpty:
                let start = min(position, bytes.count - 1)
                bytes.removeSubrange(start..<min(bytes.count, start + 1 + next(16)))
            case 3 where !bytes.isEmpty:
                let start = min(position, bytes.count - 1)
                let run = Array(bytes[start..<min(bytes.count, start + 1 + next(32))])
                bytes.insert(contentsOf: run, at: next(bytes.count + 1))
            case 4:
                let other = others[next(others.count)]
                let cut = next(other.count + 1)
                bytes = Array(bytes[..<position]) + Array(other[cut...].prefix(256))
            default:
                bytes.insert(contentsOf: Array(Self.tokens[next(Self.tokens.count)].utf8), at: position)
            }
        }
        return bytes
    }
}

/// SplitMix64: the tests' deterministic random numbers.
struct SplitMix {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    /// A number in 0..<bound (0 when bound is 0).
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(max(bound, 1)))
    }
}
