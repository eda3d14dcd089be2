import TabStageModel

extension ScenarioParser {
    /// `appTabBar: {items, selected, minimizeBehavior, searchTab}`: the app's own tab bar.
    static func parseAppTabBar(_ value: YAMLValue) throws(ScenarioError) -> AppTabBarConfig {
        let fields = try value.mapping(allowed: ScenarioKeys.appTabBar.names)
        let items = try parseTitles(
            fields.required("items", "a list of 1 to \(AppTabBarConfig.maxItems) item titles"), limit: AppTabBarConfig.maxItems)
        let last = items.count - 1
        let selected =
            try fields["selected"]?.integer(
                in: 0...last, last == 0 ? "0, the only item's index" : "an item's index from 0 to \(last)") ?? 0
        let behavior = try fields["minimizeBehavior"]?.choice(TabBarMinimizeBehavior.self) ?? .automatic
        let search = try fields["searchTab"]?.integer(
            in: 0...last, last == 0 ? "0, the only item's index" : "an item's index from 0 to \(last)")
        return AppTabBarConfig(items: items, selected: selected, minimizeBehavior: behavior, searchTab: search)
    }
}
