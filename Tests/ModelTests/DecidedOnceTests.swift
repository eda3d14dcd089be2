import Foundation
import TabStageLayout
import TabStageModel
import TabStageRendering
import TabStageScenario
import TabStageTestSupport
import Testing

/// Values several parts of tabstage read, each decided in one place: the palette, the split
/// view's columns and a read file's refusals (where a title is drawn: `TabTitleDrawingTests`). Each test checks that the
/// readers agree, against numbers worked out by hand.
@Suite struct DecidedOnceTests {
    /// The row templates' default colours are the painter's default palette: Twitter's light
    /// (#0f1419 on white) and dark (#e7e9ea on black) text, its blue accent in both.
    @Test func templateColoursAreThePaintersDefaultPalette() {
        #expect(
            TemplateColors.standard(dark: false)
                == TemplateColors(tint: "#1d9bf0", label: "#0f1419", secondaryLabel: "#536471", separator: "#eff3f4", background: "#ffffff")
        )
        #expect(
            TemplateColors.standard(dark: true)
                == TemplateColors(tint: "#1d9bf0", label: "#e7e9ea", secondaryLabel: "#71767b", separator: "#2f3336", background: "#000000")
        )
        // A theme's label replaces the text colour for the painter and the template alike.
        var theme = ThemeColors()
        theme.label = ThemeColor(red: 255, green: 0, blue: 0)
        let palette = Palette.forStyle(.light, theme: theme)
        #expect(palette.text == "#ff0000" && palette.button == "#ff0000")
        #expect(TemplateColors(palette).label == "#ff0000")
        #expect(TemplateColors(palette).background == "#ffffff")  // left to the default
    }

    /// The container sits in the split view's secondary column in every width and direction:
    /// iPad Air 11" landscape is 1180 pt wide; regular width puts the 320 pt primary column on
    /// the leading side (the container gets 1180 - 320 = 860 pt), a third of the screen (375 pt)
    /// is compact and the collapsed split gives the container the whole window.
    @Test func theContainerFillsTheSplitViewsSecondaryColumn() {
        let cases: [(Multitasking, Bool, Rect)] = [
            (.full, false, Rect(x: 320, y: 0, width: 860, height: 820)),
            (.full, true, Rect(x: 0, y: 0, width: 860, height: 820)),
            (.oneThird, false, Rect(x: 0, y: 0, width: 375, height: 820)),
        ]
        for (mode, rtl, expected) in cases {
            let window = Fixtures.window(
                "ipad-air-11", .landscape, mode, settings: DisplaySettings(layoutDirection: rtl ? .rtl : .ltr))
            let stage = StageState(window: window, container: Fixtures.issueConfig(), split: SplitConfig(collapse: .secondary))
            #expect(stage.splitLayout?.secondaryFrame == expected)
            #expect(stage.container.environment.frame == expected)
        }
    }

    /// A folder given as a scenario and as an observed trace: one read, each in its own words.
    @Test func aFolderIsRefusedInTheWordsOfWhatWasExpected() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(
            throws: ScenarioError(
                SourceLocation(file: folder.path), "this is a folder, not a scenario file",
                expected: "a path to a .yaml, .yml or .json scenario")
        ) {
            try ScenarioLoader.load(path: folder.path)
        }
        #expect(
            throws: ScenarioError(SourceLocation(file: folder.path), "this is a folder, not a file", expected: "an observed trace .json")
        ) {
            try ObservedTraceFile.load(path: folder.path)
        }
    }

    /// A link out of its folder, a file over the 4 MiB limit and one that is not UTF-8, read as
    /// a scenario and as an observed trace.
    @Test func linksSizesAndEncodingsAreRefusedInBothWordings() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let inside = folder.appendingPathComponent("inside")
        try FileManager.default.createDirectory(at: inside, withIntermediateDirectories: true)
        let outside = folder.appendingPathComponent("outside.json")
        try Data("{}".utf8).write(to: outside)
        let link = inside.appendingPathComponent("link.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: outside.path)
        let big = folder.appendingPathComponent("big.json")
        try Data(count: (4 << 20) + 1).write(to: big)  // 4,194,304 + 1 bytes
        let latin1 = folder.appendingPathComponent("latin1.json")
        try Data([0x7B, 0xE9, 0x7D]).write(to: latin1)

        func message(_ body: () throws -> Void) -> String? {
            do {
                try body()
                return nil
            } catch let error as ScenarioError {
                return "\(error.message) (expected \(error.expected ?? ""))"
            } catch {
                return "\(error)"
            }
        }
        #expect(
            message { _ = try ScenarioLoader.load(path: link.path) }
                == "this is a symbolic link that leads out of its folder; tabstage reads a scenario only inside its own folder (expected a real scenario file, or a link to one in the same folder)"
        )
        #expect(
            message { _ = try ObservedTraceFile.load(path: link.path) }
                == "this is a symbolic link that leads out of its folder or through another link (expected a real file, or a link to one in the same folder)"
        )
        #expect(
            message { _ = try ScenarioLoader.load(path: big.path) }
                == "the file is 4194305 bytes, over the limit (expected a scenario of at most 4194304 bytes)")
        #expect(
            message { _ = try ObservedTraceFile.load(path: big.path) }
                == "the file is 4194305 bytes, over the limit (expected an observed trace .json of at most 4194304 bytes)")
        #expect(
            message { _ = try ScenarioLoader.load(path: latin1.path) }
                == "the file is not UTF-8 text (expected a UTF-8 YAML or JSON file)")
        #expect(
            message { _ = try ObservedTraceFile.load(path: latin1.path) }
                == "the file is not UTF-8 text (expected an observed trace .json)")
    }

    /// Everything is placed once, by Layout: the painter takes the frames, centres and text
    /// anchors as laid out (mirrored for right-to-left there) and decides no geometry of its
    /// own. Read from the source, comments left out: no reading of the layout direction, no
    /// mirroring helper, no x taken from a width, in any drawing file. Only the markup writer
    /// (`SVGBuilder`, which writes `direction="rtl"` on right-to-left text), the scene that
    /// hands it the direction and the size estimate (which sets up a scratch writer) may name it.
    @Test func everythingIsDrawnWhereLayoutPutItInEitherDirection() throws {
        let files = try ModuleBoundaryTests.sources(of: "TabStageRendering/SVGSnapshot")
        let writers: Set = ["SVGBuilder.swift", "SVGSnapshot.swift", "SizeEstimate.swift"]
        let painted = files.filter { !writers.contains($0.name) }
        #expect(painted.contains { $0.name == "RowDrawing.swift" } && painted.contains { $0.name == "DeviceFrame.swift" })
        for file in painted {
            #expect(Self.directionDecisions(in: file.text) == [], "\(file.name) decides a geometry itself")
        }
        // Nothing left in the painter for a row to mirror with.
        let scene = try #require(files.first { $0.name == "SVGSnapshot.swift" })
        #expect(!scene.text.contains("func mirrored(") && !scene.text.contains("func leading("))
    }

    /// The reader catches each way the painter used to mirror a row, and passes a line that
    /// draws a laid-out placement, so the check above cannot pass for want of reading.
    @Test func directionDecisionsAreReadInEverySpelling() {
        let old = """
            let placed = Rect(x: mirrored(frame.x, width: frame.width, in: width), y: frame.y, width: 1, height: 1)
            let at = leading(layout.titleOrigin.x, in: width)
            let anchor: SVGBuilder.Anchor = rtl ? .end : .start
            if stage.window.traits.layoutDirection == .rtl { x = rowWidth - x }
            """
        #expect(Self.directionDecisions(in: old).count == 4)
        let drawn = "svg.label(title.text, at: layout.titlePlacement, fill: palette.text)  // not mirrored here\n"
        #expect(Self.directionDecisions(in: drawn) == [])
    }

    /// The lines of `source` (comments left out) that read the layout direction, mirror, or
    /// take an x from a width.
    static func directionDecisions(in source: String) -> [String] {
        source.split(separator: "\n").compactMap { line in
            let code = line.replacing(/\/\/.*$/, with: "")
            let decides =
                code.contains(/\brtl\b|layoutDirection|rightToLeft|[Mm]irror|\bleading\(/)
                || code.contains(/\b(width|rowWidth|span)\s*-\s*[A-Za-z_(]/)
            return decides ? String(line) : nil
        }
    }
}
