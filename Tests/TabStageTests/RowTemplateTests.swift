import Adaptive
import Assets
import Foundation
import Layout
import RowTemplates
import SVGSnapshot
import ScenarioFormat
import ScrollableTab
import Simulation
import Stage
import Testing

/// A scenario in the sandbox whose first tab uses `tabLines` (YAML lines at 6 spaces).
/// Line numbers: `device` is line 1, `container` 2, `header` 3, `tabs` 4, `- title: Posts` 5,
/// so the first of `tabLines` is line 6, at column 7.
func templateScenario(_ box: borrowing AssetSandbox, _ tabLines: [String]) -> String {
    let text = """
        device: iphone-15
        container:
          header: {height: 220, minHeight: 44, title: "Jane", subtitle: "@jane"}
          tabs:
            - title: Posts
              rows: 5
        \(tabLines.map { "      " + $0 }.joined(separator: "\n"))
        steps:
          - snapshot: start
        """
    // `rows: 5` is line 6; the tab lines start at line 7.
    box.write("s.yaml", text)
    return box.scenario + "/s.yaml"
}

func loadError(_ path: String) -> ScenarioError? {
    do {
        _ = try ScenarioLoader.load(path: path)
        return nil
    } catch { return error }
}

@Suite struct RowTemplateTests {
    @Test func fieldsAreEscapedAndTripleBracesCannotOpenAHole() throws {
        let template = try #require(CheckedRowTemplate("<text x=\"1\" y=\"2\">{{title}}</text>"))
        let item = RowItem(title: "a <b> & \"c\"")
        let fragment = try template.render(item: item, index: 3, width: 390, height: 80, dark: false, idPrefix: "r-").get()
        #expect(fragment == "<text x=\"1\" y=\"2\">a &lt;b&gt; &amp; &quot;c&quot;</text>")
        // {{{ }}} does not escape, but the rendered row is checked: markup in a value is refused.
        let raw = try #require(CheckedRowTemplate("<text>{{{title}}}</text>"))
        let injected = raw.render(
            item: RowItem(title: "<script>alert(1)</script>"), index: 0, width: 1, height: 1, dark: false, idPrefix: "")
        #expect(throws: RowTemplateError.self) { try injected.get() }
        if case .failure(let error) = injected { #expect(error.message == "the rendered row contains a <script> element") }
    }

    @Test func rowFieldsAreIndexWidthHeightAndDark() throws {
        let template = try #require(
            CheckedRowTemplate("<rect width=\"{{width}}\" height=\"{{height}}\" class=\"i{{index}}{{#dark}}d{{/dark}}\"/>"))
        let fragment = try template.render(item: RowItem(), index: 7, width: 390.5, height: 88, dark: true, idPrefix: "").get()
        #expect(fragment == "<rect class=\"i7d\" height=\"88\" width=\"390.5\"></rect>")
    }

    /// An empty field is false in a section, so a template can draw a picture only when the
    /// item has one.
    @Test func anEmptyFieldIsFalseInASection() throws {
        let template = try #require(
            CheckedRowTemplate("<g>{{#subtitle}}<text>{{subtitle}}</text>{{/subtitle}}{{^image}}<rect/>{{/image}}</g>"))
        let without = try template.render(item: RowItem(title: "A"), index: 0, width: 1, height: 1, dark: false, idPrefix: "").get()
        #expect(without == "<g><rect></rect></g>")
        let with = try template.render(item: RowItem(subtitle: "s"), index: 0, width: 1, height: 1, dark: false, idPrefix: "").get()
        #expect(with == "<g><text>s</text><rect></rect></g>")
    }

    @Test func idsArePrefixedPerRowWithTheirReferences() throws {
        let template = try #require(
            CheckedRowTemplate("<defs><linearGradient id=\"g\"/></defs><rect fill=\"url(#g)\" width=\"4\" height=\"4\"/>"))
        let fragment = try template.render(item: RowItem(), index: 2, width: 4, height: 4, dark: false, idPrefix: "row-0-2-").get()
        #expect(
            fragment
                == "<defs><linearGradient id=\"row-0-2-g\"></linearGradient></defs><rect fill=\"url(#row-0-2-g)\" height=\"4\" width=\"4\"></rect>"
        )
    }

    @Test(arguments: [
        ("<script>x</script>", "the rendered row contains a <script> element"),
        ("<foreignObject/>", "the rendered row contains a <foreignObject> element"),
        (
            "<image href=\"http://example.com/a.png\"/>",
            "the rendered row has href=\"http://example.com/a.png\", which is not an embedded data:image/png or data:image/jpeg"
        ),
        (
            "<image xlink:href=\"file:///etc/passwd\"/>",
            "the rendered row has xlink:href=\"file:///etc/passwd\", which is not an embedded data:image/png or data:image/jpeg"
        ),
        ("<use href=\"#header\"/>", "the rendered row has href=\"#header\", which is not an embedded data:image/png or data:image/jpeg"),
        ("<!DOCTYPE svg [<!ENTITY x \"y\">]><text>&x;</text>", "the rendered row contains a DTD (<!DOCTYPE>)"),
        ("<style>@import url(http://e.com/x.css);</style>", "the rendered row's <style> uses @import"),
        ("<style>rect { fill: url(http://e.com/p.svg#p) }</style>", "the rendered row's <style> has a url() outside the row"),
        // Element names in any case: a browser's HTML parser runs <SCRIPT> in the player page.
        ("<SCRIPT>document.title=1</SCRIPT>", "the rendered row contains a <SCRIPT> element"),
        ("<foreignobject><p>x</p></foreignobject>", "the rendered row contains a <foreignobject> element"),
        ("<a><set attributeName=\"href\" to=\"javascript:alert(1)\"/></a>", "the rendered row contains a <set> element"),
        ("<animate attributeName=\"href\" values=\"http://e.com/\"/>", "the rendered row contains a <animate> element"),
        // Style text is checked whole: a character reference splits it into pieces for the parser.
        ("<style>rect{fill:u&#114;l(http://e.com/x.svg#a)}</style>", "the rendered row's <style> has a url() outside the row"),
        ("<style>@&#105;mport \"http://e.com/x.css\";</style>", "the rendered row's <style> uses @import"),
        ("<style><g/>@import \"http://e.com/x.css\";</style>", "the rendered row's <style> contains an element (<g>)"),
        ("<style>rect{fill:u\\72l(http://e.com/x)}</style>", "the rendered row's <style> uses a CSS escape (a backslash)"),
        ("<rect style=\"fill:u\\72l(http://e.com/x)\"/>", "the rendered row has a backslash (a CSS escape) in 'style'"),
        (String(repeating: "<g>", count: 70) + String(repeating: "</g>", count: 70), "the rendered row nests elements more than 64 deep"),
        (
            "<rect fill=\"url(http://e.com/p.svg#p)\"/>",
            "the rendered row has fill=\"url(http://e.com/p.svg#p)\" with a url() outside the row"
        ),
        ("<rect onclick=\"x()\"/>", "the rendered row has an event handler attribute 'onclick'"),
        ("<?xml-stylesheet href=\"a.css\"?><rect/>", "the rendered row contains a processing instruction <?xml-stylesheet?>"),
    ])
    func refusedConstructs(_ fragment: String, _ message: String) {
        guard case .failure(let error) = SVGFragmentChecker.check(fragment, idPrefix: "") else {
            Issue.record("accepted \(fragment)")
            return
        }
        #expect(error.message == message)
    }

    @Test func undeclaredEntitiesAndBrokenMarkupAreNotWellFormed() throws {
        if case .failure(let error) = SVGFragmentChecker.check("<text>&nbsp;</text>", idPrefix: "") {
            #expect(error.message == "the rendered row refers to the entity '&nbsp;'")
        } else {
            Issue.record("accepted &nbsp;")
        }
        for fragment in ["<g><rect></g>", "<text>a < b</text>", "<g>"] {
            guard case .failure(let error) = SVGFragmentChecker.check(fragment, idPrefix: "") else {
                Issue.record("accepted \(fragment)")
                continue
            }
            #expect(error.message.hasPrefix("the rendered row is not well-formed XML"))
        }
        // The five XML entities and numeric references are text.
        #expect(try SVGFragmentChecker.check("<text>&lt;&amp;&#65;&#x42;</text>", idPrefix: "").get() == "<text>&lt;&amp;AB</text>")
    }

    @Test func aRefusedTemplateIsExit2AtTheTemplatesLine() {
        let box = AssetSandbox()
        box.write("templates/row.svg.mustache", "<g>\n  <text>{{title}}</text>\n  <script>alert(1)</script>\n</g>\n")
        let path = templateScenario(box, ["template: templates/row.svg.mustache", "items: [{title: A}]"])
        let error = loadError(path)
        // Line 3 of the template, plus the wrapper's line (none: the fragment starts on line 1).
        #expect(error?.location == SourceLocation(file: box.scenario + "/templates/row.svg.mustache", line: 3, column: 1))
        #expect(error?.message == "the rendered row contains a <script> element")
    }

    @Test func pathEscapesAreLocatedAtTheScenarioValue() {
        let box = AssetSandbox()
        let cases: [(String, Int, Int, String)] = [
            ("template: ../outside/x.svg.mustache", 7, 17, "'../outside/x.svg.mustache' leaves the scenario's folder through '..'"),
            ("template: /etc/x.svg.mustache", 7, 17, "'/etc/x.svg.mustache' is an absolute path"),
            ("template: missing.svg.mustache", 7, 17, "no such file 'missing.svg.mustache' in '\(box.scenario)'"),
        ]
        for (line, row, column, message) in cases {
            let path = templateScenario(box, [line, "items: [{title: A}]"])
            let error = loadError(path)
            #expect(error?.location == SourceLocation(file: path, line: row, column: column), "\(line)")
            #expect(error?.message == message)
        }
        // An image inside an inline item: the value's own column.
        let path = templateScenario(box, ["items: [{title: A, image: nope.png}]"])
        #expect(loadError(path)?.location == SourceLocation(file: path, line: 7, column: 33))
        // An items file behind a link that leaves the folder.
        _ = FileManager.default.createFile(atPath: box.outside + "/items.yaml", contents: Data("- {title: A}\n".utf8))
        box.link("items.yaml", to: box.outside + "/items.yaml")
        let linked = templateScenario(box, ["items: items.yaml"])
        let error = loadError(linked)
        #expect(error?.location == SourceLocation(file: linked, line: 7, column: 14))
        #expect(error?.message == "'items.yaml' is a symbolic link (or passes through one) to a place outside the scenario's folder")
    }

    @Test func itemsFileErrorsAreLocatedInTheItemsFile() {
        let box = AssetSandbox()
        box.write("items.yaml", "- {title: A}\n- {titel: B}\n")
        let error = loadError(templateScenario(box, ["items: items.yaml"]))
        #expect(error?.location == SourceLocation(file: box.scenario + "/items.yaml", line: 2, column: 4))
        #expect(error?.message.hasPrefix("unknown key 'titel' in 'items[1]'; did you mean 'title'?") == true)
    }

    @Test func textWithoutAFolderRefusesFileReferences() {
        let text = """
            device: iphone-15
            container:
              tabs:
                - {title: A, rows: 2, items: list.yaml}
            steps: [{snapshot: s}]
            """
        #expect(throws: ScenarioError.self) { try ScenarioParser.parse(text, file: "t.yaml", defaultName: "t") }
        do {
            _ = try ScenarioParser.parse(text, file: "t.yaml", defaultName: "t")
        } catch {
            #expect(error.location == SourceLocation(file: "t.yaml", line: 4, column: 34))
            #expect(error.message.hasPrefix("'container.tabs[0].items' names the file 'list.yaml', but this scenario was given as text"))
        }
    }

    @Test func itemsRepeatToFillTheRows() throws {
        let box = AssetSandbox()
        let path = templateScenario(box, ["rowHeight: 60", "template: plain", "items: [{title: First}, {title: Second}]"])
        let scenario = try ScenarioLoader.load(path: path)
        let content = try #require(scenario.container.tabs[0].rowContent)
        #expect(content.template == .plain)
        #expect((0..<5).map { content.item(row: $0)?.title } == ["First", "Second", "First", "Second", "First"])
        let stage = StageState(window: try scenario.initialWindow(), container: scenario.container)
        let svg = SVGSnapshot.svg(stage, measuring: FixedAdvanceMeasurer())
        // Row 4 (the fifth) is item 0 again.
        let row4 = try #require(svg.range(of: "id=\"row-0-4\""))
        #expect(svg[row4.upperBound...].prefix(400).contains(">First<"))
    }

    @Test func gridRowsShowThreeItemsEach() {
        let content = RowContent(template: .grid, items: (0..<4).map { RowItem(title: "\($0)") })
        #expect((0..<3).map { content.item(row: 1, column: $0)?.title } == ["3", "0", "1"])
    }

    @Test func postTextWrapsToTheRowsHeightWithAnEllipsis() {
        // 7.5 pt per character at 15 pt; an iPhone 15 row (393 pt) leaves 393 − 68 − 16 = 309 pt: 41 characters.
        let measuring = FixedAdvanceMeasurer(advance: 0.5)
        let word = String(repeating: "a", count: 9)  // 9 characters, 10 with the space
        let text = Array(repeating: word, count: 20).joined(separator: " ")
        let item = RowItem(title: "Ada", text: text)
        // Height 80: lines end 8 pt above the bottom (72) with a 4 pt descent: baselines 47 and 67 fit, 87 does not.
        let layout = RowContentLayoutProbe.layout(item, height: 80, measuring: measuring)
        // Four words (39 characters) per line; the second line ends in "…".
        #expect(layout.lines.count == 2)
        #expect(layout.lines[0] == Array(repeating: word, count: 4).joined(separator: " "))
        #expect(layout.lines[1].hasSuffix("…"))
        #expect(Double(layout.lines[1].count) * 7.5 <= 309)
    }
}

/// Builds a post row's layout through the public StageLayout, as the painter sees it.
enum RowContentLayoutProbe {
    static func layout(_ item: RowItem, height: Double, measuring: FixedAdvanceMeasurer) -> RowContentLayout {
        let config = ContainerConfig(
            header: HeaderConfig(height: 220, minHeight: 44, title: "J", subtitle: "@j"),
            tabs: [
                TabConfig(
                    title: "Posts", content: .list(rows: 3, rowHeight: .fixed(height)),
                    rowContent: RowContent(template: .post, items: [item]))
            ])
        let stage = StageState(window: Fixtures.window("iphone-15"), container: config)
        let layout = StageLayout(stage, measuring: measuring)
        return layout.pages.pages[0].rows[0].content!
    }
}
