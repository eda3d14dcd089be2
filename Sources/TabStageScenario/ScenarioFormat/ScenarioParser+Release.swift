import TabStageModel
import Yams

extension ScenarioParser {
    /// `scenario` as it runs on another release: its own text parsed again with `iOSVersion` and
    /// `designCompatibility` set (and its `variants` left out), so every rule that depends on the
    /// release is checked for that release, as if the file said so. What `tabstage drift`
    /// compares.
    ///
    /// - Throws: A `ScenarioError` where the scenario cannot run on that release (a key refused
    ///   before iOS 26, Split View's widths on iPadOS 26), saying which release.
    package static func release(of scenario: Scenario, iOSVersion: Int, designCompatibility: Bool) throws(ScenarioError) -> Scenario {
        guard let source = scenario.source else {
            throw ScenarioError(
                SourceLocation(file: scenario.file), "the scenario's text was not kept, so it cannot be run on another release")
        }
        do {
            return try parse(
                source.text, file: scenario.file, defaultName: source.defaultName, assetFolder: source.assetFolder, variant: nil,
                release: (iOSVersion, designCompatibility))
        } catch {
            var error = error
            error.message += " (on iOS \(iOSVersion)\(designCompatibility ? " with designCompatibility" : ""))"
            throw error
        }
    }

    /// `root` with `iOSVersion` and `designCompatibility` set, and without `variants`.
    static func setting(_ release: (iOSVersion: Int, designCompatibility: Bool), in root: Node) -> Node {
        guard case .mapping(let mapping) = root else { return root }
        let replacements: [(String, Node)] = [
            ("iOSVersion", Node.scalar(.init(String(release.iOSVersion), Tag(.int)))),
            ("designCompatibility", Node.scalar(.init(release.designCompatibility ? "true" : "false", Tag(.bool)))),
        ]
        return replacingTopLevel(replacements, in: mapping)
    }
}
