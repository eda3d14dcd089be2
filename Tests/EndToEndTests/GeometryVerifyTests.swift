import Foundation
import TabStageTestSupport
import Testing

/// `verify` compares each snapshot's layout reference (`NAME.layout.txt`) before its pixels:
/// a change that moves only light content fails, the failure says what moved, old references
/// without a layout are named once, and a hostile layout file is refused with exit 2.
@Suite struct GeometryVerifyTests {
    let cli = CommandLineTests()

    /// A 120 × 200 pt window, one tab (so no tab bar) of `rows` placeholder rows 50 pt tall
    /// under a 60 pt header: rows at y 60, 110, 160.
    static func scenario(rows: Int) -> String {
        """
        name: s
        device: {width: 120, height: 200, scale: 1}
        container:
          header: {height: 60, minHeight: 30, title: "T", stats: [], button: null}
          tabs:
            - {title: Posts, rows: \(rows), rowHeight: 50}
        steps:
          - snapshot: a
        """
    }

    func recorded(rows: Int) throws -> URL {
        let folder = try temporaryFolder()
        try cli.write(Self.scenario(rows: rows), "s.yaml", in: folder)
        let record = try cli.tabstage(["record", "--snapshots", "refs", "s.yaml"], in: folder, environment: [:])
        #expect(record.status == 0, "\(record.stderr)")
        return folder
    }

    /// Two rows added to a short tab: they appear, and the tab's content and padding change.
    @Test func rowsAddedToAShortTabAreNamed() throws {
        let folder = try recorded(rows: 1)
        defer { try? FileManager.default.removeItem(at: folder) }
        try cli.write(Self.scenario(rows: 3), "s.yaml", in: folder)
        let verify = try cli.tabstage(["verify", "--snapshots", "refs", "s.yaml"], in: folder, environment: [:])
        #expect(verify.status == 1, "\(verify.stdout)\(verify.stderr)")
        let lines = verify.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("FAIL s/a: 2 elements moved and ") == true, "\(verify.stdout)")
        // Rows 1 and 2 appear at 60 + 50 = 110 and 60 + 100 = 160, ranked by their larger side
        // (120 pt). Then two changes of 100: the padding that lets the header collapse over short
        // content, 200 − 50 − 30 = 120 before and 200 − 150 − 30 = 20 after (window − content −
        // collapsed header), and the content, 1 × 50 → 3 × 50, in the state's order.
        func padded(_ name: String) -> String { "  " + name.padding(toLength: 25, withPad: " ", startingAt: 0) }
        #expect(
            Array(lines.dropFirst().prefix(4)) == [
                padded("row Posts[1]") + "appeared at y 110",
                padded("row Posts[2]") + "appeared at y 160",
                "  container.tabs[0].contentInsetBottom 120 → 20 (-100)",
                "  container.tabs[0].contentHeight 50 → 150 (+100)",
            ], "\(verify.stdout)")
    }

    /// A taller header under a collapsed bar changes no pixel: the bar stays 30 pt and the rows
    /// keep their offset. Its inset changed all the same, which a tab switch or a scroll to the
    /// top would show: the layout says so, the pixels alone let it pass.
    @Test func aGeometryChangeThePixelsHideFails() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let collapsed = Self.scenario(rows: 30).replacingOccurrences(of: "  - snapshot: a", with: "  - scroll: {to: 40}\n  - snapshot: a")
        try cli.write(collapsed, "s.yaml", in: folder)
        #expect(try cli.tabstage(["record", "--snapshots", "refs", "s.yaml"], in: folder, environment: [:]).status == 0)
        try cli.write(collapsed.replacingOccurrences(of: "height: 60", with: "height: 64"), "s.yaml", in: folder)
        let verify = try cli.tabstage(["verify", "--snapshots", "refs", "s.yaml"], in: folder, environment: [:])
        #expect(verify.status == 1, "\(verify.stdout)\(verify.stderr)")
        let first = verify.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("FAIL s/a: ") && first.hasSuffix("(pixels: none differ)"), "\(verify.stdout)")
        // The inset is the header's height (no tab bar with one tab): 60 → 64; the least offset
        // its negative.
        #expect(verify.stdout.contains("  container.tabs[0].contentInsetTop 60 → 64 (+4)\n"), "\(verify.stdout)")
        #expect(verify.stdout.contains("  container.tabs[0].minOffsetY -60 → -64 (-4)\n"), "\(verify.stdout)")

        // Without the layout reference only the pixels are compared, and they pass.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("refs/s/a.layout.txt"))
        let pixelsOnly = try cli.tabstage(["verify", "--snapshots", "refs", "s.yaml"], in: folder, environment: [:])
        #expect(pixelsOnly.status == 0, "\(pixelsOnly.stdout)")
    }

    @Test func aToleranceLetsSmallMovesPass() throws {
        let folder = try recorded(rows: 1)
        defer { try? FileManager.default.removeItem(at: folder) }
        // The header 2 pt taller moves the row from 60 to 62.
        try cli.write(Self.scenario(rows: 1).replacingOccurrences(of: "height: 60", with: "height: 62"), "s.yaml", in: folder)
        let strict = try cli.tabstage(["verify", "--snapshots", "refs", "s.yaml"], in: folder, environment: [:])
        #expect(strict.status == 1)
        #expect(strict.stdout.contains("  row Posts[0]"), "\(strict.stdout)")
        #expect(strict.stdout.contains("y 60 → 62 (+2 pt)"), "\(strict.stdout)")
        let refused = try cli.tabstage(["verify", "--snapshots", "refs", "s.yaml", "--geometry-tolerance", "-1"], in: folder)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("--geometry-tolerance must be from 0 to 1000 (points), got -1.0"), "\(refused.stderr)")

        // Every edge and value moved by 2 pt (the header's height 60 → 62, the row's y 60 → 62):
        // a tolerance of 2.5 lets the layout match; the pixel budget is opened so only the
        // layout decides.
        let pixelsOpen = ["--max-diff-pixel-ratio", "1"]
        let loose = try cli.tabstage(
            ["verify", "--snapshots", "refs", "s.yaml", "--geometry-tolerance", "2.5"] + pixelsOpen, in: folder, environment: [:])
        #expect(loose.status == 0, "\(loose.stdout)\(loose.stderr)")
        // A move of exactly the tolerance is a move ("at least the tolerance").
        let edge = try cli.tabstage(
            ["verify", "--snapshots", "refs", "s.yaml", "--geometry-tolerance", "2"] + pixelsOpen, in: folder, environment: [:])
        #expect(edge.status == 1, "\(edge.stdout)")
    }

    /// `verify: {geometryTolerance}` in the scenario sets its own tolerance; an explicit
    /// `--geometry-tolerance` wins over it.
    @Test func aScenarioSetsItsOwnTolerance() throws {
        let folder = try recorded(rows: 1)
        defer { try? FileManager.default.removeItem(at: folder) }
        let moved = Self.scenario(rows: 1).replacingOccurrences(of: "height: 60", with: "height: 62")
        let pixelsOpen = ["--max-diff-pixel-ratio", "1"]
        try cli.write(moved + "\nverify: {geometryTolerance: 2.5}\n", "s.yaml", in: folder)
        let own = try cli.tabstage(["verify", "--snapshots", "refs", "s.yaml"] + pixelsOpen, in: folder, environment: [:])
        #expect(own.status == 0, "\(own.stdout)\(own.stderr)")
        let explicit = try cli.tabstage(
            ["verify", "--snapshots", "refs", "s.yaml", "--geometry-tolerance", "0.01"] + pixelsOpen, in: folder, environment: [:])
        #expect(explicit.status == 1, "\(explicit.stdout)")
        #expect(explicit.stdout.contains("y 60 → 62 (+2 pt)"), "\(explicit.stdout)")

        // Refused at its line like any scenario value (line 9: the scenario's eight lines, then
        // `verify`).
        let cases: [(String, String)] = [
            ("verify: {geometryTolerance: -1}", "'verify.geometryTolerance' is -1, out of range"),
            ("verify: {geometryTolerance: .nan}", "'verify.geometryTolerance' must be finite"),
            ("verify: {geometryTolerance: 1001}", "'verify.geometryTolerance' is 1001, out of range"),
            ("verify: {tolerance: 1}", "unknown key 'tolerance' in 'verify' (expected geometryTolerance)"),
        ]
        for (line, reason) in cases {
            try cli.write(moved + "\n" + line + "\n", "s.yaml", in: folder)
            let run = try cli.tabstage(["verify", "--snapshots", "refs", "s.yaml"], in: folder, environment: [:])
            #expect(run.status == 2, "\(line): \(run.stderr)")
            #expect(run.stderr.hasPrefix("s.yaml:9:"), "\(line): \(run.stderr)")
            #expect(run.stderr.contains(reason), "\(line): \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(line): \(run.stderr)")
        }
    }

    @Test func referencesWithoutALayoutAreNamedOnceAndFailInCIMode() throws {
        let folder = try recorded(rows: 1)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.removeItem(at: folder.appendingPathComponent("refs/s/a.layout.txt"))
        let local = try cli.tabstage(["verify", "--snapshots", "refs", "s.yaml"], in: folder, environment: [:])
        #expect(local.status == 0)
        let notes = local.stderr.split(separator: "\n").filter { $0.contains("have no layout") }
        #expect(
            notes == [
                "tabstage: warning: 1 reference(s) have no layout (NAME.layout.txt), so only their pixels were compared: s/a; add the layouts with `tabstage record s.yaml --snapshots refs`"
            ], "\(local.stderr)")
        let cases: [([String], [String: String])] = [(["--strict"], [:]), ([], ["CI": "1"])]
        for (arguments, environment) in cases {
            let run = try cli.tabstage(["verify", "--snapshots", "refs", "s.yaml"] + arguments, in: folder, environment: environment)
            #expect(run.status == 1, "\(arguments) \(environment): \(run.stderr)")
            #expect(run.stderr.contains("tabstage: error: 1 reference(s) have no layout"), "\(run.stderr)")
        }
    }

    /// A layout reference is an input like any other: a link, garbage or a number that is not
    /// finite is refused at its line, exit 2, and the linked file is never printed.
    @Test func hostileLayoutFilesAreRefusedWithExitTwo() throws {
        let folder = try recorded(rows: 1)
        defer { try? FileManager.default.removeItem(at: folder) }
        let layout = folder.appendingPathComponent("refs/s/a.layout.txt")
        let secret = folder.appendingPathComponent("secret.txt")
        try "TOKEN=hunter2\n".write(to: secret, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: layout)
        try FileManager.default.createSymbolicLink(at: layout, withDestinationURL: secret)
        let linked = try cli.tabstage(["verify", "--snapshots", "refs", "s.yaml"], in: folder, environment: [:])
        #expect(linked.status == 2)
        #expect(
            linked.stderr.hasPrefix(
                "tabstage: error: cannot read the layout reference refs/s/a.layout.txt: it is a symbolic link; tabstage reads only real files inside the folder it was given"
            ), "\(linked.stderr)")
        #expect(!(linked.stdout + linked.stderr).contains("hunter2"))

        try FileManager.default.removeItem(at: layout)
        try "tabstage layout 1\n[elements]\nrow-0-0 0 nan 120 50\n[state]\n".write(to: layout, atomically: true, encoding: .utf8)
        let garbage = try cli.tabstage(["verify", "--snapshots", "refs", "s.yaml"], in: folder, environment: [:])
        #expect(garbage.status == 2)
        #expect(garbage.stderr.hasPrefix("refs/s/a.layout.txt:3:1: error: 'nan' is not a finite number"), "\(garbage.stderr)")
        #expect(garbage.stderr.split(separator: "\n").count == 1, "\(garbage.stderr)")
    }

    /// A sparse 2 GiB layout reference is refused by its size before a byte is read, naming the
    /// limit (1 MiB = 1,048,576 bytes), exit 2, one line.
    @Test func aHugeLayoutReferenceIsRefusedByItsSizeNamingTheLimit() throws {
        let folder = try recorded(rows: 1)
        defer { try? FileManager.default.removeItem(at: folder) }
        let layout = folder.appendingPathComponent("refs/s/a.layout.txt")
        let handle = try FileHandle(forWritingTo: layout)
        try handle.truncate(atOffset: 1 << 31)
        try handle.close()
        let run = try cli.tabstage(["verify", "--snapshots", "refs", "s.yaml"], in: folder, environment: [:])
        #expect(run.status == 2)
        #expect(
            run.stderr
                == "tabstage: error: the layout reference refs/s/a.layout.txt is 2147483648 bytes, over the limit of 1048576 bytes (a layout reference is what `tabstage record` writes; record it again)\n"
        )
    }

    /// `record` never writes a layout reference `verify` would refuse. 1,000 tabs give 10 values
    /// each in the state (title, offset, insets, content height, offsets, row height, frame) and
    /// an element each in the tab bar; a full-content snapshot of the first tab's 15,000 rows of
    /// 1 pt adds an element a row: over 10,000 + 1,000 + 15,000 = 26,000 lines, past the 20,000
    /// `verify` reads. Such a reference used to be written; it matched while its bytes did, and
    /// the first move made `verify` refuse it ("record it again", which wrote it again). Now
    /// `record` refuses the snapshot at its step, before drawing it, and writes nothing.
    @Test func recordRefusesALayoutReferenceVerifyCouldNotRead() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tabs = (1..<1000).map { "    - {title: T\($0), rows: 1}" }.joined(separator: "\n")
        try cli.write(
            """
            device: {width: 390, height: 844, scale: 1}
            container:
              tabs:
                - {title: T0, rows: 15000, rowHeight: 1}
            \(tabs)
            steps:
              - snapshot: {name: full, fullContent: true}

            """, "big.yaml", in: folder)
        let run = try cli.tabstage(["record", "--snapshots", "refs", "big.yaml"], in: folder, environment: [:])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        // The snapshot step is line 1,005: four lines, 999 more tabs (lines 5 to 1,003),
        // `steps:` on 1,004, then the step.
        #expect(run.stderr.hasPrefix("big.yaml:1005:5: error: snapshot 'full': its layout reference would be "), "\(run.stderr)")
        let lines = run.stderr.split(separator: " ").lazy.compactMap { Int($0) }.first ?? 0
        #expect(lines > 26_000, "\(run.stderr)")
        #expect(run.stderr.contains("over the limit of 20000 lines (expected a layout reference `verify` can read"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("refs").path))
    }

    /// The layout text is the same bytes whatever the number of jobs.
    @Test func layoutTextIsTheSameWithAnyNumberOfJobs() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let example = Fixtures.root.appendingPathComponent("Examples/profile.yaml").path
        for jobs in ["1", "2"] {
            let run = try cli.tabstage(["record", "--snapshots", "j\(jobs)", "--jobs", jobs, example], in: folder, environment: [:])
            #expect(run.status == 0, "\(run.stderr)")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("j1/profile").path)
            .filter { $0.hasSuffix(".layout.txt") }.sorted()
        #expect(names.count == 6)
        for name in names {
            let one = try Data(contentsOf: folder.appendingPathComponent("j1/profile/\(name)"))
            #expect(one == (try Data(contentsOf: folder.appendingPathComponent("j2/profile/\(name)"))), "\(name)")
            // And the committed reference, recorded on another day by another run.
            #expect(one == (try Data(contentsOf: Fixtures.root.appendingPathComponent("Snapshots/profile/\(name)"))), "\(name)")
        }
    }
}
