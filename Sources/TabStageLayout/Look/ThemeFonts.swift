/// One font file a theme names: its bytes (already checked to be a scalable font) with the
/// family and weight it declares.
public struct FontFace: Sendable, Hashable {
    /// The family name the file gives itself.
    public let family: String
    /// The OpenType weight class (400 regular, 700 bold).
    public let weight: Int
    /// The file's bytes.
    public let data: [UInt8]

    /// Wraps a font read and checked already.
    public init(family: String, weight: Int, data: [UInt8]) {
        self.family = family
        self.weight = weight
        self.data = data
    }
}

/// The team's fonts: a regular face and, optionally, a bold one, drawn instead of DejaVu Sans.
///
/// Every theme font is known to the renderer under `familyName`: the font's own family with a
/// digest of the files' bytes, so two scenarios that bring different files with the same family
/// name (or a file that calls itself DejaVu Sans) never see each other's glyphs in one process.
public struct ThemeFonts: Sendable, Hashable {
    /// The face for regular text.
    public let regular: FontFace
    /// The face for bold text (names, tab titles); without it bold text uses `regular`.
    public let bold: FontFace?
    /// The family name text is drawn and measured with.
    public let familyName: String

    /// Pairs the faces and derives their shared, content-addressed family name.
    public init(regular: FontFace, bold: FontFace? = nil) {
        self.regular = regular
        self.bold = bold
        var digest = ContentDigest()
        digest.add(regular.data)
        digest.add(bold?.data ?? [])
        familyName = "\(Self.safeName(regular.family)) \(digest.hex)"
    }

    /// The SVG's `font-family`: the theme's family (the name tabstage registers its files
    /// under), then the font's own family name for renderers that have the font installed
    /// (resvg, Inkscape, a browser), then tabstage's system face and a generic family for
    /// characters it lacks.
    public var cssFamily: String { "'\(familyName)', '\(Self.safeName(regular.family))', \(TextFonts.cssFamily)" }

    /// The family as a CSS string and a Pango family list can carry it: letters, digits,
    /// spaces, `-` and `_` (others become `-`), at most 48 characters.
    static func safeName(_ family: String) -> String {
        var out = ""
        for scalar in family.unicodeScalars.prefix(48) {
            let keep = scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == " " || scalar == "_"
            out.unicodeScalars.append(keep ? scalar : "-")
        }
        let trimmed = out.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        return trimmed.isEmpty ? "Font" : trimmed
    }

    /// Same family name and same bytes.
    public static func == (a: ThemeFonts, b: ThemeFonts) -> Bool {
        a.familyName == b.familyName && a.regular == b.regular && a.bold == b.bold
    }

    /// Hashes the family name only: it already names the bytes, so hashing megabytes of font is not needed.
    public func hash(into hasher: inout Hasher) { hasher.combine(familyName) }
}

/// 64-bit FNV-1a over each part and its length: names a set of font files by content. Not a
/// cryptographic hash; the renderer refuses two different files that would share a name.
struct ContentDigest {
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ bytes: [UInt8]) {
        for byte in bytes { mix(byte) }
        var count = UInt64(bytes.count)
        for _ in 0..<8 {
            mix(UInt8(truncatingIfNeeded: count))
            count >>= 8
        }
    }

    private mutating func mix(_ byte: UInt8) {
        state ^= UInt64(byte)
        state = state &* 0x0000_0100_0000_01b3
    }

    var hex: String {
        let digits = String(state, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// tabstage's system face as SVGs name it.
package enum TextFonts {
    /// Inter (Debian `fonts-inter`, SIL OFL), drawn after SF Pro's proportions.
    package static let system = "Inter"
    /// The root's `font-family`: Inter, then a generic family, so an SVG opened outside
    /// tabstage draws in Inter where it is installed and in a sans-serif face elsewhere.
    package static let cssFamily = "Inter, sans-serif"
    /// Text with tabular digits: Inter Tabular (tabstage's font configuration maps it to Inter
    /// with the OpenType feature `tnum`), then Inter and a generic family elsewhere, where
    /// `font-variant-numeric` asks for the same digits.
    package static let tabularCSSFamily = "'Inter Tabular', Inter, sans-serif"
}
