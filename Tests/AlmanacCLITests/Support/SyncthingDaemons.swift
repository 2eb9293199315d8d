#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing

/// Two real Syncthing instances on 127.0.0.1 (discovery, relays and NAT off), each syncing
/// one folder with the other: the engine itself, conflict copies and all.
///
/// Between syncs the devices are paused, so that both write while apart, as two phones do
/// offline; `sync()` resumes them, scans, and waits until both hold the same files and
/// Syncthing reports the folder complete, then pauses them again.
final class SyncthingDaemons {
    /// Why Syncthing cannot run here, or `nil` when it can.
    static let unavailable: String? = {
        let found = ["/usr/bin/syncthing", "/usr/local/bin/syncthing", "/opt/homebrew/bin/syncthing"].first { FileManager.default.isExecutableFile(atPath: $0) }
        return found == nil ? "syncthing is not installed (.ci/run installs Debian's package; apt install syncthing)" : nil
    }()
    static var executable: String {
        ["/usr/bin/syncthing", "/usr/local/bin/syncthing", "/opt/homebrew/bin/syncthing"].first { FileManager.default.isExecutableFile(atPath: $0) } ?? "syncthing"
    }

    /// How long a sync may take before the test calls it a hang (not a speed limit).
    static let hangTimeout: TimeInterval = ProcessInfo.processInfo.environment["ALMANAC_E2E_TIMEOUT"].flatMap(TimeInterval.init) ?? 600

    private let folders: [URL]
    private let ids: [String]
    private let guiPorts: [Int]
    private let keys = ["almanac-test-key-0", "almanac-test-key-1"]
    private var processes: [Process] = []
    /// Where each instance logs, for a failure's message.
    let logs: [URL]

    /// Configures and starts two instances syncing `folders[0]` and `folders[1]`; `home` holds
    /// their keys, configs and logs.
    init(folders: [URL], home: URL) throws {
        self.folders = folders
        var ids: [String] = []
        for index in folders.indices {
            let output = try Self.run([Self.executable, "generate", "--home=\(home.appendingPathComponent("h\(index)").path)"])
            let line = output.components(separatedBy: "Device ID: ").dropFirst().first?.split(separator: "\n").first
            let id = try #require(line.map { $0.trimmingCharacters(in: .whitespaces) }, "syncthing generate printed no device ID: \(output)")
            ids.append(id)
        }
        self.ids = ids
        let listenPorts = [try Self.freePort(), try Self.freePort()]
        guiPorts = [try Self.freePort(), try Self.freePort()]
        logs = folders.indices.map { home.appendingPathComponent("syncthing-\($0).log") }
        for (index, folder) in folders.enumerated() {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(".stfolder"), withIntermediateDirectories: true)
            // The device's own folder never syncs (DESIGN §12).
            try Data(".almanac\n".utf8).write(to: folder.appendingPathComponent(".stignore"))
            let devices = ids.enumerated().map { "<device id=\"\($1)\" name=\"d\($0)\"><address>tcp://127.0.0.1:\(listenPorts[$0])</address></device>" }
            let config = """
            <configuration version="36">
              <folder id="store" label="store" path="\(folder.path)" type="sendreceive" rescanIntervalS="3600" fsWatcherEnabled="false">
                \(ids.map { "<device id=\"\($0)\"></device>" }.joined())
                <maxConflicts>10</maxConflicts>
              </folder>
              \(devices.joined(separator: "\n  "))
              <gui enabled="true" tls="false"><address>127.0.0.1:\(guiPorts[index])</address><apikey>\(keys[index])</apikey></gui>
              <options>
                <listenAddress>tcp://127.0.0.1:\(listenPorts[index])</listenAddress>
                <globalAnnounceEnabled>false</globalAnnounceEnabled>
                <localAnnounceEnabled>false</localAnnounceEnabled>
                <relaysEnabled>false</relaysEnabled>
                <natEnabled>false</natEnabled>
                <urAccepted>-1</urAccepted>
                <startBrowser>false</startBrowser>
                <autoUpgradeIntervalH>0</autoUpgradeIntervalH>
                <crashReportingEnabled>false</crashReportingEnabled>
                <reconnectionIntervalS>1</reconnectionIntervalS>
              </options>
            </configuration>
            """
            try Data(config.utf8).write(to: home.appendingPathComponent("h\(index)/config.xml"))
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Self.executable)
            process.arguments = ["serve", "--home=\(home.appendingPathComponent("h\(index)").path)", "--no-browser", "--no-restart",
                                 "--no-upgrade", "--skip-port-probing", "--no-default-folder"]
            var environment = ProcessInfo.processInfo.environment
            environment["STNODEFAULTFOLDER"] = "1"
            environment["STNOUPGRADE"] = "1"
            process.environment = environment
            _ = FileManager.default.createFile(atPath: logs[index].path, contents: nil)
            let log = try FileHandle(forWritingTo: logs[index])
            process.standardOutput = log
            process.standardError = log
            try process.run()
            processes.append(process)
        }
        try wait("both instances answer and connect") {
            try self.folders.indices.allSatisfy { index in
                let connections = try self.get(index, "/rest/system/connections")
                let other = ((connections["connections"] as? [String: Any])?[ids[1 - index]] as? [String: Any])
                return other?["connected"] as? Bool == true
            }
        }
    }

    deinit {
        for process in processes where process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// Stops each device from reaching the other until ``sync(shared:)``.
    func pause() throws {
        for index in folders.indices { try post(index, "/rest/system/pause?device=\(ids[1 - index])") }
        try wait("both devices paused") {
            try self.folders.indices.allSatisfy { index in
                let connections = try self.get(index, "/rest/system/connections")
                return ((connections["connections"] as? [String: Any])?[self.ids[1 - index]] as? [String: Any])?["connected"] as? Bool == false
            }
        }
    }

    /// Scans both folders, lets the devices meet, and waits until both hold the same shared
    /// files (`shared` reads them) and Syncthing calls the folder complete on both; then pauses.
    func sync(shared: @escaping (Int) throws -> [String: [UInt8]]) throws {
        for index in folders.indices { try post(index, "/rest/db/scan?folder=store") }
        for index in folders.indices { try post(index, "/rest/system/resume?device=\(ids[1 - index])") }
        try wait("Syncthing brings both folders to the same files") {
            for index in self.folders.indices { try self.post(index, "/rest/db/scan?folder=store") }
            let settled = try self.folders.indices.allSatisfy { index in
                let status = try self.get(index, "/rest/db/status?folder=store")
                let completion = try self.get(index, "/rest/db/completion?folder=store&device=\(self.ids[1 - index])")
                return status["state"] as? String == "idle" && (status["needTotalItems"] as? Int) == 0
                    && (completion["completion"] as? Double ?? (completion["completion"] as? Int).map(Double.init)) == 100
            }
            return try settled && shared(0) == shared(1)
        }
        try pause()
    }

    // MARK: REST

    private func get(_ index: Int, _ path: String) throws -> [String: Any] {
        let output = try Self.run(["/usr/bin/env", "curl", "-sf", "-H", "X-API-Key: \(keys[index])", "http://127.0.0.1:\(guiPorts[index])\(path)"])
        return (try? JSONSerialization.jsonObject(with: Data(output.utf8))) as? [String: Any] ?? [:]
    }

    private func post(_ index: Int, _ path: String) throws {
        _ = try Self.run(["/usr/bin/env", "curl", "-sf", "-X", "POST", "-H", "X-API-Key: \(keys[index])", "http://127.0.0.1:\(guiPorts[index])\(path)"])
    }

    /// Polls `condition` every 200 ms until it holds; fails after ``hangTimeout`` with the logs' ends.
    private func wait(_ what: String, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(Self.hangTimeout)
        while Date() < deadline {
            if (try? condition()) == true { return }
            Thread.sleep(forTimeInterval: 0.2)
        }
        let tails = logs.map { (try? String(contentsOf: $0, encoding: .utf8))?.split(separator: "\n").suffix(15).joined(separator: "\n") ?? "" }
        Issue.record("waited \(Int(Self.hangTimeout)) s for \(what): a hang\n\(tails.joined(separator: "\n---\n"))")
        throw CancellationError()
    }

    /// Runs `arguments` and returns standard output (the call itself failing is an error;
    /// a non-zero exit is the caller's to judge by the output).
    @discardableResult
    private static func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A TCP port nothing listens on now: bound to port 0, read back, closed.
    private static func freePort() throws -> Int {
        #if canImport(Glibc)
        let stream = Int32(SOCK_STREAM.rawValue)
        #else
        let stream = SOCK_STREAM
        #endif
        let descriptor = socket(AF_INET, stream, 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 }
        }
        try #require(bound, "no free port on 127.0.0.1")
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
