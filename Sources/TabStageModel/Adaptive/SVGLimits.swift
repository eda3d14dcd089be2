/// The size budget of one SVG tabstage writes: a snapshot, a physics frame or a frame of the
/// player page.
public enum SVGLimits {
    /// Bytes one SVG may take: librsvg's XML parser (libxml2 with its safety limits) stops
    /// reading a larger document part way, so the PNG could not be drawn from it; an SVG
    /// written alone is held to the same budget, so every format refuses the same snapshots.
    public static let maxBytes = 10_000_000
}

/// An SVG that grew past `SVGLimits.maxBytes` while it was built: its whole size, counted
/// without keeping what lay past the budget.
public struct SVGSizeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes the whole SVG would have taken.
    public var bytes: Int
    /// Bytes of it that were pictures (`data:` URIs), each written once.
    public var pictureBytes: Int

    /// The rows the size was estimated from, when it was estimated before drawing rather than
    /// counted while built.
    public var estimatedRows: Int?

    /// Records a measured size, or one estimated from `estimatedRows` rows.
    public init(bytes: Int, pictureBytes: Int, estimatedRows: Int? = nil) {
        self.bytes = bytes
        self.pictureBytes = pictureBytes
        self.estimatedRows = estimatedRows
    }

    /// What is too large, with the value and the limit.
    public var message: String {
        let pictures = pictureBytes > 0 ? ", \(pictureBytes) of them pictures" : ", none of them pictures"
        guard let rows = estimatedRows else {
            return "its SVG would be \(bytes) bytes\(pictures), over the limit of \(SVGLimits.maxBytes) bytes"
        }
        return
            "its SVG would be about \(bytes) bytes, estimated before drawing from its \(rows) rows and the pictures they show\(pictures), over the limit of \(SVGLimits.maxBytes) bytes"
    }

    /// What would fit, depending on what the bytes are.
    public var expected: String {
        pictureBytes * 2 > bytes
            ? "an SVG of at most \(SVGLimits.maxBytes) bytes: fewer or smaller pictures, photos saved as JPEG"
            : "an SVG of at most \(SVGLimits.maxBytes) bytes: taller rows, a smaller window or less drawn per row"
    }

    /// The message and what was expected, as one line.
    public var description: String { "\(message) (expected \(expected))" }
}
