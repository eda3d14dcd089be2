import CDeflate

/// PNG files written around libdeflate's whole-buffer compressor: signature, IHDR, one IDAT
/// (a zlib stream of every row behind its filter byte) and IEND, each chunk's CRC from
/// libdeflate's CRC-32. libdeflate compresses a whole frame in one call; at level 1 a fling
/// frame takes 120 M instructions and 141 KiB where zlib's level 1 takes 212 M and 165 KiB
/// (BENCHMARKS.md, "Which compressor writes a frame in the fewest instructions?"), and its output
/// depends only on the input and the level, so files stay byte-for-byte reproducible.
enum PNGDeflateEncoder {
    /// Packed 8-bit RGB or RGBA rows; `level` is libdeflate's (1 fastest … 12 smallest).
    static func encode(rows: UnsafeRawBufferPointer, width: Int, height: Int, alpha: Bool, level: Int32, upFilter: Bool)
        throws(RasterError) -> [UInt8]
    {
        let channels = alpha ? 4 : 3
        let rowBytes = width * channels
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max), rows.count == rowBytes * height,
            let source = rows.baseAddress?.assumingMemoryBound(to: UInt8.self)
        else {
            throw RasterError("a \(width)×\(height) image needs \(rowBytes * height) bytes of rows, got \(rows.count)")
        }
        guard (1...12).contains(level) else { throw RasterError("libdeflate could not create a compressor at level \(level)") }
        // Every row behind its filter byte: none (0), or up (2: the difference from the row above).
        let stride = rowBytes + 1
        let filtered = UnsafeMutablePointer<UInt8>.allocate(capacity: stride * height)
        defer { filtered.deallocate() }
        for y in 0..<height {
            let row = filtered + y * stride, input = source + y * rowBytes
            if upFilter && y > 0 {
                row[0] = 2
                let above = input - rowBytes
                for i in 0..<rowBytes { row[1 + i] = input[i] &- above[i] }
            } else {
                row[0] = 0
                (row + 1).update(from: input, count: rowBytes)
            }
        }

        return try encode(
            filteredRows: UnsafeRawBufferPointer(start: filtered, count: stride * height), width: width, height: height, alpha: alpha,
            level: level)
    }

    /// Rows already behind their filter byte (`1 + width × channels` bytes each), compressed as
    /// they are: a renderer that writes its rows this way saves a copy of the image.
    static func encode(filteredRows: UnsafeRawBufferPointer, width: Int, height: Int, alpha: Bool, level: Int32) throws(RasterError)
        -> [UInt8]
    {
        let stride = width * (alpha ? 4 : 3) + 1
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max), filteredRows.count == stride * height,
            let filtered = filteredRows.baseAddress
        else {
            throw RasterError("a \(width)×\(height) image needs \(stride * height) bytes of filtered rows, got \(filteredRows.count)")
        }
        guard (1...12).contains(level), let compressor = libdeflate_alloc_compressor(level) else {
            throw RasterError("libdeflate could not create a compressor at level \(level)")
        }
        defer { libdeflate_free_compressor(compressor) }
        let bound = libdeflate_zlib_compress_bound(compressor, stride * height)
        // Signature, IHDR (25), IDAT framing (12), IEND (12).
        let framing = 8 + 25 + 12 + 12
        // Not zero-filled first (that was 4% of a frame's instructions): only the bytes written
        // below, every one of them, become the array's elements.
        var written = 0
        let png = [UInt8](unsafeUninitializedCapacity: framing + bound) { out, count in
            count = 0
            let base = out.baseAddress!
            var offset = 0
            func put(_ bytes: [UInt8]) {
                for byte in bytes {
                    base[offset] = byte
                    offset += 1
                }
            }
            func putUInt32(_ value: UInt32) {
                put([UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
            }
            func closeChunk(from start: Int) {
                // The CRC covers the type and the data, not the length.
                putUInt32(UInt32(libdeflate_crc32(0, base + start + 4, offset - start - 4)))
            }
            put(PNGChunks.signature)
            var start = offset
            putUInt32(13)
            put(Array("IHDR".utf8))
            putUInt32(UInt32(width))
            putUInt32(UInt32(height))
            put([8, alpha ? 6 : 2, 0, 0, 0])  // 8 bits, RGB(A), deflate, standard filters, no interlace
            closeChunk(from: start)

            start = offset
            offset += 4  // the length, known after compressing
            put(Array("IDAT".utf8))
            let compressed = libdeflate_zlib_compress(compressor, filtered, stride * height, base + offset, bound)
            guard compressed > 0, compressed <= Int(Int32.max) else { return }
            let end = offset + compressed
            offset = start
            putUInt32(UInt32(compressed))
            offset = end
            closeChunk(from: start)

            start = offset
            putUInt32(0)
            put(Array("IEND".utf8))
            closeChunk(from: start)
            written = offset
            count = offset
        }
        guard written > 0 else { throw RasterError("libdeflate could not compress a \(width)×\(height) image") }
        return png
    }
}
