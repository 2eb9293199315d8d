import Foundation
import Testing

@testable import Almanac

/// Issue 57, item 3 and acceptance lines 4 and 6: editors open on documents, and a store at
/// the root of a volume, break nothing. The files come from the real editors where they are
/// installed (vim, emacs, nano); each one missing is named, and the file it would leave is
/// made by hand with the name it uses, so the store's side is tested on every machine.
@Suite("Editors' and volumes' files beside documents")
struct EditorFilesTests {
    @Test("editors' files and volumes' folders are recognised by name, documents and date folders never")
    func recognisedByName() {
        for name in [".n1.json.swp", ".n1.json.swo", ".n1.json.swn", "4913", "5036", "n1.json~", "n1.json.~3~", "#n1.json#", ".#n1.json",
                     "n1.json.save", "n1.json.save.2", "n1.json___jb_tmp___", "n1.json___jb_old___", ".goutputstream-ABC123",
                     ".n1.json.kate-swp", "~$report.docx", ".~lock.n1.json#"] {
            #expect(ForeignFile.isEditorFile(name), "\(name)")
        }
        for name in ["n1.json", "n1 2.json", "n1.sync-conflict-20250127-140300-ABCDEFG.json", "n1.json..path1", "catalog.json", "#", "~", ".swp"] {
            #expect(!ForeignFile.isEditorFile(name), "\(name)")
        }
        for name in [".fseventsd", ".Spotlight-V100", ".Trashes", ".TemporaryItems", ".DocumentRevisions-V100", "System Volume Information",
                     "$RECYCLE.BIN", "lost+found", ".Trash-1000"] {
            #expect(ForeignFile.isVolumeFolder(name), "\(name)")
        }
        #expect(!ForeignFile.isVolumeFolder("data") && !ForeignFile.isVolumeFolder(".Trash-") && !ForeignFile.isVolumeFolder(".Trash-me"))
        #expect(!ForeignFile.isPassedBy(Directory.Entry(name: "2025", kind: .folder)), "a year folder is no vim probe")
    }

    @Test("with vim, emacs and nano open on documents, and their backups and autosaves beside them, every command works and counts stay")
    func editorsLeftOpenBreakNothing() throws {
        let folder = E2EFolder()
        let fixture = try MigrationFixture(in: folder.url, events: 4)
        let store = fixture.store
        let notes = store.appendingPathComponent("data/notes")
        let countBefore = try run(["ls", "notes", "--count", "--store", store.path])
        try #require(countBefore.exit == 0, "\(countBefore)")

        // vim, saving with backups on: `n1.json~` stays beside the saved file.
        if let vim = Self.tool("vim") {
            let saved = try Self.runTool(vim, ["-es", "-N", "-u", "NONE", "-i", "NONE", "--cmd", "set backup writebackup backupcopy=no backupdir=.",
                                               "-c", "%s/first/first, edited in vim/", "-c", "wq", "n1.json"], in: notes)
            #expect(saved == 0, "vim -es exited \(saved)")
        } else {
            try Data(#"{"id": "n1", "text": "first"}"#.utf8).write(to: notes.appendingPathComponent("n1.json~"))
        }
        // vim left open on n2 (its swap file), on a terminal through script(1).
        var running: [Process] = []
        defer { for process in running where process.isRunning { process.terminate(); process.waitUntilExit() } }
        if let vim = Self.tool("vim"), let script = TerminalRun.script {
            running.append(try Self.start(script, ["-qc", "\(vim.path) -N -u NONE -i NONE --cmd 'set directory=.' n2.json", "/dev/null"], in: notes))
        } else {
            try Data("vim swap".utf8).write(to: notes.appendingPathComponent(".n2.json.swp"))
        }
        // emacs with the file changed and not saved: its lock link `.#n1.json` and its autosave `#n1.json#`.
        if let emacs = Self.tool("emacs") {
            running.append(try Self.start(emacs, ["--batch", "-Q", "--eval", """
                (progn (setq create-lockfiles t) (find-file "n1.json") (auto-save-mode 1) (goto-char (point-max))
                       (insert "unsaved text") (do-auto-save t) (lock-buffer) (sleep-for 120))
                """], in: notes))
        } else {
            try Data("unsaved text".utf8).write(to: notes.appendingPathComponent("#n1.json#"))
            symlink("root@host.1234:1700000000", notes.appendingPathComponent(".#n1.json").path)
        }
        // nano open on an event (its lock file `.<name>.swp`), on a terminal.
        let events = try #require(FileManager.default.subpaths(atPath: store.appendingPathComponent("data/events").path)?.first { $0.hasSuffix(".json") })
        let eventFolder = store.appendingPathComponent("data/events").appendingPathComponent((events as NSString).deletingLastPathComponent)
        let eventName = (events as NSString).lastPathComponent
        if let nano = Self.tool("nano"), let script = TerminalRun.script {
            running.append(try Self.start(script, ["-qc", "\(nano.path) --locking \(eventName)", "/dev/null"], in: eventFolder))
        } else {
            try Data("nano lock".utf8).write(to: eventFolder.appendingPathComponent(".\(eventName).swp"))
        }
        // vim's write probe lasts a moment; it is made by hand.
        try Data().write(to: notes.appendingPathComponent("4913"))

        let expected = [notes.appendingPathComponent("n1.json~"), notes.appendingPathComponent(".n2.json.swp"),
                        notes.appendingPathComponent("#n1.json#"), eventFolder.appendingPathComponent(".\(eventName).swp")]
        let deadline = Date().addingTimeInterval(30)
        while expected.contains(where: { !E2EFiles.exists($0) }) && Date() < deadline { usleep(50_000) }
        for file in expected { #expect(E2EFiles.exists(file), "the editor made \(file.lastPathComponent)") }
        var link = stat()
        #expect(lstat(notes.appendingPathComponent(".#n1.json").path, &link) == 0, "emacs' lock is there")
        let foreign = try FileManager.default.contentsOfDirectory(atPath: notes.path).filter { ForeignFile.isEditorFile($0) }.sorted()

        for args in [["status"], ["ls", "notes"], ["ls", "events", "--keep-going"], ["get", "notes", "n2"], ["check"]] {
            let result = try run(args + ["--store", store.path])
            #expect(result.exit == 0, "\(args): \(result)")
        }
        let count = try run(["ls", "notes", "--count", "--store", store.path])
        #expect(count.exit == 0 && count.stdout == countBefore.stdout, "counts unchanged: \(count)")
        let note = try folder.write(#"{"id": "n3", "text": "saved while the editors are open"}"#, to: "n3.json")
        #expect(try run(["put", "notes", note.path, "--store", store.path]).exit == 0)
        let export = try run(["export", "--out", folder.path("export.json").path, "--store", store.path])
        #expect(export.exit == 0, "\(export)")
        let backup = try run(["backup", folder.path("copy").path, "--store", store.path])
        #expect(backup.exit == 0, "\(backup)")
        let copied = (try? FileManager.default.contentsOfDirectory(atPath: folder.path("copy/data/notes").path)) ?? []
        #expect(!copied.contains(where: { ForeignFile.isEditorFile($0) }), "the backup leaves the editors' files out: \(copied)")
        let fix = try run(["check", "--fix", "--store", store.path])
        #expect(fix.exit == 0, "\(fix)")
        let resolve = try run(["resolve", "--store", store.path])
        #expect(resolve.exit == 0, "\(resolve)")
        let after = try FileManager.default.contentsOfDirectory(atPath: notes.path).filter { ForeignFile.isEditorFile($0) }.sorted()
        #expect(after == foreign, "check --fix and resolve touch no editor's file (the autosave holds unsaved text)")
        #expect(E2EFiles.text(notes.appendingPathComponent("#n1.json#"))?.contains("unsaved text") == true)
        let check = try run(["check", "--store", store.path])
        #expect(check.exit == 0 && !check.stdout.contains("unknown") && !check.stdout.contains("version"), "\(check)")
    }

    @Test("a store at the root of a volume: the volume's folders are no problem of check, init or backup")
    func storeAtAVolumeRoot() throws {
        let folder = E2EFolder()
        let fixture = try MigrationFixture(in: folder.url, events: 2)
        for name in [".fseventsd", ".Spotlight-V100", ".Trashes", ".TemporaryItems", ".DocumentRevisions-V100", "System Volume Information",
                     "$RECYCLE.BIN", "lost+found", ".Trash-1000"] {
            try FileManager.default.createDirectory(at: fixture.store.appendingPathComponent(name), withIntermediateDirectories: true)
            try Data("the volume's".utf8).write(to: fixture.store.appendingPathComponent(name).appendingPathComponent("file"))
        }
        let check = try run(["check", "--store", fixture.store.path])
        #expect(check.exit == 0, "\(check)")
        let backup = try run(["backup", folder.path("copy").path, "--store", fixture.store.path])
        #expect(backup.exit == 0, "\(backup)")
        #expect(!E2EFiles.exists(folder.path("copy/.Spotlight-V100")), "a volume's folders are not the store's")

        let volume = folder.path("stick")
        for name in ["lost+found", ".fseventsd", "System Volume Information"] {
            try FileManager.default.createDirectory(at: volume.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        let initialized = try run(["init", "--store", volume.path, "--schema", fixture.schemaV1.path])
        #expect(initialized.exit == 0, "a new store at a stick's root: \(initialized)")
    }

    static func tool(_ name: String) -> URL? {
        for folder in ["/usr/bin", "/bin", "/usr/local/bin"] {
            let url = URL(fileURLWithPath: folder).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }

    static func start(_ executable: URL, _ arguments: [String], in folder: URL) throws -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm"
        // The editors' own settings folders (~/.emacs.d) go elsewhere than the store.
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-editor-home-\(getpid())")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        environment["HOME"] = home.path
        process.environment = environment
        try process.run()
        return process
    }

    static func runTool(_ executable: URL, _ arguments: [String], in folder: URL) throws -> Int32 {
        let process = try start(executable, arguments, in: folder)
        let deadline = Date().addingTimeInterval(AlmanacProcess.timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
