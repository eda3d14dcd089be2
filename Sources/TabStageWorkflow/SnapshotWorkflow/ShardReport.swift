import Foundation
import TabStageImageDiff
import TabStageModel

/// `report.json`: what a `verify --report` folder holds, as data. Every snapshot's result
/// (matches included, for the counts) with what the page shows of it, the run's settings, the
/// shard it was and the tabstage version that wrote it. `merge-reports` reads these files only;
/// `accept` reads one back, so the record lives with the workflow and its pages with the reports.
package struct ShardReport: Sendable, Hashable, Codable {
    /// The layout of this file; a reader refuses a layout it does not know.
    package static let currentFormat = 1

    /// A `--shard I/N`, as written.
    package struct Slice: Sendable, Hashable, Codable {
        /// The slice, from 1.
        package var index: Int
        /// How many slices the run was split into.
        package var count: Int
        /// Slice `index` of `count`.
        package init(index: Int, count: Int) {
            self.index = index
            self.count = count
        }
    }

    /// One snapshot's result.
    package struct Result: Sendable, Hashable, Codable {
        /// The scenario's place among all the run's scenario files, sorted as `--shard` sorts them.
        package var position: Int
        /// The scenario's name (its output folder).
        package var group: String
        /// The snapshot's name.
        package var name: String
        /// `matched`, `recorded` or `failed`.
        package var status: String
        /// What the page says about it (empty for a match).
        package var message: String
        /// Image size and counts of the pixel comparison, when one was made.
        package var comparison: [Int]?
        /// Report images by kind (`expected`, `actual`, `diff`), relative to the report folder.
        package var images: [String: String]
        /// Clusters of differing pixels, each `[x, y, width, height]`.
        package var regions: [[Int]]
        /// The SVG lines that changed.
        package var svgChanges: [String]
        /// The command that accepts the change.
        package var accept: String?
        /// The frames around the first differing frame reference, when this is it (absent
        /// otherwise, so a report without frames reads as before).
        package var strip: [SnapshotOutcome.StripFrame]?
        /// What moved against the layout reference: how many moves, and the first of them in
        /// words (absent when nothing moved, so a report without moves reads as before).
        package var geometry: Geometry?
        /// The new rendering's files `tabstage accept` copies (`png`, `svg`, `layout`), each
        /// with its SHA-256 (absent for a match, and in reports written before accept).
        package var files: [String: ReportFile]?
        /// What the result was checked against: the SHA-256 of the reference files and of the
        /// scenario file (absent in reports written before they were kept). A report is a claim;
        /// these let `merge-reports --snapshots` refuse one about other references.
        package var checked: Checked?
    }

    /// The digests of what one snapshot was compared with.
    package struct Checked: Sendable, Hashable, Codable {
        /// The SHA-256 of each reference file there was, by kind (`png`, `svg`, `layout`); empty
        /// when there was no reference; the files written when the run recorded it.
        package var reference: [String: String]
        /// The SHA-256 of the scenario file, as the run's `inputs` keep it.
        package var scenario: String?
    }

    /// A result's layout moves, as `verify` printed them.
    package struct Geometry: Sendable, Hashable, Codable {
        /// Elements moved and values changed.
        package var moved: Int
        /// At most eight lines, largest first, then "and N more".
        package var lines: [String]
        /// The listed elements' frames, `[x, y, width, height]` in points, where they were and
        /// are, for the page to box.
        package var boxes: [Box]?
        /// The drawn canvas, `[width, height]` in points.
        package var canvas: [Double]?

        /// One listed element's frames.
        package struct Box: Sendable, Hashable, Codable {
            package var line: Int
            package var old: [Double]?
            package var new: [Double]?
        }
    }

    /// `currentFormat` when written.
    package var format: Int
    /// The tabstage version that wrote the report.
    package var tabstage: String
    /// The slice this run verified; nil for a run of every scenario.
    package var shard: Slice?
    /// How many scenario files the run was given (before its slice was taken).
    package var scenarios: Int
    /// The record mode the run used.
    package var recordMode: String
    /// The perceptual threshold the run used.
    package var threshold: Double
    /// Every snapshot, in the order the run verified them.
    package var results: [Result]
    /// What the run was made from, which `accept` checks again (see `ReportInputs`).
    package var inputs: ReportInputs?

    /// A report in the current layout of `results`, with no inputs yet.
    package init(version: String, shard: Shard?, scenarios: Int, recordMode: String, threshold: Double, results: [Result]) {
        format = Self.currentFormat
        tabstage = version
        self.shard = shard.map { Slice(index: $0.index, count: $0.count) }
        self.scenarios = scenarios
        self.recordMode = recordMode
        self.threshold = threshold
        self.results = results
    }

    /// Each result's scenario digest taken from `inputs` (the digest of the file its scenario
    /// was read from), for the results that keep their reference's digests.
    package mutating func recordScenarioDigests() {
        guard let inputs else { return }
        for index in results.indices where results[index].checked != nil {
            let group = results[index].group
            let scenario = FrameReferences.isFrameGroup(group) ? String(group.dropLast(FrameReferences.folder.count + 1)) : group
            results[index].checked?.scenario = inputs.scenarios[scenario].flatMap { inputs.files[$0] }
        }
    }

    /// Stable text: keys sorted, two-space indents, one trailing newline.
    package func encoded() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Every field is a plain value: encoding cannot fail.
        return Array((try? encoder.encode(self)) ?? Data()) + [UInt8(ascii: "\n")]
    }

    /// The outcomes again, with their image paths as written.
    package var outcomes: [SnapshotOutcome] { results.map(\.outcome) }
}

extension ShardReport.Result {
    /// One outcome as report.json keeps it; `position` is its scenario's place among the run's files.
    package init(_ outcome: SnapshotOutcome, position: Int) {
        self.position = position
        group = outcome.group
        name = outcome.name
        switch outcome.status {
        case .matched: status = "matched"
        case .recorded: status = "recorded"
        case .failed: status = "failed"
        }
        message = outcome.passed ? "" : outcome.message
        comparison = outcome.comparison.map { [$0.width, $0.height, $0.differentPixels, $0.antiAliasedPixels] }
        images = Dictionary(uniqueKeysWithValues: outcome.images.map { ($0.key.rawValue, $0.value) })
        regions = outcome.regions.map { [$0.x, $0.y, $0.width, $0.height] }
        svgChanges = outcome.svgChanges
        accept = outcome.accept
        files = outcome.acceptFiles.isEmpty ? nil : outcome.acceptFiles
        checked = outcome.referenceDigests.map { ShardReport.Checked(reference: $0, scenario: nil) }
        strip = outcome.strip.isEmpty ? nil : outcome.strip
        func numbers(_ rect: Rect) -> [Double] { [rect.x, rect.y, rect.width, rect.height] }
        geometry =
            outcome.geometry.isEmpty
            ? nil
            : ShardReport.Geometry(
                moved: outcome.moved, lines: outcome.geometry,
                boxes: outcome.geometryBoxes.map { .init(line: $0.line, old: $0.old.map(numbers), new: $0.new.map(numbers)) },
                canvas: outcome.canvas.map { [$0.width, $0.height] })
    }

    var outcome: SnapshotOutcome {
        let status: SnapshotOutcome.Status =
            switch self.status {
            case "matched": .matched
            case "recorded": .recorded(message)
            default: .failed(message)
            }
        var outcome = SnapshotOutcome(
            group: group, name: name, status: status,
            comparison: comparison.map { .init(width: $0[0], height: $0[1], differentPixels: $0[2], antiAliasedPixels: $0[3]) })
        for (key, path) in images { if let kind = SnapshotImages.Kind(rawValue: key) { outcome.images[kind] = path } }
        outcome.regions = regions.map { DiffRegion(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) }
        outcome.svgChanges = svgChanges
        outcome.accept = accept
        outcome.acceptFiles = files ?? [:]
        outcome.strip = strip ?? []
        outcome.geometry = geometry?.lines ?? []
        outcome.moved = geometry?.moved ?? 0
        func rect(_ numbers: [Double]?) -> Rect? {
            guard let numbers, numbers.count == 4, numbers.allSatisfy(\.isFinite) else { return nil }
            return Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
        }
        // At most as many boxes as lines: a report cannot make a page draw more than it lists.
        outcome.geometryBoxes = (geometry?.boxes ?? []).prefix(LayoutComparison.listed).map {
            SnapshotOutcome.GeometryBox(line: $0.line, old: rect($0.old), new: rect($0.new))
        }
        if let canvas = geometry?.canvas, canvas.count == 2, canvas.allSatisfy({ $0.isFinite && $0 > 0 }) {
            outcome.canvas = Size(width: canvas[0], height: canvas[1])
        }
        return outcome
    }
}
