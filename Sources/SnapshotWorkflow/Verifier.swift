import Adaptive
import Foundation
import ImageDiff
import ScrollableTab
import Stage

/// What verifying one snapshot found.
public struct SnapshotOutcome: Sendable {
    public enum Status: Sendable, Hashable {
        case matched
        /// A reference was written; counts as a failure so it gets reviewed.
        case recorded(String)
        case failed(String)
    }

    public var group: String
    public var name: String
    public var status: Status
    /// Pixel comparison, when one was made.
    public var diff: PerceptualDiff.Result?
    /// For failure reports.
    public var expectedPNG: [UInt8]?
    public var actualPNG: [UInt8]?
    public var diffPNG: [UInt8]?

    public var passed: Bool { status == .matched }

    public init(
        group: String, name: String, status: Status, diff: PerceptualDiff.Result? = nil,
        expectedPNG: [UInt8]? = nil, actualPNG: [UInt8]? = nil, diffPNG: [UInt8]? = nil
    ) {
        self.group = group
        self.name = name
        self.status = status
        self.diff = diff
        self.expectedPNG = expectedPNG
        self.actualPNG = actualPNG
        self.diffPNG = diffPNG
    }

    public var message: String {
        switch status {
        case .matched: "matches"
        case .recorded(let text), .failed(let text): text
        }
    }
}

/// Compares renders with references: the SVG text first (equal text means equal pixels on the
/// same renderer), then the pixels with the perceptual diff and the budget.
public struct Verifier: Sendable {
    public var store: ReferenceStore
    public var mode: RecordMode
    public var diffOptions: PerceptualDiff.Options
    public var budget: DiffBudget

    public init(store: ReferenceStore, mode: RecordMode, diffOptions: PerceptualDiff.Options = .init(), budget: DiffBudget = .init()) {
        self.store = store
        self.mode = mode
        self.diffOptions = diffOptions
        self.budget = budget
    }

    public func verify(_ state: StageState, group: String, name: String, writer: inout AtomicWriter) throws(WorkflowError) -> SnapshotOutcome {
        let svg = SnapshotRenderer.svg(state)
        var outcome = SnapshotOutcome(group: group, name: name, status: .matched)
        let pngPath = store.pngPath(group, name)

        guard let reference = store.read(group, name) else {
            guard mode != .never else {
                outcome.status = .failed("no reference at \(pngPath) (record it with `tabstage record` or TABSTAGE_RECORD=missing)")
                outcome.actualPNG = try SnapshotRenderer.encode(SnapshotRenderer.image(svg: svg, state: state))
                return outcome
            }
            try record(svg, state, group, name, writer: &writer)
            outcome.status = .recorded("no reference was found; recorded \(pngPath)")
            return outcome
        }
        if mode == .all {
            try record(svg, state, group, name, writer: &writer)
            outcome.status = .recorded("recorded \(pngPath) (TABSTAGE_RECORD=all)")
            return outcome
        }
        if svg == reference.svg { return outcome }

        let image = try SnapshotRenderer.image(svg: svg, state: state)
        let actualPNG = try SnapshotRenderer.encode(image)
        outcome.expectedPNG = reference.png
        outcome.actualPNG = actualPNG
        let problem: String
        switch compare(reference.png, image) {
        case .failure(let error):
            problem = "cannot compare with \(pngPath): \(error.message)"
        case .success(let diff):
            outcome.diff = diff
            if budget.allows(diff) { return SnapshotOutcome(group: group, name: name, status: .matched, diff: diff) }
            if let image = diff.image { outcome.diffPNG = try SnapshotRenderer.encode(image) }
            problem = "\(diff.differentPixels) pixels differ (\(percent(diff.ratio))), over the budget of \(budget.allowance(pixelCount: diff.pixelCount))"
        }
        if mode == .failed {
            try store.write(group, name, svg: svg, png: actualPNG, writer: &writer)
            outcome.status = .recorded("\(problem); recorded the new rendering (TABSTAGE_RECORD=failed)")
        } else {
            outcome.status = .failed(problem)
        }
        return outcome
    }

    private func compare(_ referencePNG: [UInt8], _ image: RGBAImage) -> Result<PerceptualDiff.Result, RasterError> {
        Result { () throws(RasterError) in
            try PerceptualDiff.compare(try PNGCodec.decode(referencePNG), image, options: diffOptions, diffImage: true)
        }
    }

    private func record(_ svg: String, _ state: StageState, _ group: String, _ name: String, writer: inout AtomicWriter) throws(WorkflowError) {
        let png = try SnapshotRenderer.encode(SnapshotRenderer.image(svg: svg, state: state))
        try store.write(group, name, svg: svg, png: png, writer: &writer)
    }
}

/// "0.04%" with up to three significant decimals, locale-free.
func percent(_ ratio: Double) -> String {
    let value = ratio * 100
    let decimals = value >= 10 ? 1 : value >= 1 ? 2 : 3
    return decimalText(value, decimals: decimals, keepingTrailingZeros: true) + "%"
}
