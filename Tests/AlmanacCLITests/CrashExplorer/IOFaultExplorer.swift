#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing

@testable import Almanac

/// Explores every system call that fails, as SQLite's `ioerr` tests do: a workload runs once
/// to count the calls that change the file system (`ALMANAC_TEST_FAULT_TRACE`), then again for
/// each chosen N and errno with the N-th call failing (`ALMANAC_TEST_FAULT`, the one seam of
/// `TestHooks+Faults.swift`), once or from then on (a disk that stays full).
///
/// A state passes when:
/// - the command failed with the errno's cause in its message (or succeeded and left the tree
///   after), never with Foundation's text, and never said both "nothing was changed" and "is committed";
/// - with the fault still present, a read and a write fail cleanly (an exit status, a message);
/// - with the fault cleared, a read recovers the store to the tree before or after the
///   workload — after when it succeeded or said "is committed", before when it said "nothing
///   was changed" — `check` finds no error and no staging or journal is left, `check --fix`
///   removes nothing, and a write succeeds. A repair's workload (`check --fix`, `resolve`)
///   starts from problems: the tree before it keeps them, and `check --fix` may then repair them.
struct IOFaultExplorer {
    /// One injected fault: the N-th changing call fails with `errno`, and with `sticky` every later one.
    struct Fault: CustomStringConvertible, Sendable {
        var errno: Int32
        var at: Int
        var sticky: Bool

        var environment: String { "\(errno)@\(at)\(sticky ? "+" : "")" }
        var description: String { "\(IOFaultExplorer.name(of: errno))@\(at)\(sticky ? "+" : "")" }
    }

    /// The errnos every workload meets, with words its message must hold (any of them).
    static let errnos: [(code: Int32, words: [String])] = [
        (ENOSPC, ["disk is full", "no free inodes"]), (EDQUOT, ["quota"]), (EIO, ["I/O error"]),
        (EACCES, ["permission denied"]), (EMFILE, ["too many open files"]), (EROFS, ["read-only"]),
    ]

    static func name(of code: Int32) -> String {
        switch code {
        case ENOSPC: "ENOSPC"
        case EDQUOT: "EDQUOT"
        case EIO: "EIO"
        case EACCES: "EACCES"
        case EMFILE: "EMFILE"
        case EROFS: "EROFS"
        default: "errno \(code)"
        }
    }

    /// How many states: `ALMANAC_FAULT_SWEEP=all` explores every N with every errno, once and
    /// sticky; otherwise `ALMANAC_FAULT_STATES` (default 6) states per workload, spread over
    /// the calls, each errno in turn.
    struct Sweep {
        var whole = ProcessInfo.processInfo.environment["ALMANAC_FAULT_SWEEP"] == "all"
        var states = Int(ProcessInfo.processInfo.environment["ALMANAC_FAULT_STATES"] ?? "") ?? 6

        func faults(calls: Int, workload: Int) -> [Fault] {
            guard calls > 0 else { return [] }
            if whole {
                return (1...calls).flatMap { at in
                    IOFaultExplorer.errnos.flatMap { errno in [false, true].map { Fault(errno: errno.code, at: at, sticky: $0) } }
                }
            }
            // Spread over the calls (the first and the last included), each errno in turn.
            let count = min(states, calls)
            let points = Set((0..<count).map { index in count == 1 ? calls : 1 + index * (calls - 1) / (count - 1) }).sorted()
            return points.enumerated().map { index, at in
                let errno = IOFaultExplorer.errnos[(index + workload) % IOFaultExplorer.errnos.count].code
                return Fault(errno: errno, at: at, sticky: (index + workload) % 2 == 0)
            }
        }
    }

    /// What exploring one workload found.
    struct Outcome: CustomStringConvertible {
        var operation: String
        var calls = 0
        var explored = 0
        var failures: [String] = []

        var description: String {
            "\(operation): \(calls) changing calls, \(explored) states, \(failures.count) failed" + failures.prefix(4).map { "\n  - " + $0 }.joined()
        }
    }

    var sweep = Sweep()

    func explore(_ workload: CrashExplorer.Workload, index: Int) throws -> Outcome {
        let template = try workload.prepare(), scratch = E2EFolder()
        var objects = ObjectTable()
        let before = try FileTreeImage.snapshot(of: template.url, objects: &objects).listing()
        let baseline = try Self.baseline(of: template.url, workload: workload, scratch: scratch)

        // The counting run.
        let traced = scratch.path("traced")
        try Self.linkedCopy(of: template.url, at: traced)
        let trace = scratch.path("trace.log")
        let status = try workload.run(traced, ["ALMANAC_TEST_FAULT_TRACE": trace.path])
        guard status == 0 else { throw ExplorerError("\(workload.name) exited \(status) without a fault") }
        let calls = ((try? String(contentsOf: trace, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        var afterObjects = ObjectTable()
        let after = try FileTreeImage.snapshot(of: traced, objects: &afterObjects).listing()
        if let kept = baseline.leftovers.first(where: { after[$0] != nil }) {
            throw ExplorerError("\(workload.name) left a dead writer's leftover: \(kept)")
        }

        var outcome = Outcome(operation: workload.name, calls: calls.count)
        for fault in sweep.faults(calls: calls.count, workload: index) {
            outcome.explored += 1
            let call = calls.indices.contains(fault.at - 1) ? calls[fault.at - 1] : "?"
            if let failure = try judge(workload, fault: fault, template: template.url, before: before, after: after, baseline: baseline, scratch: scratch) {
                outcome.failures.append("\(fault) (\(call.split(separator: " ").dropFirst().joined(separator: " "))): \(failure)")
            }
        }
        return outcome
    }

    /// Runs the workload with `fault` in a copy of `template`, and returns what is wrong, or nil.
    private func judge(_ workload: CrashExplorer.Workload, fault: Fault, template: URL, before: [String: [UInt8]], after: [String: [UInt8]],
                       baseline: Baseline, scratch: E2EFolder) throws -> String? {
        let root = scratch.path("state-\(UUID().uuidString)")
        try Self.linkedCopy(of: template, at: root)
        defer { try? FileManager.default.removeItem(at: root) }
        let store = root.appendingPathComponent(workload.store)
        let words = Self.errnos.first { $0.code == fault.errno }?.words ?? []

        let exit = try workload.run(root, ["ALMANAC_TEST_FAULT": fault.environment])
        let said = CrashWorkloads.lastRuns.take(for: root)
        let stderr = said?.stderr ?? ""
        let nothingChanged = stderr.contains("nothing was changed"), committed = stderr.contains("is committed")
        if exit > 125 || exit < 0 { return "the command died (exit \(exit)): \(stderr)" }
        if let problem = Self.unclean(stderr) { return "the command's message \(problem): \(stderr)" }
        if nothingChanged && committed { return "the message says both that nothing was changed and that the change is committed: \(stderr)" }
        if exit != 0, said != nil, !words.contains(where: stderr.contains) {
            return "the message does not name the cause (\(words.joined(separator: " / "))): \(stderr)"
        }

        let storeExists = FileManager.default.fileExists(atPath: store.appendingPathComponent("store.json").path)
        if storeExists {
            // The fault still present: a read and a write end with a message, not a crash.
            let still = ["ALMANAC_TEST_FAULT": "\(fault.errno)@1+"]
            let read = try run(["status", "--store", store.path], env: still, cwd: root)
            if read.exit > 125 || ![0, 1].contains(read.exit) { return "a read with the fault present: \(read)" }
            if let problem = Self.unclean(read.stderr) { return "a read with the fault present: its message \(problem): \(read)" }
            if let probe = try Self.writeProbe(for: store, in: scratch) {
                let write = try run(probe, env: still, cwd: root)
                if write.exit != 1 || !words.contains(where: write.stderr.contains) { return "a write with the fault present did not fail naming the cause: \(write)" }
                if let problem = Self.unclean(write.stderr) { return "a write with the fault present: its message \(problem): \(write)" }
            }
            // The fault cleared: a read recovers what the failed command left.
            let recovered = try run(["status", "--store", store.path], cwd: root)
            if recovered.exit != 0 { return "a read once the fault is gone failed: \(recovered)" }
        }
        var objects = ObjectTable()
        let compared = { (tree: [String: [UInt8]]) in Self.compared(tree).filter { !baseline.leftovers.contains($0.key) } }
        let view = compared(try FileTreeImage.snapshot(of: root, objects: &objects).listing())
        let (beforeView, afterView) = (compared(before), compared(after))
        if exit == 0 || committed {
            if view != afterView {
                return "the command \(exit == 0 ? "succeeded" : "said the change is committed"), yet the store is not as after it: \(CrashExplorer.differences(view, afterView).prefix(4)) — \(stderr)"
            }
        } else if nothingChanged, view != beforeView {
            return "the command said nothing was changed, yet: \(CrashExplorer.differences(view, beforeView).prefix(4)) — \(stderr)"
        } else if view != beforeView && view != afterView {
            return "neither before nor after: from before \(CrashExplorer.differences(view, beforeView).prefix(3)), from after \(CrashExplorer.differences(view, afterView).prefix(3)) — \(stderr)"
        }
        guard storeExists else { return nil }
        let left = E2EFiles.files(under: store).filter {
            ($0.contains("almanac-tmp") && !baseline.leftoverPaths.contains($0)) || $0.hasSuffix(".almanac/journal.json") || $0.hasSuffix(".almanac/migration.json")
        }
        if !left.isEmpty { return "staging or a journal is left once the store was read again: \(left.prefix(4))" }
        // A migration stages holding no lock, and removes its staging when it fails; where the
        // fault stays (its removal fails too), the staging is the next migration's or check --fix's.
        let staging = Set(E2EFiles.files(under: store).filter { $0.hasPrefix(".almanac/migration-") }.map { String($0.split(separator: "/")[1]) })
        if !staging.isEmpty, !fault.sticky { return "a failed migration left its staging: \(staging.sorted())" }
        let check = try run(["check", "--store", store.path], cwd: root)
        // A repair's workload starts from problems: the state before it keeps them, and a dead
        // writer's leftover may outlive a failure after the repair's commit.
        let unexpected = Self.problemLines(check.stdout).filter { line in
            !(baseline.lines.contains(line) && (view == beforeView || baseline.leftoverPaths.contains { line.hasPrefix($0 + ":") }))
        }
        if check.exit != 0 && (!unexpected.isEmpty || Self.problemLines(check.stdout).isEmpty) { return "check: \(check)" }
        let startsFromProblems = check.exit != 0
        if !staging.isEmpty, !staging.allSatisfy({ check.stdout.contains(".almanac/\($0)") || check.stderr.contains(".almanac/\($0)") }) {
            return "check does not name the staging a failed migration left (\(staging.sorted())): \(check)"
        }
        let fix = try run(["check", "--fix", "--store", store.path], cwd: root)
        var fixedObjects = ObjectTable()
        let fixed = compared(try FileTreeImage.snapshot(of: root, objects: &fixedObjects).listing())
        if startsFromProblems {
            // What the workload repairs, check --fix may repair now: the tree after it, or left as it was.
            if fix.exit > 125 || fix.exit < 0 { return "check --fix died (exit \(fix.exit)): \(fix)" }
            if let problem = Self.unclean(fix.stdout + fix.stderr) { return "check --fix: its message \(problem): \(fix)" }
            if fixed == afterView, fix.exit != 0 { return "check --fix repaired the store, yet failed: \(fix)" }
            if fixed != view && fixed != afterView { return "check --fix made neither the tree after the workload nor left it: \(CrashExplorer.differences(fixed, afterView).prefix(4)) \(fix)" }
        } else if fix.exit != 0 || fixed != view {
            return "check --fix changed the store: \(CrashExplorer.differences(fixed, view).prefix(4)) \(fix)"
        }
        if E2EFiles.files(under: store).contains(where: { $0.hasPrefix(".almanac/migration-") }) { return "check --fix left a migration's staging: \(fix)" }
        let settings = "\(workload.store)/\(EditorSettings.path)"
        let fixedSettings = try? Data(contentsOf: root.appendingPathComponent(settings))
        if fixed == afterView, let expected = CrashExplorer.view(after)[settings], fixedSettings.map(Array.init) != expected {
            return "check --fix did not map the editor settings to the store's schema"
        }
        if let probe = try Self.writeProbe(for: store, in: scratch) {
            let write = try run(probe, cwd: root)
            if write.exit != 0 { return "a write once the fault is gone failed: \(write)" }
        }
        return nil
    }

    /// What `check` reports of a workload's store before it runs: its problem lines, and the
    /// tree paths of the dead writers' leftovers among them (a repair's workload starts from problems).
    struct Baseline {
        var lines: Set<String> = []
        /// The leftovers' paths in the store, and in the work folder's tree.
        var leftoverPaths: Set<String> = []
        var leftovers: Set<String> = []
    }

    static func baseline(of template: URL, workload: CrashExplorer.Workload, scratch: E2EFolder) throws -> Baseline {
        let copy = scratch.path("baseline")
        try linkedCopy(of: template, at: copy)
        defer { try? FileManager.default.removeItem(at: copy) }
        let store = copy.appendingPathComponent(workload.store)
        guard FileManager.default.fileExists(atPath: store.appendingPathComponent("store.json").path) else { return Baseline() }
        let check = try run(["check", "--store", store.path], cwd: copy)
        let problems = CrashExplorer.baselineProblems(of: store)
        let leftovers = CrashExplorer.leftoverKeys(problems, store: workload.store)
        return Baseline(lines: Set(problemLines(check.stdout)), leftoverPaths: Set(leftovers.map { String($0.dropFirst(workload.store.count + 1)) }),
                        leftovers: leftovers)
    }

    /// The lines of `check`'s report that name a problem.
    static func problemLines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { $0.contains(": error: ") || $0.contains(": warning: ") }
    }

    /// A copy of the tree at `source` whose files are hard links to the template's, but for
    /// those in `.almanac/` (written in place: the lock record, the commit clock, id hints),
    /// which are copied. Almanac never changes a document in place, so the template stays as it
    /// was, and the copy keeps the inodes a rollback's fingerprint of `data/` holds.
    static func linkedCopy(of source: URL, at target: URL, insideInternalFolder: Bool = false) throws {
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) {
            let from = source.appendingPathComponent(name), to = target.appendingPathComponent(name)
            var info = stat()
            guard lstat(from.path, &info) == 0 else { continue }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                try linkedCopy(of: from, at: to, insideInternalFolder: insideInternalFolder || name == ".almanac")
                chmod(to.path, info.st_mode & 0o7777)
            } else if insideInternalFolder || link(from.path, to.path) != 0 {
                try FileManager.default.copyItem(at: from, to: to)
            }
        }
    }

    /// The tree as compared: the crash explorer's view, without the editor settings. A
    /// migration that committed maps them to its schema afterwards, and a settings file it
    /// cannot write (a person's, with comments) must not undo the migration: `check` warns of
    /// it and `check --fix` writes it, which ``judge`` holds.
    static func compared(_ tree: [String: [UInt8]]) -> [String: [UInt8]] {
        CrashExplorer.view(tree).filter { !$0.key.hasSuffix(EditorSettings.path) }
    }

    /// What a message must never be: Foundation's text, a crash's.
    static func unclean(_ text: String) -> String? {
        if text.contains("NSCocoaErrorDomain") || text.contains("NSPOSIXErrorDomain") { return "shows Foundation's error text" }
        if text.contains("Fatal error") || text.contains("Stack dump") { return "is a crash" }
        return nil
    }

    /// `almanac put` of one new document the store's catalog takes, or nil for an unknown app.
    static func writeProbe(for store: URL, in scratch: E2EFolder) throws -> [String]? {
        guard let manifest = E2EFiles.object(store.appendingPathComponent("store.json")), let app = manifest["app"] as? String else { return nil }
        let (collection, document): (String, String)
        switch app {
        case "worker": (collection, document) = ("events", #"{"id": "probe", "timestamp": "2025-06-06T06:06:06Z"}"#)
        case "fixture": (collection, document) = ("notes", #"{"id": "probe", "text": "probe"}"#)
        case "retainer": (collection, document) = ("notes", #"{"id": "probe", "date": "2025-06-06", "text": "probe"}"#)
        case "cravey": (collection, document) = ("cravings", #"{"createdAt": "2025-03-03T10:00:00Z", "id": "0A3A0C03-2CCB-4FA0-ADEF-5725D29D8A58", "intensity": 3, "timestamp": "2025-03-03T10:00:00Z", "triggers": ["Tired"]}"#)
        default: return nil
        }
        let file = try scratch.write(document, to: "probe-\(app).json")
        return ["put", collection, file.path, "--store", store.path]
    }
}
