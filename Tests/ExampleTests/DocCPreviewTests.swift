import Foundation
import TabStageImageDiff
import TabStageRendering
import TabStageScenario
import TabStageTestSupport
import TabStageWorkflow
import Testing

/// The DocC catalog's pictures (Sources/TabStage/TabStage.docc/Resources) must be what
/// `Scripts/previews.sh` writes today from docs/previews/docc.tsv (`tabstage previews --docc`):
/// each line's snapshot as NAME@2x.png and, for a variant with a dark twin, NAME~dark@2x.png,
/// and no other picture.
@Suite struct DocCPreviewTests {
    static let listPath = "docs/previews/docc.tsv"
    static let folder = "Sources/TabStage/TabStage.docc/Resources"

    static let entries: [PreviewList.Entry] = {
        let text = (try? String(contentsOf: Fixtures.root.appendingPathComponent(listPath), encoding: .utf8)) ?? ""
        return (try? PreviewList.parse(text, path: listPath).entries) ?? []
    }()

    /// The list names the pictures the articles show: variants.yaml at L and at AX3.
    @Test func theListNamesTheArticlesPictures() {
        #expect(Self.entries.map(\.name) == ["variants-L", "variants-AX3"])
    }

    /// Every picture of every line, drawn as `tabstage previews --docc` draws it, equals the
    /// catalog's file pixel for pixel; the catalog holds no other PNG.
    @Test func everyDocCPictureIsUpToDate() throws {
        var expected: Set<String> = []
        for entry in Self.entries {
            let scenario = try ScenarioLoader.load(path: Fixtures.root.appendingPathComponent(entry.scenario).path)
            let runs = try ScenarioVariants.expand(scenario).map { try ScenarioRunner.record($0, measuring: TextMeasurer.shared) }
            let pictures = try DocCPictures.plan(runs, scale: 2)
            let runIndex = try #require(runs.firstIndex { $0.scenario.variant?.name == entry.variant })
            let snapshotIndex = try #require(runs[runIndex].snapshots.firstIndex { $0.name == entry.snapshot })
            let line = try #require(pictures.first { $0.run == runIndex && $0.snapshot == snapshotIndex })
            let pair = pictures.filter { $0.name == line.name }
            // variants.yaml's matrix is light and dark × L and AX3: each line has a dark twin.
            #expect(pair.count == 2 && Set(pair.map(\.dark)) == [false, true], "\(entry.name)")
            for picture in pair {
                let file = DocCPictures.fileName(entry.name, scale: 2, dark: picture.dark)
                expected.insert(file)
                let run = runs[picture.run]
                let state = run.snapshots[picture.snapshot].state
                let options = RenderOptions(formats: [.png], scale: 2, deviceFrame: true)
                let actual = try SnapshotRenderer.image(
                    svg: SnapshotRenderer.svg(state, look: run.scenario.look, options: options), state: state, look: run.scenario.look,
                    options: options)
                let stale = "\(Self.folder)/\(file) is stale: run Scripts/previews.sh and commit the result"
                guard let data = try? Data(contentsOf: Fixtures.root.appendingPathComponent("\(Self.folder)/\(file)")) else {
                    Issue.record(Comment(rawValue: stale))
                    continue
                }
                let same = try PNGCodec.decode(Array(data)) == actual
                #expect(same, Comment(rawValue: stale))
            }
        }
        let present = Set(
            ((try? FileManager.default.contentsOfDirectory(atPath: Fixtures.root.appendingPathComponent(Self.folder).path)) ?? [])
                .filter { $0.hasSuffix(".png") })
        #expect(
            present == expected,
            "files in \(Self.folder) that docs/previews/docc.tsv does not give: \(present.subtracting(expected).sorted())")
    }
}
