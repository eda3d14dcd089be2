import Foundation
import TabStage
import TabStageLayout
import TabStageModel
import TabStageRendering
import TabStageScenario
import TabStageTestSupport
import Testing

/// Plain rows and presented menu rows drawn as iOS 17 draws a list: what fits the row's
/// height, with the separator inset to the text and no icon the scenario did not give.
@Suite struct ListRowLookTests {
    static let half = FixedAdvanceMeasurer(advance: 0.5)

    /// An iPhone 15 (393 pt wide) whose only tab shows `item` in plain rows of `height`, under
    /// a header tall enough for its name, handle and counts.
    static func stage(_ item: RowItem, height: Double, rtl: Bool = false) -> (state: StageState, look: Look) {
        let config = ContainerConfig(
            header: HeaderConfig(height: 240, minHeight: 44),
            tabs: [TabConfig(title: "About", content: .list(rows: 30, rowHeight: .fixed(height)))])
        let look = Look(
            header: HeaderContent(title: "J", subtitle: "@j"), rowContent: [RowContent(template: .plain, items: [item])])
        var window = Fixtures.window("iphone-15")
        if rtl { window.traits.layoutDirection = .rtl }
        return (StageState(window: window, container: config), look)
    }

    /// The layout of a `stage(...)`.
    static func layout(_ stage: (state: StageState, look: Look)) -> StageLayout {
        StageLayout(stage.state, look: stage.look, measuring: half)
    }

    static func firstRow(_ layout: StageLayout) throws -> RowContentLayout {
        try #require(layout.pages.pages.first?.rows.first?.content)
    }

    /// 17 pt title on a 20.4 pt line, 3 pt, 15 pt subtitle on an 18 pt line: 41.4 pt centred
    /// in a 64 pt row starts at 11.3; baselines 0.95 × the size below each line's top.
    @Test func titleAndSubtitleAreCentredAsASubtitleCell() throws {
        let layout = Self.layout(Self.stage(RowItem(title: "Studio", subtitle: "Lisbon"), height: 64))
        let row = try Self.firstRow(layout)
        #expect(row.titleSize == 17 && row.detailSize == 15)
        #expect(abs(row.titlePlacement.baseline - 27.45) < 0.001)
        #expect(abs(row.detailPlacement.baseline - 48.95) < 0.001)
        #expect(row.titlePlacement.x == 16 && row.detailPlacement.x == 16)
        #expect(row.detail?.text == "Lisbon" && !row.subtitleDropped)
        #expect(layout.warnings.isEmpty)
    }

    /// 44 pt cannot hold 41.4 + 2 × 4 = 49.4 pt: the title alone, centred (baseline
    /// (44 − 20.4) / 2 + 16.15 = 27.95), and one warning for the tab naming the height needed.
    @Test func aRowTooShortForTwoLinesShowsTheTitleAloneAndWarnsOnce() throws {
        let layout = Self.layout(Self.stage(RowItem(title: "Studio", subtitle: "Lisbon"), height: 44))
        let row = try Self.firstRow(layout)
        #expect(row.detail == nil && row.subtitleDropped)
        #expect(abs(row.titlePlacement.baseline - 27.95) < 0.001)
        let warnings = layout.warnings.filter { $0.element.hasPrefix("row-") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.element == "row-0-0" && warnings.first?.kind == .truncated)
        #expect(warnings.first?.text.contains("'About'") == true)
        #expect(warnings.first?.text.contains("44 pt") == true && warnings.first?.text.contains("49.4 pt") == true)
        #expect(abs(RowContentLayout.plainTwoLineHeight() - 49.4) < 0.001)

        // Exactly 49.4 pt holds both lines; without a subtitle a short row is no warning.
        let fits = Self.layout(Self.stage(RowItem(title: "Studio", subtitle: "Lisbon"), height: 49.4))
        #expect(try Self.firstRow(fits).detail != nil)
        let single = Self.layout(Self.stage(RowItem(title: "Studio"), height: 44))
        #expect(try !Self.firstRow(single).subtitleDropped && single.warnings.isEmpty)
    }

    /// The separator starts at the text (16 pt), on the right in right-to-left.
    @Test func thePlainSeparatorIsInsetToTheText() throws {
        func separator(rtl: Bool) throws -> String {
            let stage = Self.stage(RowItem(title: "Studio", subtitle: "Lisbon"), height: 64, rtl: rtl)
            let svg = SVGSnapshot.svg(stage.state, look: stage.look, measuring: Self.half)
            // The first row's group, then its first rect: the separator at y = 64 − 0.5.
            let start = try #require(svg.range(of: "id=\"row-0-0\""))
            let rect = try #require(svg[start.upperBound...].range(of: "<rect"))
            return String(svg[rect.lowerBound...].prefix(while: { $0 != ">" }))
        }
        let ltr = try separator(rtl: false)
        #expect(ltr.contains("x=\"16\"") && ltr.contains("width=\"377\"") && ltr.contains("y=\"63.5\""))
        let rtl = try separator(rtl: true)
        #expect(rtl.contains("x=\"0\"") && rtl.contains("width=\"377\""))
    }
}

/// Presented menu rows: an image only when the item gives one, where a list puts a symbol.
@Suite struct PresentedRowImageTests {
    /// An iPad Pro 11" popover 300 pt wide at (600, 300): rows start 56 pt below its top.
    static func scenario(_ box: borrowing AssetSandbox, items: String, extra: String = "") -> String {
        box.write("icon.png", TestImages.png(width: 4, height: 2))
        box.write(
            "s.yaml",
            """
            device: ipad-pro-11
            \(extra)
            container:
              header: {height: 220, minHeight: 44, title: "Jane", subtitle: "@jane"}
              tabs: [{title: Posts, rows: 5}]
            steps:
              - present: {style: popover, source: {x: 600, y: 300, width: 40, height: 40}, size: {width: 300, height: 300}, content: {title: T, items: \(items)}}
              - snapshot: menu
            """)
        return box.scenario + "/s.yaml"
    }

    @Test func anItemsImageIsDrawnAtTheSymbolsPlaceAndMovesItsLabel() throws {
        let box = AssetSandbox()
        let scenario = try ScenarioLoader.load(path: Self.scenario(box, items: "[{title: Share, image: icon.png}, Mute]"))
        let run = try ScenarioRunner.run(scenario, measuring: FixedAdvanceMeasurer())
        let state = run.snapshots[0].state
        let layout = StageLayout(state, look: Look(), measuring: FixedAdvanceMeasurer())
        let list = try #require(layout.presentedList)
        let frame = list.contentFrame
        // The image: 24 pt, centred in a 29 pt slot 16 pt in, centred in the 44 pt row: x + 18.5,
        // y + 10; its label at 60. The row without one keeps its label at the 16 pt margin.
        let first = list.rows[0]
        #expect(first.imageFrame == Rect(x: frame.x + 18.5, y: first.frame.y + 10, width: 24, height: 24))
        #expect(first.labelInset == 60 && first.image?.dataURI.hasPrefix("data:image/png;base64,") == true)
        #expect(list.rows[1].imageFrame == nil && list.rows[1].labelInset == 16)
        let svg = SVGSnapshot.svg(state, look: Look(), measuring: FixedAdvanceMeasurer())
        let image = try #require(svg.range(of: "id=\"presented-image-0\"").map { String(svg[$0.lowerBound...].prefix(200)) })
        #expect(image.contains("preserveAspectRatio=\"xMidYMid meet\""))
        #expect(!svg.contains("presented-image-1"))
    }

    @Test func withoutImagesNoIconIsDrawn() throws {
        let box = AssetSandbox()
        let scenario = try ScenarioLoader.load(path: Self.scenario(box, items: "[Share, Mute]"))
        let run = try ScenarioRunner.run(scenario, measuring: FixedAdvanceMeasurer())
        let svg = SVGSnapshot.svg(run.snapshots[0].state, look: scenario.look, measuring: FixedAdvanceMeasurer())
        #expect(!svg.contains("presented-image"))
        // Nothing but the surface, the bar's hairline, labels and separators: no rounded squares.
        let start = try #require(svg.range(of: "id=\"presented\""))
        #expect(!svg[start.upperBound...].contains("rx=\"7\""))
    }

    @Test func aMissingImageIsExit2AtItsValue() {
        let box = AssetSandbox()
        let path = Self.scenario(box, items: "[{title: Share, image: nope.png}]")
        let error = loadError(path)
        // Line 7 is the present step (line 2 is the empty `extra`), the column that of the value.
        let line =
            "  - present: {style: popover, source: {x: 600, y: 300, width: 40, height: 40}, size: {width: 300, height: 300}, content: {title: T, items: [{title: Share, image: "
        #expect(error?.location.line == 7)
        #expect(error?.location.column == line.count + 1)
        #expect(error?.description.contains("nope.png") == true)
    }
}

/// Row templates get the theme's colours as drawn, so the bundled ones follow dark mode.
@Suite struct TemplateColorTests {
    @Test func theThemesColoursAreTemplateFields() throws {
        let template = try #require(
            CheckedRowTemplate(
                "<text fill=\"{{label}}\" stroke=\"{{secondaryLabel}}\" class=\"{{tint}} {{separator}} {{background}}\">x</text>"))
        let colors = TemplateColors(
            tint: "#111111", label: "#222222", secondaryLabel: "#333333", separator: "#444444", background: "#555555")
        let given = try template.render(item: RowItem(), index: 0, width: 1, height: 1, dark: false, idPrefix: "", colors: colors).get()
        #expect(given == "<text class=\"#111111 #444444 #555555\" fill=\"#222222\" stroke=\"#333333\">x</text>")
        // Without a theme, the default palette of the appearance drawn.
        let dark = try template.render(item: RowItem(), index: 0, width: 1, height: 1, dark: true, idPrefix: "").get()
        #expect(dark == "<text class=\"#1d9bf0 #2f3336 #000000\" fill=\"#e7e9ea\" stroke=\"#71767b\">x</text>")
    }

    /// The first row of `tab` in the `snapshot`-th snapshot of a bundled example drawn dark.
    static func darkRow(_ example: String, snapshot: Int, tab: Int) throws -> String {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Examples/\(example).yaml").standardized.path
        let text = try String(contentsOfFile: path, encoding: .utf8) + "\nappearance: dark\n"
        let scenario = try ScenarioParser.parse(text, file: path, defaultName: example, assetFolder: AssetFolder(scenarioFile: path))
        let run = try ScenarioRunner.run(scenario, measuring: TextMeasurer.shared)
        let svg = SVGSnapshot.svg(run.snapshots[snapshot].state, look: scenario.look, measuring: TextMeasurer.shared)
        let start = try #require(svg.range(of: "id=\"row-\(tab)-0\""))
        let end = try #require(svg.range(of: "id=\"row-\(tab)-1\"", range: start.upperBound..<svg.endIndex))
        return String(svg[start.upperBound..<end.lowerBound])
    }

    @Test func theBundledTemplatesFollowDarkMode() throws {
        // x-profile's dark theme: label #e7e9ea, secondaryLabel #71767b (light: #0f1419, #536471).
        let article = try Self.darkRow("x-profile", snapshot: 1, tab: 3)
        #expect(article.contains("fill=\"#e7e9ea\"") && article.contains("fill=\"#71767b\""))
        #expect(!article.contains("#536471") && !article.contains("#0f1419"))
        // brand sets no dark colours: the default dark label and secondary label, its tint kept.
        let product = try Self.darkRow("brand", snapshot: 0, tab: 0)
        #expect(product.contains("fill=\"#e7e9ea\"") && product.contains("fill=\"#71767b\"") && product.contains("fill=\"#e76f51\""))
        #expect(!product.contains("#8a6f68") && !product.contains("#3d2c2e"))
    }
}
