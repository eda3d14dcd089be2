import Foundation
import TabStageImageDiff
import TabStageLayout
import TabStageModel
import TabStageRendering
import TabStageScenario
import TabStageTestSupport
import TabStageTesting
import TabStageWorkflow
import Testing

/// A small scenario (120×200 pt at scale 1, so each PNG is 120×200 px) with `count` snapshots,
/// each at another scroll offset, and the given header title.
private func smallScenario(name: String, title: String, snapshots: [String]) -> String {
    var steps = ""
    for (index, snapshot) in snapshots.enumerated() {
        steps += "  - scroll: {to: \(index * 40)}\n  - snapshot: \(snapshot)\n"
    }
    return """
        name: \(name)
        device: {width: 120, height: 200, scale: 1}
        container:
          header: {height: 100, minHeight: 30, title: "\(title)"}
          tabs:
            - {title: Posts, rows: 30, rowHeight: 50}
        steps:
        \(steps)
        """
}

/// stderr without the layout warnings a 120 pt screen earns (its name cannot fit beside the
/// Follow button): these tests are about the other lines. A warning at one snapshot reads
/// `s: step N (snapshot a): …`, one at several `s: snapshots a (step 1), b (step 3) …: …`.
private func withoutLayoutWarnings(_ stderr: String) -> String {
    stderr.split(separator: "\n", omittingEmptySubsequences: false)
        .filter { !($0.contains(": step ") && $0.contains("(snapshot ")) && !($0.contains(": snapshots ") && $0.contains(" (step ")) }
        .joined(separator: "\n")
}

private func write(_ text: String, to url: URL) throws {
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: url, atomically: true, encoding: .utf8)
}

private func exists(_ url: URL) -> Bool { FileManager.default.fileExists(atPath: url.path) }

/// Every failure of a large run reaches the report with its images, whatever `--jobs` is.
@Suite struct StreamingVerifyTests {
    let cli = CommandLineTests()
    let names = ["a", "b", "c", "d", "e", "f"]

    @Test func everyFailureIsReportedWithItsImagesAndJobsDoNotChangeTheReport() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenarios = (0..<5).map { "s\($0).yaml" }
        for (index, file) in scenarios.enumerated() {
            try write(smallScenario(name: "s\(index)", title: "Before", snapshots: names), to: folder.appendingPathComponent(file))
        }
        let record = try cli.tabstage(["record", "--snapshots", "refs"] + scenarios, in: folder, environment: [:])
        #expect(record.status == 0, "\(record.stderr)")
        let passing = try cli.tabstage(["verify", "--snapshots", "refs", "--jobs", "3"] + scenarios, in: folder, environment: [:])
        #expect(
            passing.status == 0
                && passing.stdout == "verify: 30 of 30 snapshots match; record mode missing; pixels checked where the SVG differs\n",
            "\(passing.stdout)\(passing.stderr)")

        // A theme-like change: every one of the 30 snapshots now differs.
        for (index, file) in scenarios.enumerated() {
            try write(smallScenario(name: "s\(index)", title: "After", snapshots: names), to: folder.appendingPathComponent(file))
        }
        var outputs: [String] = []
        for jobs in ["1", "4"] {
            let result = try cli.tabstage(
                ["verify", "--snapshots", "refs", "--report", "report\(jobs)", "--jobs", jobs] + scenarios, in: folder,
                environment: ["CI": "1"])
            #expect(result.status == 1, "\(result.stderr)")
            #expect(withoutLayoutWarnings(result.stderr).isEmpty, "\(result.stderr)")
            outputs.append(result.stdout)
            let lines = result.stdout.split(separator: "\n")
            // One FAIL line a snapshot (the retitled header moved: what moved, then the pixels),
            // each followed by its moves, indented; then the summary.
            #expect(lines.filter { $0.hasPrefix("FAIL s") && $0.contains(" moved") && $0.contains(" differ)") }.count == 30)
            #expect(lines.dropLast().allSatisfy { $0.hasPrefix("FAIL s") || $0.hasPrefix("  ") }, "\(result.stdout)")
            #expect(
                lines.last
                    == "verify: 0 of 30 snapshots match; record mode never; pixels checked (CI mode: CI); report in report\(jobs)/index.html"
            )
            let report = folder.appendingPathComponent("report\(jobs)")
            for scenario in 0..<5 {
                for name in names {
                    for kind in ["expected", "actual", "diff"] {
                        #expect(
                            exists(report.appendingPathComponent("s\(scenario)/\(name).\(kind).png")), "s\(scenario)/\(name).\(kind).png")
                    }
                }
            }
            let junit = try String(contentsOf: report.appendingPathComponent("junit.xml"), encoding: .utf8)
            #expect(junit.contains("<testsuites name=\"tabstage\" tests=\"30\" failures=\"30\">"))
            #expect(junit.components(separatedBy: "<testsuite name=").count - 1 == 5)
            #expect(junit.components(separatedBy: "<failure message=").count - 1 == 30)
            let html = try String(contentsOf: report.appendingPathComponent("index.html"), encoding: .utf8)
            #expect(html.contains("<title>tabstage: 30 of 30 snapshots need review</title>"))
            #expect(html.components(separatedBy: "<section class=\"failed\">").count - 1 == 30)
            #expect(html.contains("src=\"s4/f.diff.png\""))
        }
        #expect(outputs[0] == outputs[1].replacingOccurrences(of: "report4", with: "report1"))
        let one = folder.appendingPathComponent("report1"), four = folder.appendingPathComponent("report4")
        let files = try FileManager.default.subpathsOfDirectory(atPath: one.path).sorted()
        #expect(files == (try FileManager.default.subpathsOfDirectory(atPath: four.path).sorted()))
        #expect(
            files.count == 4 + 5 + 90 + 60,
            "index.html, junit.xml, report.json, the report's manifest, 5 folders, 90 images, and each of the 30 failures' SVG and layout")
        for file in files where file.contains(".") {
            // The page and report.json name their own folder in the accept command
            // (`tabstage accept report4`); everything else is byte for byte the same.
            let a = try Data(contentsOf: one.appendingPathComponent(file)), b = try Data(contentsOf: four.appendingPathComponent(file))
            #expect(
                a == b
                    || String(decoding: a, as: UTF8.self)
                        == String(decoding: b, as: UTF8.self).replacingOccurrences(of: "report4", with: "report1"),
                "\(file)")
        }
    }

    @Test func jobsAreValidated() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(smallScenario(name: "s", title: "T", snapshots: ["a"]), to: folder.appendingPathComponent("s.yaml"))
        for jobs in ["0", "65"] {
            let result = try cli.tabstage(["verify", "s.yaml", "--jobs", jobs], in: folder, environment: [:])
            #expect(result.status == 2)
            #expect(result.stderr.contains("--jobs must be from 1 to 64 (a number of threads), got \(jobs)"), "\(result.stderr)")
        }
    }
}

/// A reference whose SVG matches is still checked: its PNG must be whole, the right size and
/// rendered from that SVG.
@Suite struct ReferenceCheckTests {
    /// Two states of the same 120×200 px size with different content.
    static let states: [(name: String, state: StageState)] = {
        let scenario = try! ScenarioParser.parse(
            smallScenario(name: "g", title: "T", snapshots: ["top", "scrolled"]), file: "g.yaml", defaultName: "g")
        return try! ScenarioRunner.run(scenario).snapshots
    }()

    var top: StageState { Self.states[0].state }
    var scrolled: StageState { Self.states[1].state }

    func check(_ folder: URL, _ state: StageState, mode: RecordMode = .never, checksPixels: Bool = true) throws -> SnapshotOutcome {
        try Verifier(store: ReferenceStore(root: folder.path), mode: mode, checksPixels: checksPixels).check(
            state, look: Look(), group: "g", name: "top"
        )
        .outcome
    }

    func recordBoth(_ folder: URL) throws {
        var writer = AtomicWriter()
        let verifier = Verifier(store: ReferenceStore(root: folder.path), mode: .all)
        _ = try verifier.verify(top, look: Look(), group: "g", name: "top", writer: &writer)
        _ = try verifier.verify(scrolled, look: Look(), group: "g", name: "scrolled", writer: &writer)
    }

    func failure(_ outcome: SnapshotOutcome) -> String {
        guard case .failed(let message) = outcome.status else { return "not a failure: \(outcome.status)" }
        return message
    }

    @Test func aGoodReferencePasses() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try recordBoth(folder)
        #expect(try check(folder, top).passed)
    }

    @Test func referencesCarryTheirSVGDigest() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try recordBoth(folder)
        let png = try Data(contentsOf: folder.appendingPathComponent("g/top.png"))
        let svg = try String(contentsOf: folder.appendingPathComponent("g/top.svg"), encoding: .utf8)
        let summary = try PNGChunks.summary(Array(png))
        #expect(summary.width == 120 && summary.height == 200)
        #expect(summary.texts == [ReferenceIdentity.keyword: ReferenceIdentity.digest(svg)])
        // The chunk changes no pixel.
        let plain = try #require(try SnapshotRenderer.render(top, look: Look()).png)
        #expect(try PNGCodec.decode(Array(png)) == PNGCodec.decode(plain))
    }

    @Test func settingTheDigestTwiceKeepsOneChunk() throws {
        let plain = try #require(try SnapshotRenderer.render(top, look: Look()).png)
        let once = try PNGChunks.settingText(plain, keyword: "tabstage:svg", value: "1111111111111111")
        let twice = try PNGChunks.settingText(once, keyword: "tabstage:svg", value: "2222222222222222")
        // 12 bytes of chunk framing + 12 keyword + 1 NUL + 16 digest.
        #expect(once.count == plain.count + 41 && twice.count == once.count)
        #expect(try PNGChunks.summary(twice).texts == ["tabstage:svg": "2222222222222222"])
    }

    @Test func fnv1aDigestMatchesPublishedValues() {
        // FNV-1a 64-bit test vectors: "" and "a".
        #expect(ReferenceIdentity.digest("") == "cbf29ce484222325")
        #expect(ReferenceIdentity.digest("a") == "af63dc4c8601ec8c")
        #expect(ReferenceIdentity.digest("foobar") == "85944171f73967e8")
    }

    @Test func crcMatchesPublishedValue() {
        #expect(PNGChunks.crc32(Array("123456789".utf8)[...]) == 0xCBF4_3926)
    }

    @Test func truncatedReferenceFails() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try recordBoth(folder)
        let url = folder.appendingPathComponent("g/top.png")
        let png = try Data(contentsOf: url)
        try png.prefix(png.count - 20).write(to: url)
        let message = failure(try check(folder, top))
        #expect(message.hasPrefix("the reference \(url.path) is broken: the PNG is truncated"), "\(message)")
    }

    @Test func corruptedChunkFailsItsCRC() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try recordBoth(folder)
        let url = folder.appendingPathComponent("g/top.png")
        var png = try Data(contentsOf: url)
        png[png.count - 30] ^= 0xFF  // inside the last IDAT
        try png.write(to: url)
        let message = failure(try check(folder, top))
        #expect(message.contains("is broken: the PNG's IDAT chunk at byte") && message.contains("fails its CRC check"), "\(message)")
    }

    @Test func resizedReferenceFails() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try recordBoth(folder)
        let url = folder.appendingPathComponent("g/top.png")
        try Data(try PNGCodec.encode(RGBAImage(width: 60, height: 100, fill: (255, 255, 255, 255)))).write(to: url)
        #expect(
            failure(try check(folder, top))
                == "the reference \(url.path) is 60×100 px but this snapshot renders at 120×200 px (re-record it)")
    }

    @Test func swappedReferenceOfTheSameSizeFails() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try recordBoth(folder)
        let url = folder.appendingPathComponent("g/top.png")
        try FileManager.default.removeItem(at: url)
        try FileManager.default.copyItem(at: folder.appendingPathComponent("g/scrolled.png"), to: url)
        #expect(failure(try check(folder, top)) == "the reference PNG \(url.path) was rendered from a different SVG; re-record")
    }

    @Test func olderReferenceWithoutDigestIsCheckedOnItsHeader() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try recordBoth(folder)
        let url = folder.appendingPathComponent("g/top.png")
        try Data(try #require(try SnapshotRenderer.render(top, look: Look()).png)).write(to: url)
        #expect(try check(folder, top).passed, "no digest: accepted on the header checks")
        #expect(try check(folder, top, checksPixels: false).passed)
        // Without a digest a same-size swap cannot be told apart from the chunks alone (the
        // fast path's documented limit); rendering the SVG and comparing the pixels tells.
        try Data(try #require(try SnapshotRenderer.render(scrolled, look: Look()).png)).write(to: url)
        #expect(try check(folder, top, checksPixels: false).passed)
        #expect(
            failure(try check(folder, top)).hasPrefix(
                "the reference PNG \(url.path) does not show what its SVG \(folder.path)/g/top.svg renders: "))
    }

    @Test func notAPNGFails() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try recordBoth(folder)
        let url = folder.appendingPathComponent("g/top.png")
        try Data("<html>not an image</html>".utf8).write(to: url)
        #expect(failure(try check(folder, top)) == "the reference \(url.path) is broken: not a PNG file (no PNG signature) (re-record it)")
    }

    @Test func missingSVGIsNamedAsSuch() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try recordBoth(folder)
        let svg = folder.appendingPathComponent("g/top.svg")
        try FileManager.default.removeItem(at: svg)
        let message = failure(try check(folder, top))
        #expect(message.hasPrefix("no reference SVG at \(svg.path) (its PNG is there"), "\(message)")
        #expect(!message.contains(".png"))
    }

    @Test func unreadableSVGIsNamedAsSuch() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try recordBoth(folder)
        let svg = folder.appendingPathComponent("g/top.svg")
        try Data([0x3C, 0xFF, 0xFE, 0x3E]).write(to: svg)
        #expect(failure(try check(folder, top)) == "cannot read the reference \(svg.path): not UTF-8 text")
        try FileManager.default.removeItem(at: svg)
        try FileManager.default.createDirectory(at: svg, withIntermediateDirectories: false)
        #expect(failure(try check(folder, top)) == "cannot read the reference \(svg.path): it is a folder")
        guard case .recorded = try check(folder, top, mode: .failed).status else {
            Issue.record("failed mode re-records")
            return
        }
    }

    @Test func failedModeRecordsOverABrokenReference() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try recordBoth(folder)
        let url = folder.appendingPathComponent("g/top.png")
        try Data("broken".utf8).write(to: url)
        var writer = AtomicWriter()
        let outcome = try Verifier(store: ReferenceStore(root: folder.path), mode: .failed).verify(
            top, look: Look(), group: "g", name: "top", writer: &writer
        ).outcome
        #expect(
            outcome.status
                == .recorded(
                    "the reference \(url.path) is broken: not a PNG file (no PNG signature); recorded \(url.path) and \(folder.path)/g/top.svg from this rendering (TABSTAGE_RECORD=failed); the next verify compares with them"
                ))
        #expect(try check(folder, top).passed)
    }
}

/// `record --prune` and verify's orphan warnings.
@Suite struct OrphanReferenceTests {
    let cli = CommandLineTests()

    @Test func verifyNamesOrphansAndPruneRemovesOnlyThem() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = folder.appendingPathComponent("s.yaml")
        try write(smallScenario(name: "s", title: "T", snapshots: ["a", "b", "c"]), to: scenario)
        try write(smallScenario(name: "other", title: "T", snapshots: ["x"]), to: folder.appendingPathComponent("other.yaml"))
        #expect(try cli.tabstage(["record", "--snapshots", "refs", "s.yaml", "other.yaml"], in: folder, environment: [:]).status == 0)
        let refs = folder.appendingPathComponent("refs")
        // Files tabstage would not have written, and a lone PNG it would have.
        try write("keep", to: refs.appendingPathComponent("s/notes.txt"))
        try write("keep", to: refs.appendingPathComponent("s/.hidden.png"))
        try write("keep", to: refs.appendingPathComponent("s/sub/z.png"))
        try FileManager.default.copyItem(at: refs.appendingPathComponent("s/a.png"), to: refs.appendingPathComponent("s/lone.png"))
        try FileManager.default.copyItem(at: refs.appendingPathComponent("other/x.svg"), to: refs.appendingPathComponent("other/gone.svg"))

        try write(smallScenario(name: "s", title: "T", snapshots: ["a", "b"]), to: scenario)
        let verify = try cli.tabstage(["verify", "--snapshots", "refs", "s.yaml"], in: folder, environment: [:])
        #expect(verify.status == 0, "orphans warn, they do not fail")
        #expect(
            withoutLayoutWarnings(verify.stderr) == """
                tabstage: warning: refs/s/c.svg, refs/s/c.png and refs/s/c.layout.txt are not written by s any more (remove them with `tabstage record --prune`)
                tabstage: warning: refs/s/lone.png is not written by s any more (remove it with `tabstage record --prune`)

                """)

        let prune = try cli.tabstage(["record", "--prune", "--snapshots", "refs", "s.yaml"], in: folder, environment: [:])
        #expect(prune.status == 0, "\(prune.stderr)")
        #expect(
            prune.stdout.contains("removed refs/s/c.svg\nremoved refs/s/c.png\nremoved refs/s/c.layout.txt\nremoved refs/s/lone.png\n"),
            "\(prune.stdout)")
        let left = try FileManager.default.subpathsOfDirectory(atPath: refs.path).sorted()
        #expect(
            left == [
                "other", "other/gone.svg", "other/x.layout.txt", "other/x.png", "other/x.svg",
                "s", "s/.hidden.png", "s/a.layout.txt", "s/a.png", "s/a.svg", "s/b.layout.txt", "s/b.png", "s/b.svg", "s/notes.txt",
                "s/sub", "s/sub/z.png",
            ], "only the given scenario's orphaned pairs go")
        let again = try cli.tabstage(["verify", "--snapshots", "refs", "s.yaml"], in: folder, environment: [:])
        #expect(again.status == 0 && withoutLayoutWarnings(again.stderr).isEmpty, "\(again.stderr)")
    }

    @Test func recordedReferencesCarryTheirDigestAndNoManifest() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(smallScenario(name: "s", title: "T", snapshots: ["a"]), to: folder.appendingPathComponent("s.yaml"))
        #expect(try cli.tabstage(["record", "--snapshots", "refs", "s.yaml"], in: folder, environment: [:]).status == 0)
        let refs = folder.appendingPathComponent("refs/s")
        let svg = try String(contentsOf: refs.appendingPathComponent("a.svg"), encoding: .utf8)
        let png = try Data(contentsOf: refs.appendingPathComponent("a.png"))
        #expect(try PNGChunks.summary(Array(png)).texts == [ReferenceIdentity.keyword: ReferenceIdentity.digest(svg)])
        // References are reviewed in version control: no bookkeeping file lands beside them, only
        // the snapshot's PNG, SVG and layout.
        #expect(try FileManager.default.contentsOfDirectory(atPath: refs.path).sorted() == ["a.layout.txt", "a.png", "a.svg"])
    }

    @Test func aFailedRecordPrunesNothing() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(smallScenario(name: "s", title: "T", snapshots: ["a", "b"]), to: folder.appendingPathComponent("s.yaml"))
        #expect(try cli.tabstage(["record", "--snapshots", "refs", "s.yaml"], in: folder, environment: [:]).status == 0)
        try write(smallScenario(name: "s", title: "T", snapshots: ["a"]), to: folder.appendingPathComponent("s.yaml"))
        try write("name: bad\nsteps: [", to: folder.appendingPathComponent("bad.yaml"))
        let result = try cli.tabstage(["record", "--prune", "--snapshots", "refs", "s.yaml", "bad.yaml"], in: folder, environment: [:])
        #expect(result.status == 2)
        #expect(exists(folder.appendingPathComponent("refs/s/b.png")) && exists(folder.appendingPathComponent("refs/s/b.svg")))
    }
}

/// The testing API leaves files a developer can open, and says how to re-record.
@Suite struct TestingArtifactsTests {
    @Test func assertTabSnapshotWritesArtifactsAndNamesThem() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let states = ReferenceCheckTests.states
        let messages = IssueMessages()
        // Record the first state as the reference, then check the second against it.
        withKnownIssue("recording counts as a failure") {
            assertTabSnapshot(of: Fixtures.stage(states[0].state), as: .png, named: "shot", record: .all, snapshotDirectory: folder.path)
        } matching: {
            messages.add($0)
        }
        withKnownIssue("a different state fails") {
            let outcome = assertTabSnapshot(
                of: Fixtures.stage(states[1].state), as: .png, named: "shot", record: .never, snapshotDirectory: folder.path)
            #expect(outcome.first?.passed == false)
        } matching: {
            messages.add($0)
        }
        let failures = folder.appendingPathComponent("__Failures__/VerifyAtScaleTests")
        let paths = ["actual", "expected", "diff"].map { failures.appendingPathComponent("shot.\($0).png") }
        for path in paths { #expect(exists(path), "\(path.path)") }
        #expect(
            try PNGCodec.decode(Array(Data(contentsOf: paths[0])))
                == PNGCodec.decode(try #require(try SnapshotRenderer.render(states[1].state, look: Look()).png)))
        #expect(try Data(contentsOf: paths[1]) == Data(contentsOf: folder.appendingPathComponent("VerifyAtScaleTests/shot.png")))
        // A recording names what it wrote and nothing to re-record: the reference is written.
        let recording = try #require(messages.all.first)
        #expect(recording.contains("recorded ") && !recording.contains("re-record:"), "\(recording)")
        let message = try #require(messages.all.last)
        // What moved first, then the pixels' count: "5 elements moved and 1 value changed (pixels: N differ)".
        #expect(message.contains(" moved") && message.contains("(pixels: ") && message.contains(" differ)"), "\(message)")
        #expect(message.contains("\n  "), "the moves are listed under the message: \(message)")
        #expect(message.contains("actual:    \(paths[0].path)"), "\(message)")
        #expect(message.contains("reference: \(paths[1].path)"), "\(message)")
        #expect(message.contains("diff:      \(paths[2].path)"), "\(message)")
        #expect(
            message.hasSuffix(
                "re-record: pass record: .failed to this assertion, then swift test --filter assertTabSnapshotWritesArtifactsAndNamesThem"),
            "\(message)")

        // Without a record argument, TABSTAGE_RECORD decides, and the message says so.
        if ProcessInfo.processInfo.environment["TABSTAGE_RECORD"] == nil {
            withKnownIssue("a different state fails") {
                assertTabSnapshot(of: Fixtures.stage(states[1].state), as: .png, named: "shot", snapshotDirectory: folder.path)
            } matching: {
                messages.add($0)
            }
            let defaultMode = try #require(messages.all.last)
            #expect(
                defaultMode.hasSuffix("re-record: TABSTAGE_RECORD=failed swift test --filter assertTabSnapshotWritesArtifactsAndNamesThem"),
                "\(defaultMode)")
        }

        // Passing again removes the stale artifacts.
        #expect(
            assertTabSnapshot(of: Fixtures.stage(states[0].state), as: .png, named: "shot", record: .never, snapshotDirectory: folder.path)
                .first?.passed == true)
        for path in paths { #expect(!exists(path), "\(path.path)") }
    }

    @Test func assertScenarioSnapshotsWritesArtifactsAndTheRecordCommand() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = folder.appendingPathComponent("scene.yaml")
        let refs = folder.appendingPathComponent("refs")
        try write(smallScenario(name: "scene", title: "Before", snapshots: ["one", "two", "three"]), to: scenario)
        withRecordingIssue {
            _ = assertScenarioSnapshots(scenario.path, snapshots: refs.path, record: .all)
        }
        try write(smallScenario(name: "scene", title: "After", snapshots: ["one", "two", "three"]), to: scenario)
        let messages = IssueMessages()
        var outcomes: [SnapshotOutcome] = []
        withKnownIssue("every snapshot differs") {
            outcomes = assertScenarioSnapshots(scenario.path, snapshots: refs.path, record: .never)
        } matching: {
            messages.add($0)
        }
        #expect(outcomes.map(\.name) == ["one", "two", "three"])
        #expect(outcomes.allSatisfy { !$0.passed && $0.comparison != nil && $0.images.isEmpty })
        #expect(messages.all.count == 3)
        for (name, message) in zip(["one", "two", "three"], messages.all) {
            let actual = refs.appendingPathComponent("__Failures__/scene/\(name).actual.png")
            #expect(exists(actual))
            #expect(message.hasPrefix("Snapshot scene/\(name): "))
            #expect(message.contains("actual:    \(actual.path)"))
            #expect(message.contains("re-record: tabstage record \(scenario.path) --snapshots \(refs.path)"), "\(message)")
        }
    }
}
