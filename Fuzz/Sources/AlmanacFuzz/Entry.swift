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

@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// SwiftPM links an executable's `main` to `AlmanacFuzz_main`: hand over to libFuzzer's driver.
@_cdecl("AlmanacFuzz_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var arguments = argv
    return runDriver(&count, &arguments) { data, size in fuzzOneInput(data, size) }
}
