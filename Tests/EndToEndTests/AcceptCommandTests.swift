import Foundation
import SnapshotWorkflow
import TabStage
import TabStageTestSupport
import Testing

/// `tabstage accept REPORT`: a verify report's renderings become the references without a
/// render, and a report that does not hold together is refused, naming the file (exit 2),
/// with the references left as they were.
@Suite struct AcceptCommandTests {
    let cli = CommandLineTests()

    /// A folder with `s.yaml` (snapshots a and b) recorded into refs, then its title changed and
    /// verified in CI mode into `report`: both snapshots fail.
    func failingReport(steps: [String] = ["- snapshot: a", "- snapshot: b"]) throws -> URL {
        let folder = try temporaryFolder()
        try cli.write(Fixtures.yaml(extra: "name: s", steps: ["- snapshot: a", "- snapshot: b"]), "s.yaml", in: folder)
        #expect(try cli.tabstage(["record", "s.yaml", "--snapshots", "refs"], in: folder, environment: [:]).status == 0)
        try cli.write(
            Fixtures.yaml(extra: "name: s", steps: steps).replacingOccurrences(of: "Jane Appleseed", with: "Jane Doe"), "s.yaml",
            in: folder)
        let verify = try cli.tabstage(
            ["verify", "s.yaml", "--snapshots", "refs", "--report", "report"], in: folder, environment: ["CI": "1"])
        #expect(verify.status == 1, "\(verify.stdout)\(verify.stderr)")
        return folder
    }

    func bytes(_ path: String, in folder: URL) throws -> Data { try Data(contentsOf: folder.appendingPathComponent(path)) }

    @Test func acceptingAReportMakesTheNextVerifyPass() throws {
        let folder = try failingReport()
        defer { try? FileManager.default.removeItem(at: folder) }
        let accepted = try cli.tabstage(["accept", "report", "--snapshots", "refs"], in: folder, environment: [:])
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(accepted.stdout.contains("accepted s/a in refs/s\n"))
        #expect(accepted.stdout.hasSuffix("accept: 2 snapshot(s) accepted from report into refs\n"), "\(accepted.stdout)")
        // The report's own bytes: the actual SVG is the new reference, and its layout too.
        #expect(try bytes("refs/s/a.svg", in: folder) == bytes("report/s/a.actual.svg", in: folder))
        #expect(try bytes("refs/s/a.layout.txt", in: folder) == bytes("report/s/a.actual.layout.txt", in: folder))
        // In CI mode every pixel is rendered and compared again: the accepted references hold.
        let again = try cli.tabstage(["verify", "s.yaml", "--snapshots", "refs"], in: folder, environment: ["CI": "1"])
        #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
    }

    @Test func onlyTakesTheNamedSnapshotAndRefusesANameItDoesNotHold() throws {
        let folder = try failingReport()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try bytes("refs/s/b.png", in: folder)
        let one = try cli.tabstage(["accept", "report", "--snapshots", "refs", "--only", "s/a"], in: folder, environment: [:])
        #expect(one.status == 0, "\(one.stderr)")
        #expect(one.stdout.hasSuffix("accept: 1 snapshot(s) accepted from report into refs\n"), "\(one.stdout)")
        #expect(try bytes("refs/s/b.png", in: folder) == before, "b is not touched")
        let unknown = try cli.tabstage(["accept", "report", "--snapshots", "refs", "--only", "s/zzz"], in: folder, environment: [:])
        #expect(unknown.status == 2)
        #expect(unknown.stderr == "tabstage: error: --only \"s/zzz\" names no failed snapshot of report/report.json\n", "\(unknown.stderr)")
    }

    /// Each tampering is refused with one line naming the file, exit 2, and nothing written.
    @Test func aReportThatDoesNotHoldTogetherIsRefused() throws {
        typealias Tamper = (URL) throws -> Void
        func edit(_ folder: URL, _ replace: (String) -> String) throws {
            let url = folder.appendingPathComponent("report/report.json")
            try replace(try String(contentsOf: url, encoding: .utf8)).write(to: url, atomically: true, encoding: .utf8)
        }
        let cases: [(String, Tamper, String)] = [
            (
                "an edited PNG",
                { folder in
                    let handle = try FileHandle(forWritingTo: folder.appendingPathComponent("report/s/a.actual.png"))
                    try handle.seekToEnd()
                    try handle.write(contentsOf: Data([0]))
                    try handle.close()
                },
                "tabstage: error: report/s/a.actual.png is not the file report/report.json recorded (its SHA-256 differs): run `tabstage verify --report` again\n"
            ),
            (
                "a changed scenario",
                { folder in
                    try (String(contentsOf: folder.appendingPathComponent("s.yaml"), encoding: .utf8) + "# edited\n").write(
                        to: folder.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
                },
                "tabstage: error: s.yaml changed since report/report.json was written: run `tabstage verify --report` again\n"
            ),
            (
                "a path out of the folder",
                { folder in try edit(folder) { $0.replacingOccurrences(of: "\"s/a.actual.svg\"", with: "\"../s.yaml\"") } },
                "tabstage: error: report/report.json points outside its folder: \"../s.yaml\" (expected a path inside the report folder)\n"
            ),
            (
                "an absolute path",
                { folder in try edit(folder) { $0.replacingOccurrences(of: "\"s/a.actual.svg\"", with: "\"/etc/passwd\"") } },
                "tabstage: error: report/report.json points outside its folder: \"/etc/passwd\" (expected a path inside the report folder)\n"
            ),
            (
                "a symbolic link",
                { folder in
                    let link = folder.appendingPathComponent("report/s/a.actual.svg")
                    try FileManager.default.removeItem(at: link)
                    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "../../refs/s/a.svg")
                },
                "tabstage: error: report/s/a.actual.svg is a symbolic link (expected the file `tabstage verify --report` wrote inside the report folder)\n"
            ),
            (
                "another scenario's results",
                { folder in try edit(folder) { $0.replacingOccurrences(of: "\"group\" : \"s\"", with: "\"group\" : \"t\"") } },
                "tabstage: error: report/report.json holds snapshots of t, which is not one of the scenarios it was made from\n"
            ),
            (
                "another version with other fonts",
                { folder in
                    try edit(folder) {
                        $0.replacingOccurrences(of: "\"tabstage\" : \"", with: "\"tabstage\" : \"9.").replacingOccurrences(
                            of: "\"renderer\" : \"", with: "\"renderer\" : \"0")
                    }
                },
                "tabstage: error: report/report.json was written by tabstage 9.\(tabStageVersion) with other fonts than this tabstage \(tabStageVersion) draws with: run `tabstage verify --report` again with this version\n"
            ),
            (
                "a report without digests",
                { folder in
                    try edit(folder) { text in
                        // Drop the "inputs" object: what a report from before accept holds.
                        guard let start = text.range(of: "  \"inputs\" : {"),
                            let end = text.range(of: "  },\n", range: start.upperBound..<text.endIndex)
                        else { return text }
                        return text.replacingCharacters(in: start.lowerBound..<end.upperBound, with: "")
                    }
                },
                "tabstage: error: report/report.json keeps no digests of its files (written by merge-reports or an older tabstage): run `tabstage verify --report` again\n"
            ),
        ]
        for (what, tamper, message) in cases {
            let folder = try failingReport()
            defer { try? FileManager.default.removeItem(at: folder) }
            let before = try bytes("refs/s/a.png", in: folder)
            try tamper(folder)
            let refused = try cli.tabstage(["accept", "report", "--snapshots", "refs"], in: folder, environment: [:])
            #expect(refused.status == 2, "\(what): \(refused.stdout)")
            #expect(refused.stderr == message, "\(what)")
            #expect(refused.stdout.isEmpty, "\(what)")
            #expect(try bytes("refs/s/a.png", in: folder) == before, "\(what): the reference is untouched")
        }
    }

    @Test func pruneRemovesWhatTheScenarioNoLongerWrites() throws {
        let folder = try failingReport(steps: ["- snapshot: a"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let accepted = try cli.tabstage(["accept", "report", "--snapshots", "refs", "--prune"], in: folder, environment: [:])
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(accepted.stdout.contains("removed refs/s/b.png\n"), "\(accepted.stdout)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("refs/s/b.svg").path))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("refs/s/a.svg").path))
    }

    /// FIPS 180-2 appendix B's vectors and the empty string's well-known digest.
    @Test func sha256MatchesThePublishedVectors() {
        #expect(SHA256.hex([UInt8]()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }
}
