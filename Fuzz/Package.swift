// swift-tools-version:6.0
import PackageDescription

// The libFuzzer build of the harnesses in Harnesses/ (shared with the test suite's smoke
// pass). Built and run by `Fuzz/run`; never part of the library or the tool.
let package = Package(
    name: "AlmanacFuzz",
    dependencies: [.package(name: "Almanac", path: "..")],
    targets: [
        .executableTarget(
            name: "AlmanacFuzz",
            dependencies: [.product(name: "AlmanacKit", package: "Almanac")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
    ],
    swiftLanguageModes: [.v6]
)
