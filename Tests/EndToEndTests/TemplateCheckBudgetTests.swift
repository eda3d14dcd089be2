import Foundation
import TabStageLayout
import TabStageModel
import TabStageRendering
import TabStageTestSupport
import Testing

@testable import TabStageScenario

/// What loading a scenario costs is bounded before anything is drawn: template checks are
/// counted in rows checked and bytes rendered, never in time.
@Suite struct TemplateCheckBudgetTests {
    /// A 31 KB template of 1,000 `<desc>{{title}}</desc>` and 1,000 items of 207 to 209
    /// characters: each item's row (about 221 KB) was parsed and checked, 1,000 times (about
    /// 221 MB of XML). The title is shown only as text, so items are checked once per title
    /// length: "Item 0 " … "Item 9 " (7 characters), "Item 10 " … "Item 99 " (8) and
    /// "Item 100 " … "Item 999 " (9), each followed by 200 'x': three rows checked, the dark
    /// row never (no palette colour in the template, so it is the light row again).
    @Test func itemsShownOnlyAsTextAreCheckedOncePerLength() throws {
        let source = String(repeating: "<desc>{{title}}</desc>", count: 1000)
        #expect(source.utf8.count == 22_000)
        let items = (0..<1000).map { RowItem(title: "Item \($0) " + String(repeating: "x", count: 200)) }
        var probes = TemplateProbes()
        let cost = try probes.probe(source: source, file: "t.svg.mustache", items: items)
        #expect(probes.checks == 3)
        // The longest row: 1,000 × (13 + 209) = 222,000 bytes.
        #expect(cost.bytes == 222_000)
        // Rendered: 3 classes × 2 appearances × 1,000 × (13 + 207, 208 or 209) bytes
        // = 2,000 × (220 + 221 + 222) = 1,326,000, and the marker renderings that find the
        // title shown as text only: per appearance 1,000 × (13 + 13) and 1,000 × (13 + 15)
        // bytes (the two markers escaped), so 2 × (26,000 + 28,000) = 108,000.
        #expect(probes.bytes == 1_326_000 + 108_000)
    }

    /// The same length, one field in an attribute: the value itself decides what is accepted,
    /// so every distinct item is still checked (1,000 items, 1,000 checks), and the row's
    /// contents stay checked for each one.
    @Test func itemsShownInAttributesAreCheckedOneByOne() throws {
        let source = "<rect x=\"{{title}}\" width=\"1\" height=\"1\"/><text>{{subtitle}}</text>"
        let items = (0..<1000).map { RowItem(title: "\($0)", subtitle: "same") }
        var probes = TemplateProbes()
        _ = try probes.probe(source: source, file: "t.svg.mustache", items: items + items)
        #expect(probes.checks == 1000)
        // Hostile values are refused whichever class they fall in: an attribute value checked as
        // itself, a long text as its length.
        let hostile = items + [RowItem(title: "url(#x)", subtitle: "same")]
        var refused = TemplateProbes()
        #expect(throws: ScenarioError.self) { _ = try refused.probe(source: source, file: "t.svg.mustache", items: hostile) }
        let long = items + [RowItem(title: "1", subtitle: String(repeating: "y", count: 1001))]
        var tooLong = TemplateProbes()
        do {
            _ = try tooLong.probe(source: source, file: "t.svg.mustache", items: long)
            Issue.record("accepted a <text> of 1,001 characters")
        } catch {
            #expect(error.message == "a <text> in the rendered row holds more than 1000 characters")
        }
    }

    /// A value that a transform changes, or one shown unescaped, is never grouped by length:
    /// `{{{title}}}` with an item holding markup is refused at that item.
    @Test func transformedOrUnescapedFieldsAreCheckedAsThemselves() throws {
        let items = (0..<50).map { RowItem(title: "t\($0 % 10)") } + [RowItem(title: "<a>")]
        for source in ["<text>{{{title}}}</text>", "<text>{{& title}}</text>"] {
            var probes = TemplateProbes()
            #expect(throws: ScenarioError.self, "\(source)") { _ = try probes.probe(source: source, file: "t.svg.mustache", items: items) }
        }
        // `reversed` and `uppercased` show the value changed: each distinct value is checked.
        for source in ["<text>{{reversed(title)}}</text>", "<text>{{uppercased(title)}}</text>"] {
            var probes = TemplateProbes()
            _ = try probes.probe(source: source, file: "t.svg.mustache", items: Array(items.prefix(50)))
            #expect(probes.checks == 10, "\(source)")
        }
        // Only the length of a plain value counts: a value ending in a combining mark could join
        // the template's next character, so it is checked as itself.
        #expect(ItemClasses.plainCounts("abc") ?? (0, 0) == (3, 3))
        #expect(ItemClasses.plainCounts("a<b") ?? (0, 0) == (3, 6))
        #expect(ItemClasses.plainCounts("e\u{301}") == nil)
        #expect(ItemClasses.plainCounts("a\nb") == nil)
    }

    /// A 43 KB template whose 1,000 `{{title}}` are attributes, and 1,000 items: every item is
    /// its own class, and each renders 2 × 1,000 × (34 + digits) bytes (light and dark). With
    /// the marker renderings that find the title in an attribute (light only, since no field is
    /// left to look for in dark: 1,000 × (34 + 13) + 1,000 × (34 + 15) = 96,000 bytes), items
    /// 1–10 (one digit, 70,000 each: 700,000) and items 11–55 (two digits, 72,000 each:
    /// 3,240,000) reach 4,036,000 bytes at item 55, the first past 4,000,000 (item 54 left
    /// 3,964,000): refused there, at the tab's items, with nothing rendered for the 945 after it.
    @Test func templateChecksOverTheirByteBudgetAreRefusedAtTheItems() throws {
        let cli = CommandLineTests()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let unit = "<rect x=\"{{title}}\" width=\"1\" height=\"1\"/>\n"
        #expect(unit.utf8.count == 43)
        try cli.write(String(repeating: unit, count: 1000), "row.svg.mustache", in: folder)
        try cli.write((0..<1000).map { "- {title: '\($0)'}" }.joined(separator: "\n") + "\n", "items.yaml", in: folder)
        try cli.write(
            "device: iphone-15\ncontainer:\n  tabs:\n    - {title: A, rows: 3, rowHeight: 100, template: row.svg.mustache, items: items.yaml}\nsteps: [{snapshot: s}]\n",
            "p.yaml", in: folder)
        let run = try cli.tabstage(["run", "p.yaml", "--out", "out", "--format", "svg"], in: folder)
        #expect(run.status == 2)
        #expect(
            run.stderr
                == "p.yaml:4:78: error: checking the template 'row.svg.mustache' against item 55 of 1000 takes the rows rendered to check templates to 4036000 bytes, over the limit (expected at most 4000000 bytes of rows checked per scenario; items that differ only in the length of the text they show are checked once: fewer distinct items, or a smaller template)\n"
        )
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }
}
