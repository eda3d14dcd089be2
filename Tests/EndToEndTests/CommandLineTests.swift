import Foundation
import TabStageImageDiff
import TabStageTestSupport
import Testing

/// The command line as a user runs it: exit codes, one-line errors, files written. Most tests run
/// the commands in process; `runWritesSVGPNGAndTrace`, `missingFileAndBadArguments`,
/// `diffExitCodes` and `verifyRecordsComparesAndReports` spawn the built binary, end to end.
extension CommandLineTests {
    /// A refused template, a broken items file and an unquoted colour, as a user meets them:
    /// exit 2, one line on stderr, located at the file and line at fault, nothing written.
    @Test func templateAndYAMLRefusalsAreOneLocatedLine() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = { (tab: String) in
            "device: iphone-15\ncontainer:\n  tabs:\n    - {title: Posts, rows: 3, \(tab)}\nsteps: [{snapshot: s}]\n"
        }
        try write("<g>\n  <style>text { fill: red }</style>\n</g>\n", "style.svg.mustache", in: folder)
        try write(scenario("template: style.svg.mustache, items: [{title: A}]"), "style.yaml", in: folder)
        try write("- title: A\n  text: a\n  title: B\n", "items.yaml", in: folder)
        try write(scenario("items: items.yaml"), "items.yaml.yaml", in: folder)
        try write(
            "device: iphone-15\ntheme: {tint: #1d9bf0}\ncontainer:\n  tabs: [{title: A, rows: 1}]\nsteps: [{snapshot: s}]\n", "colour.yaml",
            in: folder)
        let cases = [
            ("style.yaml", "style.svg.mustache:2:1: error: <style> is not allowed in a row template"),
            ("items.yaml.yaml", "items.yaml:3:3: error: 'title' is given twice; the first is at 1:3"),
            ("colour.yaml", "colour.yaml:3:10: error: malformed YAML"),
        ]
        for (file, start) in cases {
            let result = try tabstage(["run", file, "--out", "out"], in: folder)
            #expect(result.status == 2, "\(file): \(result.stderr)")
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(file): \(result.stderr)")
            #expect(lines.first?.hasPrefix(start) == true, "\(file): \(result.stderr)")
        }
        #expect(try tabstage(["run", "colour.yaml", "--out", "out"], in: folder).stderr.contains("quote colours: tint: '#1d9bf0'"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }

    @Test func runWritesSVGPNGAndTrace() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(
            Fixtures.yaml(extra: "name: demo", steps: ["- snapshot: top", "- scroll: {to: -200}", "- snapshot: half"]), "demo.yaml",
            in: folder)
        let result = try tabstageProcess(["run", "demo.yaml", "--out", "out"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out/demo").path).sorted()
        #expect(files == [".tabstage-outputs", "half.png", "half.svg", "top.png", "top.svg", "trace.json"])
        let png = try PNGCodec.decode(Array(Data(contentsOf: folder.appendingPathComponent("out/demo/top.png"))))
        #expect(png.width == 1170 && png.height == 2532)  // iphone-14 at 3x

        // Determinism: a second run writes the same bytes.
        #expect(try tabstageProcess(["run", "demo.yaml", "--out", "again"], in: folder).status == 0)
        for file in files where file != ".tabstage-outputs" {
            let first = try Data(contentsOf: folder.appendingPathComponent("out/demo/\(file)"))
            let second = try Data(contentsOf: folder.appendingPathComponent("again/demo/\(file)"))
            #expect(first == second, "\(file) differs between two runs")
        }
    }

    /// A file name from a pull request may hold a newline (a second line CI reads as a workflow
    /// command), an escape sequence or a bidirectional override: every printed line shows them as
    /// "?", so a message stays one line.
    @Test func hostileFileNamesStayOnOneLine() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let hostile = "x\n::error file=README.md::pwned\u{1B}[31m\u{202E}.yaml"
        try write("tabs: [}", hostile, in: folder)
        let failed = try tabstage(["run", hostile, "--out", "out"], in: folder)
        #expect(failed.status == 2)
        #expect(failed.stderr.hasPrefix("x?::error file=README.md::pwned?[31m?.yaml:1:"), "\(failed.stderr)")
        #expect(failed.stderr.filter { $0 == "\n" }.count == 1, "one line: \(failed.stderr)")

        try write(Fixtures.yaml(extra: "name: demo"), "demo.yaml", in: folder)
        let ran = try tabstage(["run", "demo.yaml", "--out", "o\n::warning::injected", "--format", "svg"], in: folder)
        #expect(ran.status == 0, "\(ran.stderr)")
        #expect(ran.stdout.hasSuffix("-> o?::warning::injected/demo\n"), "\(ran.stdout)")
        #expect(ran.stdout.filter { $0 == "\n" }.count == 1)
    }

    /// A report written into the references (or a compared folder) would overwrite the user's
    /// files there and become an input of the next run: refused before anything is written.
    @Test func reportsStayApartFromTheirInputs() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(Fixtures.yaml(extra: "name: demo"), "demo.yaml", in: folder)
        #expect(try tabstage(["record", "demo.yaml", "--snapshots", "snaps"], in: folder).status == 0)
        let notes = folder.appendingPathComponent("snaps/index.html")
        try write("my notes", "snaps/index.html", in: folder)
        for report in ["snaps", "snaps/report", "."] {
            let result = try tabstage(["verify", "demo.yaml", "--snapshots", "snaps", "--report", report], in: folder)
            #expect(result.status == 2, "--report \(report)")
            let relation = report == "snaps" ? "is" : report == "." ? "holds" : "is inside"
            #expect(
                result.stderr
                    == "tabstage: error: --report '\(report)' \(relation) the snapshots folder 'snaps' (expected a folder apart from it, such as --report tabstage-report)\n"
            )
        }
        #expect(try String(contentsOf: notes, encoding: .utf8) == "my notes")
        let diff = try tabstage(["diff", "snaps", "snaps", "--report", "snaps/demo/rep"], in: folder)
        #expect(diff.status == 2)
        #expect(diff.stderr.contains("--report 'snaps/demo/rep' is inside the expected folder 'snaps'"), "\(diff.stderr)")
        let json = try tabstage(["diff", "snaps", "other", "--json", "other/x.json"], in: folder)
        #expect(json.status == 2)
        #expect(json.stderr.contains("--json 'other/x.json' is inside the actual folder 'other'"), "\(json.stderr)")
    }

    /// A name too long for an iPhone SE's header: a warning on stderr and in trace.json; with
    /// --strict, `run` and `verify` exit 1 after doing their work and `record` records nothing.
    @Test func strictTurnsLayoutWarningsIntoAFailure() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = "Maximilian Alexander Featherstonehaugh"
        try write(
            Fixtures.yaml(device: "iphone-se", extra: "name: long").replacingOccurrences(of: "Jane Appleseed", with: name), "long.yaml",
            in: folder)
        let plain = try tabstage(["run", "long.yaml", "--out", "out", "--format", "svg"], in: folder)
        #expect(plain.status == 0, "\(plain.stderr)")
        let lines = plain.stderr.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(
            lines.first?.hasPrefix(
                "tabstage: warning: long: step 0 (snapshot start): title: truncated: '\(name)' is truncated to 'Maximilian") == true)
        #expect(lines.first?.hasSuffix("…'") == true)
        let trace =
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("out/long/trace.json"))) as! [String: Any]
        let warnings = trace["warnings"] as! [[String: Any]]
        #expect(warnings.count == 1)
        #expect(warnings.first?["step"] as? Int == 0 && warnings.first?["snapshot"] as? String == "start")
        #expect(warnings.first?["element"] as? String == "title" && warnings.first?["kind"] as? String == "truncated")

        let strict = try tabstage(["run", "long.yaml", "--out", "strict", "--format", "svg", "--strict"], in: folder)
        #expect(strict.status == 1)
        #expect(strict.stderr.split(separator: "\n").last?.contains("1 layout warning(s) and --strict is set") == true)
        #expect(
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("strict/long/start.svg").path), "the work is done first")

        // record prints the same line; with --strict it records nothing and exits 1.
        let strictRecord = try tabstage(["record", "--snapshots", "strict-refs", "--strict", "long.yaml"], in: folder, environment: [:])
        #expect(strictRecord.status == 1)
        #expect(strictRecord.stderr.split(separator: "\n").first.map(String.init) == lines.first.map(String.init))
        #expect(strictRecord.stderr.contains("nothing recorded: 1 layout warning(s) and --strict is set"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("strict-refs").path))
        let record = try tabstage(["record", "--snapshots", "refs", "long.yaml"], in: folder, environment: [:])
        #expect(record.status == 0)
        #expect(record.stderr.split(separator: "\n").map(String.init) == lines.map(String.init))
        #expect(try tabstage(["verify", "--snapshots", "refs", "long.yaml"], in: folder, environment: ["CI": "1"]).status == 0)
        #expect(try tabstage(["verify", "--snapshots", "refs", "--strict", "long.yaml"], in: folder, environment: ["CI": "1"]).status == 1)
    }

    @Test func formatAndScaleOptions() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(Fixtures.yaml(extra: "name: s"), "s.yaml", in: folder)
        #expect(try tabstage(["run", "s.yaml", "--out", "svgonly", "--format", "svg"], in: folder).status == 0)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("svgonly/s").path).sorted() == [
                ".tabstage-outputs", "start.svg", "trace.json",
            ])
        #expect(try tabstage(["run", "s.yaml", "--out", "one", "--format", "png", "--scale", "1"], in: folder).status == 0)
        let png = try PNGCodec.decode(Array(Data(contentsOf: folder.appendingPathComponent("one/s/start.png"))))
        #expect(png.width == 390 && png.height == 844)
    }

    @Test func framesAreWrittenInOrder() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(
            Fixtures.yaml(extra: "name: fr", steps: ["- drag: {dy: -40}", "- release: {velocity: 0}", "- snapshot: end"]), "fr.yaml",
            in: folder)
        let result = try tabstage(["run", "fr.yaml", "--out", "out", "--frames", "--format", "svg"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let trace =
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("out/fr/trace.json"))) as! [String: Any]
        let frames = (trace["steps"] as! [[String: Any]]).compactMap { $0["frames"] as? Int }.reduce(0, +)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out/fr").path)
            .filter { $0.hasPrefix("fr-") }.sorted()
        #expect(frames > 1)
        #expect(files == (1...frames).map { String(format: "fr-%04d.svg", $0) })
        #expect(result.stdout.contains("\(frames) frame(s)"))
    }

    @Test func jobsDoNotChangeTheBytes() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(
            Fixtures.yaml(extra: "name: det", steps: ["- snapshot: a", "- drag: {dy: -60}", "- release: {velocity: 0}", "- snapshot: b"]),
            "det.yaml", in: folder)
        #expect(try tabstage(["run", "det.yaml", "--out", "one", "--frames", "--jobs", "1", "--scale", "1"], in: folder).status == 0)
        #expect(try tabstage(["run", "det.yaml", "--out", "two", "--frames", "--jobs", "2", "--scale", "1"], in: folder).status == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("one/det").path).sorted()
        #expect(files.count > 10)
        for file in files where file != ".tabstage-outputs" {
            let one = try Data(contentsOf: folder.appendingPathComponent("one/det/\(file)"))
            let two = try Data(contentsOf: folder.appendingPathComponent("two/det/\(file)"))
            #expect(one == two, "\(file) differs between --jobs 1 and --jobs 2")
        }
    }

    @Test func deviceFrameDrawsTheWholeIPad() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(
            Fixtures.yaml(device: "ipad-air-11", extra: "name: pad\niOSVersion: 18\norientation: landscape\nmultitasking: half"),
            "pad.yaml", in: folder)
        let result = try tabstage(["run", "pad.yaml", "--out", "out", "--device-frame", "--format", "png"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let png = try PNGCodec.decode(Array(Data(contentsOf: folder.appendingPathComponent("out/pad/start.png"))))
        #expect(png.width == (1180 + 56) * 2 && png.height == (820 + 56) * 2)
    }

    @Test func badScenarioIsOneLineExitTwoAndNoOutput() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(Fixtures.yaml(extra: "name: good"), "good.yaml", in: folder)
        try write(Fixtures.yaml(device: "iphone14"), "bad.yaml", in: folder)
        let result = try tabstage(["run", "good.yaml", "bad.yaml", "--out", "out"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("bad.yaml:1:9: error: unknown device 'iphone14'; did you mean 'iphone-14'?"))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path), "a refused run writes nothing")
    }

    @Test func missingFileAndBadArguments() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = try tabstageProcess(["run", "nope.yaml"], in: folder)
        #expect(missing.status == 2)
        #expect(missing.stderr == "nope.yaml:1:1: error: no such file (expected a path to a .yaml, .yml or .json scenario)\n")
        for arguments in [["run"], ["run", "x.yaml", "--format", "gif"], ["run", "x.yaml", "--scale", "0"], ["frobnicate"]] {
            let result = try tabstageProcess(arguments, in: folder)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.hasPrefix("tabstage: error: "), "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments)")
        }
        let help = try tabstageProcess(["--help"], in: folder)
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: tabstage"))
    }

    /// A refused path given by the user is bad input, said in words (not a Foundation error code).
    @Test func outputFolderThatIsAFileIsOneLineInWords() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(Fixtures.yaml(extra: "name: s"), "s.yaml", in: folder)
        try write("a file, not a folder", "blocked", in: folder)
        let result = try tabstage(["run", "s.yaml", "--out", "blocked"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr == "tabstage: error: --out 'blocked' is a file, not a folder (expected a folder to write into)\n")
        #expect(try String(contentsOf: folder.appendingPathComponent("blocked"), encoding: .utf8) == "a file, not a folder")
        let record = try tabstage(["record", "s.yaml", "--snapshots", "blocked/refs"], in: folder)
        #expect(record.status == 2)
        #expect(
            record.stderr
                == "tabstage: error: --snapshots 'blocked/refs': 'blocked' is a file, not a folder (expected a folder to write into)\n")
    }

    @Test func diffExitCodes() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var changed = RGBAImage(width: 10, height: 10, fill: (255, 255, 255, 255))
        try Data(PNGCodec.encode(changed)).write(to: folder.appendingPathComponent("a.png"))
        changed.pixels[(4 * 10 + 3) * 4 + 1] = 0
        changed.pixels[(4 * 10 + 3) * 4 + 2] = 0
        try Data(PNGCodec.encode(changed)).write(to: folder.appendingPathComponent("b.png"))
        try Data(PNGCodec.encode(RGBAImage(width: 10, height: 11, fill: (0, 0, 0, 255)))).write(
            to: folder.appendingPathComponent("tall.png"))
        try Data("not a png".utf8).write(to: folder.appendingPathComponent("text.png"))

        let one = try tabstageProcess(["diff", "a.png", "b.png", "--out", "d.png"], in: folder)
        #expect(one.status == 1)
        #expect(one.stdout == "1 of 100 pixels differ (ratio 0.010000); 0 anti-aliased pixels ignored\n")
        #expect(one.stderr == "tabstage: over the budget of 0 differing pixels\n")
        let diff = try PNGCodec.decode(Array(Data(contentsOf: folder.appendingPathComponent("d.png"))))
        #expect(diff.pixel(x: 3, y: 4) == (255, 0, 0, 255))
        #expect(try tabstageProcess(["diff", "a.png", "b.png", "--max-diff-pixels", "1"], in: folder).status == 0)
        #expect(try tabstageProcess(["diff", "a.png", "a.png"], in: folder).status == 0)
        let sizes = try tabstageProcess(["diff", "a.png", "tall.png"], in: folder)
        #expect(sizes.status == 1)
        #expect(sizes.stderr == "tabstage: a.png and tall.png differ: the images have different sizes: 10×10 and 10×11\n")
        #expect(
            try tabstageProcess(["diff", "a.png", "text.png"], in: folder).stderr
                == "tabstage: error: text.png: not a PNG file (no PNG signature)\n")
        #expect(try tabstageProcess(["diff", "a.png", "text.png"], in: folder).status == 3)
        #expect(try tabstageProcess(["diff", "a.png", "missing.png"], in: folder).status == 3)
        #expect(try tabstageProcess(["diff", "a.png", "b.png", "--threshold", "1.5"], in: folder).status == 2)
    }

    @Test func verifyRecordsComparesAndReports() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(
            Fixtures.yaml(extra: "name: v", steps: ["- snapshot: top", "- scroll: {to: -200}", "- snapshot: half"]), "v.yaml", in: folder)
        #expect(
            try tabstageProcess(["verify", "v.yaml", "--snapshots", "refs"], in: folder, environment: ["CI": "1"]).status == 1,
            "CI never records")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("refs").path))
        let first = try tabstageProcess(["verify", "v.yaml", "--snapshots", "refs"], in: folder, environment: [:])
        #expect(first.status == 1, "recording counts as a failure")
        #expect(first.stdout.contains("RECORDED v/top: no reference was found"))
        let second = try tabstageProcess(
            ["verify", "v.yaml", "--snapshots", "refs", "--report", "report"], in: folder, environment: ["CI": "1"])
        #expect(second.status == 0)
        #expect(
            second.stdout.hasSuffix(
                "verify: 2 of 2 snapshots match; record mode never; pixels checked (CI mode: CI); report in report/index.html\n"))
        try write(
            Fixtures.yaml(extra: "name: v", steps: ["- snapshot: top", "- scroll: {to: -100}", "- snapshot: half"]), "v.yaml", in: folder)
        let changed = try tabstageProcess(
            ["verify", "v.yaml", "--snapshots", "refs", "--report", "report"], in: folder, environment: ["CI": "1"])
        #expect(changed.status == 1)
        #expect(changed.stdout.contains("FAIL v/half: "))
        let report = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("report/v").path).sorted()
        // The three pictures, and the new SVG and layout that `tabstage accept` makes references.
        #expect(report == ["half.actual.layout.txt", "half.actual.png", "half.actual.svg", "half.diff.png", "half.expected.png"])
    }

    @Test func hostileImagesExitThree() throws {
        let folder = Fixtures.root.appendingPathComponent("Tests/TabStageTests/Fixtures/png-bad")
        let good = Fixtures.root.appendingPathComponent("Tests/TabStageTests/Fixtures/png/rgba8.png").path
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
            let result = try tabstage(["diff", folder.appendingPathComponent(file).path, good], in: folder)
            #expect(result.status == 3, "\(file)")
            #expect(
                result.stderr.hasPrefix("tabstage: error: ") && result.stderr.split(separator: "\n").count == 1, "\(file): \(result.stderr)"
            )
        }
    }

    @Test func overThePixelLimitWritesNothing() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(Fixtures.yaml(extra: "name: big"), "big.yaml", in: folder)
        let framed = try tabstage(["run", "big.yaml", "--out", "out", "--scale", "4", "--device-frame"], in: folder)
        #expect(framed.status == 0, "(390 + 32) × (844 + 32) at 4x is 1688 × 3504, under the limit: \(framed.stderr)")
        // 2000 × 4000 pt at 3x: 6000 × 12000 = 72 million pixels.
        try write(Fixtures.yaml(device: "{width: 2000, height: 4000, scale: 1}", extra: "name: wide"), "wide.yaml", in: folder)
        let overScaled = try tabstage(["run", "wide.yaml", "--out", "wide", "--scale", "3"], in: folder)
        #expect(overScaled.status == 2)
        #expect(
            overScaled.stderr
                == "wide.yaml:1:9: error: a 6000×12000 px image is over the limit of 64000000 pixels (2000×4000 pt at scale 3) (expected a --scale or device giving 1 to 16384 px a side)\n"
        )
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("wide").path), "nothing is written")
    }

    @Test func devicesListsTheCatalog() throws {
        let result = try inTemporaryFolder { try tabstage(["devices"], in: $0) }
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count >= 14)
        #expect(lines.contains { $0.hasPrefix("iphone-14 ") && $0.contains("390×844") && $0.contains("47/0/34/0") })
        #expect(
            lines.contains { $0.hasPrefix("ipad-air-11 ") && $0.contains("795 r/r") && $0.contains("585 c/r") && $0.contains("490 c/r") })
    }
}
