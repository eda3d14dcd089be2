import Foundation
import TabStageTestSupport
import Testing

/// `run`, `record` and `verify` with `--accessibility`.
@Suite struct AccessibilityCommandLineTests {
    let cli = CommandLineTests()

    @Test func runWritesTheJSONAndThePictureAndWarns() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try cli.write(Fixtures.yaml(), "s.yaml", in: folder)
        let result = try cli.tabstage(["run", "s.yaml", "--out", "out", "--accessibility", "--format", "svg"], in: folder)
        #expect(result.status == 0)
        let json = try String(contentsOf: folder.appendingPathComponent("out/s/start.accessibility.json"), encoding: .utf8)
        #expect(json.hasPrefix("{\"elements\": [\n  {\"label\": \"Jane Appleseed\", \"value\": \"\", \"traits\": [\"image\"]"))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/s/start.accessibility.png").path))
        // The Follow button: 96 × 32 pt (its least width; 32 pt tall).
        #expect(result.stderr.contains("follow: smallHitArea: 'Follow' is a 96 × 32 pt hit area, under the 44 × 44 pt minimum"))
        let strict = try cli.tabstage(["run", "s.yaml", "--out", "out", "--accessibility", "--format", "svg", "--strict"], in: folder)
        #expect(strict.status == 1)
        // Without the flag nothing of it is written or said.
        let plain = try cli.tabstage(["run", "s.yaml", "--out", "plain", "--format", "svg", "--strict"], in: folder)
        #expect(plain.status == 0 && !plain.stderr.contains("smallHitArea"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("plain/test/start.accessibility.json").path))
    }

    /// A snapshot named like another's accessibility picture is refused before anything is written.
    @Test func aSnapshotNamedLikeAPictureIsRefused() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try cli.write(Fixtures.yaml(steps: ["- snapshot: start.accessibility", "- snapshot: start"]), "s.yaml", in: folder)
        let result = try cli.tabstage(["run", "s.yaml", "--out", "out", "--accessibility"], in: folder)
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "s.yaml:10:5: error: snapshot 'start.accessibility' is the file of the accessibility picture of snapshot 'start' written by --accessibility (expected another name)\n"
        )
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }

    @Test func recordKeepsTheJSONAndVerifyNamesAChangedElement() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try cli.write(Fixtures.yaml(), "s.yaml", in: folder)
        let record = try cli.tabstage(["record", "s.yaml", "--accessibility"], in: folder, environment: [:])
        #expect(record.status == 0)
        let reference = folder.appendingPathComponent("Snapshots/s/start.accessibility.json")
        #expect(FileManager.default.fileExists(atPath: reference.path))
        // The reference is the JSON alone: no picture among the references.
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Snapshots/s/start.accessibility.png").path))
        let verify = try cli.tabstage(["verify", "s.yaml", "--accessibility"], in: folder, environment: [:])
        #expect(verify.status == 0)
        #expect(verify.stdout.contains("verify: 1 of 1 accessibility references match"))

        // Someone relabelled the Follow button in the reference: verify fails at that line.
        let text = try String(contentsOf: reference, encoding: .utf8)
        try text.replacingOccurrences(of: "\"label\": \"Follow\"", with: "\"label\": \"Unfollow\"").write(
            to: reference, atomically: true, encoding: .utf8)
        let changed = try cli.tabstage(["verify", "s.yaml", "--accessibility"], in: folder, environment: [:])
        #expect(changed.status == 1)
        #expect(changed.stdout.contains("FAIL s/start.accessibility: Snapshots/s/start.accessibility.json differs:"))
        #expect(changed.stdout.contains("\"label\": \"Unfollow\""))
        #expect(changed.stdout.contains("\"label\": \"Follow\""))
    }
}

extension AccessibilityCommandLineTests {
    /// A reference a pull request can commit: a link to a secret is never read, and a file that
    /// is not tabstage's is shown by a short excerpt, never printed whole into the CI log.
    @Test func aLinkedOrForeignReferenceIsNeverPrinted() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try cli.write(Fixtures.yaml(), "s.yaml", in: folder)
        #expect(try cli.tabstage(["record", "s.yaml", "--accessibility"], in: folder, environment: [:]).status == 0)
        let reference = folder.appendingPathComponent("Snapshots/s/start.accessibility.json")
        let secret = folder.appendingPathComponent("environ")
        let token = "AWS_SECRET_ACCESS_KEY=" + String(repeating: "s3cr3t", count: 40)
        try ("HOME=/root\n" + token + "\n").write(to: secret, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: reference)
        try FileManager.default.createSymbolicLink(at: reference, withDestinationURL: secret)
        let linked = try cli.tabstage(["verify", "s.yaml", "--accessibility"], in: folder, environment: ["TABSTAGE_RECORD": "never"])
        #expect(linked.status == 1)
        #expect(
            linked.stdout.contains(
                "FAIL s/start.accessibility: cannot read the reference Snapshots/s/start.accessibility.json: it is a symbolic link"),
            "\(linked.stdout)")
        #expect(!(linked.stdout + linked.stderr).contains("s3cr3t") && !(linked.stdout + linked.stderr).contains("HOME="))

        // The same text committed as a file: named by at most 80 characters of its first line.
        try FileManager.default.removeItem(at: reference)
        try (token + "\nHOME=/root\n").write(to: reference, atomically: true, encoding: .utf8)
        let foreign = try cli.tabstage(["verify", "s.yaml", "--accessibility"], in: folder, environment: ["TABSTAGE_RECORD": "never"])
        #expect(foreign.status == 1)
        let output = foreign.stdout + foreign.stderr
        #expect(output.contains("Snapshots/s/start.accessibility.json is not a file tabstage wrote"), "\(output)")
        // "AWS_SECRET_ACCESS_KEY=" (22) and 58 more characters of the token, then "…".
        #expect(output.contains("it starts '" + String(token.prefix(80)) + "…'"), "\(output)")
        #expect(!output.contains(String(token.prefix(81))) && !output.contains("HOME="), "\(output)")
    }

    /// `--frames` writes the frames' pictures, not their accessibility files: only snapshots get them.
    @Test func framesGetNoAccessibilityFiles() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try cli.write(Fixtures.yaml(steps: ["- drag: {dy: 40}", "- snapshot: start"]), "s.yaml", in: folder)
        let result = try cli.tabstage(["run", "s.yaml", "--out", "out", "--accessibility", "--frames", "--format", "svg"], in: folder)
        #expect(result.status == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out/s").path)
        // One drag is one frame (s-1.svg); the snapshot adds its SVG and its two accessibility files.
        #expect(files.filter { $0.contains(".accessibility.") }.sorted() == ["start.accessibility.json", "start.accessibility.png"])
        #expect(files.contains { $0.hasPrefix("s-") && $0.hasSuffix(".svg") })
    }
}
