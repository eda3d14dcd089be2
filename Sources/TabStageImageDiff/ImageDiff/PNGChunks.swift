import CDeflate

/// A PNG's chunk structure, read without inflating anything: cheap enough to check every
/// reference on every run, and enough to tell a truncated, resized or foreign file from a good one.
public enum PNGChunks {
    /// The eight bytes every PNG starts with.
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// What the header and the text chunks say.
    public struct Summary: Sendable, Hashable {
        /// The image's width in pixels, from IHDR.
        public var width: Int
        /// The image's height in pixels, from IHDR.
        public var height: Int
        /// `tEXt` chunks, keyword to value (Latin-1 read as Unicode scalars).
        public var texts: [String: String]
        /// The first APNG chunk (`acTL`, `fcTL`, `fdAT`), if any: a browser then shows an
        /// animation frame, which need not be the image data a decoder compares.
        public var animationChunk: String? = nil
    }

    /// Walks signature, IHDR, every chunk's length and CRC, up to IEND; throws the first problem.
    public static func summary(_ png: [UInt8]) throws(RasterError) -> Summary {
        guard png.count >= 8, png.prefix(8).elementsEqual(signature) else {
            throw RasterError("not a PNG file (no PNG signature)")
        }
        var offset = 8
        var width = 0, height = 0, index = 0, sawImageData = false
        var texts: [String: String] = [:]
        var animationChunk: String?
        while true {
            guard offset + 12 <= png.count else {
                throw RasterError("the PNG is truncated at byte \(png.count) (no IEND chunk)")
            }
            let length = Int(readUInt32(png, offset))
            let type = String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)
            guard length <= Int(Int32.max), offset + 12 + length <= png.count else {
                throw RasterError("the PNG is truncated in its \(type) chunk at byte \(offset)")
            }
            let stored = readUInt32(png, offset + 8 + length)
            guard crc32(png[offset + 4..<offset + 8 + length]) == stored else {
                throw RasterError("the PNG's \(type) chunk at byte \(offset) fails its CRC check")
            }
            let data = png[offset + 8..<offset + 8 + length]
            if index == 0 {
                guard type == "IHDR", length == 13 else { throw RasterError("the PNG does not start with an IHDR chunk") }
                width = Int(readUInt32(png, offset + 8))
                height = Int(readUInt32(png, offset + 12))
            }
            switch type {
            case "IDAT": sawImageData = true
            case "tEXt":
                if let zero = data.firstIndex(of: 0) {
                    let keyword = String(data[data.startIndex..<zero].map { Character(Unicode.Scalar($0)) })
                    texts[keyword] = String(data[(zero + 1)...].map { Character(Unicode.Scalar($0)) })
                }
            case "acTL", "fcTL", "fdAT":
                if animationChunk == nil { animationChunk = type }
            case "IEND":
                guard sawImageData else { throw RasterError("the PNG has no image data (no IDAT chunk)") }
                return Summary(width: width, height: height, texts: texts, animationChunk: animationChunk)
            default: break
            }
            offset += 12 + length
            index += 1
        }
    }

    /// The PNG with a `tEXt` chunk `keyword`=`value` right after IHDR, replacing any chunk of that
    /// keyword. Both must be Latin-1 (tabstage writes ASCII); the pixels are untouched.
    public static func settingText(_ png: [UInt8], keyword: String, value: String) throws(RasterError) -> [UInt8] {
        _ = try summary(png)
        let keywordBytes = Array(keyword.utf8), valueBytes = Array(value.utf8)
        guard (1...79).contains(keywordBytes.count), !keywordBytes.contains(0), !valueBytes.contains(0) else {
            throw RasterError("a PNG text chunk needs a keyword of 1 to 79 bytes and no NUL bytes")
        }
        var out = Array(png[0..<33])  // signature and IHDR
        out += chunk("tEXt", keywordBytes + [0] + valueBytes)
        var offset = 33
        while offset < png.count {
            let length = Int(readUInt32(png, offset))
            let end = offset + 12 + length
            let isSameText =
                png[offset + 4..<offset + 8].elementsEqual("tEXt".utf8)
                && png[offset + 8..<offset + 8 + length].starts(with: keywordBytes + [0])
            if !isSameText { out += png[offset..<end] }
            if png[offset + 4..<offset + 8].elementsEqual("IEND".utf8) { break }
            offset = end
        }
        return out
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body[...]))
    }

    /// The CRC-32 of PNG and zlib (polynomial 0xEDB88320), by libdeflate: every chunk of every
    /// reference is checked on each `verify`, and a byte-at-a-time table costs several times more.
    public static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, !buffer.isEmpty else { return 0 }
            return UInt32(libdeflate_crc32(0, base, buffer.count))
        }
    }

    private static func readUInt32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
