import Foundation
import TabStageTestSupport
import Testing

/// `fullContent` snapshots and `frames: true` references through the binary: the refusal over
/// the pixel limit, frames recorded, a frame that changed failing verify with the report naming
/// it between its neighbours, and `record --prune` removing frames no longer kept.
@Suite struct FullContentCommandLineTests {
    let cli = CommandLineTests()

    /// A 200 × 300 pt window at scale 1 (no safe area), a 100 pt header, a 40 pt tab bar and
    /// 20 rows of 50 pt: small pictures, quick to draw.
    static func scenario(rows: Int = 20, steps: String) -> String {
        """
        name: fc
        device: {width: 200, height: 300, scale: 1}
        fps: 20
        container:
          header: {height: 100, minHeight: 20}
          tabBar: {height: 40}
          tabs:
            - {title: A, rows: \(rows), rowHeight: 50}
            - {title: B, rows: 3, rowHeight: 50}
        steps:
        \(steps)
        """
    }

    @Test func aFullContentPictureIsAsTallAsTheTab() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try cli.write(Self.scenario(steps: "  - snapshot: {name: all, fullContent: true}"), "fc.yaml", in: folder)
        let run = try cli.tabstage(["run", "fc.yaml", "--out", "out", "--device-frame"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        // 100 + 40 + 20 × 50 + 0 = 1,140 pt at scale 1, and no device frame around it.
        let png = try Data(contentsOf: folder.appendingPathComponent("out/fc/all.png"))
        #expect(Array(png[16..<24]) == [0, 0, 0, 200, 0, 0, 4, 116], "IHDR: 200 × 1140")
        let trace = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("out/fc/trace.json")))
        let steps = try #require((trace as? [String: Any])?["steps"] as? [[String: Any]])
        let size = try #require(steps.first?["fullContent"] as? [String: Double])
        #expect(size == ["width": 200, "height": 1140])
        // Its elements are where the long picture draws them: the last row, 19, at 140 + 19 × 50 = 1,090.
        let elements = try #require(steps.first?["elements"] as? [[String: Any]])
        let row = try #require(elements.first { $0["id"] as? String == "row-0-19" }?["frame"] as? [String: Double])
        #expect(row["y"] == 1090)
    }

    @Test func overTheLimitTheStepIsRefusedAndNothingIsWritten() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // 100 + 40 + 400 × 50 = 20,140 pt at scale 1: over 16,384 px a side.
        try cli.write(
            Self.scenario(rows: 400, steps: "  - snapshot: plain\n  - snapshot: {name: all, fullContent: true}"), "fc.yaml", in: folder)
        let run = try cli.tabstage(["run", "fc.yaml", "--out", "out"], in: folder)
        #expect(run.status == 2)
        #expect(
            run.stderr
                == "fc.yaml:12:5: error: the full content is 20140 pt tall, 20140 px at scale 1: over the 16384 px limit on a side (expected a picture at most 16384 px, 16384 pt, tall: fewer rows in the selected tab, a smaller --scale, or a plain snapshot)\n"
        )
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path), "nothing is written")
        // SVG alone allocates no pixels: the same picture is written.
        let svg = try cli.tabstage(["run", "fc.yaml", "--out", "out", "--format", "svg"], in: folder)
        #expect(svg.status == 0, "\(svg.stderr)")
    }

    @Test func aFrameThatChangedFailsVerifyAndTheReportNamesIt() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // An animated scroll of 0.3 s at 20 fps: ⌈0.3 × 20⌉ = 6 frames, 0001 to 0006.
        try cli.write(
            Self.scenario(steps: "  - snapshot: start\n  - scroll: {to: 200, animated: true, frames: true}"), "fc.yaml", in: folder)
        let record = try cli.tabstage(["record", "fc.yaml", "--snapshots", "refs"], in: folder, environment: [:])
        #expect(record.status == 0, "\(record.stderr)")
        #expect(record.stdout == "recorded fc: 1 snapshot(s) and 6 frame(s) in refs/fc\n")
        let frames = folder.appendingPathComponent("refs/fc/frames")
        let names = try FileManager.default.contentsOfDirectory(atPath: frames.path).sorted()
        #expect(names == (1...6).flatMap { ["000\($0).png", "000\($0).svg"] })
        let clean = try cli.tabstage(["verify", "fc.yaml", "--snapshots", "refs"], in: folder, environment: [:])
        #expect(clean.status == 0, "\(clean.stderr)")
        #expect(
            clean.stdout == "verify: 1 of 1 snapshots and 6 of 6 frames match; record mode missing; pixels checked where the SVG differs\n")

        // Frame 4's references replaced by frame 3's: its SVG differs, then its pixels.
        let manager = FileManager.default
        for ext in ["svg", "png"] {
            try manager.removeItem(at: frames.appendingPathComponent("0004.\(ext)"))
            try manager.copyItem(at: frames.appendingPathComponent("0003.\(ext)"), to: frames.appendingPathComponent("0004.\(ext)"))
        }
        let failed = try cli.tabstage(["verify", "fc.yaml", "--snapshots", "refs", "--report", "report"], in: folder, environment: [:])
        #expect(failed.status == 1)
        let lines = failed.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("FAIL fc/frames/0004: ") == true, "\(failed.stdout)")
        #expect(
            lines.last
                == "verify: 1 of 1 snapshots and 5 of 6 frames match; record mode missing; pixels checked where the SVG differs; report in report/index.html"
        )
        let html = try String(contentsOf: folder.appendingPathComponent("report/index.html"), encoding: .utf8)
        #expect(html.contains("<title>tabstage: 0 of 1 snapshots and 1 of 6 frames need review</title>"))
        #expect(html.contains("<h2>fc/frames / 0004</h2>"))
        #expect(html.contains("Frame 0004 is the first that differs"))
        // The strip: frames 3, 4 and 5, each reference above its rendering.
        for name in ["0003", "0004", "0005"] {
            #expect(html.contains("<figcaption>Frame \(name) ("))
            #expect(manager.fileExists(atPath: folder.appendingPathComponent("report/fc/frames/\(name).expected.png").path), "\(name)")
            #expect(manager.fileExists(atPath: folder.appendingPathComponent("report/fc/frames/\(name).actual.png").path), "\(name)")
        }
        #expect(!html.contains("<figcaption>Frame 0002 ("))
        let junit = try String(contentsOf: folder.appendingPathComponent("report/junit.xml"), encoding: .utf8)
        #expect(junit.contains("<testsuites name=\"tabstage\" tests=\"7\" failures=\"1\">"))
        #expect(junit.contains("<testsuite name=\"fc/frames\" tests=\"6\" failures=\"1\">"))
        #expect(junit.contains("<testcase classname=\"tabstage.fc.frames\" name=\"0004\">"))
        // merge-reports keeps the frames and their strip: frames 3, 4 and 5 copied beside the page.
        let merged = try cli.tabstage(["merge-reports", "report", "--out", "merged"], in: folder)
        #expect(merged.status == 1, "\(merged.stderr)")
        let mergedHTML = try String(contentsOf: folder.appendingPathComponent("merged/index.html"), encoding: .utf8)
        #expect(mergedHTML.contains("<title>tabstage: 0 of 1 snapshots and 1 of 6 frames need review</title>"))
        for name in ["0003", "0004", "0005"] {
            #expect(mergedHTML.contains("<figcaption>Frame \(name) ("))
            for kind in ["expected", "actual"] {
                #expect(manager.fileExists(atPath: folder.appendingPathComponent("merged/fc/frames/\(name).\(kind).png").path), "\(name)")
            }
        }
        // A strip whose image leaves its folder is refused with one located line, nothing written.
        let reportJSON = folder.appendingPathComponent("report/report.json")
        let text = try String(contentsOf: reportJSON, encoding: .utf8)
        #expect(text.contains("\"expected\" : \"fc/frames/0003.expected.png\""))
        try text.replacingOccurrences(of: "\"expected\" : \"fc/frames/0003.expected.png\"", with: "\"expected\" : \"../0003.expected.png\"")
            .write(to: reportJSON, atomically: true, encoding: .utf8)
        let hostile = try cli.tabstage(["merge-reports", "report", "--out", "hostile"], in: folder)
        #expect(hostile.status == 2)
        let refusal = hostile.stderr.split(separator: "\n")
        #expect(refusal.count == 1, "\(hostile.stderr)")
        #expect(refusal.first?.contains("report/report.json:") == true)
        #expect(refusal.first?.contains("frame strip shows the image '../0003.expected.png'") == true, "\(hostile.stderr)")
        #expect(!manager.fileExists(atPath: folder.appendingPathComponent("hostile").path))
    }

    @Test func pruneRemovesFramesNoLongerKept() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try cli.write(
            Self.scenario(steps: "  - snapshot: start\n  - scroll: {to: 200, animated: true, frames: true}"), "fc.yaml", in: folder)
        #expect(try cli.tabstage(["record", "fc.yaml", "--snapshots", "refs"], in: folder, environment: [:]).status == 0)
        try cli.write(Self.scenario(steps: "  - snapshot: start\n  - scroll: {to: 200, animated: true}"), "fc.yaml", in: folder)
        let verify = try cli.tabstage(["verify", "fc.yaml", "--snapshots", "refs"], in: folder, environment: [:])
        #expect(verify.status == 0)
        #expect(
            verify.stderr.contains("tabstage: warning: refs/fc/frames/0001.svg and refs/fc/frames/0001.png are not written by fc any more"))
        let prune = try cli.tabstage(["record", "fc.yaml", "--snapshots", "refs", "--prune"], in: folder, environment: [:])
        #expect(prune.status == 0, "\(prune.stderr)")
        #expect(prune.stdout.split(separator: "\n").filter { $0.hasPrefix("removed refs/fc/frames/") }.count == 12)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("refs/fc/frames").path)
        #expect(left.isEmpty)
    }
}
