import CFuzzer
import TabStage
import TabStageImageDiff

#if canImport(Glibc)
import Glibc
#endif

/// Any bytes must decode to an image or give a RasterError; a decoded image must survive the
/// diff against itself (zero differences) and a changed copy, and a PNG round trip. The chunk
/// reader used to check references must accept or refuse any bytes without crashing, and a
/// text chunk set on a PNG it accepts must read back without changing the pixels.
func fuzzPNG(_ bytes: UnsafeBufferPointer<UInt8>) {
    let data = Array(bytes)
    if let summary = try? PNGChunks.summary(data) {
        guard let stamped = try? PNGChunks.settingText(data, keyword: "tabstage:svg", value: "0123456789abcdef"),
            let again = try? PNGChunks.summary(stamped),
            again.width == summary.width, again.height == summary.height, again.texts["tabstage:svg"] == "0123456789abcdef"
        else {
            fatalError("a text chunk set on an accepted PNG does not read back")
        }
        if let original = try? PNGCodec.decode(data), let decoded = try? PNGCodec.decode(stamped), original != decoded {
            fatalError("a text chunk changed the pixels")
        }
    }
    guard let image = try? PNGCodec.decode(data) else { return }
    guard let same = try? PerceptualDiff.compare(image, image, diffImage: true), same.differentPixels == 0 else {
        fatalError("an image differs from itself")
    }
    var changed = image
    if !changed.pixels.isEmpty { changed.pixels[0] ^= 0xFF }
    _ = try? PerceptualDiff.compare(image, changed, options: .init(threshold: 0), diffImage: true)
    if let png = try? PNGCodec.encode(image, options: .fast), let back = try? PNGCodec.decode(png), back != image {
        fatalError("a PNG round trip changed the pixels")
    }
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(
    LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        fuzzPNG(UnsafeBufferPointer(start: data, count: data == nil ? 0 : size))
        return 0
    })
