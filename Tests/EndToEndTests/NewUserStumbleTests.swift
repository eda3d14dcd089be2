import Foundation
import TabStageLayout
import TabStageTestSupport
import Testing

@testable import TabStageScenario
@testable import TabStageTesting

/// What a new user tripped over, each pinned by the command that showed it.
@Suite struct NewUserStumbleTests {
    let cli = CommandLineTests()

    /// A name too long for an iPhone SE's header is cut at every snapshot that shows the header
    /// expanded: one line names the three snapshots instead of three copies; the trace keeps
    /// one entry per snapshot.
    @Test func aWarningThatHoldsAcrossSnapshotsIsPrintedOnce() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = "Maximilian Alexander Featherstonehaugh"
        let steps = ["- snapshot: a", "- select: 1", "- snapshot: b", "- select: 2", "- snapshot: c"]
        try cli.write(
            Fixtures.yaml(device: "iphone-se", extra: "name: long", steps: steps).replacingOccurrences(of: "Jane Appleseed", with: name),
            "long.yaml", in: folder)
        let result = try cli.tabstage(["run", "long.yaml", "--out", "out", "--format", "svg"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        // Steps 0, 2 and 4 are the snapshots; select steps in between draw nothing.
        #expect(
            lines.first?.hasPrefix(
                "tabstage: warning: long: snapshots a (step 0), b (step 2) and c (step 4): title: truncated: '\(name)' is truncated to")
                == true, "\(result.stderr)")
        let trace =
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("out/long/trace.json"))) as! [String: Any]
        let warnings = trace["warnings"] as! [[String: Any]]
        #expect(warnings.map { $0["snapshot"] as? String } == ["a", "b", "c"])

        let strict = try cli.tabstage(["run", "long.yaml", "--out", "strict", "--format", "svg", "--strict"], in: folder)
        #expect(strict.status == 1)
        #expect(strict.stderr.split(separator: "\n").last?.contains("1 layout warning(s) and --strict is set") == true, "\(strict.stderr)")
    }

    /// More than four snapshots: the first four are named and the rest counted.
    @Test func aLongListOfSnapshotsIsShortened() {
        let warning = LayoutWarning(element: "title", kind: .truncated, text: "cut")
        let warnings = (0..<6).map { RunWarning(step: $0 * 2, snapshot: "s\($0)", warning: warning) }
        let other = RunWarning(step: 4, snapshot: "s2", warning: LayoutWarning(element: "bio", kind: .overlap, text: "x"))
        let grouped = RunWarnings.grouped(Array(warnings.prefix(3)) + [other] + warnings.dropFirst(3))
        #expect(grouped.count == 2)
        #expect(
            grouped[0].line(scenario: "p")
                == "p: snapshots s0 (step 0), s1 (step 2), s2 (step 4), s3 (step 6) and 2 more: title: truncated: cut")
        #expect(grouped[1].line(scenario: "p") == "p: step 4 (snapshot s2): bio: overlap: x")
    }

    /// Ten equal counts in a header too narrow for them give ten equal warnings in one snapshot:
    /// the line names that snapshot once, not "s (step 0), s (step 0), s (step 0), s (step 0)
    /// and 6 more"; a later snapshot with the same warning is still listed.
    @Test func aSnapshotIsNamedOnceHoweverOftenItWarns() {
        let warning = LayoutWarning(element: "stats", kind: .truncated, text: "cut")
        let once = RunWarnings.grouped(Array(repeating: RunWarning(step: 0, snapshot: "s", warning: warning), count: 10))
        #expect(once.map { $0.line(scenario: "p") } == ["p: step 0 (snapshot s): stats: truncated: cut"])
        let twice = RunWarnings.grouped(
            Array(repeating: RunWarning(step: 0, snapshot: "s", warning: warning), count: 10)
                + Array(repeating: RunWarning(step: 2, snapshot: "t", warning: warning), count: 3))
        #expect(twice.map { $0.line(scenario: "p") } == ["p: snapshots s (step 0) and t (step 2): stats: truncated: cut"])
    }

    /// `drag: {dy: -120}` at the top pulls the content down; a release at +1800 pt/s then only
    /// springs back (the sign mistake the README's own example used to make). The warning is
    /// located at the release. On an iPhone 14 (viewport 844) a finger 120 pt past the top shows
    /// (1 − 1/(120·0.55/844 + 1))·844 = 61.2132 pt of overscroll, written 61.21.
    @Test func aReleaseThatOnlySpringsBackWarnsAtItsLine() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let steps = ["- drag: {dy: -120}", "- release: {velocity: 1800}", "- snapshot: end"]
        try cli.write(Fixtures.yaml(extra: "name: pull", steps: steps), "pull.yaml", in: folder)
        let result = try cli.tabstage(["run", "pull.yaml", "--out", "out", "--format", "svg"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        // Fixtures.yaml: line 1 device, 2 the extra line, 3 container, 4 header, 5 tabs, 6–8 the
        // tabs, 9 steps, 10 the drag, 11 the release (at column 5, after "  - ").
        #expect(
            result.stderr
                == "tabstage: warning: pull.yaml:11:5: release {velocity: 1800} starts 61.21 pt past the top bound, so the offset springs back to the bound instead of flinging (a drag's dy is how much the offset grows: a negative dy pulls the content down; check the drag's sign)\n"
        )
        // The same drag with the sign that was meant, and a pull-to-refresh release (velocity
        // pointing out of the content), warn about nothing.
        for (name, steps) in [
            ("fling", ["- drag: {dy: 120}", "- release: {velocity: 1800}", "- snapshot: end"]),
            ("refresh", ["- drag: {dy: -120}", "- release: {velocity: -300}", "- snapshot: end"]),
        ] {
            try cli.write(Fixtures.yaml(extra: "name: \(name)", steps: steps), "\(name).yaml", in: folder)
            let quiet = try cli.tabstage(["run", "\(name).yaml", "--out", "out", "--format", "svg"], in: folder)
            #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(name): \(quiet.stderr)")
        }
    }

    /// `--scale 3x` is what people type after `@3x` assets: accepted as 3. A word that is no
    /// number names the accepted range instead of a bare "invalid".
    @Test func scaleAcceptsTheAssetSuffixAndNamesItsRange() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try cli.write(Fixtures.yaml(extra: "name: s"), "s.yaml", in: folder)
        #expect(try cli.tabstage(["run", "s.yaml", "--out", "x3", "--format", "png", "--scale", "3x"], in: folder).status == 0)
        #expect(try cli.tabstage(["run", "s.yaml", "--out", "n3", "--format", "png", "--scale", "3"], in: folder).status == 0)
        // The same pixels: iphone-14 at 3 is 1170×2532.
        let x3 = try Data(contentsOf: folder.appendingPathComponent("x3/s/start.png"))
        let n3 = try Data(contentsOf: folder.appendingPathComponent("n3/s/start.png"))
        #expect(x3 == n3)
        let bad = try cli.tabstage(["run", "s.yaml", "--scale", "triple"], in: folder)
        #expect(bad.status == 2)
        #expect(
            bad.stderr
                == "tabstage: error: The value 'triple' is invalid for '--scale <scale>': expected pixels per point from 0.1 to 4, such as 2, 0.5 or 3x (see 'tabstage help')\n"
        )
        let over = try cli.tabstage(["run", "s.yaml", "--scale", "5x"], in: folder)
        #expect(over.status == 2)
        #expect(over.stderr == "tabstage: error: --scale must be from 0.1 to 4 (pixels per point), got 5.0 (see 'tabstage help')\n")
    }
}

/// The README's command synopsis lists exactly the options each command's `--help` lists, so
/// the two cannot drift (`verify --strict` once went missing from it).
@Suite struct CommandSynopsisTests {
    /// Each command's options in the README's "Command line" block: from the line starting
    /// `tabstage COMMAND` and its indented continuation lines, comments left out.
    static func readmeOptions() throws -> [String: Set<String>] {
        let readme = try String(contentsOf: Fixtures.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "## Command line\n\n```\n"))
        let block = readme[section.upperBound...].prefix { _ in true }
        let end = try #require(block.range(of: "\n```"))
        var options: [String: Set<String>] = [:]
        var command: String?
        for line in block[..<end.lowerBound].split(separator: "\n") {
            let text = line.split(separator: "#", maxSplits: 1).first.map(String.init) ?? ""
            if text.hasPrefix("tabstage ") {
                command = String(text.split(separator: " ")[1])
            }
            guard let command else { continue }
            options[command, default: []].formUnion(longOptions(in: text))
        }
        return options
    }

    /// `--name` words in a text.
    static func longOptions(in text: String) -> Set<String> {
        Set(text.split(whereSeparator: { !($0.isLetter || $0 == "-") }).filter { $0.hasPrefix("--") && $0.count > 2 }.map(String.init))
    }

    @Test func theReadmeSynopsisListsEveryOptionOfEachCommand() throws {
        let readme = try Self.readmeOptions()
        #expect(
            Set(readme.keys) == [
                "run", "plot", "diff", "record", "verify", "accept", "drift", "conform", "plan", "merge-reports", "schema", "devices",
                "previews",
            ])
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (command, listed) in readme {
            let help = try CommandLineTests().tabstage([command, "--help"], in: folder)
            #expect(help.status == 0)
            // The OPTIONS section: each option starts a line indented by two spaces
            // (`  --out <out>`, `  -h, --help`).
            let section = help.stdout.components(separatedBy: "OPTIONS:").last ?? ""
            var declared: Set<String> = []
            for line in section.split(separator: "\n") where line.hasPrefix("  -") {
                let head = line.drop { $0 == " " }.split(separator: " ").prefix(2).joined(separator: " ")
                declared.formUnion(Self.longOptions(in: head))
            }
            declared.subtract(["--help", "--version"])
            // `schema` takes no options; every other command has some.
            #expect(declared.isEmpty == (command == "schema"), "\(command): no options read from --help")
            #expect(listed == declared, "\(command): README lists \(listed.sorted()), --help lists \(declared.sorted())")
        }
    }
}

/// Options several commands share are declared once: the same words and checks everywhere.
@Suite struct SharedOptionTests {
    let cli = CommandLineTests()

    /// `--format svg --format png` writes what `--format svg,png` writes; a wrong word is named.
    @Test func formatRepeatsOrTakesCommas() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try cli.write(Fixtures.yaml(extra: "name: s"), "s.yaml", in: folder)
        #expect(
            try cli.tabstage(["run", "s.yaml", "--out", "a", "--format", "svg", "--format", "png", "--scale", "1"], in: folder).status == 0)
        #expect(try cli.tabstage(["run", "s.yaml", "--out", "b", "--format", "svg,png", "--scale", "1"], in: folder).status == 0)
        for name in ["start.svg", "start.png", "trace.json"] {
            let a = try Data(contentsOf: folder.appendingPathComponent("a/s/\(name)"))
            let b = try Data(contentsOf: folder.appendingPathComponent("b/s/\(name)"))
            #expect(a == b, "\(name)")
        }
        #expect(try cli.tabstage(["run", "s.yaml", "--out", "c", "--format", "svg"], in: folder).status == 0)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("c/s/start.png").path))
        let bad = try cli.tabstage(["run", "s.yaml", "--format", "svg", "--format", "gif"], in: folder)
        #expect(bad.status == 2)
        #expect(
            bad.stderr
                == "tabstage: error: --format takes svg and png, repeated or comma-separated; 'gif' is not one of them (see 'tabstage help')\n"
        )
    }

    /// `--jobs` is one option with one help text and one refusal in every command that takes it.
    @Test func jobsReadsTheSameEverywhere() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("a"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("b"), withIntermediateDirectories: true)
        let expected = "tabstage: error: --jobs must be from 1 to 64 (a number of threads), got 0 (see 'tabstage help')\n"
        for arguments in [["run", "s.yaml"], ["record", "s.yaml"], ["verify", "s.yaml"], ["diff", "a", "b"]] {
            let result = try cli.tabstage(arguments + ["--jobs", "0"], in: folder)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr == expected, "\(arguments): \(result.stderr)")
            let help = try cli.tabstage([arguments[0], "--help"], in: folder)
            #expect(help.stdout.contains("Work on this many threads, 1 to 64"), "\(arguments[0])")
        }
    }
}

/// `assertScenarioSnapshots` reads relative paths from the calling file's package root, so a
/// test passes whatever working directory the runner chose (Xcode's is not the package's).
@Suite struct ScenarioPathTests {
    @Test func relativePathsAreReadFromThePackageRoot() throws {
        // This file sits in Tests/EndToEndTests/ of the package whose root holds Package.swift.
        let root = try #require(packageRoot(of: #filePath))
        #expect(root.standardizedFileURL.path == Fixtures.root.standardizedFileURL.path)
        #expect(resolved("Examples/profile.yaml", from: root) == root.appendingPathComponent("Examples/profile.yaml").path)
        #expect(FileManager.default.fileExists(atPath: resolved("Examples/profile.yaml", from: root)))
        // Absolute paths, and any path outside a package, are used as given.
        #expect(resolved("/tmp/x.yaml", from: root) == "/tmp/x.yaml")
        #expect(resolved("x.yaml", from: nil) == "x.yaml")
        #expect(packageRoot(of: "/x.swift") == nil)
    }
}
