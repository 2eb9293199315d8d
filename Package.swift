// swift-tools-version:6.0
import PackageDescription

// Almanac depends on nothing but the Swift toolchain: Foundation, Dispatch, Glibc/Darwin
// and the test libraries. Keep it that way; see DESIGN §1.
let package = Package(
    name: "Almanac",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        // The library product is AlmanacKit (its module is Almanac: `import Almanac`): Xcode
        // makes a scheme per product and ignores case, so "Almanac" would clash with "almanac".
        .library(name: "AlmanacKit", targets: ["Almanac"]),
        .library(name: "ReferenceApps", targets: ["ReferenceApps"]),
        .executable(name: "almanac", targets: ["AlmanacCLI"]),
    ],
    targets: [
        .target(name: "Almanac"),
        .target(name: "ReferenceApps", dependencies: ["Almanac"]),
        .executableTarget(name: "AlmanacCLI", dependencies: ["Almanac", "ReferenceApps"]),
        .testTarget(name: "AlmanacTests", dependencies: ["Almanac"]),
        // A second process for the tests that need one (concurrent writers, kill -9, live backups).
        .executableTarget(name: "AlmanacTestWorker", dependencies: ["Almanac"], path: "Tests/Worker"),
        .testTarget(name: "AlmanacCLITests", dependencies: ["AlmanacCLI", "Almanac", "AlmanacTestWorker"]),
        .testTarget(name: "ReferenceAppsTests", dependencies: ["ReferenceApps", "Almanac"]),
        // The Swift blocks of README.md and the DocC articles, verbatim (DocExampleTests checks
        // they match), so that `swift build` fails when the documentation's code would not compile.
        .target(name: "DocExamples", dependencies: ["Almanac"], path: "Tests/DocExamples"),
    ],
    swiftLanguageModes: [.v6]
)
