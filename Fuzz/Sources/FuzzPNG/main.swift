import CFuzzer
import ImageDiff

#if canImport(Glibc)
import Glibc
#endif

/// Any bytes must decode to an image or give a RasterError; a decoded image must survive the
/// diff against itself (zero differences) and a changed copy, and a PNG round trip.
func fuzzPNG(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let image = try? PNGCodec.decode(Array(bytes)) else { return }
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
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    fuzzPNG(UnsafeBufferPointer(start: data, count: data == nil ? 0 : size))
    return 0
})
