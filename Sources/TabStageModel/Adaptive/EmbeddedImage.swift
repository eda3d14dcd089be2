/// A picture a scenario named, read, checked and downscaled to the largest size it can be
/// drawn at, carried as a `data:` URI: the one image value the look, the rows and the SVG
/// writer share, so the renderer never opens a file by itself and each picture is embedded
/// once per SVG however often it is drawn.
public struct EmbeddedImage: Sendable, Hashable {
    /// The file's width in pixels, as decoded (what a template's `imageWidth` gives).
    public var width: Int
    /// The file's height in pixels, as decoded (what a template's `imageHeight` gives).
    public var height: Int
    /// The embedded data's width in pixels: `width` or less, aspect kept.
    public var embeddedWidth: Int
    /// The embedded data's height in pixels: `height` or less, aspect kept.
    public var embeddedHeight: Int
    /// `data:image/png;base64,…` or `data:image/jpeg;base64,…`, written by tabstage's own encoder.
    public var dataURI: String

    /// Wraps a picture decoded, checked and encoded already.
    public init(width: Int, height: Int, embeddedWidth: Int, embeddedHeight: Int, dataURI: String) {
        self.width = width
        self.height = height
        self.embeddedWidth = embeddedWidth
        self.embeddedHeight = embeddedHeight
        self.dataURI = dataURI
    }

    /// A picture embedded at its own size.
    public init(width: Int, height: Int, dataURI: String) {
        self.init(width: width, height: height, embeddedWidth: width, embeddedHeight: height, dataURI: dataURI)
    }
}

/// Where a picture is drawn, which bounds the pixels worth keeping: the largest frame of that
/// use on any catalog device, at that device's display scale (a `--scale` above it, or a custom
/// window wider than any device, draws the picture enlarged). The picture is downscaled, aspect
/// kept, to the smallest size that still covers that box (aspect fill); never enlarged.
public enum ImageUse: Sendable, Hashable {
    /// The header's banner: as wide as the widest window (956 pt landscape at 3×), as tall as
    /// the tallest band (a 13-inch iPad's side header, 0.34 × 1,366 pt at 2×).
    case banner
    /// The 60 pt profile picture at 3×.
    case avatar
    /// A picture in a row (post, media, custom template): as wide as the widest window.
    case row
    /// A grid cell: a third of the widest window.
    case gridCell
    /// A menu or list row's picture, where iOS draws a symbol: 24 pt at 3×.
    case symbol

    /// The widest window in pixels: 956 pt (a 6.9-inch iPhone in landscape) at 3×.
    public static let widestWindowPixels = 2868

    /// The box, in pixels, the kept picture must still cover.
    public var pixelBox: (width: Int, height: Int) {
        switch self {
        case .banner: return (Self.widestWindowPixels, 930)
        case .avatar: return (180, 180)
        case .row: return (Self.widestWindowPixels, 0)
        case .gridCell: return (Self.widestWindowPixels / 3, 0)
        case .symbol: return (72, 72)
        }
    }

    /// Pictures that would shrink by less than this (per side) are kept as they are.
    static let smallestSavingFactor = 0.9

    /// The size a `width`×`height` picture is kept at: the smallest size, aspect kept, that
    /// still covers `pixelBox` (a box side of 0 places no bound); never more than the picture,
    /// and the picture itself when that would shrink it by less than 10 % a side.
    public func keptSize(width: Int, height: Int) -> (width: Int, height: Int) {
        let box = pixelBox
        let factor = min(1, max(Double(box.width) / Double(width), Double(box.height) / Double(height)))
        // Within 10 % of the box, a resample would soften the picture to save little.
        guard factor < Self.smallestSavingFactor else { return (width, height) }
        return (max(1, Int((Double(width) * factor).rounded())), max(1, Int((Double(height) * factor).rounded())))
    }
}
