import TabStageRendering
import TabStageScenario
import TabStageTestSupport
import Testing

/// Pseudo-locale truncation with the widths Pango measures (moved from ModelTests'
/// `PseudoLocaleTests`: which strings are cut is what the measured widths decide).
@Suite struct PseudoLocaleTruncationTests {
    /// A pseudo-locale run's truncation warnings name each string it cut: the plain scenario
    /// cuts nothing; accented, the longer handle and the "Replies" tab no longer fit.
    @Test func truncationsListEachString() throws {
        func yaml(_ extra: String) -> String {
            Fixtures.yaml(extra: extra).replacingOccurrences(
                of: "subtitle: \"@jane\"}", with: "subtitle: \"@jane · iOS engineer at Example Corporation\"}"
            )
            .replacingOccurrences(
                of: "  tabs:\n", with: "  tabBar: {layout: fill}\n  tabs:\n    - {title: Replies, rows: 15, rowHeight: 100}\n")
        }
        let plain = try RunWarnings.check(try Fixtures.parse(yaml("")), measuring: TextMeasurer.shared)
        #expect(plain.filter { $0.warning.kind == .truncated }.isEmpty)
        let scenario = try Fixtures.parse(yaml("pseudoLocale: accented"))
        let truncated = try RunWarnings.check(scenario, measuring: TextMeasurer.shared).map(\.warning).filter { $0.kind == .truncated }
        // "Replies": 7 characters → 9.8 → 10; 9 with brackets, + " one" = 13. The handle: 43 →
        // 60.2 → 61; 63, + " one two three four" = 82.
        #expect(truncated.map(\.element) == ["subtitle", "tab-0"])
        #expect(
            truncated.first?.text.hasPrefix("'[@ĵáñé · îÖŠ éñĝîñééŕ áţ Éẋáɱþļé Çöŕþöŕáţîöñ one two three four]' is truncated to '[@ĵáñé")
                == true)
        #expect(truncated.last?.text.hasPrefix("'[Ŕéþļîéš one]' is truncated to '[Ŕé") == true)
    }
}
