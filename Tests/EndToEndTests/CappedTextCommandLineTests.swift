import Foundation
import TabStageTestSupport
import Testing

/// A fixed header height in a window at an accessibility size: `run`, `record` and `verify` say
/// once that it holds the header's text at XXXL, and `--strict` fails on it as on every layout
/// warning.
@Suite struct CappedTextCommandLineTests {
    let cli = CommandLineTests()

    static let scenario = """
        device: iphone-15
        contentSizeCategory: AX3
        container:
          header: {height: 300, minHeight: 44, title: Ravi, subtitle: "@ravi"}
          tabs:
            - {title: Posts, rows: 30, rowHeight: 100}
        steps:
          - snapshot: expanded
          - scroll: {to: 400}
          - snapshot: collapsed
        """

    /// The header's height in step 0 of a `trace.json`.
    static func headerHeight(_ trace: URL) throws -> Double {
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: trace)) as! [String: Any]
        let steps = json["steps"] as! [[String: Any]]
        let state = steps[0]["state"] as! [String: Any]
        return (state["container"] as! [String: Any])["headerHeight"] as! Double
    }

    @Test func aFixedHeaderAtAX3WarnsOnceAndStrictFails() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try cli.write(Self.scenario, "capped.yaml", in: folder)
        try cli.write(Self.scenario.replacingOccurrences(of: "height: 300", with: "height: fit"), "fit.yaml", in: folder)

        // What the text needs is what `height: fit` takes for it (measured with the fonts that
        // draw it), and the fitted header warns about nothing.
        let fit = try cli.tabstage(["run", "fit.yaml", "--out", "fit", "--format", "svg", "--strict"], in: folder)
        #expect(fit.status == 0 && fit.stderr.isEmpty, "\(fit.stderr)")
        let needs = try Self.headerHeight(folder.appendingPathComponent("fit/fit/trace.json"))
        #expect(needs > 300 && needs == needs.rounded())
        let line =
            "tabstage: warning: capped: snapshots expanded (step 0) and collapsed (step 2): header: cappedText: the header draws its text at XXXL, not AX3: at AX3 it needs \(Int(needs)) pt and its fixed height gives 300 pt (height: fit sizes the header to its text)"

        // Without --strict: the one line, exit 0, the trace's entry per snapshot.
        let plain = try cli.tabstage(["run", "capped.yaml", "--out", "out", "--format", "svg"], in: folder)
        #expect(plain.status == 0)
        #expect(plain.stderr == line + "\n")
        let trace =
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("out/capped/trace.json")))
            as! [String: Any]
        let warnings = trace["warnings"] as! [[String: Any]]
        #expect(warnings.map { $0["snapshot"] as? String } == ["expanded", "collapsed"])
        #expect(warnings.allSatisfy { $0["element"] as? String == "header" && $0["kind"] as? String == "cappedText" })

        // --strict: the same line, then the error; exit 1 once the snapshots are written.
        let strict = try cli.tabstage(["run", "capped.yaml", "--out", "strict", "--format", "svg", "--strict"], in: folder)
        #expect(strict.status == 1)
        #expect(
            strict.stderr.split(separator: "\n").map(String.init) == [
                line, "tabstage: error: 1 layout warning(s) and --strict is set (expected none: fix the scenario's text or sizes)",
            ])
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("strict/capped/collapsed.svg").path))

        // record --strict records nothing; record and verify without it pass, verify --strict fails.
        let strictRecord = try cli.tabstage(
            ["record", "--snapshots", "strict-refs", "--strict", "capped.yaml"], in: folder, environment: [:])
        #expect(strictRecord.status == 1)
        #expect(strictRecord.stderr.contains("nothing recorded: 1 layout warning(s) and --strict is set"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("strict-refs").path))
        #expect(try cli.tabstage(["record", "--snapshots", "refs", "capped.yaml"], in: folder, environment: [:]).status == 0)
        #expect(try cli.tabstage(["verify", "--snapshots", "refs", "capped.yaml"], in: folder, environment: ["CI": "1"]).status == 0)
        let verify = try cli.tabstage(["verify", "--snapshots", "refs", "--strict", "capped.yaml"], in: folder, environment: ["CI": "1"])
        #expect(verify.status == 1)
        #expect(verify.stderr.contains(line), "\(verify.stderr)")
    }
}
