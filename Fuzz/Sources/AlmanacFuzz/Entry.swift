import Foundation

/// The harness libFuzzer runs, named by ALMANAC_FUZZ_TARGET (read once).
private let harness: @Sendable ([UInt8]) -> Void = {
    let name = ProcessInfo.processInfo.environment["ALMANAC_FUZZ_TARGET"] ?? ""
    guard let found = FuzzHarnesses.all.first(where: { $0.name == name }) else {
        let names = FuzzHarnesses.all.map(\.name).joined(separator: ", ")
        fatalError("set ALMANAC_FUZZ_TARGET to one of: \(names)")
    }
    return found.run
}()

/// libFuzzer's entry point: one input per call.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    harness(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}
