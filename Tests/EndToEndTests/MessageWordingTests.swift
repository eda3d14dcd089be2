import Foundation
import TabStageTestSupport
import Testing

/// What the command line says when something is off: each message names what happened in the
/// user's words, and the same situation gets the same rule and exit code in every command.
@Suite struct MessageWordingTests {
    let cli = CommandLineTests()

    /// Every single-file output refuses a symbolic link (exit 2) and leaves it a link: `plot
    /// --out` follows the rule `diff --out` already had, and so does `diff --json`.
    @Test func singleFileOutputsRefuseASymbolicLink() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try cli.write(flingScenario(fps: 10), "fling.yaml", in: folder)
        #expect(try cli.tabstage(["run", "fling.yaml", "--out", "out", "--frames", "--format", "svg"], in: folder).status == 0)
        try "keep".write(to: folder.appendingPathComponent("target.svg"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("link.svg").path, withDestinationPath: "target.svg")
        let plot = try cli.tabstage(["plot", "out/fling/trace.json", "--out", "link.svg"], in: folder)
        #expect(plot.status == 2)
        #expect(
            plot.stderr
                == "tabstage: error: --out 'link.svg' is not a regular file (a folder, device, pipe, socket or symbolic link) (expected a new or existing .svg or .png file path)\n"
        )
        let kept = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("link.svg").path)
        #expect(kept[.type] as? FileAttributeType == .typeSymbolicLink)
        #expect(try String(contentsOf: folder.appendingPathComponent("target.svg"), encoding: .utf8) == "keep")

        // diff --json: the same rule.
        for side in ["a", "b"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(side), withIntermediateDirectories: true)
        }
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("link.json").path, withDestinationPath: "target.svg")
        let json = try cli.tabstage(["diff", "a", "b", "--json", "link.json"], in: folder)
        #expect(json.status == 2)
        #expect(json.stderr.hasPrefix("tabstage: error: --json 'link.json' is not a regular file"), "\(json.stderr)")
    }

    /// `--out` may be a link to a folder; a link to nothing is bad input (exit 2, not an I/O
    /// failure), and a chain of links that loops says so instead of "only writes into real folders".
    @Test func brokenOutputLinksAreBadInputInTheirOwnWords() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try cli.write(Fixtures.yaml(extra: "name: demo"), "demo.yaml", in: folder)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("dangling").path, withDestinationPath: "nowhere")
        let dangling = try cli.tabstage(["run", "demo.yaml", "--out", "dangling", "--format", "svg"], in: folder)
        #expect(dangling.status == 2)
        #expect(
            dangling.stderr
                == "tabstage: error: --out 'dangling' is a symbolic link to a folder that does not exist (expected a folder, or a link to one)\n"
        )
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("nowhere").path))

        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("loop-a").path, withDestinationPath: "loop-b")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("loop-b").path, withDestinationPath: "loop-a")
        let loop = try cli.tabstage(["run", "demo.yaml", "--out", "loop-a", "--format", "svg"], in: folder)
        #expect(loop.status == 2)
        #expect(
            loop.stderr
                == "tabstage: error: --out 'loop-a' is a symbolic link that loops (it leads back to itself) (expected a folder, or a link to one)\n"
        )
    }

    /// `--report` is named as the option it is, like `--out` and `--snapshots`.
    @Test func aReportThatIsAFileIsNamedByItsOption() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try cli.write(Fixtures.yaml(extra: "name: demo"), "demo.yaml", in: folder)
        try cli.write("notes", "afile", in: folder)
        let result = try cli.tabstage(["verify", "demo.yaml", "--report", "afile"], in: folder, environment: ["CI": "true"])
        #expect(result.status == 2)
        #expect(result.stderr == "tabstage: error: --report 'afile' is a file, not a folder (expected a folder to write into)\n")
        #expect(try String(contentsOf: folder.appendingPathComponent("afile"), encoding: .utf8) == "notes")
    }

    /// A colour change small enough to pass the default threshold is still a changed SVG, and
    /// verify says so; at `--threshold 0` it fails. #ff2d55 → #ff3b30 is a YIQ distance of
    /// about 0.052 of black-to-white, under 0.1.
    @Test func aMatchWithAChangedSVGSaysSo() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func scenario(_ tint: String) -> String { Fixtures.yaml(extra: "name: brand\ntheme: {tint: \"\(tint)\"}") }
        try cli.write(scenario("#ff2d55"), "brand.yaml", in: folder)
        #expect(try cli.tabstage(["record", "brand.yaml", "--jobs", "1"], in: folder).status == 0)
        try cli.write(scenario("#ff3b30"), "brand.yaml", in: folder)

        let loose = try cli.tabstage(["verify", "brand.yaml"], in: folder, environment: ["CI": "true"])
        #expect(loose.status == 0, "\(loose.stdout)\(loose.stderr)")
        #expect(
            loose.stdout
                == "OK brand/start: match (SVG differs; pixels within --threshold 0.1)\nverify: 1 of 1 snapshots match (1 with a changed SVG, within --threshold 0.1); record mode never; pixels checked (CI mode: CI)\n"
        )
        let exact = try cli.tabstage(["verify", "brand.yaml", "--threshold", "0"], in: folder, environment: ["CI": "true"])
        #expect(exact.status == 1)
        #expect(exact.stdout.hasPrefix("FAIL brand/start: "), "\(exact.stdout)")

        // An unchanged scenario gets no extra line.
        try cli.write(scenario("#ff2d55"), "brand.yaml", in: folder)
        let same = try cli.tabstage(["verify", "brand.yaml"], in: folder, environment: ["CI": "true"])
        #expect(same.stdout == "verify: 1 of 1 snapshots match; record mode never; pixels checked (CI mode: CI)\n")
    }

    /// `record` takes `--jobs` like `run`, `verify` and `diff`, with the same bounds.
    @Test func recordTakesJobs() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try cli.write(Fixtures.yaml(extra: "name: demo"), "demo.yaml", in: folder)
        let bad = try cli.tabstage(["record", "demo.yaml", "--jobs", "0"], in: folder)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--jobs must be from 1 to 64"), "\(bad.stderr)")
        let serial = try cli.tabstage(["record", "demo.yaml", "--jobs", "1", "--snapshots", "one"], in: folder)
        let parallel = try cli.tabstage(["record", "demo.yaml", "--jobs", "4", "--snapshots", "four"], in: folder)
        #expect(serial.status == 0 && parallel.status == 0, "\(serial.stderr)\(parallel.stderr)")
        for file in ["start.svg", "start.png"] {
            let one = try Data(contentsOf: folder.appendingPathComponent("one/demo/\(file)"))
            let four = try Data(contentsOf: folder.appendingPathComponent("four/demo/\(file)"))
            #expect(one == four, "\(file) depends on --jobs")
        }
    }

    /// Each scenario's own fonts hold descriptors for the run; when the process runs out, the
    /// message says "too many open files" wherever it happens (not "fontconfig could not read").
    @Test func runningOutOfDescriptorsForFontsSaysSo() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/fonts")
        let regular = try Data(contentsOf: examples.appendingPathComponent("DejaVuSerif.ttf"))
        let bold = try Data(contentsOf: examples.appendingPathComponent("DejaVuSerif-Bold.ttf"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        var names: [String] = []
        for index in 0..<20 {
            // Four bytes more make each file distinct, so each scenario registers fonts of its own.
            let tail = Data(withUnsafeBytes(of: UInt32(index).bigEndian) { Array($0) })
            try (regular + tail).write(to: folder.appendingPathComponent("fonts/r\(index).ttf"))
            try (bold + tail).write(to: folder.appendingPathComponent("fonts/b\(index).ttf"))
            try cli.write(
                Fixtures.yaml(extra: "name: s\(index)\ntheme: {fonts: {regular: fonts/r\(index).ttf, bold: fonts/b\(index).ttf}}"),
                "s\(index).yaml", in: folder)
            names.append("s\(index).yaml")
        }
        let command =
            "ulimit -n 32 && exec '\(CommandLineTests.binary.path)' run \(names.joined(separator: " ")) --out out --scale 0.2 --jobs 1"
        let result = try runProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", command], in: folder)
        #expect(result.status == 3, "\(result.stderr)")
        let errors = result.stderr.split(separator: "\n").filter { $0.hasPrefix("tabstage: error:") }
        #expect(errors.count == 1, "\(result.stderr)")
        #expect(errors.first?.lowercased().contains("too many open files") == true, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/s0").path), "a failed run writes nothing")
    }

    /// A trace of a scenario with nothing that runs in frames gets a hint that names the steps
    /// that do, and `--frames`.
    @Test func plotExplainsATraceWithoutMotion() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try cli.write(
            Fixtures.yaml(extra: "name: still", steps: ["- snapshot: a", "- scroll: {to: -100}", "- snapshot: b"]), "still.yaml", in: folder
        )
        #expect(try cli.tabstage(["run", "still.yaml", "--out", "out", "--frames", "--format", "svg"], in: folder).status == 0)
        let result = try cli.tabstage(["plot", "out/still/trace.json", "--out", "p.svg"], in: folder)
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "out/still/trace.json: error: the trace has no steps that run in frames, so there is no motion to plot (expected a scenario with drag, release, wait or animated scroll steps, run with tabstage run --frames)\n"
        )
    }
}

extension MessageWordingTests {
    /// `Profile` and `profile` are one folder on a Mac: a later record (or run) into a folder
    /// that already holds the other spelling is refused, as two such names in one invocation are.
    @Test func aScenarioFolderSpelledOtherwiseByAnEarlierRunIsRefused() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try cli.write(Fixtures.yaml(extra: "name: Profile"), "a.yaml", in: folder)
        try cli.write(Fixtures.yaml(extra: "name: profile"), "b.yaml", in: folder)
        #expect(try cli.tabstage(["record", "a.yaml", "--snapshots", "snaps"], in: folder).status == 0)
        let second = try cli.tabstage(["record", "b.yaml", "--snapshots", "snaps"], in: folder)
        #expect(second.status == 2)
        #expect(
            second.stderr
                == "b.yaml:1:1: error: scenario name 'profile' differs only in letter case or Unicode form from the folder 'Profile' already in --snapshots 'snaps' (expected the same spelling as that folder, or rename or remove it: on macOS they are one folder)\n"
        )
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("snaps").path) == ["Profile"])
        // The same spelling records again.
        #expect(try cli.tabstage(["record", "a.yaml", "--snapshots", "snaps"], in: folder).status == 0)
        // run follows the same rule in its --out folder.
        #expect(try cli.tabstage(["run", "a.yaml", "--out", "out", "--format", "svg"], in: folder).status == 0)
        #expect(try cli.tabstage(["run", "b.yaml", "--out", "out", "--format", "svg"], in: folder).status == 2)
    }
}
