// swift-tools-version:6.0
import Foundation
import PackageDescription

// The benchmark harness of Almanac (see README.md beside this file). It is its own package so
// that Almanac keeps no dependencies: it depends on the repository's root package by path and
// links the system's libsqlite3 (Debian: libsqlite3-dev) for the SQLite comparison.
//
// The identity of a path dependency is the name of its folder, which differs between clones
// (`main`, `almanac`, `Almanac-fork`…), so it is computed from where this manifest lives.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let rootIdentity = repositoryRoot.lastPathComponent

let package = Package(
    name: "AlmanacBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: ".."),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            path: "Sources/CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .executableTarget(
            name: "AlmanacBench",
            dependencies: [
                .product(name: "AlmanacKit", package: rootIdentity),
                "CSQLite",
            ],
            path: "Sources/AlmanacBench"
        ),
    ],
    swiftLanguageModes: [.v6]
)
