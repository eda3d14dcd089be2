import Foundation
import TabStageImageDiff
import TabStageLayout
import TabStageModel
import TabStageRendering
import TabStageScenario
import TabStageTestSupport
import TabStageWorkflow
import Testing

/// Output files: nothing lost on failure, nothing written outside the output folder, no
/// planted file ever opened. Every hostile fixture is made here, in a temporary folder.
@Suite struct OutputFilesTests {
    let cli = CommandLineTests()

    // MARK: Helpers

    /// Every entry of a folder tree: files as their bytes, links as "-> target", folders as "/".
    static func contents(_ folder: URL) -> [String: Data] {
        var result: [String: Data] = [:]
        func walk(_ url: URL, _ prefix: String) {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { return }
            for name in names {
                let child = url.appendingPathComponent(name), key = prefix + name
                var info = stat()
                lstat(child.path, &info)
                switch info.st_mode & S_IFMT {
                case S_IFLNK:
                    result[key] = Data("-> \((try? FileManager.default.destinationOfSymbolicLink(atPath: child.path)) ?? "?")".utf8)
                case S_IFDIR:
                    result[key] = Data("/".utf8)
                    walk(child, key + "/")
                case S_IFREG: result[key] = (try? Data(contentsOf: child)) ?? Data()
                default: result[key] = Data("special".utf8)
                }
            }
        }
        walk(folder, "")
        return result
    }

    static func scratch(_ folder: URL) -> [String] {
        contents(folder).keys.filter { $0.split(separator: "/").last!.hasPrefix(".tabstage-") && !$0.hasSuffix(".tabstage-outputs") }
            .sorted()
    }

    static func run(_ yaml: String, file: String = "test.yaml") throws -> ScenarioRun {
        try ScenarioRunner.run(try ScenarioParser.parse(yaml, file: file, defaultName: "test"))
    }

    /// A pid no process can have: above Linux's PID_MAX_LIMIT (2^22) and macOS's 99 999, so it
    /// cannot be handed out again while the test runs, as an exited child's pid could be.
    static func deadPID() throws -> Int32 {
        let pid = Int32.max
        #expect(kill(pid, 0) == -1 && errno == ESRCH, "pid \(pid) exists")
        return pid
    }

    static let svgOnly = RenderOptions(formats: [.svg])

    /// Renders like the real renderer, but fails on the `failAt`-th state (counted from 1).
    final class FailingRenderer: @unchecked Sendable {
        let failAt: Int
        var seen = 0
        init(failAt: Int) { self.failAt = failAt }
        func render(_ states: [StageState], look: Look) -> [Result<RenderedSnapshot, WorkflowError>] {
            states.map { state in
                seen += 1
                if seen == failAt { return .failure(WorkflowError("injected rendering failure")) }
                return Result { () throws(WorkflowError) in
                    try SnapshotRenderer.render(state, look: look, options: OutputFilesTests.svgOnly)
                }
            }
        }
    }

    // MARK: Planted files

    /// The attack from the field: a symlink at the old predictable temporary name, a FIFO at
    /// another, and links at the final names. The victim keeps its bytes, the run ends, and
    /// every output is a regular file.
    @Test func plantedSymlinksAndFIFOsAreNeverOpened() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try cli.write(Fixtures.yaml(extra: "name: min", steps: ["- snapshot: a"]), "min.yaml", in: folder)
        try cli.write("victim", "victim.txt", in: folder)
        let out = folder.appendingPathComponent("out/min")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: out.appendingPathComponent("a.svg").path, withDestinationPath: folder.appendingPathComponent("victim.txt").path)
        #expect(mkfifo(out.appendingPathComponent("trace.json").path, 0o644) == 0)
        // The shell's pid becomes tabstage's (exec), so the old-style names are the ones it would have used.
        let script = """
            ln -s "$1/victim.txt" "$1/out/min/.a.png.$$.tmp"
            mkfifo "$1/out/min/.a.svg.$$.tmp"
            ln -s "$1/victim.txt" "$1/out/min/.trace.json.$$.tmp"
            exec "$2" run min.yaml --out out
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, "sh", folder.path, CommandLineTests.binary.path]
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(try String(contentsOf: folder.appendingPathComponent("victim.txt"), encoding: .utf8) == "victim")
        for name in ["a.svg", "a.png", "trace.json"] {
            var info = stat()
            #expect(lstat(out.appendingPathComponent(name).path, &info) == 0)
            #expect(info.st_mode & S_IFMT == S_IFREG, "\(name) is not a regular file")
        }
        #expect(try String(contentsOf: out.appendingPathComponent("a.svg"), encoding: .utf8).hasPrefix("<svg"))
    }

    // MARK: All or nothing

    /// `record good`, then a run that fails at its last snapshot into the same folder: every
    /// previous file is byte-identical afterwards, including the scenario that had already
    /// been committed and the stale file the failed run had removed.
    @Test func aRunFailingAtItsLastSnapshotLeavesEveryFileAsItWas() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let root = folder.appendingPathComponent("Snapshots").path
        let first = try Self.run(Fixtures.yaml(extra: "name: first", steps: ["- snapshot: top", "- snapshot: old"]))
        let second = try Self.run(Fixtures.yaml(extra: "name: second", steps: ["- snapshot: a", "- snapshot: b"]))
        try ScenarioOutputs(root: root, options: Self.svgOnly, trace: false).write([first, second])
        try cli.write("mine", "Snapshots/first/notes.txt", in: folder)
        let before = Self.contents(folder)
        #expect(before["Snapshots/first/.tabstage-outputs"] == Data(OutputNames.formatManifest(["top.svg", "old.svg"]).utf8))

        // Changed titles (so every file would change), `old` dropped, fails at the 4th and last state.
        let changedFirst = try Self.run(Fixtures.yaml(extra: "name: first", steps: ["- select: 1", "- snapshot: top"]))
        let changedSecond = try Self.run(
            Fixtures.yaml(extra: "name: second", steps: ["- select: 2", "- snapshot: a", "- snapshot: b", "- snapshot: c"]))
        let renderer = FailingRenderer(failAt: 4)
        #expect(throws: WorkflowError("injected rendering failure")) {
            try ScenarioOutputs(root: root, options: Self.svgOnly, trace: false).write(
                [changedFirst, changedSecond], render: renderer.render)
        }
        #expect(renderer.seen == 4)
        #expect(Self.contents(folder) == before)
    }

    /// A failing run into folders that did not exist leaves no folder behind.
    @Test func aFailedRunLeavesNoNewFolders() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Self.run(Fixtures.yaml(extra: "name: s", steps: ["- snapshot: a", "- snapshot: b"]))
        let renderer = FailingRenderer(failAt: 2)
        #expect(throws: WorkflowError.self) {
            try ScenarioOutputs(root: folder.appendingPathComponent("deep/out").path, options: Self.svgOnly, trace: true).write(
                [run], render: renderer.render)
        }
        #expect(Self.contents(folder).isEmpty)
    }

    /// A full disk: the second, bigger run fails with "no space left on device" (exit 3) and
    /// the folder holds the first run's files, byte for byte.
    @Test(.enabled(if: Self.canMountTmpfs, "mounting a tmpfs needs root (CAP_SYS_ADMIN)"))
    func aFullDiskLeavesTheFolderUnchanged() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let disk = folder.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        #expect(Self.mount(disk.path, size: "400k"))
        defer { Self.unmount(disk.path) }
        try cli.write(
            Fixtures.yaml(
                extra: "name: fill", steps: ["- snapshot: a", "- drag: {dy: -300}", "- release: {velocity: -3000}", "- snapshot: b"]),
            "fill.yaml", in: folder)
        let good = try cli.tabstage(["run", "fill.yaml", "--out", "disk/out", "--format", "svg"], in: folder)
        #expect(good.status == 0, "\(good.stderr)")
        let before = Self.contents(disk)
        let full = try cli.tabstage(["run", "fill.yaml", "--out", "disk/out", "--frames", "--scale", "1"], in: folder)
        #expect(full.status == 3)
        #expect(full.stderr.hasPrefix("tabstage: error: cannot write disk/out/fill/"))
        #expect(full.stderr.hasSuffix(": no space left on device\n"))
        #expect(Self.contents(disk) == before)
    }

    static let canMountTmpfs: Bool = {
        guard geteuid() == 0, let folder = try? temporaryFolder() else { return false }
        defer { try? FileManager.default.removeItem(at: folder) }
        guard mount(folder.path, size: "64k") else { return false }
        unmount(folder.path)
        return true
    }()

    static func mount(_ path: String, size: String) -> Bool {
        shell("/bin/mount", ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", path]) == 0
    }

    static func unmount(_ path: String) { _ = shell("/bin/umount", [path]) }

    static func shell(_ tool: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Run B commits scenario `shared`, then A replaces it and succeeds, then B fails and rolls
    /// back: A's committed files stay, byte for byte, and neither run leaves scratch files.
    @Test func aFailingConcurrentRunKeepsTheOtherRunsOutput() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let root = folder.appendingPathComponent("out").path
        let bShared = try Self.run(Fixtures.yaml(extra: "name: shared", steps: ["- snapshot: x", "- snapshot: onlyB"]))
        let bLater = try Self.run(Fixtures.yaml(extra: "name: later", steps: ["- snapshot: y"]))
        let aShared = try Self.run(Fixtures.yaml(extra: "name: shared", steps: ["- select: 1", "- snapshot: x"]))
        // The bytes A alone writes, for comparison.
        let reference = folder.appendingPathComponent("reference").path
        try ScenarioOutputs(root: reference, options: Self.svgOnly, trace: true).write([aShared])
        let expected = Self.contents(URL(fileURLWithPath: reference))

        let bCommitted = DispatchSemaphore(value: 0), aDone = DispatchSemaphore(value: 0)
        let bFailure = Box<WorkflowError?>(nil)
        let b = Thread {
            var calls = 0
            let render: ScenarioOutputs.Render = { states, look in
                calls += 1
                if calls == 2 {  // `later`, after `shared` was committed
                    bCommitted.signal()
                    aDone.wait()
                    return states.map { _ in .failure(WorkflowError("B fails")) }
                }
                return states.map { state in
                    Result { () throws(WorkflowError) in try SnapshotRenderer.render(state, look: look, options: OutputFilesTests.svgOnly) }
                }
            }
            do throws(WorkflowError) {
                try ScenarioOutputs(root: root, options: Self.svgOnly, trace: true).write([bShared, bLater], render: render)
            } catch { bFailure.value = error }
            bCommitted.signal()
        }
        b.start()
        bCommitted.wait()
        #expect(FileManager.default.fileExists(atPath: "\(root)/shared/onlyB.svg"))  // B's commit is in place
        try ScenarioOutputs(root: root, options: Self.svgOnly, trace: true).write([aShared])
        aDone.signal()
        bCommitted.wait()
        #expect(bFailure.value == WorkflowError("B fails"))
        #expect(Self.contents(URL(fileURLWithPath: root)).filter { $0.key.hasPrefix("shared") } == expected)
        #expect(Self.scratch(URL(fileURLWithPath: root)).isEmpty)
    }

    final class Box<T>: @unchecked Sendable {
        var value: T
        init(_ value: T) { self.value = value }
    }

    // MARK: Sweep and symlinked folders

    /// Only tabstage's own scratch names of dead processes are swept, only regular files; a
    /// foreign `.X.<dead pid>.tmp`, a link and a folder with tabstage's name stay.
    @Test func theSweepRemovesOnlyItsOwnLeftovers() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pid = try Self.deadPID()
        let out = folder.appendingPathComponent("out/s")
        try FileManager.default.createDirectory(at: out.appendingPathComponent(".tabstage-\(pid)-c.tmp"), withIntermediateDirectories: true)
        try cli.write("victim", "victim.txt", in: folder)
        try cli.write("foreign", "out/s/.notes.\(pid).tmp", in: folder)
        try cli.write("left by a killed run", "out/s/.tabstage-\(pid)-a.tmp", in: folder)
        try cli.write("left by a killed run", "out/s/.tabstage-\(pid)-b.bak", in: folder)
        try FileManager.default.createSymbolicLink(
            atPath: out.appendingPathComponent(".tabstage-\(pid)-d.tmp").path,
            withDestinationPath: folder.appendingPathComponent("victim.txt").path)
        try cli.write(Fixtures.yaml(extra: "name: s"), "s.yaml", in: folder)
        let result = try cli.tabstage(["run", "s.yaml", "--out", "out", "--format", "svg"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(
            names == [
                ".notes.\(pid).tmp", ".tabstage-\(pid)-c.tmp", ".tabstage-\(pid)-d.tmp", ".tabstage-outputs", "start.svg", "trace.json",
            ])
        #expect(try String(contentsOf: folder.appendingPathComponent("victim.txt"), encoding: .utf8) == "victim")
    }

    /// A scenario folder that is a symbolic link is refused (exit 2), and nothing behind it is
    /// swept or written; the `--out` root itself may be a link.
    @Test func aSymlinkedScenarioFolderIsRefused() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pid = try Self.deadPID()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("elsewhere"), withIntermediateDirectories: true)
        try cli.write("keep", "elsewhere/.tabstage-\(pid)-a.tmp", in: folder)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("out"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("out/s").path, withDestinationPath: folder.appendingPathComponent("elsewhere").path)
        try cli.write(Fixtures.yaml(extra: "name: s"), "s.yaml", in: folder)
        let before = Self.contents(folder)
        let result = try cli.tabstage(["run", "s.yaml", "--out", "out"], in: folder)
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "tabstage: error: 'out/s' is a symbolic link; tabstage only writes into real folders (remove the link or write elsewhere)\n"
        )
        #expect(Self.contents(folder) == before)

        // The root may be a link: the scenario folder is created inside its target.
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("linked").path, withDestinationPath: folder.appendingPathComponent("elsewhere").path)
        let linked = try cli.tabstage(["run", "s.yaml", "--out", "linked", "--format", "svg"], in: folder)
        #expect(linked.status == 0, "\(linked.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("elsewhere/s/start.svg").path))
    }

    /// Recording during `verify` and the report's sub-folders obey the same rule: a linked
    /// scenario folder is refused (exit 2) and nothing is written behind it.
    @Test func verifyRefusesLinkedReferenceAndReportFolders() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try cli.write(Fixtures.yaml(extra: "name: v"), "v.yaml", in: folder)
        for sub in ["elsewhere", "Snapshots", "report"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("Snapshots/v").path, withDestinationPath: folder.appendingPathComponent("elsewhere").path)
        let recording = try cli.tabstage(["verify", "v.yaml"], in: folder, environment: ["TABSTAGE_RECORD": "all"])
        #expect(recording.status == 2)
        #expect(
            recording.stderr
                == "tabstage: error: 'Snapshots/v' is a symbolic link; tabstage only writes into real folders (remove the link or write elsewhere)\n"
        )
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("elsewhere").path).isEmpty)

        try FileManager.default.removeItem(at: folder.appendingPathComponent("Snapshots/v"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("report/v").path, withDestinationPath: folder.appendingPathComponent("elsewhere").path)
        let report = try cli.tabstage(["verify", "v.yaml", "--report", "report"], in: folder, environment: ["TABSTAGE_RECORD": "never"])
        #expect(report.status == 2)
        #expect(
            report.stderr
                == "tabstage: error: 'report/v' is a symbolic link; tabstage only writes into real folders (remove the link or write elsewhere)\n"
        )
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("elsewhere").path).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("report").path) == ["v"])
    }

    // MARK: One run's output

    /// A run without `--frames` removes the frames an earlier run wrote (they are in its
    /// manifest); files tabstage did not write stay, even when named like a frame.
    @Test func staleFramesAreRemovedUserFilesKept() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try cli.write(
            Fixtures.yaml(extra: "name: fr", steps: ["- drag: {dy: -40}", "- release: {velocity: 0}", "- snapshot: end"]), "fr.yaml",
            in: folder)
        #expect(try cli.tabstage(["run", "fr.yaml", "--out", "out", "--frames", "--format", "svg"], in: folder).status == 0)
        let out = folder.appendingPathComponent("out/fr")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).contains("fr-0001.svg"))
        try cli.write("mine", "out/fr/notes.txt", in: folder)
        try cli.write("mine too", "out/fr/fr-9999.svg", in: folder)
        let again = try cli.tabstage(["run", "fr.yaml", "--out", "out", "--format", "svg"], in: folder)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == [
                ".tabstage-outputs", "end.svg", "fr-9999.svg", "notes.txt", "trace.json",
            ])
        #expect(
            try String(contentsOf: out.appendingPathComponent(".tabstage-outputs"), encoding: .utf8)
                == "# Files tabstage wrote here in its last run; the next run may remove those it does not write again.\nend.svg\ntrace.json\n"
        )
    }

    /// A manifest is only a list of plain names: folders, hidden names and control characters
    /// are dropped, so it can never point outside its folder.
    @Test func manifestsHoldOnlyPlainNames() {
        let text =
            "# comment\nend.svg\n../escape.svg\n/etc/passwd\n.tabstage-outputs\n.hidden\na/b.svg\nend.svg\nbad\u{1}name\n\ntrace.json"
        #expect(OutputNames.parseManifest(Array(text.utf8)) == ["end.svg", "trace.json"])
        #expect(OutputNames.parseManifest([0xFF, 0x0A] + Array("a.png".utf8)) == ["a.png"])
    }

    // MARK: Names that collide

    // Steps start on line 10 of the fixture (device, name, container, header, tabs:, three tabs, steps:).
    @Test(arguments: [
        (
            ["- snapshot: Shot", "- snapshot: shot"], false,
            "s.yaml:11:5: error: snapshot 'shot' is the same file as snapshot 'Shot' at line 10 (expected names that differ in more than letter case or Unicode form)"
        ),
        (
            ["- snapshot: \"\u{E9}t\u{E9}\"", "- snapshot: \"E\u{301}T\u{C9}\""], false,
            "s.yaml:11:5: error: snapshot 'E\u{301}T\u{C9}' is the same file as snapshot '\u{E9}t\u{E9}' at line 10 (expected names that differ in more than letter case or Unicode form)"
        ),
        // NFC and NFD of the same text are equal strings: the parser already refuses them.
        (
            ["- snapshot: \"\u{E9}t\u{E9}\"", "- snapshot: \"e\u{301}te\u{301}\""], false,
            "s.yaml:11:15: error: snapshot 'e\u{301}te\u{301}' is already taken at line 10 (expected a unique snapshot name)"
        ),
        (
            ["- drag: {dy: -40}", "- release: {velocity: 0}", "- snapshot: S-0001"], true,
            "s.yaml:12:5: error: snapshot 'S-0001' is the file of physics frame 1 written by --frames (expected another name)"
        ),
        (
            ["- snapshot: Trace"], false,
            "s.yaml:10:5: error: snapshot 'Trace' is named like the trace file (expected another name)"
        ),
    ])
    func collidingOutputNamesAreRefusedBeforeWriting(steps: [String], frames: Bool, message: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try cli.write(Fixtures.yaml(extra: "name: s", steps: steps), "s.yaml", in: folder)
        let result = try cli.tabstage(["run", "s.yaml", "--out", "out", "--format", "svg"] + (frames ? ["--frames"] : []), in: folder)
        #expect(result.status == 2)
        #expect(result.stderr == message + "\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }

    @Test func scenarioNamesEqualIgnoringCaseAreRefused() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try cli.write(Fixtures.yaml(extra: "name: Profile"), "a.yaml", in: folder)
        try cli.write(Fixtures.yaml(extra: "name: profile"), "b.yaml", in: folder)
        let result = try cli.tabstage(["record", "a.yaml", "b.yaml", "--snapshots", "refs"], in: folder)
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "b.yaml:1:1: error: scenario name 'profile' is also used as 'Profile' by a.yaml (expected unique names, also ignoring letter case: each gets its own output folder)\n"
        )
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("refs").path))
    }

    // MARK: Paths given by the user

    @Test func diffRefusesToWriteOverAnInput() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let white = try SnapshotRenderer.encode(.init(width: 2, height: 2, pixels: [UInt8](repeating: 255, count: 16)))
        let black = try SnapshotRenderer.encode(
            .init(width: 2, height: 2, pixels: [UInt8](repeating: 0, count: 16).enumerated().map { $0.offset % 4 == 3 ? 255 : 0 }))
        try Data(white).write(to: folder.appendingPathComponent("a.png"))
        try Data(black).write(to: folder.appendingPathComponent("b.png"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link.png").path, withDestinationPath: "a.png")
        try FileManager.default.linkItem(
            atPath: folder.appendingPathComponent("b.png").path, toPath: folder.appendingPathComponent("hard.png").path)
        for (out, input) in [("a.png", "a.png"), ("./b.png", "b.png"), ("link.png", "a.png"), ("hard.png", "b.png")] {
            let result = try cli.tabstage(["diff", "a.png", "b.png", "--out", out], in: folder)
            #expect(result.status == 2)
            #expect(
                result.stderr == "tabstage: error: --out '\(out)' is the input '\(input)' (expected a different file for the diff image)\n")
        }
        let empty = try cli.tabstage(["diff", "a.png", "b.png", "--out", ""], in: folder)
        #expect(empty.status == 2)
        #expect(empty.stderr == "tabstage: error: --out is empty (expected a folder or file path)\n")
        #expect(try Data(contentsOf: folder.appendingPathComponent("a.png")) == Data(white))
        #expect(try Data(contentsOf: folder.appendingPathComponent("b.png")) == Data(black))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["a.png", "b.png", "hard.png", "link.png"])
    }

    /// `--out` naming a pipe or a symbolic link to another file is refused: renaming the diff
    /// over it would replace the pipe (or `/dev/null`) with a PNG.
    @Test func diffRefusesToReplaceWhatIsNotARegularFile() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let white = try SnapshotRenderer.encode(.init(width: 2, height: 2, pixels: [UInt8](repeating: 255, count: 16)))
        try Data(white).write(to: folder.appendingPathComponent("a.png"))
        try Data(white).write(to: folder.appendingPathComponent("b.png"))
        #expect(mkfifo(folder.appendingPathComponent("pipe").path, 0o644) == 0)
        // The link's target is this test's own: nothing outside its folder is touched, and no
        // other run can create or remove it meanwhile.
        let victim = folder.appendingPathComponent("victim/victim.png")
        try FileManager.default.createDirectory(at: victim.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("elsewhere.png").path, withDestinationPath: victim.path)
        for out in ["pipe", "elsewhere.png"] {
            let result = try cli.tabstage(["diff", "a.png", "b.png", "--out", out], in: folder)
            #expect(result.status == 2)
            #expect(
                result.stderr
                    == "tabstage: error: --out '\(out)' is not a regular file (a folder, device, pipe, socket or symbolic link) (expected a new or existing PNG file path)\n"
            )
        }
        var info = stat()
        #expect(lstat(folder.appendingPathComponent("pipe").path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
        #expect(!FileManager.default.fileExists(atPath: victim.path))
    }

    /// A file far larger than any PNG is refused from its size, before it is read.
    @Test func diffRefusesHugeFilesBeforeReadingThem() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let huge = folder.appendingPathComponent("huge.png")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: nil))
        #expect(truncate(huge.path, off_t(RasterLimits.maxFileBytes) + 1) == 0)  // sparse: no disk used
        let result = try cli.tabstage(["diff", "huge.png", "huge.png"], in: folder)
        #expect(result.status == 3)
        #expect(result.stderr == "tabstage: error: huge.png: the file is 536870913 bytes, over the limit of 536870912 bytes (512 MiB)\n")
    }

    /// A manifest can only name files a run writes: a tampered one listing the user's notes
    /// removes nothing of theirs.
    @Test func aTamperedManifestCannotRemoveOtherFiles() throws {
        #expect(
            OutputNames.parseManifest(Array("a.svg\nnotes.txt\ntrace.json\nmine.docx\nanim.webp\nindex.html\n.svg\n".utf8))
                == ["a.svg", "trace.json", "anim.webp", "index.html"])
    }

    @Test(arguments: [
        (["run", "s.yaml", "--out", ""], "--out"),
        (["record", "s.yaml", "--snapshots", ""], "--snapshots"),
        (["verify", "s.yaml", "--snapshots", ""], "--snapshots"),
        (["verify", "s.yaml", "--report", ""], "--report"),
    ])
    func emptyPathOptionsAreRefused(arguments: [String], option: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try cli.write(Fixtures.yaml(extra: "name: s"), "s.yaml", in: folder)
        let result = try cli.tabstage(arguments, in: folder, environment: [:])
        #expect(result.status == 2)
        #expect(result.stderr == "tabstage: error: \(option) is empty (expected a folder or file path)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["s.yaml"])
    }

    // MARK: Interrupts

    /// SIGINT, SIGTERM and SIGHUP in the middle of `run --frames`: exit 130 / 143 / 129, the
    /// scenario already committed is put back, the one in progress leaves nothing, no scratch
    /// files remain. The signal comes at an exact point, from the documented test hook
    /// `TABSTAGE_TEST_FAULT=SIGNAL:commit-1`: once `quick` is committed, before `long` is, the
    /// process sends the signal to itself and waits for its handler (no polling, no race).
    @Test(arguments: [(SIGINT, 130), (SIGTERM, 143), (SIGHUP, 129)] as [(Int32, Int32)])
    func anInterruptedRunLeavesTheFoldersAsTheyWere(signal: Int32, status: Int32) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try cli.write(Fixtures.yaml(extra: "name: quick", steps: ["- snapshot: a"]), "quick.yaml", in: folder)
        let flings = ["- drag: {dy: -300}", "- release: {velocity: -4000}"]
        try cli.write(Fixtures.yaml(extra: "name: long", steps: flings + ["- snapshot: end"]), "long.yaml", in: folder)
        #expect(try cli.tabstage(["run", "quick.yaml", "--out", "out", "--format", "svg"], in: folder).status == 0)
        let before = Self.contents(folder)
        let name = [SIGINT: "SIGINT", SIGTERM: "SIGTERM", SIGHUP: "SIGHUP"][signal]!
        let result = try cli.tabstageProcess(
            // At scale 0.25 the long run's frames stay within the frames' pixel budget.
            ["run", "quick.yaml", "long.yaml", "--out", "out", "--frames", "--jobs", "1", "--scale", "0.25"], in: folder,
            environment: ["TABSTAGE_TEST_FAULT": "\(name):commit-1"])
        #expect(result.status == status)
        #expect(Self.contents(folder) == before)
        // One line tells the log what happened, naming the signal and the folder.
        #expect(result.stderr == "tabstage: interrupted by \(name); --out 'out' left as it was\n")
    }

    /// `record` and `verify --report` interrupted after their first commit put back what was
    /// there; a signal after the run has finished writing leaves the new output in place.
    @Test func recordVerifyAndASignalAfterTheCommit() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try cli.write(Fixtures.yaml(extra: "name: s", steps: ["- snapshot: a"]), "old.yaml", in: folder)
        try cli.write(Fixtures.yaml(extra: "name: s", steps: ["- select: Likes", "- snapshot: a"]), "new.yaml", in: folder)
        #expect(try cli.tabstage(["record", "old.yaml", "--snapshots", "refs"], in: folder, environment: [:]).status == 0)
        let before = Self.contents(folder)
        let record = try cli.tabstageProcess(
            ["record", "new.yaml", "--snapshots", "refs"], in: folder, environment: ["TABSTAGE_TEST_FAULT": "SIGINT:commit-1"])
        #expect(record.status == 130)
        #expect(record.stderr == "tabstage: interrupted by SIGINT; --snapshots 'refs' left as it was\n")
        #expect(Self.contents(folder) == before)
        let verify = try cli.tabstageProcess(
            ["verify", "new.yaml", "--snapshots", "refs", "--report", "report"], in: folder,
            environment: ["TABSTAGE_TEST_FAULT": "SIGTERM:commit-1", "CI": "1"])
        #expect(verify.status == 143)
        #expect(verify.stderr == "tabstage: interrupted by SIGTERM; --snapshots 'refs' and --report 'report' left as it was\n")
        #expect(Self.contents(folder) == before, "no report folder, the references as they were")
        // After finish: exit 129, the output stays whole.
        let after = try cli.tabstageProcess(
            ["run", "new.yaml", "--out", "out", "--format", "svg"], in: folder, environment: ["TABSTAGE_TEST_FAULT": "SIGHUP:finish"])
        #expect(after.status == 129)
        #expect(after.stderr == "tabstage: interrupted by SIGHUP after the run had finished writing; its output stays\n")
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out/s").path).sorted()
        #expect(written == [".tabstage-outputs", "a.svg", "trace.json"])
    }
}
