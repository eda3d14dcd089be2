import CTurboJPEG
import Foundation
import TabStageImageDiff
import TabStageRendering
import TabStageScenario

/// A scratch folder made per test: a scenario folder `scenario/` and a sibling `outside/`.
package struct AssetSandbox: ~Copyable {
    package let root: String
    package var scenario: String { root + "/scenario" }
    package var outside: String { root + "/outside" }
    package var folder: AssetFolder { AssetFolder(path: scenario) }

    package init() {
        let template = NSTemporaryDirectory() + "tabstage-assets-XXXXXX"
        var bytes = Array(template.utf8CString)
        let made = bytes.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        root = String(cString: made!)
        try! FileManager.default.createDirectory(atPath: root + "/scenario/templates", withIntermediateDirectories: true)
        try! FileManager.default.createDirectory(atPath: root + "/outside", withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    package func write(_ relative: String, _ bytes: [UInt8]) {
        _ = FileManager.default.createFile(atPath: scenario + "/" + relative, contents: Data(bytes))
    }

    package func write(_ relative: String, _ text: String) { write(relative, Array(text.utf8)) }

    package func link(_ relative: String, to target: String) {
        try! FileManager.default.createSymbolicLink(atPath: scenario + "/" + relative, withDestinationPath: target)
    }
}

/// Small images made at run time: a 3×2 PNG through ImageDiff's encoder and a JPEG through
/// libjpeg-turbo's compressor.
package enum TestImages {
    package static func png(width: Int = 3, height: Int = 2) -> [UInt8] {
        try! PNGCodec.encode(RGBAImage(width: width, height: height, fill: (r: 200, g: 10, b: 10, a: 255)))
    }

    /// Flat mid grey, or (`noisy`) a pattern that gives a long scan to cut.
    package static func jpeg(width: Int = 16, height: Int = 8, noisy: Bool = false) -> [UInt8] {
        let handle = tjInitCompress()!
        defer { tjDestroy(handle) }
        let pixels = (0..<width * height * 4).map { noisy ? UInt8(truncatingIfNeeded: $0 &* 37 ^ $0 >> 5) : 128 }
        var output: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        let status = tjCompress2(
            handle, pixels, Int32(width), 0, Int32(height), Int32(TJPF_RGBA.rawValue), &output, &size, Int32(TJSAMP_420.rawValue), 90, 0)
        precondition(status == 0)
        defer { tjFree(output) }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }

    /// A photo-like `width`×`height` JPEG: gradients with fine stripes, so detail and
    /// compression cost are like a camera's, made by libjpeg-turbo at quality 90.
    package static func photo(width: Int, height: Int, colorspace: TJCS = TJCS_RGB) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                for x in 0..<width {
                    let index = (y * width + x) * 3
                    out[index] = UInt8(truncatingIfNeeded: x * 255 / width)
                    out[index + 1] = UInt8(truncatingIfNeeded: y * 255 / height)
                    out[index + 2] = UInt8(truncatingIfNeeded: ((x / 3 + y / 5) % 2) * 60 + (x ^ y) % 50)
                }
            }
        }
        let handle = tjInitCompress()!
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        let status: Int32
        if colorspace == TJCS_CMYK {
            // Four channels of ink, written as a CMYK JPEG (as print workflows save them).
            let cmyk = (0..<width * height * 4).map { UInt8(truncatingIfNeeded: $0 % 200) }
            status = tjCompress2(
                handle, cmyk, Int32(width), 0, Int32(height), Int32(TJPF_CMYK.rawValue), &output, &size, Int32(TJSAMP_444.rawValue), 90, 0)
        } else {
            status = tjCompress2(
                handle, pixels, Int32(width), 0, Int32(height), Int32(TJPF_RGB.rawValue), &output, &size, Int32(TJSAMP_420.rawValue), 90,
                0)
        }
        precondition(status == 0)
        defer { tjFree(output) }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }

    /// A JPEG's pixels, decoded by libjpeg-turbo.
    package static func decodeJPEG(_ bytes: [UInt8]) throws -> RGBAImage {
        let handle = tjInitDecompress()!
        defer { tjDestroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        guard tjDecompressHeader3(handle, bytes, UInt(bytes.count), &width, &height, &subsampling, &colorspace) == 0 else {
            throw RasterError("not a JPEG")
        }
        var pixels = [UInt8](repeating: 0, count: Int(width * height * 4))
        guard
            tjDecompress2(handle, bytes, UInt(bytes.count), &pixels, width, 0, height, Int32(TJPF_RGBA.rawValue), 0) == 0
        else { throw RasterError("not a JPEG") }
        return RGBAImage(width: Int(width), height: Int(height), pixels: pixels)
    }

    /// A PNG signature and an IHDR that claims `width`×`height` with a valid CRC, and no data.
    package static func pngHeaderOnly(width: UInt32, height: UInt32) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 255), UInt8((v >> 8) & 255), UInt8(v & 255)] }
        let ihdr: [UInt8] = Array("IHDR".utf8) + be(width) + be(height) + [8, 6, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13) + ihdr + be(crc32(ihdr))
    }

    package static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc >> 1) ^ (crc & 1 == 1 ? 0xEDB8_8320 : 0) }
        }
        return ~crc
    }
}
