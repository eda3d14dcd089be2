import TabStageLayout
import TabStageModel
import TabStageScenario
import TabStageTestSupport
import Testing

@Suite struct PseudoLocaleTests {
    /// en-XA's shape: letters accented, brackets, padded to at least 1.4 × the characters.
    @Test func accentedLengthensAndBrackets() {
        // "Posts": 5 characters, 1.4 × 5 = 7; "[Þöšţš]" is 7 already.
        #expect(PseudoLocale.accented.transform("Posts") == "[Þöšţš]")
        // "Follow": 6, 1.4 × 6 = 8.4 → 9; "[Ƒöļļöŵ]" is 8, so one word: 12.
        #expect(PseudoLocale.accented.transform("Follow") == "[Ƒöļļöŵ one]")
        // "@jane · iOS": 11, 15.4 → 16; 13 with brackets, + " one" = 17.
        #expect(PseudoLocale.accented.transform("@jane · iOS") == "[@ĵáñé · îÖŠ one]")
        // Digits and punctuation stay; nothing stays nothing.
        #expect(PseudoLocale.accented.transform("1,024") == "[1,024]")
        #expect(PseudoLocale.accented.transform("") == "")
        for text in ["a", "Media", "Highlights", "A much longer sentence in a bio."] {
            let count = PseudoLocale.accented.transform(text).count
            #expect(Double(count) >= 1.4 * Double(text.count), "\(text)")
        }
    }

    @Test func bidiOverridesTheDirection() {
        #expect(PseudoLocale.bidi.transform("Posts") == "\u{200F}\u{202E}Posts\u{202C}\u{200F}")
        #expect(PseudoLocale.bidi.transform("") == "")
    }

    /// `pseudoLocale: accented` rewrites the header, tabs and counts; `bidi` also lays out
    /// right to left; an unknown one is refused at its value.
    @Test func scenariosTakeAPseudoLocale() throws {
        // "Jane Appleseed": 14 characters, 1.4 × 14 = 19.6 → 20; 16 with brackets, + " one" = 20.
        // "Media" and "Likes": 5 → 7 with the brackets. "Following": 9 → 12.6 → 13; 11, + " one" = 15.
        let accented = try Fixtures.parse(Fixtures.yaml(extra: "pseudoLocale: accented"))
        #expect(accented.look.header.title == "[Ĵáñé Åþþļéšééð one]")
        #expect(accented.container.tabs.map(\.title) == ["[Þöšţš]", "[Ṁéðîá]", "[Ļîķéš]"])
        #expect(accented.look.header.buttonTitle == "[Ƒöļļöŵ one]")
        #expect(accented.look.header.stats.map(\.label) == ["[Ƒöļļöŵîñĝ one]", "[Ƒöļļöŵéŕš one]"])
        #expect(accented.look.header.stats.map(\.value) == ["1,024", "12.5K"])
        let bidi = try Fixtures.parse(Fixtures.yaml(extra: "pseudoLocale: bidi"))
        #expect(bidi.settings.layoutDirection == .rtl)
        #expect(
            Fixtures.refusal(Fixtures.yaml(extra: "pseudoLocale: en-XA"))
                == "test.yaml:2:15: error: 'pseudoLocale' cannot be 'en-XA' (expected one of accented, bidi)")
    }
}

extension PseudoLocaleTests {
    /// Steps name tabs as written (`select: Media`), whatever the pseudo-locale shows.
    @Test func stepsNameTabsAsWritten() throws {
        let scenario = try Fixtures.parse(Fixtures.yaml(extra: "pseudoLocale: bidi", steps: ["- select: Media", "- snapshot: media"]))
        let run = try ScenarioRunner.run(scenario, measuring: FixedAdvanceMeasurer())
        #expect(run.snapshots.first?.state.container.selectedTab == 1)
    }
}
