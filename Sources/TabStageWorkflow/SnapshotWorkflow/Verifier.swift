import Foundation
import TabStageImageDiff
import TabStageLayout
import TabStageModel
import TabStageRendering

/// One snapshot checked: the outcome, the images that explain a failure, and the reference
/// to write when the record mode asks for one.
public struct Verification: Sendable {
    /// A reference to record: the SVG and its PNG.
    public struct NewReference: Sendable, Hashable {
        /// The SVG text.
        public var svg: String
        /// The PNG bytes, with the SVG's digest.
        public var png: [UInt8]
        /// The layout it draws (`NAME.layout.txt`); nil for a frame reference, which keeps none.
        package var layout: LayoutReference?
        /// A reference pair.
        public init(svg: String, png: [UInt8]) {
            self.svg = svg
            self.png = png
        }
        /// A reference pair with its layout.
        package init(svg: String, png: [UInt8], layout: LayoutReference?) {
            self.svg = svg
            self.png = png
            self.layout = layout
        }
    }

    /// What the comparison found.
    public var outcome: SnapshotOutcome
    /// The images that explain it.
    public var images: SnapshotImages
    /// The reference to write, when the record mode asks for one.
    public var newReference: NewReference?
    /// A failure's new rendering as SVG text and layout, for the report `tabstage accept` reads.
    package var rendered: NewReference?

    /// A verification from its parts.
    public init(outcome: SnapshotOutcome, images: SnapshotImages = SnapshotImages(), newReference: NewReference? = nil) {
        self.outcome = outcome
        self.images = images
        self.newReference = newReference
    }
}

/// Compares renders with references: the SVG text first (a reference PNG whose header, chunks
/// or SVG digest do not fit fails at once), then the pixels with the perceptual diff and the
/// budget, also when the SVG text is equal (`checksPixels`): the reference PNG must show what
/// its SVG renders.
public struct Verifier: Sendable {
    /// Where the references are.
    public var store: ReferenceStore
    /// When to record instead of compare.
    public var mode: RecordMode
    /// The perceptual threshold.
    public var diffOptions: PerceptualDiff.Options
    /// How many differing pixels still pass.
    public var budget: DiffBudget
    /// Renders and compares the pixels even when the SVG text equals the reference's. The
    /// reference files may come from a pull request: a digest in the PNG can be copied into any
    /// other picture, so only a render tells what its SVG draws. On by default; `tabstage verify`
    /// and the Swift assertions turn it off only outside CI (see `PixelCheck`).
    public var checksPixels: Bool
    /// The scale PNGs render at (the device's when nil); the SVG does not depend on it.
    public var scale: Double?
    /// How far, in points, an element's edge or a value of the state may move and still match
    /// its layout reference: 0.01, the layout file's own precision, by default.
    public var geometryTolerance = LayoutComparison.defaultTolerance
    /// Whether each outcome keeps the SHA-256 of the reference files it was compared with
    /// (`SnapshotOutcome.referenceDigests`), for a report that says what it was checked against.
    package var recordsDigests = false

    /// A verifier over `store`.
    public init(
        store: ReferenceStore, mode: RecordMode, diffOptions: PerceptualDiff.Options = .init(), budget: DiffBudget = .init(),
        checksPixels: Bool = true, scale: Double? = nil
    ) {
        self.store = store
        self.mode = mode
        self.diffOptions = diffOptions
        self.budget = budget
        self.checksPixels = checksPixels
        self.scale = scale
    }

    private var options: RenderOptions { RenderOptions(scale: scale) }

    /// Checks and, when the mode says so, writes the new reference.
    package func verify(
        _ state: StageState, look: Look, group: String, name: String, writer: inout AtomicWriter
    ) throws(WorkflowError) -> Verification {
        let verification = try check(state, look: look, group: group, name: name)
        try write(verification, writer: &writer)
        return verification
    }

    /// Writes the reference a check asked for, if any.
    package func write(_ verification: Verification, writer: inout AtomicWriter) throws(WorkflowError) {
        guard let reference = verification.newReference else { return }
        try store.write(
            verification.outcome.group, verification.outcome.name, svg: reference.svg, png: reference.png, layout: reference.layout,
            writer: &writer)
    }

    /// Reads the reference and compares `state` drawn with `look` (the scenario's); writes
    /// nothing, so checks can run on several threads.
    ///
    /// The layout reference is compared first: an element that moved fails the snapshot even
    /// when every pixel is within the threshold, and the failure lists what moved. A hostile
    /// layout file (a link, over its limits, not what `record` writes) throws a `.badInput`
    /// error naming its line. Frame references keep no layout.
    public func check(_ state: StageState, look: Look, group: String, name: String) throws(WorkflowError) -> Verification {
        let layout = StageLayout(state, look: look, measuring: TextMeasurer.shared)
        let svg = SVGSnapshot.svg(state, look: look, layout: layout, deviceFrame: options.deviceFrame)
        let keepsLayout = !FrameReferences.isFrameGroup(group)
        let current = keepsLayout ? LayoutReference(state, layout: layout) : nil
        var verification = try check(svg: svg, state: state, look: look, group: group, name: name, layout: current)
        // A reference recorded here gets a layout `verify` can read again, or none is written.
        if verification.newReference != nil, let current, let problem = current.limitProblem(current.bytes) {
            throw WorkflowError("snapshot '\(group)/\(name)': \(problem)", kind: .badInput)
        }
        verification.newReference?.layout = current
        if recordsDigests, let reference = verification.newReference {
            // Recorded: the files now in the checkout are the ones written, the PNG stamped as `write` stamps it.
            let png = try ReferenceIdentity.stamp(reference.png, svg: reference.svg, path: store.pngPath(group, name))
            verification.outcome.referenceDigests = ReferenceDigests.of(
                png: png, svg: Array(reference.svg.utf8), layout: current.map(\.bytes))
        } else if recordsDigests, verification.outcome.referenceDigests == nil {
            // No reference pair was read (missing, half there, unreadable): what is there now.
            verification.outcome.referenceDigests = ReferenceDigests.onDisk(store, group: group, name: name)
        }
        if case .failed = verification.outcome.status, let png = verification.images.actual {
            verification.rendered = .init(svg: svg, png: png, layout: current)
        }
        return verification
    }

    private func check(
        svg: String, state: StageState, look: Look, group: String, name: String, layout current: LayoutReference?
    ) throws(WorkflowError) -> Verification {
        let pngPath = store.pngPath(group, name), svgPath = store.svgPath(group, name)

        func fail(_ problem: String, images: SnapshotImages = SnapshotImages()) throws(WorkflowError) -> Verification {
            try failure(problem, images: images, state: state, look: look, group: group, name: name)
        }
        func record(_ message: String) throws(WorkflowError) -> Verification {
            try recording(message, svg: svg, state: state, look: look, group: group, name: name)
        }

        let reference: (svg: String, png: [UInt8])
        switch store.lookup(group, name) {
        case .missing:
            guard mode != .never else {
                return try fail("no reference at \(pngPath) (record it with `tabstage record` or TABSTAGE_RECORD=missing)")
            }
            return try record(mode == .all ? "recorded \(pngPath) (TABSTAGE_RECORD=all)" : "no reference was found; recorded \(pngPath)")
        case .missingSVG:
            guard mode != .never else {
                return try fail(
                    "no reference SVG at \(svgPath) (its PNG is there; re-record with `tabstage record` or TABSTAGE_RECORD=missing)")
            }
            return try record(
                mode == .all ? "recorded \(pngPath) (TABSTAGE_RECORD=all)" : "no reference SVG was found at \(svgPath); recorded both files"
            )
        case .unreadable(let path, let reason):
            guard mode == .all || mode == .failed else {
                return try fail("cannot read the reference \(path): \(reason)")
            }
            return try record(
                mode == .all
                    ? "recorded \(pngPath) (TABSTAGE_RECORD=all)"
                    : "cannot read the reference \(path): \(reason); recorded it again (TABSTAGE_RECORD=failed)")
        case .found(let referenceSVG, let referencePNG):
            reference = (referenceSVG, referencePNG)
        }
        if mode == .all { return try record("recorded \(pngPath) (TABSTAGE_RECORD=all)") }
        var layoutBytes: [UInt8]?

        // The layout first: it says what moved, whatever the pixels say.
        var lacksLayout = false
        var moves: LayoutComparison?
        if let current {
            do {
                switch try store.layout(group, name) {
                case .missing: lacksLayout = true
                case .found(let bytes):
                    layoutBytes = bytes
                    // The same bytes as this layout's text: nothing moved, nothing to parse.
                    guard bytes != current.bytes else { break }
                    let reference = try LayoutReference.parse(bytes, path: store.layoutPath(group, name))
                    let comparison = LayoutComparison(reference, current, tolerance: geometryTolerance)
                    if !comparison.isEmpty { moves = comparison }
                }
            } catch {
                throw WorkflowError(error.description, kind: .badInput)
            }
        }
        var verification = try pixelCheck(svg: svg, reference: reference, state: state, look: look, group: group, name: name)
        verification.outcome.lacksLayout = lacksLayout
        if recordsDigests {
            verification.outcome.referenceDigests = ReferenceDigests.of(
                png: reference.png, svg: Array(reference.svg.utf8), layout: layoutBytes)
        }
        guard let moves else { return verification }
        return try geometryFailure(moves, verification, svg: svg, reference: reference, state: state, look: look)
    }

    /// A failure of `problem`, with this rendering as its actual image when none is given.
    private func failure(
        _ problem: String, images: SnapshotImages, state: StageState, look: Look, group: String, name: String
    ) throws(WorkflowError) -> Verification {
        var images = images
        if images.actual == nil { images.actual = try SnapshotRenderer.render(state, look: look, options: options).png }
        return Verification(outcome: SnapshotOutcome(group: group, name: name, status: .failed(problem)), images: images)
    }

    /// This rendering recorded as the reference, saying `message`.
    private func recording(
        _ message: String, svg: String, state: StageState, look: Look, group: String, name: String
    ) throws(WorkflowError) -> Verification {
        let png = try SnapshotRenderer.render(state, look: look, options: options).png ?? []
        return Verification(
            outcome: SnapshotOutcome(group: group, name: name, status: .recorded(message)), images: SnapshotImages(),
            newReference: .init(svg: svg, png: png))
    }

    /// A snapshot whose layout moved: it fails (or, with TABSTAGE_RECORD=failed, is recorded)
    /// whatever its pixels, saying what moved and what the pixels found.
    private func geometryFailure(
        _ moves: LayoutComparison, _ pixels: Verification, svg: String, reference: (svg: String, png: [UInt8]), state: StageState,
        look: Look
    ) throws(WorkflowError) -> Verification {
        var verification = pixels
        let pngPath = store.pngPath(verification.outcome.group, verification.outcome.name)
        let different = verification.outcome.comparison?.differentPixels
        let pixelWords: String
        switch verification.outcome.status {
        case .matched:
            pixelWords =
                different.map { $0 == 0 ? "pixels: none differ" : "pixels: \(grouped($0)) differ, within the budget" } ?? "pixels: the same"
            // The pixels passed, so nothing was kept to show: the reference, this rendering and their difference.
            let image = try SnapshotRenderer.image(svg: svg, state: state, look: look, options: options)
            verification.images = SnapshotImages(expected: reference.png)
            verification.images.actual = try SnapshotRenderer.encode(image)
            if let referenceImage = try? PNGCodec.decode(reference.png), case .success(let diff) = compare(referenceImage, image) {
                verification.outcome.comparison = .init(diff)
                if let diffImage = diff.image {
                    verification.images.diff = try SnapshotRenderer.encode(diffImage)
                    verification.outcome.regions = PerceptualDiff.regions(of: diffImage)
                }
            }
        case .failed(let text), .recorded(let text):
            pixelWords = different.map { "pixels: \(grouped($0)) differ" } ?? "pixels: \(text)"
        }
        let message = "\(moves.summary) (\(pixelWords))"
        if svg != reference.svg, verification.outcome.svgChanges.isEmpty {
            verification.outcome.svgChanges = SVGChanges.lines(from: reference.svg, to: svg)
        }
        verification.outcome.geometry = moves.lines
        verification.outcome.moved = moves.moves.count
        verification.outcome.geometryBoxes = moves.boxes
        verification.outcome.canvas = SVGSnapshot.canvasSize(state, deviceFrame: options.deviceFrame)
        if mode == .failed {
            let png = try SnapshotRenderer.render(state, look: look, options: options).png ?? []
            verification.outcome.status = .recorded(
                "\(message); recorded \(pngPath) and \(store.svgPath(verification.outcome.group, verification.outcome.name)) from this rendering (TABSTAGE_RECORD=failed); the next verify compares with them"
            )
            verification.images = SnapshotImages()
            verification.newReference = .init(svg: svg, png: png)
        } else {
            verification.outcome.status = .failed(message)
            verification.newReference = nil
        }
        return verification
    }

    /// The pixels (and the SVG text) of a snapshot against its reference files.
    private func pixelCheck(
        svg: String, reference: (svg: String, png: [UInt8]), state: StageState, look: Look, group: String, name: String
    ) throws(WorkflowError) -> Verification {
        let pngPath = store.pngPath(group, name), svgPath = store.svgPath(group, name)
        func fail(_ problem: String, images: SnapshotImages = SnapshotImages()) throws(WorkflowError) -> Verification {
            try failure(problem, images: images, state: state, look: look, group: group, name: name)
        }
        func record(_ message: String) throws(WorkflowError) -> Verification {
            try recording(message, svg: svg, state: state, look: look, group: group, name: name)
        }

        let problem: String
        var images = SnapshotImages(expected: reference.png)
        var comparison: SnapshotOutcome.Comparison?
        var regions: [DiffRegion] = []
        if let chunk = (try? PNGChunks.summary(reference.png))?.animationChunk {
            // An APNG shows browsers (and reviewers) an animation frame, not the image data
            // compared here: a reference could pass while showing something else.
            images.actual = try SnapshotRenderer.encode(try SnapshotRenderer.image(svg: svg, state: state, look: look, options: options))
            problem =
                "the reference \(pngPath) is an animated PNG (it has an \(chunk) chunk), which browsers show instead of its image data (re-record it)"
        } else if svg == reference.svg, let broken = referenceProblem(reference.png, svg: svg, state: state, path: pngPath) {
            problem = broken
        } else if svg == reference.svg, !checksPixels {
            return Verification(outcome: SnapshotOutcome(group: group, name: name, status: .matched), images: SnapshotImages())
        } else {
            let image = try SnapshotRenderer.image(svg: svg, state: state, look: look, options: options)
            let decoded = Result { () throws(RasterError) in try PNGCodec.decode(reference.png) }
            // The same SVG on the same renderer: the pixels are equal, byte for byte, when the
            // reference is honest. Only a difference pays for the perceptual diff.
            if svg == reference.svg, case .success(let referenceImage) = decoded, referenceImage == image {
                return Verification(outcome: SnapshotOutcome(group: group, name: name, status: .matched), images: SnapshotImages())
            }
            switch decoded.flatMap({ compare($0, image) }) {
            case .failure(let error):
                images.actual = try SnapshotRenderer.encode(image)
                problem = "cannot compare with \(pngPath): \(error.message)"
            case .success(let diff):
                comparison = .init(diff)
                if budget.allows(diff) {
                    return Verification(
                        outcome: SnapshotOutcome(
                            group: group, name: name, status: .matched, comparison: svg == reference.svg ? nil : comparison),
                        images: SnapshotImages())
                }
                images.actual = try SnapshotRenderer.encode(image)
                if let image = diff.image {
                    images.diff = try SnapshotRenderer.encode(image)
                    regions = PerceptualDiff.regions(of: image)
                }
                let counted =
                    "\(diff.differentPixels) pixels differ (\(percent(diff.ratio))), over the budget of \(budget.allowance(pixelCount: diff.pixelCount))"
                problem =
                    svg == reference.svg
                    ? "the reference PNG \(pngPath) does not show what its SVG \(svgPath) renders: \(counted) (re-record it)"
                    : counted
            }
        }
        if mode == .failed {
            // What was recorded replaces the advice to re-record: the next verify compares with it.
            var stated = problem
            for advice in [" (re-record it)", "; re-record"] where stated.hasSuffix(advice) { stated.removeLast(advice.count) }
            var recorded = try record(
                "\(stated); recorded \(pngPath) and \(svgPath) from this rendering (TABSTAGE_RECORD=failed); the next verify compares with them"
            )
            recorded.outcome.comparison = comparison
            return recorded
        }
        var failed = try fail(problem, images: images)
        failed.outcome.comparison = comparison
        failed.outcome.regions = regions
        if svg != reference.svg { failed.outcome.svgChanges = SVGChanges.lines(from: reference.svg, to: svg) }
        return failed
    }

    /// Why a reference PNG whose SVG matches cannot be trusted, read from its chunks alone: not a
    /// PNG, cut short, a bad CRC, another size than this snapshot renders at, or the digest of
    /// another SVG. A PNG without the digest (written by an older tabstage) passes on its header.
    func referenceProblem(_ png: [UInt8], svg: String, state: StageState, path: String) -> String? {
        let summary: PNGChunks.Summary
        do {
            summary = try PNGChunks.summary(png)
        } catch {
            return "the reference \(path) is broken: \(error.message) (re-record it)"
        }
        let (width, height) = options.pixelSize(state)
        guard Double(summary.width) == width, Double(summary.height) == height else {
            return
                "the reference \(path) is \(summary.width)×\(summary.height) px but this snapshot renders at \(Int(width))×\(Int(height)) px (re-record it)"
        }
        if let digest = summary.texts[ReferenceIdentity.keyword], digest != ReferenceIdentity.digest(svg) {
            return "the reference PNG \(path) was rendered from a different SVG; re-record"
        }
        return nil
    }

    private func compare(_ reference: RGBAImage, _ image: RGBAImage) -> Result<PerceptualDiff.Result, RasterError> {
        Result { () throws(RasterError) in try PerceptualDiff.compare(reference, image, options: diffOptions, diffImage: true) }
    }
}
