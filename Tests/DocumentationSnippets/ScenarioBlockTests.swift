import Foundation
import TabStageTesting
import Testing

/// Every ```yaml block in the README and the articles is a scenario a reader can copy and run:
/// it parses and every step runs. A block that is only part of a file (a few keys, a CI
/// workflow) says so on its first line with a comment starting `# fragment`, and is skipped.
@Suite struct ScenarioBlockTests {
    /// A fenced block with the document line its first content line is on.
    struct Block {
        var document: String
        var line: Int
        var text: String

        var isFragment: Bool { text.hasPrefix("# fragment") }
    }

    static func yamlBlocks() throws -> [Block] {
        var found: [Block] = []
        for document in try DocumentationDriftTests.documents() {
            let lines = try String(contentsOf: document, encoding: .utf8).components(separatedBy: "\n")
            var start: Int?
            for (index, line) in lines.enumerated() {
                if start == nil, line == "```yaml" {
                    start = index + 1
                } else if let first = start, line == "```" {
                    let text = lines[first..<index].joined(separator: "\n")
                    found.append(Block(document: document.lastPathComponent, line: first + 1, text: text))
                    start = nil
                }
            }
        }
        return found
    }

    @Test func everyWholeScenarioBlockParsesAndRuns() throws {
        let blocks = try Self.yamlBlocks()
        let scenarios = blocks.filter { !$0.isFragment }
        // The README's overview and the Scenario Format article's first example, at least.
        #expect(scenarios.count >= 2, "whole scenarios found: \(scenarios.map { "\($0.document):\($0.line)" })")
        for block in scenarios {
            let place = "\(block.document):\(block.line)"
            do {
                let scenario = try ScenarioParser.parse(block.text, file: place, defaultName: "documentation-block")
                // A block with `variants` runs each of them.
                for variant in try ScenarioVariants.expand(scenario) {
                    let run = try ScenarioRunner.run(variant, measuring: TextMeasurer.shared)
                    #expect(!run.snapshots.isEmpty, "\(place): the scenario takes no snapshot")
                }
            } catch {
                Issue.record("\(place): the block does not run (mark a partial block '# fragment'): \(error)")
            }
        }
    }

    @Test func fragmentsAreMarkedOnTheirFirstLineOnly() throws {
        // The marker is a whole comment line at the top, so a reader sees it before copying.
        for block in try Self.yamlBlocks() {
            let markers = block.text.components(separatedBy: "\n").filter { $0.hasPrefix("# fragment") }
            #expect(markers.count == (block.isFragment ? 1 : 0), "\(block.document):\(block.line): '# fragment' belongs on the first line")
        }
    }
}
