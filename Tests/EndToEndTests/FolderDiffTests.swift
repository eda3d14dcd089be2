import Foundation
import TabStageImageDiff
import TabStageReports
import TabStageTestSupport
import TabStageWorkflow
import Testing

/// `tabstage diff EXPECTED_DIR ACTUAL_DIR`: files by relative path, reg-cli's four outcomes.
@Suite struct FolderDiffTests {
    let cli = CommandLineTests()

    /// 32×32 white, with an opaque black square of `block`×`block` at (8, 8): a square of solid
    /// pixels has no anti-aliasing, so every one of its pixels counts.
    static func picture(block: Int = 0, level: Int32 = 6) throws -> Data {
        var image = RGBAImage(width: 32, height: 32, fill: (255, 255, 255, 255))
        for y in 8..<8 + block { for x in 8..<8 + block { image.pixels[(y * 32 + x) * 4..<(y * 32 + x) * 4 + 3] = [0, 0, 0] } }
        return Data(try PNGCodec.encode(image, options: PNGCodec.Options(compressionLevel: level)))
    }

    static func put(_ data: Data, _ path: String, in root: URL) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    /// A PNG committed as a link to a file elsewhere (a private picture, the job's environment)
    /// is reported as unreadable; its target is never decoded or copied into a report.
    @Test func aLinkedPNGIsRefusedNotRead() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let expected = folder.appendingPathComponent("expected"), actual = folder.appendingPathComponent("actual")
        try Self.put(try Self.picture(block: 4), "private.png", in: folder)
        try Self.put(try Self.picture(), "s.png", in: actual)
        try FileManager.default.createDirectory(at: expected, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: expected.appendingPathComponent("s.png"), withDestinationURL: folder.appendingPathComponent("private.png"))
        var results: [FolderDiff.Checked] = []
        let items = try FolderDiff(expected: expected.path, actual: actual.path, jobs: 1, keepImages: true).run { results.append($0) }
        #expect(items.map(\.path) == ["s.png"])
        #expect(
            items.first?.problem
                == "\(expected.path)/s.png cannot be read: it is a symbolic link; tabstage reads only real files inside the folder it was given"
        )
        #expect(results.allSatisfy { $0.images.expected == nil && $0.images.actual == nil })
    }

    @Test func passedChangedNewAndDeletedWithJSONAndReport() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let expected = folder.appendingPathComponent("expected"), actual = folder.appendingPathComponent("actual")
        try Self.put(try Self.picture(), "same.png", in: expected)
        try Self.put(try Self.picture(), "same.png", in: actual)
        // The same pixels compressed differently: decoded and compared, and passed.
        try Self.put(try Self.picture(block: 2, level: 1), "screens/recoded.png", in: expected)
        try Self.put(try Self.picture(block: 2, level: 9), "screens/recoded.png", in: actual)
        try Self.put(try Self.picture(), "screens/changed.png", in: expected)
        try Self.put(try Self.picture(block: 4), "screens/changed.png", in: actual)
        try Self.put(try Self.picture(), "old.png", in: expected)
        try Self.put(try Self.picture(), "screens/deep/added.png", in: actual)
        try Self.put(try Self.picture(), "broken.png", in: expected)
        try Self.put(Data("not a png".utf8), "broken.png", in: actual)
        try Self.put(Data("notes".utf8), "notes.txt", in: actual)  // not a PNG: not compared

        let run = try cli.tabstage(["diff", "expected", "actual", "--json", "out/result.json", "--report", "report"], in: folder)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr == "tabstage: the folders differ\n")
        #expect(
            run.stdout == """
                broken.png: changed: actual/broken.png: not a PNG file (no PNG signature)
                old.png: deleted: only in the expected folder
                screens/changed.png: changed: 16 of 1024 pixels differ
                screens/deep/added.png: new: only in the actual folder
                2 passed, 2 changed, 1 new, 1 deleted; report in report/index.html

                """)

        let json =
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("out/result.json"))) as! [String: Any]
        #expect(json["passedItems"] as? [String] == ["same.png", "screens/recoded.png"])
        #expect(json["failedItems"] as? [String] == ["broken.png", "screens/changed.png"])
        #expect(json["newItems"] as? [String] == ["screens/deep/added.png"])
        #expect(json["deletedItems"] as? [String] == ["old.png"])
        #expect(json["expectedItems"] as? [String] == ["broken.png", "old.png", "same.png", "screens/changed.png", "screens/recoded.png"])
        #expect(
            json["actualItems"] as? [String] == [
                "broken.png", "same.png", "screens/changed.png", "screens/deep/added.png", "screens/recoded.png",
            ])
        #expect(json["diffDir"] as? String == "report")
        let comparisons = json["comparisons"] as! [[String: Any]]
        let changed = comparisons.first { $0["path"] as? String == "screens/changed.png" }
        #expect(changed?["differentPixels"] as? Int == 16)
        #expect(changed?["width"] as? Int == 32)

        let html = try String(contentsOf: folder.appendingPathComponent("report/index.html"), encoding: .utf8)
        #expect(html.contains("<title>tabstage: 4 of 6 files need review</title>"))
        #expect(html.contains("<h2>old.png</h2>") && html.contains("<h2>screens / changed.png</h2>"))
        for row in [
            "<tr><td>passed</td><td>2</td></tr>", "<tr><td>changed</td><td>2</td></tr>", "<tr><td>new</td><td>1</td></tr>",
            "<tr><td>deleted</td><td>1</td></tr>",
        ] {
            #expect(html.contains(row), "\(row)")
        }
        // Images of the changed file (all three), the deleted one (expected) and the new one (actual).
        let images = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("report/images").path).sorted()
        #expect(
            images == ["1.actual.png", "1.expected.png", "2.expected.png", "3.actual.png", "3.diff.png", "3.expected.png", "4.actual.png"])
        let diff = try PNGCodec.decode(Array(Data(contentsOf: folder.appendingPathComponent("report/images/3.diff.png"))))
        #expect(diff.pixel(x: 9, y: 9) == (255, 0, 0, 255))
        // The 4×4 square at (8, 8) of a 32×32 image, boxed on all three images; the commands that accept each change.
        let box = "<div class=\"box\" style=\"left:25%;top:25%;width:12.5%;height:12.5%\"></div>"
        #expect(html.components(separatedBy: box).count - 1 == 3)
        #expect(html.contains("<code>cp -- actual/screens/changed.png expected/screens/changed.png</code>"))
        #expect(html.contains("<code>rm -- expected/old.png</code>"))
        #expect(
            html.contains(
                "<code>mkdir -p -- expected/screens/deep &amp;&amp; cp -- actual/screens/deep/added.png expected/screens/deep/added.png</code>"
            ))
        let junit = try String(contentsOf: folder.appendingPathComponent("report/junit.xml"), encoding: .utf8)
        #expect(junit.contains("tests=\"6\" failures=\"4\""))
    }

    @Test func newAndDeletedFilesCanBeAllowed() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let expected = folder.appendingPathComponent("e"), actual = folder.appendingPathComponent("a")
        try Self.put(try Self.picture(), "kept.png", in: expected)
        try Self.put(try Self.picture(), "kept.png", in: actual)
        try Self.put(try Self.picture(), "gone.png", in: expected)
        try Self.put(try Self.picture(), "added.png", in: actual)
        #expect(try cli.tabstage(["diff", "e", "a"], in: folder).status == 1)
        #expect(try cli.tabstage(["diff", "e", "a", "--allow-new"], in: folder).status == 1)
        let allowed = try cli.tabstage(["diff", "e", "a", "--allow-new", "--allow-deleted"], in: folder)
        #expect(allowed.status == 0)
        #expect(allowed.stdout.hasSuffix("1 passed, 0 changed, 1 new, 1 deleted\n"))
        // A budget lets a small change pass, as for two files.
        try Self.put(try Self.picture(block: 3), "kept.png", in: actual)
        #expect(try cli.tabstage(["diff", "e", "a", "--allow-new", "--allow-deleted"], in: folder).status == 1)
        #expect(try cli.tabstage(["diff", "e", "a", "--allow-new", "--allow-deleted", "--max-diff-pixels", "9"], in: folder).status == 0)
    }

    @Test func mixedArgumentsAreRefused() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.put(try Self.picture(), "d/x.png", in: folder)
        try Self.put(try Self.picture(), "x.png", in: folder)
        let mixed = try cli.tabstage(["diff", "d", "x.png"], in: folder)
        #expect(mixed.status == 2)
        #expect(mixed.stderr == "tabstage: error: 'd' is a folder but 'x.png' is not (expected two folders of PNG files)\n")
        let json = try cli.tabstage(["diff", "x.png", "x.png", "--json", "r.json"], in: folder)
        #expect(json.status == 2)
        #expect(json.stderr == "tabstage: error: --json compares folders, but 'x.png' is a file (expected two folders of PNG files)\n")
    }

    /// Two thousand files: every one is classified, in path order, whatever the batches.
    @Test func twoThousandFiles() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let expected = folder.appendingPathComponent("e"), actual = folder.appendingPathComponent("a")
        let plain = try Self.picture(), changed = try Self.picture(block: 5)
        for i in 0..<2000 {
            let path = "g\(i % 10)/s\(i).png"
            try Self.put(plain, path, in: expected)
            if i % 500 != 7 { try Self.put(i % 400 == 3 ? changed : plain, path, in: actual) }
        }
        try Self.put(plain, "extra.png", in: actual)
        let run = try cli.tabstage(["diff", "e", "a", "--json", "r.json", "--jobs", "2"], in: folder)
        #expect(run.status == 1)
        #expect(run.stdout.hasSuffix("1991 passed, 5 changed, 1 new, 4 deleted\n"))
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("r.json"))) as! [String: Any]
        #expect((json["passedItems"] as? [String])?.count == 1991)
        #expect(json["failedItems"] as? [String] == ["g3/s1203.png", "g3/s1603.png", "g3/s3.png", "g3/s403.png", "g3/s803.png"])
        #expect(json["deletedItems"] as? [String] == ["g7/s1007.png", "g7/s1507.png", "g7/s507.png", "g7/s7.png"])
        #expect(json["newItems"] as? [String] == ["extra.png"])
    }
}

@Suite struct DiffRegionTests {
    /// Red pixels in cells of 16 that touch (diagonally too) make one box; apart, two.
    @Test func clustersOfRedPixelsAreBoxed() {
        var diff = RGBAImage(width: 64, height: 64, fill: (240, 240, 240, 255))
        func red(_ x: Int, _ y: Int) { diff.pixels[(y * 64 + x) * 4..<(y * 64 + x) * 4 + 4] = [255, 0, 0, 255] }
        func yellow(_ x: Int, _ y: Int) { diff.pixels[(y * 64 + x) * 4..<(y * 64 + x) * 4 + 4] = [255, 255, 0, 255] }
        red(2, 2)
        red(3, 5)  // cell (0, 0)
        red(15, 20)
        red(17, 33)  // cells (0, 1) and (1, 2): touching each other and (0, 0)
        red(56, 60)  // cell (3, 3): two cells away from (1, 2)
        yellow(60, 2)  // anti-aliasing is not boxed
        #expect(
            PerceptualDiff.regions(of: diff) == [
                DiffRegion(x: 2, y: 2, width: 16, height: 32),
                DiffRegion(x: 56, y: 60, width: 1, height: 1),
            ])
        #expect(PerceptualDiff.regions(of: RGBAImage(width: 8, height: 8, fill: (255, 255, 0, 255))) == [])
    }
}
