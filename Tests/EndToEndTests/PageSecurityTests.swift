import Foundation
import TabStageTestSupport
import Testing

/// Every HTML page tabstage writes (the `--html` player, the `verify`/`diff` report) carries a
/// Content-Security-Policy, so markup that got past every other check still loads nothing.
/// Each page is opened in headless Chromium with hostile markup planted in it, and Chromium's own
/// network log must show no request leaving the file.
@Suite(.serialized) struct PageSecurityTests {
    let cli = CommandLineTests()

    /// A port nothing listens on (the discard port): a request there fails at once, but Chromium
    /// logs it first.
    static let target = "http://127.0.0.1:9"

    /// What a missed case in the checker, or a file name, could put in a page: each line asks the
    /// browser to fetch in another way (an element, the CSS string-URL functions of the issue,
    /// an SVG picture, a frame, a style sheet, an @import and a web font, a script's fetch).
    static let planted = """
        <img src="\(target)/img.png" alt="">
        <div style="width:9px;height:9px;background-image:image-set('\(target)/image-set.png' 1x)"></div>
        <div style="width:9px;height:9px;background-image:-webkit-image-set('\(target)/webkit-image-set.png' 1x)"></div>
        <div style="width:9px;height:9px;background-image:cross-fade(url(#a), url('\(target)/cross-fade.png'), 50%)"></div>
        <svg width="9" height="9"><rect width="9" height="9" style="mask-image:image-set('\(target)/mask-image.png' 1x)"/>\
        <rect width="9" height="9" style="cursor:image-set('\(target)/cursor.png' 1x)"/>\
        <image href="\(target)/svg-image.png" width="9" height="9"/></svg>
        <iframe src="\(target)/frame.html"></iframe>
        <link rel="stylesheet" href="\(target)/sheet.css">
        <style>@import url("\(target)/import.css"); @font-face{font-family:planted;src:url(\(target)/font.woff)} body{font-family:planted}</style>
        <script>fetch("\(target)/fetch").catch(function () {}); new Image().src = "\(target)/script-image.png";</script>

        """

    /// Opens `page` in Chromium (its background services off) and returns the URLs the page
    /// asked for that are not files or `data:`, from the network log, and the dumped DOM.
    func requests(opening page: URL) throws -> (leaks: [String], dom: String) {
        let scratch = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let log = scratch.appendingPathComponent("net.json")
        let run = try runProcess(
            URL(fileURLWithPath: chromiumPath!),
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(scratch.path)/profile",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-extensions",
                "--disable-default-apps", "--disable-domain-reliability", "--no-pings", "--log-net-log=\(log.path)",
                "--virtual-time-budget=3000", "--dump-dom", page.absoluteString,
            ])
        #expect(run.status == 0, "\(run.stderr.suffix(2000))")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: log)) as! [String: Any]
        let constants = json["constants"] as! [String: Any]
        let types = constants["logEventTypes"] as! [String: Int]
        let startJob = types["URL_REQUEST_START_JOB"]!
        let socketEvents: Set<Int> = [types["TCP_CLIENT_SOCKET_POOL_REQUESTED_SOCKET"]!, types["SOCKET_POOL_CONNECT_JOB_CREATED"]!]
        let host = String(Self.target.dropFirst("http://".count).prefix { $0 != ":" })
        var leaks: [String] = []
        for case let event as [String: Any] in json["events"] as! [Any] {
            guard let params = event["params"] as? [String: Any], let type = event["type"] as? Int else { continue }
            var leak: String?
            if type == startJob, let url = params["url"] as? String, !url.hasPrefix("file:"), !url.hasPrefix("data:"),
                params["initiator"] as? String != "not an origin"
            {
                // A request the page started (Chromium's own services start theirs with no origin).
                leak = url
            } else if socketEvents.contains(type), let group = params["group_id"] as? String, group.contains(host) {
                // A connection to the planted address, whoever asked. (For a blocked frame Chromium
                // logs a speculative preconnect job that never asks for a socket: not a request.)
                leak = "socket " + group
            }
            if let leak, !leaks.contains(leak) { leaks.append(leak) }
        }
        return (leaks, run.stdout)
    }

    /// The page with `planted` right after `<body>`, and the same page without its policy: the
    /// second must leak, or the log could not show a leak at all.
    func plant(_ html: String, in folder: URL, extra: (String) -> String = { $0 }) throws -> (guarded: URL, bare: URL) {
        let policy = try #require(
            html.range(of: #"<meta http-equiv="Content-Security-Policy" content="[^"]*">\n"#, options: .regularExpression))
        let planted = extra(html.replacingOccurrences(of: "<body>\n", with: "<body>\n" + Self.planted))
        let guarded = folder.appendingPathComponent("guarded.html"), bare = folder.appendingPathComponent("bare.html")
        try planted.write(to: guarded, atomically: true, encoding: .utf8)
        var without = html
        without.removeSubrange(policy)
        try extra(without.replacingOccurrences(of: "<body>\n", with: "<body>\n" + Self.planted)).write(
            to: bare, atomically: true, encoding: .utf8)
        return (guarded, bare)
    }

    @Test(.enabled(if: chromiumPath != nil, "Chromium is not installed (Scripts/setup.sh --test installs Debian's chromium)"))
    func thePlayerPageLoadsNothingWithHostileMarkupPlanted() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try cli.write(flingScenario(fps: 10), "fling.yaml", in: folder)
        let run = try cli.tabstage(["run", "fling.yaml", "--out", "out", "--format", "svg", "--html"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let html = try String(contentsOf: folder.appendingPathComponent("out/fling/index.html"), encoding: .utf8)
        #expect(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src data:;"))
        // Inside the first frame too: a <meta> refresh (no policy stops a navigation) and an <img>,
        // as HTML that broke out of a row's SVG would be. The player shows only SVG elements.
        let inFrame: (String) -> String = {
            $0.replacingOccurrences(
                of: "<template id=\"player-picture-0\">",
                with: "<template id=\"player-picture-0\"><meta http-equiv=\"refresh\" content=\"0;url=\(Self.target)/navigated\">"
                    + "<img src=\"\(Self.target)/frame-img.png\" alt=\"\">")
        }
        let (guarded, bare) = try plant(html, in: folder, extra: inFrame)
        let opened = try requests(opening: guarded)
        #expect(opened.leaks == [], "requests left the page")
        // The frame is still drawn: its SVG reached the view.
        #expect(opened.dom.contains("<div id=\"player-view\"><svg"))
        let control = try requests(opening: bare)
        #expect(control.leaks.contains("\(Self.target)/img.png"), "\(control.leaks)")
        #expect(control.leaks.contains("\(Self.target)/image-set.png"), "\(control.leaks)")
    }

    @Test(.enabled(if: chromiumPath != nil, "Chromium is not installed (Scripts/setup.sh --test installs Debian's chromium)"))
    func theReportPageLoadsOnlyItsOwnPicturesWithHostileMarkupPlanted() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FolderDiffTests.put(try FolderDiffTests.picture(block: 0), "expected/a.png", in: folder)
        try FolderDiffTests.put(try FolderDiffTests.picture(block: 8), "actual/a.png", in: folder)
        let run = try cli.tabstage(["diff", "expected", "actual", "--report", "report"], in: folder)
        #expect(run.status == 1, "\(run.stderr)")
        let report = folder.appendingPathComponent("report")
        let html = try String(contentsOf: report.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src 'self';"))
        // The report's own pictures still load: the first figure's image is 32 px wide.
        let measure: (String) -> String = {
            $0.replacingOccurrences(
                of: "</body>",
                with:
                    "<script>window.addEventListener('load', function () { document.body.setAttribute('data-width', document.querySelector('figure img').naturalWidth); });</script></body>"
            )
        }
        let (guarded, bare) = try plant(html, in: report, extra: measure)
        let opened = try requests(opening: guarded)
        #expect(opened.leaks == [], "requests left the page")
        #expect(opened.dom.contains("data-width=\"32\""))
        let control = try requests(opening: bare)
        #expect(control.leaks.contains("\(Self.target)/webkit-image-set.png"), "\(control.leaks)")
        #expect(control.leaks.contains("\(Self.target)/fetch"), "\(control.leaks)")
    }

    /// `conform --report`'s page: the same policy; its step pictures and charts still load.
    @Test(.enabled(if: chromiumPath != nil, "Chromium is not installed (Scripts/setup.sh --test installs Debian's chromium)"))
    func theConformanceReportPageLoadsOnlyItsOwnPicturesAndCharts() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("report")
        let run = try cli.tabstage(
            ["conform", ConformanceTests.scenarioPath, "Examples/conformance/tab-switch-jump.json", "--report", report.path],
            in: Fixtures.root)
        #expect(run.status == 1, "\(run.stderr)")
        let html = try String(contentsOf: report.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src 'self';"))
        // The first picture is the model's at 3×: 390 pt → 1170 px; the first chart is 720 pt wide.
        let measure: (String) -> String = {
            $0.replacingOccurrences(
                of: "</body>",
                with:
                    "<script>window.addEventListener('load', function () { document.body.setAttribute('data-width', document.querySelector('figure img').naturalWidth); document.body.setAttribute('data-chart', document.querySelector('.chart img').naturalWidth); });</script></body>"
            )
        }
        let (guarded, bare) = try plant(html, in: report, extra: measure)
        let opened = try requests(opening: guarded)
        #expect(opened.leaks == [], "requests left the page")
        #expect(opened.dom.contains("data-width=\"1170\""))
        #expect(opened.dom.contains("data-chart=\"720\""))
        let control = try requests(opening: bare)
        #expect(control.leaks.contains("\(Self.target)/img.png"), "\(control.leaks)")
    }
}
