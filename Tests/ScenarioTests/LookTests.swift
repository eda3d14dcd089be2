import Foundation
import TabStageLayout
import TabStageModel
import TabStageRendering
import TabStageScenario
import TabStageTestSupport
import Testing

/// Themes and header content: parsed with located errors, laid out with measured text, drawn
/// where expected.
@Suite struct LookTests {
    /// 7.5 pt per character at the bio's 15 pt: numbers a person can work out.
    static let half = FixedAdvanceMeasurer(advance: 0.5)

    static func stage(_ content: HeaderContent, height: Double = 400) -> (state: StageState, look: Look) {
        let config = ContainerConfig(
            header: HeaderConfig(height: height, minHeight: 44),
            tabs: [TabConfig(title: "Posts", content: .list(rows: 30, rowHeight: .fixed(100)))])
        var content = content
        content.title = "Jane"
        content.subtitle = "@jane"
        return (StageState(window: Fixtures.window("iphone-14"), container: config), Look(header: content))
    }

    /// The layout of a `stage(...)`.
    static func layout(_ stage: (state: StageState, look: Look)) -> StageLayout {
        StageLayout(stage.state, look: stage.look, measuring: half)
    }

    /// The first snapshot's SVG of a scenario given as text.
    static func svg(_ yaml: String) throws -> String {
        let run = try ScenarioRunner.run(try ScenarioParser.parse(yaml, file: "look.yaml", defaultName: "look"))
        return SVGSnapshot.svg(run.snapshots[0].state, look: run.scenario.look, measuring: TextMeasurer.shared)
    }

    /// The whole element whose `id` is `id`, as written.
    static func element(_ id: String, in svg: String) -> String? {
        guard let range = svg.range(of: "id=\"\(id)\"") else { return nil }
        let start = svg[..<range.lowerBound].lastIndex(of: "<")!
        let end = svg[range.upperBound...].firstIndex(of: ">")!
        return String(svg[start...end])
    }

    // MARK: colours

    @Test func hexColoursParseInEveryCSSForm() {
        #expect(ThemeColor(hex: "#1d9bf0") == ThemeColor(red: 0x1d, green: 0x9b, blue: 0xf0))
        #expect(ThemeColor(hex: "#fA0") == ThemeColor(red: 0xff, green: 0xaa, blue: 0x00))
        #expect(ThemeColor(hex: "#00000080")?.alpha == 0x80)
        #expect(ThemeColor(hex: "#00000080")?.svg == "#00000080")
        #expect(ThemeColor(hex: "#abc")?.svg == "#aabbcc")
        for bad in ["1d9bf0", "#12345", "#ggg", "#", "#1d9bf0ff00", "red"] { #expect(ThemeColor(hex: bad) == nil, "\(bad)") }
    }

    @Test func themeColoursReachTheIndicatorTheNameAndTheBackground() throws {
        let svg = try Self.svg(
            Fixtures.yaml(extra: "theme: {tint: \"#ff0000\", label: \"#00ff00\", background: \"#fff8f0\", separator: \"#0000ff\"}"))
        #expect(Self.element("indicator", in: svg)?.contains("fill=\"#ff0000\"") == true)
        #expect(Self.element("title", in: svg)?.contains("fill=\"#00ff00\"") == true)
        #expect(Self.element("background", in: svg)?.contains("fill=\"#fff8f0\"") == true)
        // The button takes the label colour, its title the background.
        #expect(Self.element("follow", in: svg)?.contains("fill=\"#00ff00\"") == true)
    }

    @Test func darkKeysApplyInDarkModeAndBrandColoursCarryOver() throws {
        let theme = "theme: {tint: \"#ff0000\", label: \"#111111\", dark: {label: \"#eeeeee\"}}"
        let light = try Self.svg(Fixtures.yaml(extra: theme))
        let dark = try Self.svg(Fixtures.yaml(extra: theme + "\nappearance: dark"))
        #expect(Self.element("title", in: light)?.contains("fill=\"#111111\"") == true)
        #expect(Self.element("title", in: dark)?.contains("fill=\"#eeeeee\"") == true)
        // tint is not overridden in dark, so it stays; the background keeps the dark default.
        #expect(Self.element("indicator", in: dark)?.contains("fill=\"#ff0000\"") == true)
        #expect(Self.element("background", in: dark)?.contains("fill=\"#000000\"") == true)
    }

    @Test func bannerColoursBecomeEvenlySpacedGradientStops() throws {
        let svg = try Self.svg(Fixtures.yaml(extra: "theme: {banner: {colors: [\"#111111\", \"#222222\", \"#333333\"]}}"))
        #expect(
            svg.contains(
                "<stop offset=\"0\" stop-color=\"#111111\"/><stop offset=\"0.5\" stop-color=\"#222222\"/><stop offset=\"1\" stop-color=\"#333333\"/>"
            ))
    }

    @Test func theDefaultLookDrawsWhatItAlwaysDid() throws {
        let svg = try Self.svg(Fixtures.yaml())
        #expect(svg.contains("<stop offset=\"0\" stop-color=\"#1d9bf0\"/><stop offset=\"1\" stop-color=\"#7856ff\"/>"))
        #expect(svg.contains(">1,024 Following  ·  12.5K Followers</text>"))
        #expect(svg.contains(">Follow</text>"))
        #expect(!svg.contains("id=\"verified\"") && !svg.contains("id=\"nav-back\""))
    }

    // MARK: bio

    /// Words of 9 letters: at 7.5 pt a character, the 358 pt line (390 − 2 × 16) holds 47
    /// characters, so four words (39 characters; five would be 49).
    static func words(_ count: Int) -> String {
        (0..<count).map { String(repeating: String(UnicodeScalar(UInt8(97 + $0))), count: 9) }.joined(separator: " ")
    }

    @Test func bioWrapsFourNineLetterWordsPerLine() {
        let layout = Self.layout(Self.stage(HeaderContent(bio: Self.words(12))))
        let bio = layout.header.texts.filter { $0.element == "bio" }
        #expect(layout.header.bioLineCount == 3)
        #expect(
            bio.map(\.fitted.text) == [
                "aaaaaaaaa bbbbbbbbb ccccccccc ddddddddd", "eeeeeeeee fffffffff ggggggggg hhhhhhhhh",
                "iiiiiiiii jjjjjjjjj kkkkkkkkk lllllllll",
            ])
        #expect(!bio.contains { $0.fitted.isTruncated })
        // Cover bottom 47 + 0.38 × (400 − 47) = 181.14; Follow ends 10 + 32 pt below it, at
        // 223.14, 0.5 pt into the name's line (16.5 pt above 181.14 + 30 + 6 + 22 = 239.14), so
        // the name sits under it: 223.14 + 16.5 = 239.64; handle + 20 (15 + 5); the bio's first
        // line + 24 (subheadline's 20 pt line + 4), then 20 apart; the counts 15 + 10 below.
        let baselines = layout.header.texts.map(\.baseline)
        #expect(abs(baselines[0] - 239.64) < 0.001)
        #expect(zip(baselines, baselines.dropFirst()).map { ($1 - $0).rounded() } == [20, 24, 20, 20, 25])
        #expect(!layout.warnings.contains { $0.element == "bio" })
    }

    @Test func bioBeyondTheDefaultLinesEndsInAnEllipsisAndWarns() {
        let layout = Self.layout(Self.stage(HeaderContent(bio: Self.words(13))))
        let bio = layout.header.texts.filter { $0.element == "bio" }
        #expect(layout.header.bioLineCount == 3)
        // The third line keeps 46 characters of "iii… lll mmmmmmmmm" and "…": 47 × 7.5 = 352.5 ≤ 358.
        #expect(bio.last?.fitted.text == "iiiiiiiii jjjjjjjjj kkkkkkkkk lllllllll mmmmmm…")
        #expect(bio.last?.fitted.isTruncated == true)
        #expect(layout.header.bioIsCut && !layout.header.bioLineLimitIsChosen)
        let warning = layout.warnings.first { $0.element == "bio" }
        #expect(warning?.kind == .truncated)
        // Nobody chose the default: the warning says where it cut and how to choose.
        #expect(warning?.text.contains("default 3 lines") == true)
        #expect(warning?.text.contains("mmmmmm…") == true)
        #expect(warning?.text.contains("bioLines") == true)
    }

    /// A limit the scenario set cuts on purpose, as `UILabel.numberOfLines` does: drawn with
    /// "…" and reported as cut, but no warning, even when it equals the default.
    @Test func bioCutAtAChosenLimitIsNoWarning() {
        let two = Self.layout(Self.stage(HeaderContent(bio: Self.words(13), bioLines: 2)))
        #expect(two.header.bioLineCount == 2)
        #expect(two.header.texts.filter { $0.element == "bio" }.last?.fitted.text == "eeeeeeeee fffffffff ggggggggg hhhhhhhhh iiiiii…")
        #expect(two.header.bioIsCut && two.header.bioLineLimitIsChosen)
        #expect(!two.warnings.contains { $0.element == "bio" })

        let three = Self.layout(Self.stage(HeaderContent(bio: Self.words(13), bioLines: 3)))
        #expect(three.header.bioIsCut)
        #expect(!three.warnings.contains { $0.element == "bio" })

        // Twelve words fill the default three lines exactly: nothing is cut.
        let whole = Self.layout(Self.stage(HeaderContent(bio: Self.words(12))))
        #expect(!whole.header.bioIsCut)
    }

    @Test func theTraceReportsTheBiosLineCountAndItsCut() throws {
        func container(_ header: String) throws -> [String: Any] {
            let yaml = Fixtures.yaml().replacingOccurrences(of: "header: {height: 220,", with: "header: {\(header) height: 220,")
            let run = try ScenarioParser.parse(yaml, file: "look.yaml", defaultName: "look")
            let text = try Trace.text(run, measuring: Self.half)
            let trace = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            let steps = try #require(trace["steps"] as? [[String: Any]])
            // No cut warning for the bio (a 220 pt header hides its lines under the tab bar,
            // which is another warning).
            #expect(
                (trace["warnings"] as? [[String: Any]])?.contains {
                    $0["element"] as? String == "bio" && $0["kind"] as? String == "truncated"
                } != true)
            return try #require((steps[0]["state"] as? [String: Any])?["container"] as? [String: Any])
        }
        let cut = try container("bio: \"\(Self.words(13))\", bioLines: 2,")
        #expect(cut["bioLines"] as? Int == 2)
        #expect(cut["bioCut"] as? Bool == true)
        let short = try container("bio: \"aaa bbb\",")
        #expect(short["bioLines"] as? Int == 1)
        #expect(short["bioCut"] as? Bool == false)
    }

    @Test func aWordWiderThanTheLineBreaksBetweenCharacters() {
        let layout = Self.layout(Self.stage(HeaderContent(bio: String(repeating: "x", count: 50))))
        #expect(layout.header.texts.filter { $0.element == "bio" }.map { $0.fitted.text.count } == [47, 3])
    }

    // MARK: initials

    /// Initials come from letters and digits only, never punctuation, in any script.
    @Test(arguments: [
        ("Jane Appleseed", "JA"), ("Tom & Jerry", "TJ"), ("Émile Zola", "ÉZ"), ("émile zola", "ÉZ"), ("Cher", "C"),
        ("@ada lovelace", "AL"), ("— 42 Club —", "4C"), ("山田 太郎", "山太"), ("straße weg", "SW"), ("  Ada\tByron  King", "AB"),
    ])
    func initialsComeFromLettersAndDigits(name: String, initials: String) {
        #expect(Avatar.initials(of: name) == initials)
    }

    @Test func aNameWithoutLettersHasNoInitialsAndDrawsAPersonGlyph() throws {
        for name in ["", "   ", "& — !", "🙂 ★"] { #expect(Avatar.initials(of: name) == nil, "\(name)") }
        // "ß" upper-cases to two letters; it stays one.
        #expect(Avatar.initials(of: "ß") == "ß")
        func avatar(_ title: String) throws -> String {
            let svg = try Self.svg(Fixtures.yaml().replacingOccurrences(of: "title: \"Jane Appleseed\"", with: "title: \"\(title)\""))
            let start = try #require(svg.range(of: "<g id=\"avatar\""))
            let end = try #require(svg[start.upperBound...].range(of: "</g>"))
            return String(svg[start.lowerBound..<end.lowerBound])
        }
        let glyph = try avatar("& !")
        #expect(!glyph.contains("</text>") && glyph.contains("<path"))
        #expect(try avatar("Tom & Jerry").contains(">TJ</text>"))
    }

    // MARK: header elements

    @Test func buttonNullRemovesTheButton() throws {
        let layout = Self.layout(Self.stage(HeaderContent(buttonTitle: nil)))
        #expect(layout.header.followButton == nil && layout.header.followTitle == nil)
        let svg = try Self.svg(Fixtures.yaml().replacingOccurrences(of: "subtitle: \"@jane\"}", with: "subtitle: \"@jane\", button: null}"))
        #expect(!svg.contains("id=\"follow\""))
        #expect(!svg.contains(">Follow<"))
    }

    @Test func aLongButtonTitleWidensTheButton() {
        // "Unfollow": 8 × 7.5 pt (subheadline semibold, 15 pt at 0.5) + 32 = 92 < 96, so 96;
        // "Subscribe" gives 9 × 7.5 + 32 = 99.5, 12 characters 122.
        let eight = Self.layout(Self.stage(HeaderContent(buttonTitle: "Unfollow")))
        #expect(eight.header.followButton?.width == 96)
        let nine = Self.layout(Self.stage(HeaderContent(buttonTitle: "Subscribe")))
        #expect(nine.header.followButton?.width == 99.5)
        let twelve = Self.layout(Self.stage(HeaderContent(buttonTitle: "Subscribe me")))
        #expect(twelve.header.followButton?.width == 122)
        #expect(abs((twelve.header.followButton?.maxX ?? 0) - (390 - 16)) < 0.001)
    }

    @Test func verifiedBadgeFollowsTheName() {
        let layout = Self.layout(Self.stage(HeaderContent(verified: true)))
        // "Jane" in title2 bold, 22 pt at 0.5: 44 pt, from x 16; the 20 pt badge (0.9 × 22 =
        // 19.8, rounded) 4 pt after it, centred on 0.36 × 22 above the baseline. The badge
        // reaches 7.92 + 10 = 17.92 pt above the baseline, so the line starts under Follow's
        // bottom (223.14): baseline 241.06, badge top 223.14.
        let badge = try! #require(layout.header.verifiedBadge)
        #expect(badge.x == 64 && badge.width == 20)
        #expect(abs(badge.y - 223.14) < 0.001)
    }

    @Test func navButtonsSitOnTheBannerBackLeadingTheRestTrailing() {
        let layout = Self.layout(Self.stage(HeaderContent(navButtons: [.back, .search, .more])))
        // iOS 26 (the default): 44 pt glass circles at the safe area's top (47), 16 pt from the
        // edges, 12 apart: more at 390 − 16 − 44 = 330, search at 330 − 12 − 44 = 274.
        #expect(
            layout.header.navButtons.map(\.frame) == [
                Rect(x: 16, y: 47, width: 44, height: 44), Rect(x: 274, y: 47, width: 44, height: 44),
                Rect(x: 330, y: 47, width: 44, height: 44),
            ])
        var rtl = DisplaySettings()
        rtl.layoutDirection = .rtl
        let mirrored = StageLayout(
            StageState(
                window: Fixtures.window("iphone-14", settings: rtl), container: Self.stage(HeaderContent()).state.container.config),
            look: Look(header: HeaderContent(title: "Jane", subtitle: "@jane", navButtons: [.back])), measuring: Self.half)
        #expect(mirrored.header.navButtons.map(\.frame) == [Rect(x: 330, y: 47, width: 44, height: 44)])
    }

    @Test func statsAndInitialsComeFromTheScenario() throws {
        let header =
            "header: {height: 260, minHeight: 44, title: \"Jane Appleseed\", subtitle: \"@jane\", "
            + "stats: [{value: \"7\", label: Posts}, {value: \"1M\"}], avatar: {initials: Q, color: \"#123456\"}}"
        let svg = try Self.svg(
            Fixtures.yaml().replacingOccurrences(
                of: #"header: {height: 220, minHeight: 44, title: "Jane Appleseed", subtitle: "@jane"}"#, with: header))
        #expect(svg.contains(">7 Posts  ·  1M</text>"))
        #expect(svg.contains("fill=\"#123456\""))
        #expect(svg.contains(">Q</text>"))
    }

    // MARK: errors

    static func refusal(_ yaml: String, folder: AssetFolder? = nil) -> ScenarioError? {
        do {
            _ = try ScenarioParser.parse(yaml, file: "look.yaml", defaultName: "look", assetFolder: folder)
            return nil
        } catch { return error }
    }

    @Test func aBadColourIsLocatedWithAHint() throws {
        let error = try #require(Self.refusal(Fixtures.yaml(extra: "theme:\n  tint: \"#12345\"")))
        #expect(error.location.line == 3 && error.location.column == 9)
        #expect(error.message == "'theme.tint' is not a colour: '#12345'")
        #expect(error.expected?.hasPrefix("a CSS hex colour: #rgb, #rrggbb or #rrggbbaa") == true)
        // Unquoted, YAML reads the rest of the line as a comment: null, with the same hint.
        let unquoted = try #require(Self.refusal(Fixtures.yaml(extra: "theme:\n  tint: #1d9bf0")))
        #expect(unquoted.message == "'theme.tint' must be a colour, found nothing (null)")
        let dark = try #require(Self.refusal(Fixtures.yaml(extra: "theme: {dark: {label: \"#xyz\"}}")))
        #expect(dark.message == "'theme.dark.label' is not a colour: '#xyz'")
        #expect(dark.location.line == 2)
    }

    @Test func headerContentValuesAreChecked() {
        func header(_ extra: String) -> String {
            Fixtures.yaml().replacingOccurrences(of: "subtitle: \"@jane\"}", with: "subtitle: \"@jane\", \(extra)}")
        }
        #expect(Self.refusal(header("bioLines: 0"))?.message.contains("bioLines") == true)
        #expect(
            Self.refusal(header("navButtons: [back, home]"))?.message
                == "'container.header.navButtons[1]' cannot be 'home'; did you mean 'more'?")
        #expect(Self.refusal(header("navButtons: [more, more]"))?.message == "'more' is listed twice in 'container.header.navButtons'")
        #expect(Self.refusal(header("button: {}"))?.message == "'container.header.button' is missing 'title'")
        #expect(Self.refusal(header("avatar: {initials: ABCD}"))?.message == "'container.header.avatar.initials' has 4 characters")
        #expect(
            Self.refusal(header("avatar: [a.png]"))?.message
                == "'container.header.avatar' must be an image file or {initials, color}, found a list")
    }

    @Test func aMissingImageAndAPathEscapeAreLocated() throws {
        let box = AssetSandbox()
        box.write("in.png", TestImages.png())
        let banner = "theme:\n  banner: {image: %@}"
        let missing = try #require(
            Self.refusal(Fixtures.yaml(extra: banner.replacingOccurrences(of: "%@", with: "nope.png")), folder: box.folder))
        #expect(missing.location.line == 3 && missing.location.column == 19)
        let escape = try #require(
            Self.refusal(Fixtures.yaml(extra: banner.replacingOccurrences(of: "%@", with: "../outside/x.png")), folder: box.folder))
        #expect(escape.location.line == 3 && escape.location.column == 19)
        let absolute = try #require(
            Self.refusal(Fixtures.yaml(extra: banner.replacingOccurrences(of: "%@", with: "/etc/passwd")), folder: box.folder))
        #expect(absolute.location.line == 3)
        #expect(Self.refusal(Fixtures.yaml(extra: banner.replacingOccurrences(of: "%@", with: "in.png")), folder: box.folder) == nil)
    }

    @Test func imagesAreEmbeddedAsDataAndDeterministic() throws {
        let box = AssetSandbox()
        box.write("face.png", TestImages.png(width: 4, height: 4))
        box.write("sky.jpg", TestImages.jpeg())
        let yaml = Fixtures.yaml(extra: "theme: {banner: {image: sky.jpg}}")
            .replacingOccurrences(of: "subtitle: \"@jane\"}", with: "subtitle: \"@jane\", avatar: face.png}")
        func render() throws -> String {
            let scenario = try ScenarioParser.parse(yaml, file: "look.yaml", defaultName: "look", assetFolder: box.folder)
            return SVGSnapshot.svg(
                try ScenarioRunner.run(scenario).snapshots[0].state, look: scenario.look, measuring: TextMeasurer.shared)
        }
        let svg = try render()
        let banner = try #require(Self.element("banner-image", in: svg))
        let avatar = try #require(Self.element("avatar-image", in: svg))
        // Each is a cropped view of its picture's one copy: the banner is drawn first.
        #expect(banner.contains("viewBox=\"0 0 16 8\" preserveAspectRatio=\"xMidYMid slice\""))
        #expect(avatar.contains("viewBox=\"0 0 4 4\" preserveAspectRatio=\"xMidYMid slice\""))
        // Both spellings on each reference (Inkscape 1.2 reads only xlink:href); the definitions
        // carry xlink:href alone, so the data is written once.
        #expect(
            svg.contains("<use href=\"#picture-0\" xlink:href=\"#picture-0\"/>")
                && svg.contains("<use href=\"#picture-1\" xlink:href=\"#picture-1\"/>"))
        #expect(svg.contains("<image id=\"picture-0\" width=\"16\" height=\"8\" xlink:href=\"data:image/jpeg;base64,"))
        #expect(svg.contains("<image id=\"picture-1\" width=\"4\" height=\"4\" xlink:href=\"data:image/png;base64,"))
        // Nothing else names a file or URL for librsvg to load: two data copies, two references
        // written twice: 2 + 2 × 2 = 6 href attributes.
        #expect(svg.components(separatedBy: "href=").count == 6 + 1)
        #expect(try render() == svg)
        #expect(try Rasterizer.render(svg: svg, scale: 1).width == 390)
    }

    @Test func onlyEmbeddedPNGOrJPEGDataIsEverWritten() {
        let image = EmbeddedImage(width: 1, height: 1, dataURI: "file:///etc/passwd")
        let stage = StageState(window: Fixtures.window("iphone-14"), container: Fixtures.issueConfig())
        let look = Look(
            theme: Theme(light: ThemeColors(banner: .image(image))),
            header: HeaderContent(title: "Jane", subtitle: "@jane", avatar: .image(image)))
        let svg = SVGSnapshot.svg(stage, look: look, measuring: Self.half)
        #expect(!svg.contains("href"))
        let quote = EmbeddedImage(width: 1, height: 1, dataURI: "data:image/png;base64,AA\"/><script/>")
        let broken = Look(header: HeaderContent(title: "Jane", subtitle: "@jane", avatar: .image(quote)))
        #expect(!SVGSnapshot.svg(stage, look: broken, measuring: Self.half).contains("<script"))
    }
}
