import Foundation
import TabStageLayout
import TabStageModel
import TabStageScenario
import TabStageTestSupport
import Testing

/// The X profile's scenario keys: `theme.style`, `theme.compose`, the header's details and post
/// counts, and the items' action bar counts, parsed, defaulted and refused with a location.
@Suite struct XProfileKeysTests {
    static func parse(_ yaml: String) throws(ScenarioError) -> Scenario { try ScenarioParser.parse(yaml, file: "x.yaml", defaultName: "x") }

    static func refusal(_ yaml: String) -> ScenarioError? {
        do {
            _ = try parse(yaml)
            return nil
        } catch { return error }
    }

    @Test func theXStyleComposeAndDetailsAreRead() throws {
        let yaml = Fixtures.yaml(extra: "theme: {style: x, compose: true}").replacingOccurrences(
            of: "subtitle: \"@jane\"}",
            with: "subtitle: \"@jane\", location: \"Paris\", link: \"x.dev\", joined: \"Joined 2009\", posts: \"1,204\"}")
        let scenario = try Self.parse(yaml)
        #expect(scenario.look.theme.style == .x && scenario.look.theme.compose)
        let header = scenario.look.header
        #expect([header.location, header.link, header.joined, header.posts] == ["Paris", "x.dev", "Joined 2009", "1,204"])
    }

    @Test func leftOutTheyKeepTheStandardLook() throws {
        let scenario = try Self.parse(Fixtures.yaml())
        #expect(scenario.look.theme.style == .standard && !scenario.look.theme.compose)
        #expect(scenario.look.header.location.isEmpty && scenario.look.header.posts.isEmpty)
    }

    @Test func anItemsCountsAreRead() throws {
        let yaml = Fixtures.yaml().replacingOccurrences(
            of: "- {title: Posts, rows: 30, rowHeight: 100}",
            with:
                "- {title: Posts, rows: 30, rowHeight: 100, items: [{title: Ada, replies: \"3\", reposts: \"1\", likes: \"1.2K\", views: \"40K\"}]}"
        )
        let scenario = try Self.parse(yaml)
        let item = try #require(scenario.look.rowContent(tab: 0)?.items.first)
        #expect(item.counts == RowItem.Counts(replies: "3", reposts: "1", likes: "1.2K", views: "40K"))
    }

    @Test func anUnknownStyleIsRefusedAtItsValue() throws {
        let error = try #require(Self.refusal(Fixtures.yaml(extra: "theme:\n  style: twitter")))
        #expect(error.location.line == 3 && error.location.column == 10)
        #expect(error.message == "'theme.style' cannot be 'twitter'")
        #expect(error.expected == "one of standard, x")
        #expect(Self.refusal(Fixtures.yaml(extra: "theme: {compose: yes please}"))?.message.contains("theme.compose") == true)
    }
}
