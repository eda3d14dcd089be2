import Foundation
import TabStageImageDiff
import TabStageReports
import TabStageWorkflow
import Testing

/// The Markdown summary of a report (`StepSummary`): counts and figures worked out by hand,
/// folding, GitHub's 1 MiB limit, and hostile names and messages that must stay text.
@Suite struct StepSummaryTests {
    static let settings = FailureReport.Settings(recordMode: .never, threshold: 0.1)

    static func report(_ outcomes: [SnapshotOutcome], shard: Shard? = nil) -> ShardReport {
        ShardReport(version: "1.0", shard: shard, scenarios: 3, settings: settings, outcomes: outcomes, positions: [:])
    }

    static func failure(_ group: String, _ name: String, message: String = "the picture changed") -> SnapshotOutcome {
        SnapshotOutcome(group: group, name: name, status: .failed(message))
    }

    /// `text` with every code span taken out (a run of N backticks to the next run of exactly N),
    /// leaving what GitHub parses as Markdown and HTML.
    static func outsideCodeSpans(_ text: String) -> String {
        var out = ""
        let scalars = Array(text.unicodeScalars)
        var index = 0
        func run(at start: Int) -> Int {
            var end = start
            while end < scalars.count, scalars[end] == "`" { end += 1 }
            return end - start
        }
        while index < scalars.count {
            // A backslash-escaped character is text, a backtick included (it opens no span).
            if scalars[index] == "\\", index + 1 < scalars.count {
                out.unicodeScalars.append(scalars[index])
                out.unicodeScalars.append(scalars[index + 1])
                index += 2
                continue
            }
            guard scalars[index] == "`" else {
                out.unicodeScalars.append(scalars[index])
                index += 1
                continue
            }
            let length = run(at: index)
            var search = index + length
            var closed = false
            while search < scalars.count {
                if scalars[search] == "`" {
                    let other = run(at: search)
                    if other == length {
                        index = search + other
                        closed = true
                        break
                    }
                    search += other
                } else {
                    search += 1
                }
            }
            if !closed {
                out += String(repeating: "`", count: length)
                index += length
            }
            out += closed ? "CODE" : ""
        }
        return out
    }

    @Test func countsAndFiguresWorkedOutByHand() throws {
        // One match, one failure with moves and pixels, one recording: 1 of 3 match.
        var failed = Self.failure("profile", "start", message: "2 elements moved (pixels: 1,234 differ)")
        // 120 × 200 = 24,000 pixels; 1,234 / 24,000 = 0.0514166… → 5.14% (two decimals from 1 % up).
        failed.comparison = .init(width: 120, height: 200, differentPixels: 1_234, antiAliasedPixels: 56)
        failed.regions = [DiffRegion(x: 0, y: 0, width: 4, height: 4), DiffRegion(x: 10, y: 10, width: 2, height: 2)]
        failed.geometry = ["header: height 100 → 104", "tab-bar: y 100 → 104"]
        failed.moved = 2
        failed.images = [.expected: "profile/start.expected.png", .actual: "profile/start.actual.png", .diff: "profile/start.diff.png"]
        failed.accept = "tabstage accept report --only profile"
        let outcomes = [
            SnapshotOutcome(group: "profile", name: "top", status: .matched), failed,
            SnapshotOutcome(group: "other", name: "new", status: .recorded("no reference was found; recorded refs/other/new.png")),
        ]
        let text = try #require(
            StepSummary.markdown(
                Self.report(outcomes, shard: try Shard(index: 2, count: 3)),
                source: .verify(shard: .init(index: 2, count: 3), scenarios: 3, selected: 1), reportFolder: "report", imageBase: nil))
        #expect(text.hasPrefix("### tabstage verify: 1 of 3 snapshots match\n\nShard 2/3: 1 of 3 scenario files. "), "\(text)")
        #expect(text.contains("| matched | 1 |\n| failed | 1 |\n| recorded | 1 |\n"))
        #expect(text.contains("Record mode `never`, threshold 0.1; the report is `report/index.html`.\n"))
        // The message as prose: punctuation backslash-escaped, a joiner after ":".
        #expect(text.contains("#### `profile` / `start` (failed)\n\n2 elements moved \\(pixels\\:\u{200D} 1\\,234 differ\\)\n"), "\(text)")
        #expect(text.contains("What moved (2 elements and values):\n\n- `header: height 100 → 104`\n- `tab-bar: y 100 → 104`\n"))
        #expect(
            text.contains(
                "Pixels: 1,234 of 24,000 (120 × 200) differ (5.14%), 56 anti-aliased not counted; 2 clusters boxed in the report.\n"))
        #expect(text.contains("Images: `profile/start.expected.png`, `profile/start.actual.png`, `profile/start.diff.png`.\n"))
        #expect(text.contains("Accept: `tabstage accept report --only profile`\n"))
        #expect(text.contains("#### `other` / `new` (recorded)"))
        // A merge says whose claims it counts.
        let merged = try #require(
            StepSummary.markdown(Self.report(outcomes), source: .merged(shards: [1, 3], count: 3), reportFolder: "m", imageBase: nil))
        #expect(
            merged.hasPrefix(
                "### tabstage merge-reports: 1 of 3 snapshots match\n\n> Built from the report.json of 2 of 3 shards: these are the results the reports state, not a new check."
            ))
        // Everything matched: the counts alone.
        let clean = try #require(
            StepSummary.markdown(
                Self.report([outcomes[0]]), source: .verify(shard: nil, scenarios: 1, selected: 1), reportFolder: nil, imageBase: nil))
        #expect(
            clean
                == "### tabstage verify: 1 of 1 snapshots match\n\n| Result | Count |\n|---|---:|\n| matched | 1 |\n| failed | 0 |\n| recorded | 0 |\n\nRecord mode `never`, threshold 0.1.\n"
        )
    }

    @Test func longListsAreFolded() throws {
        // 12 failures: 10 open, then 2 in one <details>; a failure's 5 moves: 3 open, 2 folded.
        var outcomes = (0..<12).map { Self.failure("s\($0)", "a") }
        outcomes[0].geometry = ["m1", "m2", "m3", "m4", "m5"]
        outcomes[0].moved = 5
        let text = try #require(
            StepSummary.markdown(Self.report(outcomes), source: .merged(shards: [], count: 1), reportFolder: nil, imageBase: nil))
        #expect(text.components(separatedBy: "#### ").count - 1 == 12)
        let fold = try #require(text.range(of: "<details><summary>2 more failed snapshots</summary>\n\n"))
        #expect(text[..<fold.lowerBound].components(separatedBy: "#### ").count - 1 == 10)
        #expect(text.hasSuffix("</details>\n"))
        #expect(text.contains("- `m3`\n\n<details><summary>2 more lines</summary>\n\n- `m4`\n- `m5`\n\n</details>\n"), "\(text)")
    }

    /// Names and messages a pull request can write: none of it may become HTML, a link, an
    /// image or a mention, and a 10 MB name is cut.
    @Test func hostileNamesAndMessagesStayText() throws {
        let tenMegabytes = String(repeating: "x", count: 10 << 20)
        let hostile = [
            "<script>alert(1)</script>", "@team", "![x](http://evil.example/a.png)", "[click](javascript:alert(1))",
            "<img src=x onerror=alert(1)>", "www.evil.example", "<http://evil.example>", "`` ` ``", "a\nb\u{202E}c",
        ]
        var outcomes: [SnapshotOutcome] = []
        for (index, text) in hostile.enumerated() {
            var outcome = Self.failure(text, text, message: "\(text) and @org/team and #12 and x@y.example")
            outcome.geometry = [text]
            outcome.moved = 1
            outcome.images = [.actual: "\(text)/\(text).actual.png"]
            outcome.accept = "tabstage accept report --only '\(text)'"
            outcome.regions = index == 0 ? [DiffRegion(x: 0, y: 0, width: 1, height: 1)] : []
            outcomes.append(outcome)
        }
        outcomes.append(Self.failure(tenMegabytes, tenMegabytes, message: tenMegabytes))
        for base in [nil, "https://ci.example.com/run/7/report"] {
            let text = try #require(
                StepSummary.markdown(Self.report(outcomes), source: .merged(shards: [], count: 1), reportFolder: "report", imageBase: base))
            let markup = Self.outsideCodeSpans(text)
            // Every "<" outside code spans opens one of the summary's own tags.
            var rest = Substring(markup)
            while let open = rest.firstIndex(of: "<") {
                let tail = rest[open...]
                let own = ["<details>", "<summary>", "</summary>", "</details>", "<img src=\"https://ci.example.com/run/7/report/"]
                #expect(own.contains { tail.hasPrefix($0) }, "\(tail.prefix(60))")
                rest = rest[rest.index(after: open)...]
            }
            // No link or image syntax, no bare address, no mention, in the text around the
            // summary's own <img> tags (whose addresses are the base's, percent-encoded).
            let prose = markup.replacingOccurrences(
                of: #"<img src="[^"]*" alt="[a-z]*" width="260">"#, with: "IMG", options: .regularExpression)
            #expect(!prose.contains("]("))
            #expect(!prose.contains("http://evil"))
            #expect(!prose.contains("www.evil"))
            for mention in ["@team", "@org", "#12", "@y"] { #expect(!prose.contains(mention), "\(mention)") }
            #expect(!prose.contains("javascript:"))
            #expect(!text.contains("\u{202E}"), "a bidi override never reaches the page")
            // The 10 MB name and message: 200 and 1,000 characters and "…", so the whole summary
            // is well under 20 kB: (9 + 1) sections of at most a few hundred bytes, plus 1,000 + 2 × 200 x's.
            #expect(text.utf8.count < 20_000, "\(text.utf8.count)")
            #expect(text.contains("#### `" + String(repeating: "x", count: 200) + "…` / `"))
            if base != nil {
                // "<", ">" and the space of a name percent-encoded in the address (RFC 3986): %3C, %3E, %20.
                #expect(text.contains("<img src=\"https://ci.example.com/run/7/report/%3Cimg%20src%3Dx%20onerror%3Dalert%281%29%3E/"))
            }
        }
    }

    /// 200,000 failed results: the summary fills GitHub's 1 MiB (1,048,576 bytes) and no more,
    /// and says how many it left out; shown + left out = 200,000.
    @Test func twoHundredThousandFailuresStayUnderTheLimit() throws {
        let outcomes = (0..<200_000).map { index in
            var outcome = Self.failure("scenario-\(index)", "snapshot", message: "the picture changed")
            outcome.comparison = .init(width: 120, height: 200, differentPixels: 100, antiAliasedPixels: 0)
            return outcome
        }
        let text = try #require(
            StepSummary.markdown(Self.report(outcomes), source: .merged(shards: [], count: 1), reportFolder: "report", imageBase: nil))
        let size = text.utf8.count
        #expect(size <= 1_048_576)
        let shown = text.components(separatedBy: "\n#### ").count - 1
        let line = try #require(
            text.range(of: #"\*\*[0-9,]+ of the 200,000 failed snapshots are not shown\*\*"#, options: .regularExpression))
        let left = Int(text[line].dropFirst(2).prefix { $0 != " " }.replacingOccurrences(of: ",", with: ""))
        #expect(left == 200_000 - shown)
        // Full: one more section (each under 400 bytes here) would not have fitted.
        #expect(size > 1_048_576 - 400, "\(size)")
        // A smaller room (a step summary already holding most of its 1 MiB) is kept too.
        let small = try #require(
            StepSummary.markdown(
                Self.report(outcomes), source: .merged(shards: [], count: 1), reportFolder: "report", imageBase: nil, limit: 5_000))
        #expect(small.utf8.count <= 5_000)
        #expect(small.contains("of the 200,000 failed snapshots are not shown"))
        // No room even for the counts: nothing.
        #expect(
            StepSummary.markdown(
                Self.report(outcomes), source: .merged(shards: [], count: 1), reportFolder: "report", imageBase: nil, limit: 50)
                == nil)
    }

    @Test func theImageBaseMustBeAnHTTPAddress() {
        #expect(MarkdownText.imageBaseProblem("https://ci.example.com/run/42/report") == nil)
        #expect(MarkdownText.imageBaseProblem("http://localhost:8080/") == nil)
        #expect(MarkdownText.imageBaseProblem("ftp://ci.example.com/") == "is not an http or https URL")
        #expect(MarkdownText.imageBaseProblem("javascript:alert(1)") == "is not an http or https URL")
        #expect(MarkdownText.imageBaseProblem("https://") == "names no host")
        #expect(MarkdownText.imageBaseProblem("https://x/\" onerror=\"alert(1)")?.hasPrefix("holds a space, a quote") == true)
        #expect(MarkdownText.imageBaseProblem("https://x/a?b=1") == "has a query or fragment (the image's path is added after it)")
    }

    @Test func codeSpansHoldAnyBackticks() {
        // A run of two backticks inside: the fence is three; a backtick at an end gets a space of padding.
        #expect(MarkdownText.code("a``b") == "```a``b```")
        #expect(MarkdownText.code("`x") == "`` `x ``")
        #expect(MarkdownText.code("line\nbreak") == "`line?break`")
        #expect(MarkdownText.prose("<b>@me</b> 1. x") == "&lt;b&gt;\\@\u{200D}me&lt;\\/b&gt; 1\\. x")
    }
}
