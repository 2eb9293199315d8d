#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing

@testable import Almanac

// MARK: - usage errors, help, environment

@Suite struct EndToEndUsageTests {
    @Test func usageErrorsExitTwo() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("miga")
        let cases: [(args: [String], message: String)] = [
            (["status", "--store", store.path, "--jsno"], "did you mean '--json'"),
            (["stauts", "--store", store.path], "did you mean 'status'"),
            (["get", "--store", store.path], "missing argument"),
            (["put", "--store", store.path], "missing argument"),
            (["ls"], "missing argument"),
            (["status"], "no store given"),
            (["put", "--store", store.path, "usage-events", "--lock-timeout", "soon"], "--lock-timeout"),
            (["get", "--store", store.path, "preferences", "extra", "more"], "unexpected argument 'more'"),
            (["status", "--store"], "needs a value"),
            ([], "needs a subcommand"),
        ]
        for (args, message) in cases {
            let result = try run(args, stdin: "{}")
            #expect(result.exit == 2, "almanac \(args.joined(separator: " ")): \(result)")
            #expect(result.stderr.hasPrefix("almanac: error: "), "almanac \(args.joined(separator: " ")): \(result)")
            #expect(result.stderr.contains(message), "almanac \(args.joined(separator: " ")): \(result)")
            #expect(result.stderr.contains("--help"), "almanac \(args.joined(separator: " ")): \(result)")
        }
    }

    @Test func theStoreComesFromTheEnvironment() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("cravey")
        let status = try run(["status", "--json"], env: ["ALMANAC_STORE": store.path])
        #expect(status.exit == 0, "\(status)")
        let object = try #require(try status.json() as? [String: Any], "\(status)")
        #expect(object["app"] as? String == "cravey")

        // --store wins over the environment.
        let other = try folder.copySample("elaro")
        let both = try run(["status", "--json", "--store", other.path], env: ["ALMANAC_STORE": store.path])
        #expect((try both.json() as? [String: Any])?["app"] as? String == "elaro", "\(both)")

        // An empty ALMANAC_STORE is no store.
        let empty = try run(["status"], env: ["ALMANAC_STORE": ""])
        #expect(empty.exit == 2, "\(empty)")

        // Not a store at all: a failure naming the folder.
        let notAStore = try run(["status"], env: ["ALMANAC_STORE": folder.url.path])
        #expect(notAStore.exit == 1, "\(notAStore)")
        #expect(notAStore.stderr.contains("store.json"), "\(notAStore)")
    }

    @Test(arguments: [[], ["init"], ["status"], ["ls"], ["get"], ["put"], ["rm"], ["check"]])
    func helpOnEveryCommand(path: [String]) throws {
        let result = try run(path + ["--help"])
        #expect(result.exit == 0, "\(result)")
        #expect(result.stdout.contains("USAGE:"), "\(result)")
        #expect(result.stdout.contains((["almanac"] + path).joined(separator: " ")), "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
        if path.isEmpty {
            for command in ["init", "status", "ls", "get", "put", "rm", "check"] {
                #expect(result.stdout.contains(command), "root help does not list \(command)")
            }
        }
        // --help wins over other mistakes and needs no store.
        let mixed = try run(path + ["--jsno", "-h"])
        #expect(mixed.exit == 0, "\(mixed)")
        #expect(mixed.stdout == result.stdout)
    }
}
