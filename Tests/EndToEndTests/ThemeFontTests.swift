import Foundation
import TabStageLayout
import TabStageModel
import TabStageRendering
import TabStageScenario
import TabStageTestSupport
import Testing

/// `theme.fonts`: files checked at parse time with located errors, measured and drawn in the
/// theme's font, and invisible to every other scenario in the process.
@Suite struct ThemeFontTests {
    /// DejaVu Serif as shipped beside the brand example (with its licence).
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/fonts")
    static func serif(_ name: String = "DejaVuSerif.ttf") -> [UInt8] {
        Array(try! Data(contentsOf: examples.appendingPathComponent(name)))
    }

    static let fontsYAML = "theme:\n  fonts: {regular: serif.ttf, bold: serif-bold.ttf}"

    static func sandbox() -> AssetSandbox {
        let box = AssetSandbox()
        box.write("serif.ttf", serif())
        box.write("serif-bold.ttf", serif("DejaVuSerif-Bold.ttf"))
        return box
    }

    static func state(_ yaml: String, folder: AssetFolder? = nil) throws -> (state: StageState, look: Look) {
        let scenario = try ScenarioParser.parse(yaml, file: "fonts.yaml", defaultName: "fonts", assetFolder: folder)
        return (try ScenarioRunner.run(scenario).snapshots[0].state, scenario.look)
    }

    static func png(_ drawn: (state: StageState, look: Look)) throws -> [UInt8] {
        let svg = SVGSnapshot.svg(drawn.state, look: drawn.look, measuring: TextMeasurer.shared)
        return try Rasterizer.renderPNG(svg: svg, scale: 1, fonts: drawn.look.theme.fonts)
    }

    @Test func theFilesFamilyAndWeightAreRead() throws {
        let box = Self.sandbox()
        let fonts = try #require(try Self.state(Fixtures.yaml(extra: Self.fontsYAML), folder: box.folder).look.theme.fonts)
        #expect(fonts.regular.family == "DejaVu Serif" && fonts.regular.weight == 400)
        #expect(fonts.bold?.family == "DejaVu Serif" && fonts.bold?.weight == 700)
        // Known to the renderer by family and content, never by the bare family name.
        #expect(fonts.familyName.hasPrefix("DejaVu Serif ") && fonts.familyName.count == "DejaVu Serif ".count + 16)
        let themed = try Self.state(Fixtures.yaml(extra: Self.fontsYAML), folder: box.folder)
        let svg = SVGSnapshot.svg(themed.state, look: themed.look, measuring: TextMeasurer.shared)
        // Then the font's own family, for renderers that have it installed (resvg, Inkscape).
        #expect(svg.contains("font-family=\"&apos;\(fonts.familyName)&apos;, &apos;DejaVu Serif&apos;, Inter, sans-serif\""))
        // The status bar is the system's: it keeps the system font under the theme's.
        #expect(svg.contains("<g id=\"status-bar\" font-family=\"Inter, sans-serif\">"))
    }

    @Test func differentFilesWithTheSameFamilyGetDifferentNames() {
        let regular = FontFace(family: "DejaVu Sans", weight: 400, data: Self.serif())
        let other = FontFace(family: "DejaVu Sans", weight: 400, data: Self.serif() + [0])
        #expect(ThemeFonts(regular: regular).familyName != ThemeFonts(regular: other).familyName)
        #expect(ThemeFonts(regular: regular).familyName == ThemeFonts(regular: regular).familyName)
        #expect(ThemeFonts(regular: regular).familyName != ThemeFonts(regular: regular, bold: other).familyName)
        // Quotes, commas and markup in a family name never reach the CSS list.
        let hostile = FontFace(family: "A',B\"<c>", weight: 400, data: [1])
        #expect(ThemeFonts(regular: hostile).familyName.hasPrefix("A--B--c- "))
    }

    /// A font of `size` points and `weight`, without tracking, so widths are the advances.
    static func untracked(_ size: Double, weight: Int = 400) -> TextFont {
        TextFont(style: .body, size: size, weight: weight, lineHeight: size)
    }

    /// Widths from the fonts' advance widths: DejaVu has 2048 units per em (at 20.48 pt one unit
    /// is 0.01 pt), M is 2097 in DejaVu Serif and 2267 in DejaVu Serif Bold; Inter has 2816 (at
    /// 28.16 pt one unit is 0.01 pt), M is 2504 in Inter Regular.
    @Test func measuredWidthsAreTheThemeFontsAdvances() throws {
        let box = Self.sandbox()
        let fonts = try #require(try Self.state(Fixtures.yaml(extra: Self.fontsYAML), folder: box.folder).look.theme.fonts)
        let themed = TextMeasurer.shared.measuring(fonts: fonts)
        expectClose(TextMeasurer.shared.width(of: "MMMM", font: Self.untracked(28.16)), 100.16, 0.01)
        expectClose(themed.width(of: "MMMM", font: Self.untracked(20.48)), 83.88, 0.01)
        expectClose(themed.width(of: "MMMM", font: Self.untracked(20.48, weight: 700)), 90.68, 0.01)
        // The default measurer is unchanged afterwards.
        expectClose(TextMeasurer.shared.width(of: "MMMM", font: Self.untracked(28.16)), 100.16, 0.01)
        // A font-blind stand-in stays font-blind.
        let fixed = FixedAdvanceMeasurer(advance: 0.5)
        #expect(fixed.measuring(fonts: fonts).width(of: "MMMM", font: Self.untracked(20)) == 40)
    }

    @Test func theFontChangesOnlyItsOwnScenariosPixels() throws {
        let plain = try Self.state(Fixtures.yaml())
        let before = try Self.png(plain)
        let box = Self.sandbox()
        let themed = try Self.png(try Self.state(Fixtures.yaml(extra: Self.fontsYAML), folder: box.folder))
        #expect(themed != before)
        // Another scenario in the same process still draws Inter, byte for byte.
        #expect(try Self.png(plain) == before)
    }

    @Test func anUnlistedSystemFontIsNeverUsed() throws {
        func svg(_ family: String) -> String {
            """
            <svg xmlns="http://www.w3.org/2000/svg" width="200" height="40" font-family="\(family)">\
            <rect width="200" height="40" fill="#fff"/><text x="4" y="30" font-size="24">Mimi 123</text></svg>
            """
        }
        let sans = try Rasterizer.renderPNG(svg: svg("Inter"), scale: 1)
        // Installed on this machine (fonts-dejavu-core) but not in tabstage's configuration; the
        // test requires them, or it would pass for want of a font to fall back from.
        try requireSystemFont("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf")
        try requireSystemFont("/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf")
        #expect(try Rasterizer.renderPNG(svg: svg("DejaVu Sans Mono"), scale: 1) == sans)
        #expect(try Rasterizer.renderPNG(svg: svg("DejaVu Serif"), scale: 1) == sans)
        // A theme's font is not reachable by its own family name either.
        let box = Self.sandbox()
        _ = try Self.png(try Self.state(Fixtures.yaml(extra: Self.fontsYAML), folder: box.folder))
        #expect(try Rasterizer.renderPNG(svg: svg("DejaVu Serif"), scale: 1) == sans)
    }

    @Test func refusedFilesAreLocated() throws {
        let box = Self.sandbox()
        box.write("notes.ttf", "not a font at all")
        func refusal(_ fonts: String) -> ScenarioError? {
            do {
                _ = try ScenarioParser.parse(
                    Fixtures.yaml(extra: "theme:\n  fonts: \(fonts)"), file: "fonts.yaml", defaultName: "fonts", assetFolder: box.folder)
                return nil
            } catch { return error }
        }
        let notFont = try #require(refusal("{regular: notes.ttf}"))
        #expect(notFont.location.line == 3 && notFont.location.column == 20)
        #expect(notFont.message == "'notes.ttf' is not a font FreeType can read")
        let boldAsRegular = try #require(refusal("{regular: serif-bold.ttf}"))
        #expect(boldAsRegular.message == "'theme.fonts.regular' is a bold face (DejaVu Serif, weight 700)")
        let regularAsBold = try #require(refusal("{regular: serif.ttf, bold: serif.ttf}"))
        #expect(regularAsBold.location.column == 37)
        #expect(regularAsBold.message == "'theme.fonts.bold' is not a bold face (DejaVu Serif, weight 400)")
        let escape = try #require(refusal("{regular: ../outside/x.ttf}"))
        #expect(escape.location.line == 3 && escape.location.column == 20)
        #expect(refusal("{bold: serif-bold.ttf}")?.message == "'theme.fonts' is missing 'regular'")
    }

    @Test func theCommandLineExitsTwoWithTheLocation() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cli = CommandLineTests()
        try cli.write("not a font", "notes.otf", in: folder)
        try cli.write(Fixtures.yaml(extra: "theme:\n  fonts: {regular: notes.otf}"), "bad.yaml", in: folder)
        let bad = try cli.tabstage(["run", "bad.yaml", "--out", "out"], in: folder)
        #expect(bad.status == 2)
        #expect(bad.stderr.hasPrefix("bad.yaml:3:20: error: 'notes.otf' is not a font FreeType can read"), "\(bad.stderr)")
        try cli.write(Fixtures.yaml(extra: "theme:\n  fonts: {regular: /etc/fonts/x.ttf}"), "escape.yaml", in: folder)
        let escape = try cli.tabstage(["run", "escape.yaml", "--out", "out"], in: folder)
        #expect(escape.status == 2)
        #expect(escape.stderr.hasPrefix("escape.yaml:3:20: error: "), "\(escape.stderr)")
    }

    @Test func parallelRenderingGivesTheSerialBytes() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cli = CommandLineTests()
        try Data(Self.serif()).write(to: folder.appendingPathComponent("serif.ttf"))
        try Data(Self.serif("DejaVuSerif-Bold.ttf")).write(to: folder.appendingPathComponent("serif-bold.ttf"))
        let steps = ["- snapshot: start", "- scroll: {to: 300}", "- snapshot: scrolled", "- select: Media", "- snapshot: media"]
        try cli.write(
            Fixtures.yaml(extra: Self.fontsYAML, steps: steps).replacingOccurrences(of: "device:", with: "name: a\ndevice:"), "a.yaml",
            in: folder)
        try cli.write(Fixtures.yaml(steps: steps).replacingOccurrences(of: "device:", with: "name: b\ndevice:"), "b.yaml", in: folder)
        let serial = try cli.tabstage(["run", "a.yaml", "b.yaml", "--out", "serial", "--jobs", "1"], in: folder)
        let parallel = try cli.tabstage(["run", "b.yaml", "a.yaml", "--out", "parallel", "--jobs", "4"], in: folder)
        #expect(serial.status == 0 && parallel.status == 0, "\(serial.stderr)\(parallel.stderr)")
        for name in ["a/start.png", "a/scrolled.png", "a/media.png", "b/start.png", "b/media.png", "a/start.svg", "a/trace.json"] {
            let one = try Data(contentsOf: folder.appendingPathComponent("serial/" + name))
            let two = try Data(contentsOf: folder.appendingPathComponent("parallel/" + name))
            #expect(one == two, "\(name)")
        }
        let a = try Data(contentsOf: folder.appendingPathComponent("serial/a/start.png"))
        let b = try Data(contentsOf: folder.appendingPathComponent("serial/b/start.png"))
        #expect(a != b)
    }
}
