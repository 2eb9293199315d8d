// swift-tools-version:6.0
import PackageDescription

// Almanac depends on nothing but the Swift toolchain: Foundation, Dispatch, Glibc/Darwin
// and the test libraries. Keep it that way; see DESIGN §1.
let package = Package(
    name: "Almanac",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "Almanac", targets: ["Almanac"]),
        .executable(name: "almanac", targets: ["AlmanacCLI"]),
    ],
    targets: [
        .target(name: "Almanac"),
        .executableTarget(name: "AlmanacCLI", dependencies: ["Almanac"]),
        .testTarget(name: "AlmanacTests", dependencies: ["Almanac"]),
        .testTarget(name: "AlmanacCLITests", dependencies: ["AlmanacCLI", "Almanac"]),
    ],
    swiftLanguageModes: [.v6]
)
