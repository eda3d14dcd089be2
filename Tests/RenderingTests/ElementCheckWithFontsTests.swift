import Foundation
import TabStageLayout
import TabStageModel
import TabStageRendering
import TabStageScenario
import TabStageTestSupport
import TabStageTesting
import Testing

/// The element checks with the fonts that draw (the bundled examples) and the testing API's
/// strict option, which renders (moved from ModelTests' `ElementCheckTests`, whose frames are
/// worked out by hand with the fixed-advance measurer).
@Suite struct ElementCheckWithFontsTests {
    /// Every bundled example, measured with the fonts that draw it: no overlap, nothing outside
    /// the safe area, no header content below the header, no post picture left out and no text
    /// a fixed height holds at XXXL (AX5 sizes its header to its text). (The brand example cuts
    /// its bio at the `bioLines` it sets, which is no warning.)
    @Test func theBundledExamplesHaveNoOverlapOrSafeAreaWarnings() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Examples").standardized
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }.sorted()
        #expect(files.count >= 10)
        for file in files {
            // Every variant of an example with `variants`.
            let warnings = try ScenarioVariants.expand(try ScenarioLoader.load(path: folder.appendingPathComponent(file).path)).flatMap {
                try RunWarnings.check($0, measuring: TextMeasurer.shared)
            }
            #expect(warnings.isEmpty, "\(file): \(warnings.map { $0.line(scenario: file) })")
        }
    }

    /// `strict: true` records one issue per layout warning, besides the snapshot's own result.
    @Test func strictAssertionsRecordAnIssuePerWarning() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let look = Look(header: HeaderContent(title: "Maximilian Alexander Featherstonehaugh", subtitle: "@jane"))
        let stage = Stage(window: Fixtures.window("iphone-se"), container: Fixtures.issueConfig(), look: look)
        #expect(StageLayout(stage.state, look: look, measuring: TextMeasurer.shared).warnings.map(\.element) == ["title"])
        withRecordingIssue {
            assertTabSnapshot(of: stage, named: "long", record: .all, snapshotDirectory: folder.path)
        }
        // Without strict the matching snapshot passes with no issue; with it, one issue.
        #expect(assertTabSnapshot(of: stage, named: "long", record: .never, snapshotDirectory: folder.path).first?.passed == true)
        let messages = IssueMessages()
        withKnownIssue("strict turns the truncated name into an issue") {
            let outcome = assertTabSnapshot(of: stage, named: "long", record: .never, snapshotDirectory: folder.path, strict: true)
            #expect(outcome.first?.passed == true)
        } matching: {
            messages.add($0)
        }
        #expect(messages.all.count == 1)
        #expect(messages.all.first?.hasPrefix("Snapshot \"long\": layout warning (strict): title: truncated: 'Maximilian") == true)
    }

    /// A fixed header at AX3 holds its text at XXXL: `strict: true` records the `cappedText`
    /// warning too, with the height `height: fit` would take (measured with the fonts that draw).
    @Test func strictAssertionsRecordAFixedHeightThatCapsTheText() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let look = Look(header: HeaderContent(title: "Ravi", subtitle: "@ravi"))
        let config = ContainerConfig(
            header: HeaderConfig(height: 300, minHeight: 44),
            tabs: [TabConfig(title: "Posts", content: .list(rows: 30, rowHeight: .fixed(100)))])
        let window = Fixtures.window("iphone-15", settings: DisplaySettings(contentSizeCategory: .AX3))
        let stage = Stage(window: window, container: config, look: look)
        var fitting = look
        fitting.header.sizesToFitText = true
        let needs = StageLayout.fittingHeaderHeight(stage.state, look: fitting, measuring: TextMeasurer.shared)
        #expect(needs > 300)
        withRecordingIssue {
            assertTabSnapshot(of: stage, named: "ax3", record: .all, snapshotDirectory: folder.path)
        }
        let messages = IssueMessages()
        withKnownIssue("strict turns the capped header into an issue") {
            _ = assertTabSnapshot(of: stage, named: "ax3", record: .never, snapshotDirectory: folder.path, strict: true)
        } matching: {
            messages.add($0)
        }
        #expect(
            messages.all == [
                "Snapshot \"ax3\": layout warning (strict): header: cappedText: the header draws its text at XXXL, not AX3: at AX3 it needs \(Int(needs)) pt and its fixed height gives 300 pt (height: fit sizes the header to its text)"
            ])
    }

    @Test func strictScenarioAssertionsRecordTheLinesTabstagePrints() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = "Maximilian Alexander Featherstonehaugh"
        let file = folder.appendingPathComponent("long.yaml")
        try Fixtures.yaml(device: "iphone-se", extra: "name: long").replacingOccurrences(of: "Jane Appleseed", with: name)
            .write(to: file, atomically: true, encoding: .utf8)
        let snapshots = folder.appendingPathComponent("refs").path
        withRecordingIssue {
            assertScenarioSnapshots(file.path, snapshots: snapshots, record: .all)
        }
        let plain = assertScenarioSnapshots(file.path, snapshots: snapshots, record: .never)
        #expect(plain.count == 1 && plain.allSatisfy { $0.passed })
        let messages = IssueMessages()
        withKnownIssue("strict turns the truncated name into an issue") {
            assertScenarioSnapshots(file.path, snapshots: snapshots, record: .never, strict: true)
        } matching: {
            messages.add($0)
        }
        #expect(messages.all.count == 1)
        #expect(
            messages.all.first?.hasPrefix(
                "layout warning (strict): long: step 0 (snapshot start): title: truncated: '\(name)' is truncated to 'Maximilian") == true)
    }
}
