import Foundation
import TabStageLayout
import TabStageModel
@_spi(Fuzzing) import TabStageScenario
import TabStageTestSupport
import Testing

/// Row templates are held to an allowlist: SVG's drawing elements, their attributes, and CSS
/// functions by attribute. Every fragment here is one that got through the earlier denylist and,
/// in the `--html` player, made Chromium fetch or navigate.
@Suite struct TemplateAllowlistTests {
    static let leak = "http://127.0.0.1:9"

    @Test(arguments: [
        // HTML elements break out of an SVG that is inline in HTML.
        ("<p/>", "<p> is not one of the SVG elements a row template may use"),
        ("<img src=\"\(leak)/i.png\"/>", "<img> is not one of the SVG elements a row template may use"),
        (
            "<g><meta http-equiv=\"refresh\" content=\"0;url=\(leak)/\"/></g>",
            "<meta> is not one of the SVG elements a row template may use"
        ),
        // CSS string URLs, in style and as attributes.
        (
            "<rect style=\"mask-image: image-set('\(leak)/m.png' 1x)\"/>",
            "<rect> style=\"…\" sets the CSS property 'mask-image', which a row template may not use"
        ),
        (
            "<rect style=\"fill: image-set('\(leak)/m.png' 1x)\"/>",
            "<rect> 'fill' calls the CSS function image-set(), which a row template may not use"
        ),
        (
            "<rect style=\"fill: -webkit-image-set('\(leak)/w.png' 1x)\"/>",
            "<rect> 'fill' calls the CSS function -webkit-image-set(), which a row template may not use"
        ),
        (
            "<rect mask=\"image-set('\(leak)/m.png' 1x)\"/>",
            "<rect> 'mask' calls the CSS function image-set(), which a row template may not use"
        ),
        (
            "<rect style=\"cursor: image-set('\(leak)/c.png' 1x)\"/>",
            "<rect> style=\"…\" sets the CSS property 'cursor', which a row template may not use"
        ),
        ("<rect cursor=\"url(#c)\"/>", "the attribute 'cursor' is not allowed on <rect> in a row template"),
        (
            "<rect fill=\"image(&quot;\(leak)/i.png&quot;)\"/>",
            "<rect> 'fill' calls the CSS function image(), which a row template may not use"
        ),
        (
            "<rect stroke=\"cross-fade(red, &quot;\(leak)/x.png&quot;)\"/>",
            "<rect> 'stroke' calls the CSS function cross-fade(), which a row template may not use"
        ),
        ("<rect fill=\"var(--x)\"/>", "<rect> 'fill' calls the CSS function var(), which a row template may not use"),
        ("<rect fill=\"rgb('1')\"/>", "<rect> 'fill' has a quoted string, which could name a file to load"),
        ("<rect fill=\"red\" style=\"fill: red /* x */\"/>", "<rect> 'fill' has a CSS comment"),
        ("<rect style=\"fill: red; }\"/>", "<rect> style=\"…\" has '}', which is not a 'property: value' declaration"),
        ("<rect style=\"fill: red !important\"/>", "<rect> 'fill' has the character '!', which no value a row template needs has"),
        ("<text font-family=\"'a(b)'\">x</text>", "<text> 'font-family' has a parenthesis inside a quoted string"),
        ("<rect clip-path=\"inset(1px)\"/>", "<rect> 'clip-path' calls the CSS function inset(), which a row template may not use"),
        ("<rect fill=\"url(#a)\" stroke-width=\"url(#a)\" id=\"a\"/>", "<rect> 'stroke-width' cannot take url(…) in a row template"),
        // Only SVG's namespace and names, in SVG's letter case.
        (
            "<rect xmlns=\"http://www.w3.org/1999/xhtml\"/>",
            "<rect xmlns=\"http://www.w3.org/1999/xhtml\"> declares a namespace other than SVG's"
        ),
        ("<s:rect xmlns:s=\"http://www.w3.org/2000/svg\"/>", "<s:rect> is not one of the SVG elements a row template may use"),
        ("<rect xlink:title=\"x\"/>", "the attribute 'xlink:title' is not allowed on <rect> in a row template"),
        ("<clippath id=\"c\"/>", "<clippath> is not one of the SVG elements a row template may use"),
        ("<rect HREF=\"tabstage:item-picture\"/>", "the attribute 'HREF' is not allowed on <rect> in a row template"),
        // Elements that draw their content again per reference, vertex or tile.
        ("<defs><marker id=\"m\"/></defs>", "<marker> is not one of the SVG elements a row template may use"),
        ("<defs><pattern id=\"p\"/></defs>", "<pattern> is not one of the SVG elements a row template may use"),
        ("<symbol id=\"s\"/>", "<symbol> is not one of the SVG elements a row template may use"),
        ("<a href=\"#x\"><rect/></a>", "<a> is not one of the SVG elements a row template may use"),
        // <title> and <desc> are HTML integration points in the player page: text only.
        ("<desc><rect/></desc>", "<desc> holds text only, not <rect>"),
        ("<rect marker-start=\"url(#m)\"/>", "the attribute 'marker-start' is not allowed on <rect> in a row template"),
        ("<rect id=\"a b\"/>", "id=\"a b\" has characters a url(#id) reference cannot name"),
    ])
    func refusedByTheAllowlist(_ fragment: String, _ message: String) {
        guard case .failure(let error) = SVGFragmentChecker.check(fragment, idPrefix: "") else {
            Issue.record("accepted \(fragment)")
            return
        }
        #expect(error.message == message)
        #expect(error.expected.count <= 100, "\(error.expected)")
    }

    /// What the bundled templates and the docs use, and the rest of the allowlist, is accepted and
    /// written back as parsed.
    @Test func everyAllowedElementAndValueIsKept() throws {
        let fragment = """
            <defs><linearGradient id="g" x1="0" x2="1" gradientUnits="objectBoundingBox" gradientTransform="rotate(45)">\
            <stop offset="0" stop-color="rgb(29 155 240 / 50%)"/><stop offset="1" stop-color="hsl(250, 100%, 70%)"/></linearGradient>\
            <radialGradient id="r" cx="0.5" cy="0.5" r="0.5" fx="0.4" fy="0.4" spreadMethod="pad"><stop offset="0" stop-color="#fff"/></radialGradient>\
            <clipPath id="c" clipPathUnits="userSpaceOnUse"><circle cx="5" cy="5" r="5"/></clipPath>\
            <mask id="k" maskUnits="userSpaceOnUse"><rect width="9" height="9" fill="#fff"/></mask></defs>\
            <title>Row</title><desc>A row</desc>\
            <g transform="translate(1,2) scale(2) skewX(3)" opacity="0.5" clip-path="url(#c)" mask="url('#k')">\
            <rect x="1" y="1" width="4" height="4" rx="1" fill="url(#g)" stroke="url(#r)" stroke-width="0.5"/>\
            <ellipse cx="1" cy="1" rx="1" ry="2"/><line x1="0" y1="0" x2="1" y2="1" stroke="#000" stroke-dasharray="2 2"/>\
            <polyline points="0,0 1,1 2,0"/><polygon points="0,0 1,1 2,0" fill-rule="evenodd"/><path d="M0 0L1 1Z"/>\
            <text x="1" y="9" font-family="'DejaVu Sans', serif" font-size="12" font-weight="bold" text-anchor="end" \
            style="fill: url( '#g' ); paint-order: stroke; letter-spacing: 1px">A<tspan dx="2" fill="rgba(0,0,0,0.5)">b</tspan></text>\
            <image x="0" y="0" width="4" height="4" preserveAspectRatio="xMidYMid slice" href="tabstage:item-picture"/></g>
            """
        let written = try SVGFragmentChecker.check(fragment, idPrefix: "p-").get()
        #expect(written.contains("style=\"fill: url(#p-g); paint-order: stroke; letter-spacing: 1px\""))
        #expect(written.contains("font-family=\"&apos;DejaVu Sans&apos;, serif\""))
        #expect(written.contains("mask=\"url(#p-k)\""))
        // The bundled templates; the product card needs a picture in every item.
        let picture = EmbeddedImage(width: 4, height: 3, dataURI: "data:image/png;base64,iVBORw0KGgo=")
        for file in ["article.svg.mustache", "product.svg.mustache"] {
            let source = try String(
                contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
                    "../../Examples/templates/\(file)"),
                encoding: .utf8)
            let item = RowItem(title: "T", subtitle: "S", text: "X", time: "1h", image: picture)
            #expect(RowTemplateRenderer.probe(source, items: [item]) == nil, "\(file)")
        }
    }

    /// The refusal as a user meets it: exit 2, one line at the template's file and line, naming
    /// the element; nothing written.
    @Test func aTemplateWithHTMLIsExit2AtItsLine() throws {
        let cli = CommandLineTests()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try cli.write(
            "<rect width=\"{{width}}\" height=\"{{height}}\" fill=\"{{background}}\"/>\n<meta http-equiv=\"refresh\" content=\"0;url=\(Self.leak)/\"/>\n",
            "row.svg.mustache", in: folder)
        try cli.write(
            "device: iphone-15\ncontainer:\n  tabs:\n    - {title: A, rows: 3, rowHeight: 60, template: row.svg.mustache, items: [{title: a}]}\n"
                + "    - {title: B, rows: 3}\nsteps: [{snapshot: s}]\n",
            "s.yaml", in: folder)
        let run = try cli.tabstage(["run", "s.yaml", "--out", "out", "--html"], in: folder)
        #expect(run.status == 2)
        #expect(
            run.stderr
                == "row.svg.mustache:2:1: error: <meta> is not one of the SVG elements a row template may use (expected an SVG drawing element: g, rect, circle, ellipse, line, polyline, polygon, path, text, image, …)\n"
        )
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }
}
