import TabStageImageDiff
import TabStageModel

/// What verifying one snapshot found: a small record (no pixels), so a run keeps one per
/// snapshot however many fail.
public struct SnapshotOutcome: Sendable, Hashable {
    /// How a snapshot compared.
    public enum Status: Sendable, Hashable {
        case matched
        /// A reference was written; counts as a failure so it gets reviewed.
        case recorded(String)
        case failed(String)
    }

    /// The counts of a pixel comparison.
    public struct Comparison: Sendable, Hashable {
        /// The image width in pixels.
        public var width: Int
        /// The image height in pixels.
        public var height: Int
        /// Pixels that differ beyond the threshold.
        public var differentPixels: Int
        /// Pixels that differ only as anti-aliasing.
        public var antiAliasedPixels: Int
        /// A comparison from its counts.
        public init(width: Int, height: Int, differentPixels: Int, antiAliasedPixels: Int) {
            self.width = width
            self.height = height
            self.differentPixels = differentPixels
            self.antiAliasedPixels = antiAliasedPixels
        }
        /// The counts of a perceptual diff.
        public init(_ result: PerceptualDiff.Result) {
            self.init(
                width: result.width, height: result.height, differentPixels: result.differentPixels,
                antiAliasedPixels: result.antiAliasedPixels)
        }
    }

    /// The scenario's (or test file's) name.
    public var group: String
    /// The snapshot's name.
    public var name: String
    /// What the comparison found.
    public var status: Status
    /// Pixel comparison, when one was made.
    public var comparison: Comparison?
    /// Image files written for review, by kind, as paths relative to the report folder.
    public var images: [SnapshotImages.Kind: String]
    /// Clusters of differing pixels, in the images' pixels, for the report to box.
    public var regions: [DiffRegion] = []
    /// The SVG lines that changed ("- " the reference's, "+ " the new rendering's), when both
    /// sides are SVGs.
    public var svgChanges: [String] = []
    /// The shell command that accepts the change (re-records the reference, or copies the file).
    public var accept: String?
    /// What moved between the layout reference and this rendering, one line each, largest
    /// first, at most eight and then "and N more" (empty when nothing moved).
    public var geometry: [String] = []
    /// How many elements moved and values changed, of which `geometry` lists the first.
    public var moved = 0
    /// Where the listed elements were and are, for the report to draw over the pictures.
    public var geometryBoxes: [GeometryBox] = []
    /// The drawn canvas in points, which the boxes are placed in.
    public var canvas: Size?

    /// One listed element's frame in the reference and now, in window points.
    public struct GeometryBox: Sendable, Hashable {
        /// The index of its line in `geometry`.
        public var line: Int
        /// Where it was; nil when it appeared.
        public var old: Rect?
        /// Where it is; nil when it went.
        public var new: Rect?
        /// A box of a listed move.
        public init(line: Int, old: Rect?, new: Rect?) {
            self.line = line
            self.old = old
            self.new = new
        }
    }
    /// The reference has no `NAME.layout.txt` (recorded before tabstage recorded layouts): only
    /// its pixels were compared.
    public var lacksLayout = false
    /// For the first differing frame of a scenario's frame references: it between the frames
    /// before and after it, each with its reference and its new rendering, for the report.
    public var strip: [StripFrame] = []
    /// The new rendering's files in the report folder that `tabstage accept` copies, by kind
    /// (`png`, `svg`, `layout`), each with its SHA-256.
    package var acceptFiles: [String: ReportFile] = [:]
    /// The SHA-256 of each reference file the snapshot was compared with, by kind (`png`, `svg`,
    /// `layout`): empty when there was none, the files written when it was recorded; nil when the
    /// verifier was not asked for them (`Verifier.recordsDigests`).
    package var referenceDigests: [String: String]?

    /// One frame of a report's strip around the first differing frame.
    public struct StripFrame: Sendable, Hashable, Codable {
        /// The frame's reference name (`0012`).
        public var name: String
        /// Whether the frame matched its reference.
        public var passed: Bool
        /// The reference PNG, relative to the report folder; nil when there is none.
        public var expected: String?
        /// The new rendering's PNG, relative to the report folder.
        public var actual: String?

        /// A frame of the strip.
        public init(name: String, passed: Bool, expected: String?, actual: String?) {
            self.name = name
            self.passed = passed
            self.expected = expected
            self.actual = actual
        }
    }

    /// True only for a match: recording counts as a failure, so new references are reviewed.
    public var passed: Bool { status == .matched }
    /// Whether this outcome recorded a reference (a failure only so a test run is not green
    /// by accident): the reference is already written, so re-recording has nothing to add.
    public var isRecording: Bool {
        if case .recorded = status { return true }
        return false
    }

    /// A match whose SVG text differs from the reference's: the pixels were compared and came
    /// within the threshold and budget. Worth a line, since a small colour change passes.
    public var matchedWithChangedSVG: Bool { status == .matched && comparison != nil }

    /// An outcome from its parts.
    public init(group: String, name: String, status: Status, comparison: Comparison? = nil, images: [SnapshotImages.Kind: String] = [:]) {
        self.group = group
        self.name = name
        self.status = status
        self.comparison = comparison
        self.images = images
    }

    /// The message and, under it, what moved, one indented line each: what a test failure shows.
    public var messageWithMoves: String { ([message] + geometry.map { "  " + $0 }).joined(separator: "\n") }

    /// One line saying what happened and what to do.
    public var message: String {
        switch status {
        case .matched: "matches"
        case .recorded(let text), .failed(let text): text
        }
    }
}

/// The PNGs that explain a failure. Held only until they are written out.
public struct SnapshotImages: Sendable, Hashable {
    /// Which image of a failure.
    public enum Kind: String, Sendable, Hashable, CaseIterable, Comparable {
        case expected, actual, diff
        /// Expected, then actual, then diff.
        public static func < (a: Kind, b: Kind) -> Bool { allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)! }
    }

    /// The reference PNG.
    public var expected: [UInt8]?
    /// The PNG rendered now.
    public var actual: [UInt8]?
    /// Where they differ.
    public var diff: [UInt8]?

    /// Images of a failure; each optional.
    public init(expected: [UInt8]? = nil, actual: [UInt8]? = nil, diff: [UInt8]? = nil) {
        self.expected = expected
        self.actual = actual
        self.diff = diff
    }

    /// The image of one kind.
    public subscript(kind: Kind) -> [UInt8]? {
        switch kind {
        case .expected: expected
        case .actual: actual
        case .diff: diff
        }
    }

    /// True when there is no image at all.
    public var isEmpty: Bool { expected == nil && actual == nil && diff == nil }
}
