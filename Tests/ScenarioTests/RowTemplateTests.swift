import Foundation
import TabStage
import TabStageLayout
import TabStageModel
import TabStageRendering
// The row-template checker, its allowlist and its error are the fuzzers' interface (SPI), not
// the library's.
@_spi(Fuzzing) import TabStageScenario
import TabStageTestSupport
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
        if case .failure(let error) = injected {
            #expect(error.message == "<script> is not allowed in a row template: it can load or run content")
        }
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
        ("<script>x</script>", "<script> is not allowed in a row template: it can load or run content"),
        ("<foreignObject/>", "<foreignObject> is not allowed in a row template: it can load or run content"),
        (
            "<image href=\"http://example.com/a.png\"/>",
            "<image href=\"http://example.com/a.png\"> is not the item's picture"
        ),
        (
            "<image xlink:href=\"file:///etc/passwd\"/>",
            "<image xlink:href=\"file:///etc/passwd\"> is not the item's picture"
        ),
        // <use> draws its target again: not one of the allowed elements, whatever it names.
        ("<use href=\"#header\"/>", "<use> is not one of the SVG elements a row template may use"),
        // A template embeds no data of its own: not an unchecked picture, not an SVG document.
        ("<image href=\"data:image/png;base64,AAAA\"/>", "<image href=\"data:image/png;base64,AAAA\"> is not the item's picture"),
        (
            "<use href=\"data:image/png;base64,PHN2Zz48L3N2Zz4=#x\"/>",
            "<use> is not one of the SVG elements a row template may use"
        ),
        ("<use href=\"tabstage:item-picture\"/>", "<use> is not one of the SVG elements a row template may use"),
        ("<rect href=\"tabstage:item-picture\"/>", "<rect href=\"tabstage:item-picture\"> is not the item's picture"),
        // Filters: a three-line blur took a minute to draw.
        ("<filter id=\"f\"><feMorphology radius=\"50\"/></filter>", "<filter> is not allowed in a row template"),
        ("<feGaussianBlur stdDeviation=\"9\"/>", "<feGaussianBlur> is not allowed in a row template"),
        ("<rect style=\"filter: blur(40px)\"/>", "'style' applies a filter, which is not allowed in a row template"),
        ("<rect filter=\"blur(40px)\"/>", "'filter' applies a filter, which is not allowed in a row template"),
        ("<!DOCTYPE svg [<!ENTITY x \"y\">]><text>&x;</text>", "the rendered row contains a DTD (<!DOCTYPE>)"),
        // Element names in any case: a browser's HTML parser runs <SCRIPT> in the player page.
        ("<SCRIPT>document.title=1</SCRIPT>", "<SCRIPT> is not allowed in a row template: it can load or run content"),
        ("<foreignobject><p>x</p></foreignobject>", "<foreignobject> is not allowed in a row template: it can load or run content"),
        (
            "<g><set attributeName=\"href\" to=\"javascript:alert(1)\"/></g>",
            "<set> is not allowed in a row template: it can load or run content"
        ),
        (
            "<animate attributeName=\"href\" values=\"http://e.com/\"/>",
            "<animate> is not allowed in a row template: it can load or run content"
        ),
        ("<rect style=\"fill:u\\72l(http://e.com/x)\"/>", "'style' has a backslash (a CSS escape)"),
        ("<rect style=\"@import 'http://e.com/x.css'\"/>", "'style' uses @import"),
        (String(repeating: "<g>", count: 70) + String(repeating: "</g>", count: 70), "the rendered row nests elements more than 64 deep"),
        (
            "<rect fill=\"url(http://e.com/p.svg#p)\"/>",
            "fill=\"url(http://e.com/p.svg#p)\" has a url() that is not a reference to an id in the row"
        ),
        // Quoted forms must be local too, and a quote must be closed by the same quote.
        (
            "<rect fill=\"url('http://e.com/p.svg#p')\"/>",
            "fill=\"url('http://e.com/p.svg#p')\" has a url() that is not a reference to an id in the row"
        ),
        ("<rect fill=\"url('#p&quot;)\" id=\"p\"/>", "fill=\"url('#p\")\" has a url() that is not a reference to an id in the row"),
        (
            "<rect fill=\"URL(data:image/png;base64,AAAA)\"/>",
            "fill=\"URL(data:image/png;base64,AAAA)\" has a url() that is not a reference to an id in the row"
        ),
        ("<rect onclick=\"x()\"/>", "the event handler attribute 'onclick' is not allowed in a row template"),
        ("<?xml-stylesheet href=\"a.css\"?><rect/>", "the processing instruction <?xml-stylesheet?> is not allowed in a row template"),
        // Found by the template fuzzer: a processing instruction without data crashed
        // Foundation's parser on Linux (a null pointer); it is refused before parsing.
        ("<?rect?>", "the processing instruction <?rect?> is not allowed in a row template"),
        ("<rect/>\n<?pi?>", "the processing instruction <?pi?> is not allowed in a row template"),
    ])
    func refusedConstructs(_ fragment: String, _ message: String) {
        guard case .failure(let error) = SVGFragmentChecker.check(fragment, idPrefix: "") else {
            Issue.record("accepted \(fragment)")
            return
        }
        #expect(error.message == message)
    }

    /// A `<style>` element's rules reach the whole picture (`text { fill: red }` would recolour
    /// the header and the tab bar), whatever it holds; the hint names what to use instead.
    @Test(arguments: [
        "<style>text { fill: red }</style>", "<style>rect{fill:u&#114;l(http://e.com/x.svg#a)}</style>",
        "<style><g/>@import \"http://e.com/x.css\";</style>", "<g><STYLE>*{display:none}</STYLE></g>", "<style/>",
    ])
    func aStyleElementIsRefusedWithWhatToUseInstead(_ fragment: String) throws {
        guard case .failure(let error) = SVGFragmentChecker.check(fragment, idPrefix: "") else {
            Issue.record("accepted \(fragment)")
            return
        }
        #expect(error.message.contains("is not allowed in a row template: its rules would restyle the whole picture"))
        #expect(error.expected == "fill=\"…\", stroke=\"…\" or style=\"…\" on the element itself")
        // A style attribute applies to its own element only, and is kept.
        let kept = try SVGFragmentChecker.check("<text style=\"fill: red\">A</text>", idPrefix: "").get()
        #expect(kept == "<text style=\"fill: red\">A</text>")
    }

    /// `{{image}}` names the item's picture instead of holding its data: outside an `<image
    /// href>` (in text, a class, a link) it is a short name, so a template cannot copy a picture
    /// into every row; as the href it shows the SVG's one copy.
    @Test func theImageFieldNamesThePictureInsteadOfCopyingIt() throws {
        let picture = EmbeddedImage(width: 4, height: 3, dataURI: "data:image/png;base64,iVBORw0KGgo=")
        let item = RowItem(title: "A", image: picture)
        let template = try #require(
            CheckedRowTemplate("<desc>{{image}}</desc><g class=\"{{image}}\"/><image href=\"{{image}}\" width=\"40\" height=\"30\"/>"))
        let shared = [SharedPicture.itemPicture: SharedPicture(id: "picture-0", image: picture)]
        let row = try template.render(item: item, index: 0, width: 390, height: 100, dark: false, idPrefix: "row-0-0-", pictures: shared)
            .get()
        #expect(!row.contains("base64"))
        #expect(row.contains("<desc>tabstage:item-picture</desc>"))
        #expect(row.contains("<use href=\"#picture-0\" xlink:href=\"#picture-0\"/>"))
        // Without the picture (as when a template is probed) the image links nowhere.
        let probed = try template.render(item: item, index: 0, width: 390, height: 100, dark: false, idPrefix: "p-").get()
        #expect(probed.contains("<image height=\"30\" width=\"40\"></image>"), "\(probed)")
    }

    /// Every way CSS writes a local reference is prefixed per row; text that merely looks like
    /// one is left alone.
    @Test func quotedAndSpacedReferencesArePrefixedToo() throws {
        let fragment = """
            <defs><clipPath id="c"/><linearGradient id="g"/><mask id="m.1"/></defs>\
            <rect fill="url('#g')" stroke='url("#g")' clip-path="url( #c )" mask="URL(#m.1)" style="fill: url( '#g' ) red"/>\
            <text>url(#g)</text>
            """
        let written = try SVGFragmentChecker.check(fragment, idPrefix: "row-1-2-").get()
        #expect(
            written
                == "<defs><clipPath id=\"row-1-2-c\"></clipPath><linearGradient id=\"row-1-2-g\"></linearGradient><mask id=\"row-1-2-m.1\"></mask></defs>"
                + "<rect clip-path=\"url(#row-1-2-c)\" fill=\"url(#row-1-2-g)\" mask=\"url(#row-1-2-m.1)\" stroke=\"url(#row-1-2-g)\" style=\"fill: url(#row-1-2-g) red\"></rect>"
                + "<text>url(#g)</text>")
    }

    /// A reference to an id the row does not declare would reach the page's own elements.
    @Test func aReferenceToAnIdOutsideTheRowIsRefused() {
        guard case .failure(let error) = SVGFragmentChecker.check("<g>\n<rect fill=\"url('#header-gradient')\"/>\n</g>", idPrefix: "")
        else {
            Issue.record("accepted a reference to an undeclared id")
            return
        }
        #expect(error.line == 2)
        #expect(error.message == "'fill' refers to url(#header-gradient), but no element in the row has id=\"header-gradient\"")
        #expect(error.expected == "url(#id) naming an id in this row")
    }

    /// A 65,000-character line with 1,800 ids, each referenced: every id and reference gets its
    /// row's prefix (written once, in one pass over the parsed row).
    @Test func aLargeOneLineTemplateIsCheckedWhole() throws {
        let count = 1800
        let line = "<g>" + (0..<count).map { "<rect id=\"r\($0)\" fill=\"url(#r\($0))\"/>" }.joined() + "</g>"
        #expect(line.utf8.count > 64_000)
        let box = AssetSandbox()
        box.write("big.svg.mustache", line + "\n")
        let path = templateScenario(box, ["template: big.svg.mustache", "items: [{title: A}]"])
        #expect(loadError(path) == nil)
        let template = try #require(CheckedRowTemplate(line))
        let written = try template.render(item: RowItem(), index: 4, width: 390, height: 80, dark: false, idPrefix: "row-0-4-").get()
        #expect(written.components(separatedBy: "id=\"row-0-4-r").count - 1 == count)
        #expect(written.components(separatedBy: "url(#row-0-4-r").count - 1 == count)
        #expect(written.contains("<rect fill=\"url(#row-0-4-r1799)\" id=\"row-0-4-r1799\"></rect></g>"))
        #expect(!written.contains("url(#r0)") && !written.contains("id=\"r0\""))
    }

    /// swift-mustache's time grows with the number of `{` times the template's length: 2000
    /// braces (1000 tags) on a 64,000-character line compile; one more is refused at its line.
    @Test func braceCountIsBounded() throws {
        let tags = String(repeating: "<text>{{title}}</text>", count: 1000)
        let filler = String(repeating: "<rect width=\"1\" height=\"1\"/>", count: 1500)
        let line = "<g>" + tags + filler + "</g>"
        #expect(line.utf8.count > 64_000)
        let template = try RowTemplateRenderer.compile(line).get()
        let rendered = try RowTemplateRenderer.render(
            template, item: RowItem(title: "Ada"), index: 0, width: 390, height: 80, dark: false, idPrefix: ""
        ).get()
        #expect(rendered.components(separatedBy: "<text>Ada</text>").count - 1 == 1000)
        guard case .failure(let error) = RowTemplateRenderer.compile("<g>\n" + line + "\n{</g>") else {
            Issue.record("compiled a template with 2001 braces")
            return
        }
        #expect(error.line == 3)
        #expect(error.message == "the template has more than 2000 '{' characters")
    }

    /// librsvg's time for one text run grows with the square of its length; a row never shows
    /// that much text on one line.
    @Test func aTextElementOverTheLimitIsRefused() throws {
        let longest = "<text>" + String(repeating: "a", count: 600) + "<tspan>" + String(repeating: "b", count: 400) + "</tspan></text>"
        #expect(throws: Never.self) { try SVGFragmentChecker.check(longest + longest, idPrefix: "").get() }
        let over = "<g>\n<text>" + String(repeating: "a", count: 65_000) + "</text></g>"
        guard case .failure(let error) = SVGFragmentChecker.check(over, idPrefix: "") else {
            Issue.record("accepted 65,000 characters in one <text>")
            return
        }
        #expect(error.line == 2)
        #expect(error.message == "a <text> in the rendered row holds more than 1000 characters")
    }

    /// Each kind of refusal has one short expected text; the message says what is wrong once.
    @Test func aRefusalEndsInOneShortExpectedText() {
        for fragment in ["<script/>", "<g><rect></g>", "<rect fill=\"url(x.svg)\"/>", "<text>a & b</text>"] {
            guard case .failure(let error) = SVGFragmentChecker.check(fragment, idPrefix: "") else {
                Issue.record("accepted \(fragment)")
                continue
            }
            #expect(error.description.components(separatedBy: "(expected").count == 2, "\(error)")
            #expect(error.expected.count <= 100, "\(error.expected)")
        }
    }

    /// Not well-formed XML names the elements, at the line of the rendered row.
    @Test(arguments: [
        ("<g>\n  <rect>\n</g>", 3, "</g> closes <rect> (opened at line 2) in the rendered row"),
        ("<g>\n  <!-- <a> --><rect x='>'/>\n</text>", 3, "</text> closes <g> (opened at line 1) in the rendered row"),
        ("<g>\n  <text>A</text>", 1, "<g> is never closed in the rendered row"),
        (
            "<g>\n<text>a < b</text></g>", 2,
            "the rendered row is not well-formed XML: a '<' or '&' that starts no tag or entity (write &lt; or &amp;, or use {{name}}, which escapes)"
        ),
        (
            "<text>\nTea & cakes</text>", 2,
            "the rendered row is not well-formed XML: a '<' or '&' that starts no tag or entity (write &lt; or &amp;, or use {{name}}, which escapes)"
        ),
        ("<rect width=4/>", 1, "the rendered row is not well-formed XML: an attribute without a quoted value (write name=\"value\")"),
    ])
    func malformedRowsNameTheElements(_ fragment: String, _ line: Int, _ message: String) {
        guard case .failure(let error) = SVGFragmentChecker.check(fragment, idPrefix: "") else {
            Issue.record("accepted \(fragment)")
            return
        }
        #expect(error.message == message)
        #expect(error.line == line)
    }

    /// Mustache syntax errors in plain words, at the tag's own line and column.
    @Test(arguments: [
        ("<g>\n  <text>{{title</text>\n</g>", 2, 9, "a {{ tag is not closed with }}"),
        ("<g>\n  <text>{{{title}}</text>\n</g>", 2, 9, "a {{{ tag is not closed with }}}"),
        ("<g>\n{{#image}}\n<rect/>\n</g>", 2, 1, "section 'image' is opened but never closed; close it with {{/image}}"),
        ("{{#dark}}\n<rect/>{{/image}}", 2, 8, "{{/image}} does not close the open section 'dark' (opened at 1:1)"),
        ("<rect/>\n  {{/dark}}", 2, 3, "{{/dark}} closes a section that is not open"),
        ("<text>{{ti tle}}</text>", 1, 7, "'{{ti tle}}' is not a field name"),
    ])
    func mustacheSyntaxErrorsInPlainWords(_ source: String, _ line: Int, _ column: Int, _ message: String) {
        guard case .failure(let error) = RowTemplateRenderer.compile(source) else {
            Issue.record("compiled \(source)")
            return
        }
        #expect(error.message == message)
        #expect(error.line == line)
        #expect(error.column == column)
    }

    @Test func aRefusedTemplateIsExit2AtTheTemplatesLine() {
        let box = AssetSandbox()
        box.write("templates/row.svg.mustache", "<g>\n  <text>{{title}}</text>\n  <script>alert(1)</script>\n</g>\n")
        let path = templateScenario(box, ["template: templates/row.svg.mustache", "items: [{title: A}]"])
        let error = loadError(path)
        // Line 3 of the template, plus the wrapper's line (none: the fragment starts on line 1).
        #expect(error?.location == SourceLocation(file: box.scenario + "/templates/row.svg.mustache", line: 3, column: 1))
        #expect(error?.message == "<script> is not allowed in a row template: it can load or run content")
        // A Mustache syntax error: the tag's own line and column in the template file.
        box.write("templates/open.svg.mustache", "<g>\n  <text>{{title</text>\n</g>\n")
        let open = loadError(templateScenario(box, ["template: templates/open.svg.mustache", "items: [{title: A}]"]))
        #expect(open?.location == SourceLocation(file: box.scenario + "/templates/open.svg.mustache", line: 2, column: 9))
        #expect(open?.description.contains(":2:9: error: a {{ tag is not closed with }} (expected a tag written {{name}},") == true)
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

    /// A key given twice in an items file: one line, at the second key in the items file.
    @Test func aDuplicateKeyInAnItemsFileIsOneLineAtTheSecondKey() {
        let box = AssetSandbox()
        box.write("items.yaml", "- title: A\n  text: a\n- text: b\n  title: B\n  title: C\n")
        let error = loadError(templateScenario(box, ["items: items.yaml"]))
        #expect(
            error?.description
                == "\(box.scenario)/items.yaml:5:3: error: 'title' is given twice; the first is at 4:3 (expected each key once in a mapping; keep one 'title')"
        )
        box.write("items.json", "[\n  {\"title\": \"A\"},\n  {\"title\": \"B\", \"text\": \"x\", \"title\": \"C\"}\n]\n")
        let json = loadError(templateScenario(box, ["items: items.json"]))
        #expect(json?.location == SourceLocation(file: box.scenario + "/items.json", line: 3, column: 31))
        #expect(json?.message == "'title' is given twice; the first is at 3:4")
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
        let content = try #require(scenario.look.rowContent(tab: 0))
        #expect(content.template == .plain)
        #expect((0..<5).map { content.item(row: $0)?.title } == ["First", "Second", "First", "Second", "First"])
        let stage = StageState(window: try scenario.initialWindow(), container: scenario.container)
        let svg = SVGSnapshot.svg(stage, look: scenario.look, measuring: FixedAdvanceMeasurer())
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
        let text = Array(repeating: word, count: 20).joined(separator: " ")  // five lines of four words
        let item = RowItem(title: "Ada", text: text)
        // Height 131 holds three lines: 27 + 3 × 20 = 87, + 4 descent, 8, the 20 pt action bar and 12 = 131.
        let layout = RowContentLayoutProbe.layout(item, height: 131, measuring: measuring)
        // Four words (39 characters) per line; the third line ends in "…".
        #expect(layout.lines.count == 3)
        #expect(layout.lines[0] == Array(repeating: word, count: 4).joined(separator: " "))
        #expect(layout.lines[2].hasSuffix("…"))
        #expect(Double(layout.lines[2].count) * 7.5 <= 309)
        // All five need 71 + 5 × 20 = 171 pt.
        #expect(layout.textCutNeeds == 171)
    }
}

/// Builds a post row's layout through the public StageLayout, as the painter sees it.
enum RowContentLayoutProbe {
    static func layout(_ item: RowItem, height: Double, measuring: FixedAdvanceMeasurer) -> RowContentLayout {
        let config = ContainerConfig(
            header: HeaderConfig(height: 220, minHeight: 44),
            tabs: [TabConfig(title: "Posts", content: .list(rows: 3, rowHeight: .fixed(height)))])
        let look = Look(
            header: HeaderContent(title: "J", subtitle: "@j"), rowContent: [RowContent(template: .post, items: [item])])
        let stage = StageState(window: Fixtures.window("iphone-15"), container: config)
        let layout = StageLayout(stage, look: look, measuring: measuring)
        return layout.pages.pages[0].rows[0].content!
    }
}
