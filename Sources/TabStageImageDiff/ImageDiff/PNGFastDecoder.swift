import CDeflate

/// The common PNGs (8 bits per channel, not interlaced: grey, grey with alpha, RGB, RGBA,
/// palette) decoded with libdeflate, which inflates the whole image in one call, about twice as
/// fast as zlib's streaming inflate that libspng uses. Every chunk's CRC and the zlib stream's
/// Adler-32 are checked. Anything else, or anything odd about the file, returns nil and the
/// caller decodes with libspng, whose messages then name the problem.
enum PNGFastDecoder {
    private struct Header {
        var width = 0, height = 0, colorType = 0
        /// Bytes per pixel in the file.
        var channels: Int {
            switch colorType {
            case 0, 3: 1
            case 4: 2
            case 2: 3
            default: 4
            }
        }
    }

    /// What the chunks say: the header, the IDAT chunks, the palette and its transparency, the
    /// bit depth; nil for anything this path does not read (a bad CRC, 16 bits, interlacing, a
    /// colour key, an unknown critical chunk).
    private static func parse(_ png: UnsafeRawBufferPointer) -> (
        header: Header, idat: [(offset: Int, length: Int)], palette: [UInt8], transparency: [UInt8], bitDepth: Int
    )? {
        guard let base = png.baseAddress, png.count >= 8 + 25 + 12 else { return nil }
        var header = Header()
        var bitDepth = 8
        var idat: [(offset: Int, length: Int)] = []
        var palette: [UInt8] = [], transparency: [UInt8] = []
        var offset = 8, index = 0, sawEnd = false
        while offset + 12 <= png.count {
            let length = Int(readUInt32(png, offset))
            guard length <= Int(Int32.max), offset + 12 + length <= png.count else { return nil }
            let stored = readUInt32(png, offset + 8 + length)
            guard UInt32(libdeflate_crc32(0, base + offset + 4, 4 + length)) == stored else { return nil }
            let type = readUInt32(png, offset + 4), data = offset + 8
            if index == 0 {
                // IHDR: 8-bit (1, 2 or 4 for grey and palette images), deflate, standard
                // filters, no interlace.
                guard type == 0x4948_4452, length == 13, png[data + 10] == 0, png[data + 11] == 0, png[data + 12] == 0
                else { return nil }
                header.width = Int(readUInt32(png, data))
                header.height = Int(readUInt32(png, data + 4))
                header.colorType = Int(png[data + 9])
                bitDepth = Int(png[data + 8])
                guard [0, 2, 3, 4, 6].contains(header.colorType) else { return nil }
                guard bitDepth == 8 || ([1, 2, 4].contains(bitDepth) && [0, 3].contains(header.colorType)) else { return nil }
                guard RasterLimits.sizeProblem(width: Double(header.width), height: Double(header.height)) == nil else { return nil }
            } else {
                switch type {
                case 0x4944_4154: idat.append((data, length))  // IDAT
                case 0x504C_5445: palette = Array(png[data..<data + length])  // PLTE
                case 0x7452_4E53: transparency = Array(png[data..<data + length])  // tRNS
                case 0x4945_4E44: sawEnd = true  // IEND
                default:
                    // Another critical chunk (upper-case first letter) is one this path does not know.
                    if png[offset + 4] & 0x20 == 0 { return nil }
                }
            }
            offset += 12 + length
            index += 1
            if sawEnd { break }
        }
        guard sawEnd, !idat.isEmpty else { return nil }
        if header.colorType == 3 {
            guard !palette.isEmpty, palette.count % 3 == 0, transparency.count <= palette.count / 3 else { return nil }
        } else if !transparency.isEmpty {
            return nil  // a transparent colour key: libspng handles it
        }
        return (header, idat, palette, transparency, bitDepth)
    }

    static func decode(_ png: UnsafeRawBufferPointer, largePages: Bool = false) -> RGBAImage? {
        guard let (header, idat, palette, transparency, bitDepth) = parse(png), bitDepth == 8 else { return nil }

        let channels = header.channels, width = header.width, height = header.height
        let rowBytes = width * channels, stride = rowBytes + 1
        let rgbaCount = width * height * 4, filteredCount = stride * height
        // One buffer for both: the filtered rows are inflated into its tail, unfiltered there
        // in place and expanded into RGBA rows from the start. The tail starts two filtered
        // rows further on than the sizes alone need, so RGBA row y ends before filtered row
        // y - 1 begins (the row above, which the up, average and Paeth filters read): nothing is
        // overwritten before it is used, and a diff first-touches one image-sized buffer per
        // file instead of two (page faults and zeroing of fresh memory were most of a one-pair
        // diff's time). Nothing is zero-filled first: inflate succeeds only when it fills the
        // whole tail, and every RGBA row is written whole.
        let capacity = max(rgbaCount, filteredCount) + 2 * stride
        var ok = false
        let pixels = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            count = 0
            let memory = buffer.baseAddress!
            if largePages { ImageMemory.preferLargePages(memory, count: capacity) }
            let tail = memory + (capacity - filteredCount)
            guard inflate(png, idat: idat, into: tail, count: filteredCount) else { return }
            for y in 0..<height {
                let row = tail + y * stride + 1
                guard unfilter(row, previous: y == 0 ? nil : row - stride, filter: row[-1], count: rowBytes, bpp: channels),
                    expand(
                        row, into: memory + y * width * 4, width: width, colorType: header.colorType, palette: palette,
                        transparency: transparency)
                else { return }
            }
            count = rgbaCount
            ok = true
        }
        return ok ? RGBAImage(width: width, height: height, pixels: pixels) : nil
    }

    /// The file's rows inflated and unfiltered, not expanded: an image of 1, 2 or 4 bits a
    /// pixel, grey or palette, keeps 1/32, 1/16 or 1/8 of the bytes its RGBA would take (a
    /// 7,999 × 7,999 black-and-white PNG: 8,007,999 bytes instead of 255,936,004). Every
    /// palette index is checked here, so expanding a row never fails.
    static func decodePacked(_ png: UnsafeRawBufferPointer) -> PackedImage? {
        guard let (header, idat, palette, transparency, bitDepth) = parse(png) else { return nil }
        let width = header.width, height = header.height
        let rowBytes = (width * header.channels * bitDepth + 7) / 8, stride = rowBytes + 1
        let bpp = max(1, header.channels * bitDepth / 8)
        var ok = false
        let rows = [UInt8](unsafeUninitializedCapacity: stride * height) { buffer, count in
            count = 0
            let memory = buffer.baseAddress!
            guard inflate(png, idat: idat, into: memory, count: stride * height) else { return }
            for y in 0..<height {
                let row = memory + y * stride + 1
                guard unfilter(row, previous: y == 0 ? nil : row - stride, filter: row[-1], count: rowBytes, bpp: bpp) else { return }
                if header.colorType == 3 {
                    let entries = palette.count / 3
                    for x in 0..<width where PackedImage.sample(row, x, bitDepth) >= entries { return }
                }
            }
            count = stride * height
            ok = true
        }
        guard ok else { return nil }
        return PackedImage(
            width: width, height: height,
            storage: .rows(
                rows, stride: stride, colorType: header.colorType, bitDepth: bitDepth, palette: palette, transparency: transparency))
    }

    /// Inflates the zlib stream of every IDAT chunk into exactly `count` bytes. One IDAT
    /// (tabstage's own files) is inflated straight from the file; several are joined first.
    private static func inflate(
        _ png: UnsafeRawBufferPointer, idat: [(offset: Int, length: Int)], into out: UnsafeMutablePointer<UInt8>, count: Int
    ) -> Bool {
        guard let base = png.baseAddress, let decompressor = libdeflate_alloc_decompressor() else { return false }
        defer { libdeflate_free_decompressor(decompressor) }
        if idat.count == 1 {
            return libdeflate_zlib_decompress(decompressor, base + idat[0].offset, idat[0].length, out, count, nil) == LIBDEFLATE_SUCCESS
        }
        var joined: [UInt8] = []
        joined.reserveCapacity(idat.reduce(0) { $0 + $1.length })
        for part in idat { joined.append(contentsOf: UnsafeRawBufferPointer(rebasing: png[part.offset..<part.offset + part.length])) }
        return joined.withUnsafeBytes { zlib in
            libdeflate_zlib_decompress(decompressor, zlib.baseAddress, zlib.count, out, count, nil) == LIBDEFLATE_SUCCESS
        }
    }

    /// Undoes one row's PNG filter in place; false for an unknown filter type.
    @inline(__always)
    private static func unfilter(
        _ row: UnsafeMutablePointer<UInt8>, previous: UnsafeMutablePointer<UInt8>?, filter: UInt8, count: Int, bpp: Int
    ) -> Bool {
        switch filter {
        case 0: break
        case 1:
            if count > bpp { for i in bpp..<count { row[i] &+= row[i - bpp] } }
        case 2:
            guard let previous else { break }
            for i in 0..<count { row[i] &+= previous[i] }
        // The first row has no row above: its bytes count as zeros, so Average adds half the
        // left byte and Paeth the left byte (its predictor picks `a` when `b` and `c` are 0).
        // The row above is unwrapped once, not per byte: an optional's `map` per byte made
        // these loops most of a PNG's decoding time in a debug build.
        case 3:
            // The first `bpp` bytes have no left neighbour: their own loop, so the main one has
            // no branch (as fast as the per-byte form when optimized, by instruction count).
            if let previous {
                for i in 0..<min(bpp, count) { row[i] &+= previous[i] >> 1 }
                if count > bpp {
                    for i in bpp..<count { row[i] &+= UInt8((Int(row[i - bpp]) + Int(previous[i])) >> 1) }
                }
            } else if count > bpp {
                for i in bpp..<count { row[i] &+= row[i - bpp] >> 1 }
            }
        case 4:
            if let previous {
                for i in 0..<count {
                    let a = i >= bpp ? Int(row[i - bpp]) : 0
                    let b = Int(previous[i])
                    let c = i >= bpp ? Int(previous[i - bpp]) : 0
                    // Paeth's distances |p - a|, |p - b|, |p - c| for p = a + b - c.
                    let pa = b >= c ? b - c : c - b, pb = a >= c ? a - c : c - a
                    let pc = a + b >= 2 * c ? a + b - 2 * c : 2 * c - a - b
                    row[i] &+= UInt8(pa <= pb && pa <= pc ? a : pb <= pc ? b : c)
                }
            } else if count > bpp {
                for i in bpp..<count { row[i] &+= row[i - bpp] }
            }
        default: return false
        }
        return true
    }

    /// One unfiltered row to RGBA, every byte of the destination row written; false for a
    /// palette index past the palette.
    @inline(__always)
    static func expand(
        _ row: UnsafeMutablePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>, width: Int, colorType: Int, palette: [UInt8],
        transparency: [UInt8]
    ) -> Bool {
        switch colorType {
        case 6:
            out.update(from: row, count: width * 4)
        case 2:
            // Four pixels at a time: their twelve bytes read as three little-endian words and
            // shifted into four RGBA words (R, G, B, then opaque alpha), stored as two double
            // words; the last pixels of a row are copied byte by byte. Nothing past the row is read.
            let words = UnsafeMutableRawPointer(out)
            let source = UnsafeRawPointer(row)
            let opaque: UInt32 = 0xFF00_0000
            var x = 0
            while x &+ 4 <= width {
                let from = x &* 3, to = x &* 4
                let w0 = source.loadUnaligned(fromByteOffset: from, as: UInt32.self).littleEndian
                let w1 = source.loadUnaligned(fromByteOffset: from &+ 4, as: UInt32.self).littleEndian
                let w2 = source.loadUnaligned(fromByteOffset: from &+ 8, as: UInt32.self).littleEndian
                let p0 = w0 | opaque, p1 = w0 >> 24 | w1 << 8 | opaque
                let p2 = w1 >> 16 | w2 << 16 | opaque, p3 = w2 >> 8 | opaque
                words.storeBytes(of: (UInt64(p1) << 32 | UInt64(p0)).littleEndian, toByteOffset: to, as: UInt64.self)
                words.storeBytes(of: (UInt64(p3) << 32 | UInt64(p2)).littleEndian, toByteOffset: to &+ 8, as: UInt64.self)
                x &+= 4
            }
            while x < width {
                out[x * 4] = row[x * 3]
                out[x * 4 + 1] = row[x * 3 + 1]
                out[x * 4 + 2] = row[x * 3 + 2]
                out[x * 4 + 3] = 255
                x += 1
            }
        case 0:
            for x in 0..<width {
                let v = row[x]
                out[x * 4] = v
                out[x * 4 + 1] = v
                out[x * 4 + 2] = v
                out[x * 4 + 3] = 255
            }
        case 4:
            for x in 0..<width {
                let v = row[x * 2]
                out[x * 4] = v
                out[x * 4 + 1] = v
                out[x * 4 + 2] = v
                out[x * 4 + 3] = row[x * 2 + 1]
            }
        default:
            let entries = palette.count / 3
            for x in 0..<width {
                let i = Int(row[x])
                guard i < entries else { return false }
                out[x * 4] = palette[i * 3]
                out[x * 4 + 1] = palette[i * 3 + 1]
                out[x * 4 + 2] = palette[i * 3 + 2]
                out[x * 4 + 3] = i < transparency.count ? transparency[i] : 255
            }
        }
        return true
    }

    @inline(__always)
    private static func readUInt32(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }
}
