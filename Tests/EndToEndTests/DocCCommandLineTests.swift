import Foundation
import TabStageTestSupport
import Testing

/// `run --docc FOLDER` and `previews LIST`: pictures named the way DocC finds them
/// (`NAME@2x.png`, `NAME~dark@2x.png`), and the folder and names a user may get wrong.
@Suite struct DocCCommandLineTests {
    let cli = CommandLineTests()

    /// An iPhone 17 (402 × 874 pt, FACTS' "iOS 26 chrome as measured" device table, drawn at 3 px
    /// a point by default), a header and one tab; snapshots at the top and scrolled.
    static func scenario(name: String = "s", snapshots: [String] = ["top", "down"], variants: String = "") -> String {
        var text = """
            name: \(name)
            device: iphone-17
            container:
              header: {height: 200, minHeight: 44, title: "Jane"}
              tabs:
                - {title: Posts, rows: 20, rowHeight: 60}
            steps:

            """
        for (index, snapshot) in snapshots.enumerated() {
            if index > 0 { text += "  - scroll: {to: \(index * 100)}\n" }
            text += "  - snapshot: \(quotedYAML(snapshot))\n"
        }
        return text + variants
    }

    static func quotedYAML(_ text: String) -> String { "\"\(text)\"" }

    /// A PNG's width and height: the IHDR chunk's first two big-endian words, bytes 16 to 23.
    static func pngSize(_ url: URL) throws -> (Int, Int) {
        let bytes = Array(try Data(contentsOf: url))
        let word = { (offset: Int) in bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }

    static func files(_ folder: URL) -> Set<String> {
        Set((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
    }

    /// A scenario without variants: SCENARIO-SNAPSHOT@Sx.png, S being the pixels per point.
    @Test func eachSnapshotIsNamedForDocCAtItsScale() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try cli.write(Self.scenario(), "s.yaml", in: folder)
        let one = try cli.tabstage(["run", "s.yaml", "--docc", "Pictures", "--scale", "1"], in: folder)
        #expect(one.status == 0, "\(one.stderr)")
        let pictures = folder.appendingPathComponent("Pictures")
        #expect(Self.files(pictures) == ["s-top@1x.png", "s-down@1x.png"])
        // 402 × 874 pt at 1 px a point.
        #expect(try Self.pngSize(pictures.appendingPathComponent("s-top@1x.png")) == (402, 874))
        // Nothing goes to --out's default folder.
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))

        // Without --scale: the device's 3 px a point, 402 × 3 = 1206 by 874 × 3 = 2622, named @3x.
        try cli.write(Self.scenario(name: "t", snapshots: ["top"]), "t.yaml", in: folder)
        let three = try cli.tabstage(["run", "t.yaml", "--docc", "Pictures"], in: folder)
        #expect(three.status == 0, "\(three.stderr)")
        #expect(try Self.pngSize(pictures.appendingPathComponent("t-top@3x.png")) == (1206, 2622))
        // The earlier pictures stay: the folder is a catalog's, and only namesakes are replaced.
        #expect(Self.files(pictures) == ["s-top@1x.png", "s-down@1x.png", "t-top@3x.png"])
    }

    /// light and dark × L and AX3: each light variant's dark twin is written ~dark under the same
    /// name, the appearance left out of it (s-L-top, s-AX3-top); a dark variant with no light
    /// twin is written plainly.
    @Test func aDarkVariantIsWrittenAsItsLightTwinsDarkPicture() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let matrix = "variants:\n  appearance: [light, dark]\n  contentSizeCategory: [L, AX3]\n"
        try cli.write(Self.scenario(snapshots: ["top"], variants: matrix), "s.yaml", in: folder)
        let result = try cli.tabstage(["run", "s.yaml", "--docc", "d", "--scale", "1"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let pictures = folder.appendingPathComponent("d")
        #expect(Self.files(pictures) == ["s-L-top@1x.png", "s-L-top~dark@1x.png", "s-AX3-top@1x.png", "s-AX3-top~dark@1x.png"])
        let light = try Data(contentsOf: pictures.appendingPathComponent("s-L-top@1x.png"))
        let dark = try Data(contentsOf: pictures.appendingPathComponent("s-L-top~dark@1x.png"))
        #expect(light != dark)

        // Only dark: no light twin, so the plain name (DocC shows it in both appearances).
        try cli.write(Self.scenario(name: "n", snapshots: ["top"], variants: "variants:\n  appearance: [dark]\n"), "n.yaml", in: folder)
        let night = try cli.tabstage(["run", "n.yaml", "--docc", "n", "--scale", "1"], in: folder)
        #expect(night.status == 0, "\(night.stderr)")
        #expect(Self.files(folder.appendingPathComponent("n")) == ["n-top@1x.png"])
    }

    /// What --docc cannot take: each is one line, exit 2, and nothing is written.
    @Test func theDocCFolderAndNamesAreCheckedBeforeAnythingIsDrawn() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try cli.write(Self.scenario(), "s.yaml", in: folder)
        func refused(_ arguments: [String], _ expected: String, sourceFile: String = #filePath, line: Int = #line) throws {
            let location = Testing.SourceLocation(fileID: #fileID, filePath: sourceFile, line: line, column: 1)
            let result = try cli.tabstage(arguments, in: folder)
            #expect(result.status == 2, "\(result.stderr)", sourceLocation: location)
            #expect(result.stderr == expected + "\n", sourceLocation: location)
        }
        // A link as the folder, even to a real folder: left a link, its target left empty.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("real"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link").path, withDestinationPath: "real")
        try refused(
            ["run", "s.yaml", "--docc", "link", "--scale", "1"],
            "tabstage: error: --docc 'link' is a symbolic link; pictures are written only into a real folder (expected the folder itself, such as Sources/MyLibrary/MyLibrary.docc/Resources)"
        )
        #expect(Self.files(folder.appendingPathComponent("real")).isEmpty)
        // A link to nowhere is a link too.
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("dangling").path, withDestinationPath: "missing")
        try refused(
            ["run", "s.yaml", "--docc", "dangling"],
            "tabstage: error: --docc 'dangling' is a symbolic link; pictures are written only into a real folder (expected the folder itself, such as Sources/MyLibrary/MyLibrary.docc/Resources)"
        )
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("missing").path))
        // An existing file: left as it was.
        try cli.write("notes", "notes.txt", in: folder)
        try refused(
            ["run", "s.yaml", "--docc", "notes.txt"],
            "tabstage: error: --docc 'notes.txt' is a file, not a folder (expected a folder to write the pictures into, or a new one)")
        #expect(try String(contentsOf: folder.appendingPathComponent("notes.txt"), encoding: .utf8) == "notes")
        // A file inside the path: refused where the folder would be made.
        try refused(
            ["run", "s.yaml", "--docc", "notes.txt/Resources"],
            "tabstage: error: --docc 'notes.txt/Resources': 'notes.txt' is a file, not a folder (expected a folder to write into)")
        // 2.5 px a point has no DocC name; located at the first snapshot (line 8, `- snapshot: "top"`, column 5).
        try refused(
            ["run", "s.yaml", "--docc", "d", "--scale", "2.5"],
            "s.yaml:8:5: error: snapshot 'top' is drawn at 2.5 px per point, a scale DocC cannot name (expected --scale 1, 2 or 3 with --docc (DocC reads @1x, @2x and @3x))"
        )
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("d").path))
        // --docc writes only pictures: an option for the other outputs is a mistake.
        try refused(
            ["run", "s.yaml", "--docc", "d", "--frames"],
            "tabstage: error: --docc writes only the DocC pictures, so --frames cannot be given with it (see 'tabstage help')")
        try refused(
            ["run", "s.yaml", "--docc", "d", "--variant", "dark-L"],
            "tabstage: error: --docc pairs each light variant with its dark twin, so it runs every variant: --variant cannot be given with it (see 'tabstage help')"
        )
        try refused(
            ["run", "s.yaml", "--docc", "d", "--out", "o"],
            "tabstage: error: --docc writes only the DocC pictures, so --out cannot be given with it (see 'tabstage help')")
        // Two scenarios whose pictures take one name: a + b-c and a-b + c are both a-b-c.
        try cli.write(Self.scenario(name: "a", snapshots: ["b-c"]), "a.yaml", in: folder)
        try cli.write(Self.scenario(name: "a-b", snapshots: ["c"]), "ab.yaml", in: folder)
        try refused(
            ["run", "a.yaml", "ab.yaml", "--docc", "d", "--scale", "1"],
            "ab.yaml:8:5: error: the DocC picture 'a-b-c@1x.png' is also the name of the snapshot at a.yaml:8:5 (expected snapshot and scenario names that give each picture a name of its own, also ignoring letter case)"
        )
        // A snapshot name cannot hold the '~' DocC reads as an appearance: the scenario format
        // already refuses it (letters, digits, '-', '_' and '.'), at the name (column 15).
        try cli.write(Self.scenario(name: "w", snapshots: ["x~dark"]), "w.yaml", in: folder)
        try refused(
            ["run", "w.yaml", "--docc", "d", "--scale", "1"],
            "w.yaml:8:15: error: snapshot name 'x~dark' is not a plain file name (expected 1 to 128 letters, digits, '-', '_' or '.', not starting with '.')"
        )
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("d").path))
    }

    /// `previews LIST`: each line's snapshot as NAME.png, byte for byte what `run --format png
    /// --scale 2 --device-frame` writes; with --docc, NAME@2x.png and its dark twin.
    @Test func previewsDrawsEachLineOfAList() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let matrix = "variants:\n  appearance: [light, dark]\n"
        try cli.write(Self.scenario(snapshots: ["top"], variants: matrix), "s.yaml", in: folder)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("gallery"), withIntermediateDirectories: true)
        try cli.write("# name\tscenario\tsnapshot\n\nhello\ts.yaml\tlight/top\n", "gallery/list.tsv", in: folder)
        let gallery = try cli.tabstage(["previews", "gallery/list.tsv"], in: folder)
        #expect(gallery.status == 0, "\(gallery.stderr)")
        #expect(gallery.stdout == "gallery/hello.png  <- s.yaml (light/top)\n")
        #expect(Self.files(folder.appendingPathComponent("gallery")) == ["list.tsv", "hello.png"])
        let run = try cli.tabstage(
            ["run", "s.yaml", "--variant", "light", "--format", "png", "--scale", "2", "--device-frame", "--out", "o"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let drawn = try Data(contentsOf: folder.appendingPathComponent("gallery/hello.png"))
        #expect(drawn == (try Data(contentsOf: folder.appendingPathComponent("o/s@light/top.png"))))

        let docc = try cli.tabstage(["previews", "gallery/list.tsv", "--docc", "Doc.docc/Resources"], in: folder)
        #expect(docc.status == 0, "\(docc.stderr)")
        #expect(Self.files(folder.appendingPathComponent("Doc.docc/Resources")) == ["hello@2x.png", "hello~dark@2x.png"])
        #expect(try Data(contentsOf: folder.appendingPathComponent("Doc.docc/Resources/hello@2x.png")) == drawn)
    }

    /// A list's mistakes are located at their line: exit 2, one line, nothing written.
    @Test func aPreviewsListsMistakesAreLocated() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try cli.write(Self.scenario(), "s.yaml", in: folder)
        func refused(_ list: String, _ expected: String, sourceFile: String = #filePath, line: Int = #line) throws {
            let location = Testing.SourceLocation(fileID: #fileID, filePath: sourceFile, line: line, column: 1)
            try cli.write(list, "list.tsv", in: folder)
            let result = try cli.tabstage(["previews", "list.tsv", "--out", "p"], in: folder)
            #expect(result.status == 2, "\(result.stderr)", sourceLocation: location)
            #expect(result.stderr == expected + "\n", sourceLocation: location)
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("p").path), sourceLocation: location)
        }
        let plain = "is not a plain file name (expected a name without '/', not starting with '.', without control characters)"
        try refused("ok\ts.yaml\ttop\na/b\ts.yaml\ttop\n", "list.tsv:2:1: error: the picture name 'a/b' \(plain)")
        try refused("..\ts.yaml\ttop\n", "list.tsv:1:1: error: the picture name '..' \(plain)")
        try refused("../up\ts.yaml\ttop\n", "list.tsv:1:1: error: the picture name '../up' \(plain)")
        try refused(
            "x@3x\ts.yaml\ttop\n",
            "list.tsv:1:1: error: the picture name 'x@3x' holds '~' or '@', which DocC reads as the appearance (~dark) and the scale (@2x) (expected a name without them)"
        )
        try refused(
            "# a comment\nok\ts.yaml\n",
            "list.tsv:2:1: error: the line has 2 field(s) separated by tabs (expected NAME, the scenario file and the snapshot (VARIANT/SNAPSHOT for a variant's), separated by tabs)"
        )
        try refused(
            "ok\ts.yaml\ttop\nOK\ts.yaml\tdown\n",
            "list.tsv:2:1: error: the picture name 'OK' is already taken at line 1 (expected a name of its own, also ignoring letter case: each is a file)"
        )
        try refused(
            "ok\ts.yaml\ttops\n",
            "list.tsv:1:1: error: s.yaml has no snapshot named 'tops'; did you mean 'top'? (expected one of top, down)")
        try refused(
            "ok\ts.yaml\tdark/top\n",
            "list.tsv:1:1: error: s.yaml has no variant named 'dark' (expected SNAPSHOT alone: the scenario has no variants)")
    }
}
