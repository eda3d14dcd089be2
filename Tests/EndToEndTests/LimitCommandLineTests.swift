import Foundation
import TabStageImageDiff
import TabStageRendering
import TabStageScenario
import TabStageTestSupport
import Testing

@Suite struct CommandLineLimitTests {
    let cli = CommandLineTests()

    func folder(with scenario: String = Fixtures.yaml(extra: "name: s")) throws -> URL {
        let folder = try temporaryFolder()
        try scenario.write(to: folder.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        return folder
    }

    @Test func negativeNumbersAreReadAndRefusedWithAReason() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cases: [([String], String)] = [
            (
                ["diff", "a.png", "b.png", "--threshold", "-1"],
                "tabstage: error: --threshold must be from 0 to 1 (a colour distance cannot be negative or above 1), got -1.0"
            ),
            (
                ["diff", "a.png", "b.png", "--max-diff-pixels", "-5"],
                "tabstage: error: --max-diff-pixels must be 0 or more (a count of pixels), got -5"
            ),
            (["run", "s.yaml", "--jobs", "-1"], "tabstage: error: --jobs must be from 1 to 64 (a number of threads), got -1"),
            (["run", "s.yaml", "--scale", "0.001"], "tabstage: error: --scale must be from 0.1 to 4 (pixels per point), got 0.001"),
            (["run", "s.yaml", "--scale", "-2"], "tabstage: error: --scale must be from 0.1 to 4 (pixels per point), got -2.0"),
            (["verify", "s.yaml", "--shard", "-1/2"], "tabstage: error: --shard -1/2 is out of range (expected I/N with 1 ≤ I ≤ N)"),
        ]
        for (arguments, message) in cases {
            let result = try cli.tabstage(arguments, in: folder)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.hasPrefix(message), "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains("Missing value"), "\(arguments)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }

    @Test func aFIFOOrDeviceIsNotAScenario() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("pipe.yaml").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // Nobody writes to the FIFO: opening it for reading must not wait for a writer.
        let result = try cli.tabstage(["run", "pipe.yaml", "--out", "out"], in: folder)
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "pipe.yaml:1:1: error: not a regular file (a pipe, device or socket) (expected a path to a .yaml, .yml or .json scenario)\n"
        )
        let device = try cli.tabstage(["run", "/dev/null", "--out", "out"], in: folder)
        #expect(device.status == 2)
        #expect(
            device.stderr
                == "/dev/null:1:1: error: not a regular file (a pipe, device or socket) (expected a path to a .yaml, .yml or .json scenario)\n"
        )
    }

    @Test func imagesUnderOnePixelAreRefusedBeforeRendering() throws {
        // 10 pt at --scale 0.1 is 1 px and renders; 4 pt at --scale 0.1 rounds to 0 px and is refused.
        let folder = try folder(
            with:
                "name: tiny\ndevice: {width: 10, height: 700, scale: 1}\ncontainer: {header: {height: 60, minHeight: 10}, tabs: [{title: A, rows: 3}]}\nsteps: [{snapshot: a}]\n"
        )
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try cli.tabstage(["run", "s.yaml", "--out", "out", "--scale", "0.1"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let png = try PNGCodec.decode(Array(Data(contentsOf: folder.appendingPathComponent("out/tiny/a.png"))))
        #expect(png.width == 1 && png.height == 70)
        let verify = try cli.tabstage(["verify", "s.yaml", "--snapshots", "refs"], in: folder, environment: ["TABSTAGE_RECORD": "all"])
        #expect(verify.status == 1, "recording counts as a failure, but nothing crashes: \(verify.stderr)")
        try
            "name: thin\ndevice: {width: 4, height: 700, scale: 1}\ncontainer: {header: {height: 60, minHeight: 10}, tabs: [{title: A, rows: 3}]}\nsteps: [{snapshot: a}]\n"
            .write(to: folder.appendingPathComponent("t.yaml"), atomically: true, encoding: .utf8)
        let thin = try cli.tabstage(["run", "t.yaml", "--out", "out", "--scale", "0.1"], in: folder)
        #expect(thin.status == 2)
        #expect(
            thin.stderr
                == "t.yaml:2:9: error: a 0×70 px image is empty (under 1 px on a side) (4×700 pt at scale 0.1) (expected a --scale or device giving 1 to 16384 px a side)\n"
        )
    }

    @Test func theSideLimitIsNamedAsTheReason() throws {
        // (4096 + 2 × 16) × (300 + 2 × 16) pt at scale 4 = 16512 × 1328 px: 21.9 million pixels,
        // under the pixel limit, over the side limit.
        let folder = try folder(
            with:
                "name: wide\ndevice: {width: 4096, height: 300, scale: 4}\ncontainer: {header: {height: 60, minHeight: 10}, tabs: [{title: A, rows: 3}]}\nsteps: [{snapshot: a}]\n"
        )
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try cli.tabstage(["run", "s.yaml", "--out", "out", "--device-frame"], in: folder)
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "s.yaml:2:9: error: a 16512×1328 px image is over the limit of 16384 px a side (4128×332 pt at scale 4) (expected a --scale or device giving 1 to 16384 px a side)\n"
        )
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/wide").path))
        #expect(try cli.tabstage(["run", "s.yaml", "--out", "out"], in: folder).status == 0, "16384 × 1200 px without the frame")

        // A 16385 × 1 PNG given to diff: the same reason, exit 3 like any unusable image.
        let wide = RGBAImage(width: 16385, height: 1, fill: (r: 0, g: 0, b: 0, a: 255))
        try Data(try PNGCodec.encode(wide)).write(to: folder.appendingPathComponent("wide.png"))
        let diff = try cli.tabstage(["diff", "wide.png", "wide.png"], in: folder)
        #expect(diff.status == 3)
        #expect(diff.stderr == "tabstage: error: wide.png: a 16385×1 PNG is over the limit of 16384 px a side\n")
    }
}

extension CommandLineLimitTests {
    /// The reported inputs, as files given to `run`: each exits 2 with one located line and
    /// writes nothing (they once trapped, spun for minutes, or failed with ENAMETOOLONG).
    @Test func hostileScenariosExitTwoWithOneLine() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tab = "{title: A, rows: 3}"
        func scenario(
            name: String = "h", device: String = "iphone-14", tabs: String = "[{title: A, rows: 3}]", header: String = "{}",
            steps: String = "[{snapshot: a}]"
        ) -> String {
            "name: \"\(name)\"\ndevice: \(device)\ncontainer: {header: \(header), tabs: \(tabs)}\nsteps: \(steps)\n"
        }
        let manyTabs = "[" + (0..<1000).map { "{title: T\($0), rows: 1}" }.joined(separator: ", ") + "]"
        let cases: [(String, String)] = [
            (
                scenario(tabs: "[{title: A, rows: 1000000, rowHeight: 1e-17}]"),
                "is 1e-17, out of range (expected a row height from 1 to 4096 points)"
            ),
            (scenario(tabs: "[{title: A, rows: 1000000, rowHeightRatio: 1e-300}]"), "would have rows"),
            (scenario(device: "{width: 0.1, height: 700, scale: 1}"), "is 0 px, an empty image"),
            (scenario(header: "{title: \(String(repeating: "W", count: 1_500_000))}"), "is longer than 1000 characters"),
            (
                scenario(
                    tabs: "[{title: \(String(repeating: "t", count: 1000)), rows: 1}]",
                    steps: "[{select: \(String(repeating: "s", count: 1_500_000))}]"), "no tab is titled"
            ),
            (scenario(name: String(repeating: "\u{20000}", count: 64)), "is 256 bytes in UTF-8, too long for a file name"),
            (scenario(name: "e" + String(repeating: "\u{301}", count: 300)), "is 601 bytes in UTF-8, too long for a file name"),
            (
                scenario(tabs: manyTabs, steps: "[" + Array(repeating: "{select: 1}", count: 5000).joined(separator: ", ") + "]"),
                "5000 steps × 1000 tabs would write 5000000 tab entries to trace.json, over the limit"
            ),
            (
                scenario(tabs: "[\(tab)]", steps: "[" + (0...1000).map { "{snapshot: s\($0)}" }.joined(separator: ", ") + "]"),
                "1001 snapshot steps, over the limit"
            ),
        ]
        for (index, (text, message)) in cases.enumerated() {
            try text.write(to: folder.appendingPathComponent("h\(index).yaml"), atomically: true, encoding: .utf8)
            let result = try cli.tabstage(["run", "h\(index).yaml", "--out", "out"], in: folder)
            #expect(result.status == 2, "case \(index): \(result.stderr.prefix(300))")
            #expect(
                result.stderr.hasPrefix("h\(index).yaml:") && result.stderr.contains(": error: ") && result.stderr.contains(message),
                "case \(index): \(result.stderr.prefix(300))")
            #expect(result.stderr.count < 600 && result.stderr.split(separator: "\n").count == 1, "case \(index)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }
}
