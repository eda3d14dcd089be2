import CWebP
import TabStageImageDiff

package struct AnimationError: Error, Sendable, Hashable, CustomStringConvertible {
    package var message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}

/// Streams frames into libwebp's animation encoder: each frame is encoded when it is added and
/// only the previous frame's pixels are kept (to merge identical neighbours), so memory does
/// not grow with the number of raw frames, only with the compressed result.
///
/// Times are whole milliseconds since the start; a frame lasts until the next different frame's
/// start (or the end given to `finish`). Callers compute each start from exact time, so
/// rounding never accumulates.
package final class AnimatedWebPEncoder {
    package let width: Int
    package let height: Int
    /// Lossy quality 0–100; nil encodes losslessly.
    package let quality: Int?
    private var encoder: OpaquePointer?
    private var previous: [UInt8]?
    private var lastStart = -1
    /// Frames handed to libwebp (identical neighbours count once).
    package private(set) var distinctFrames = 0

    package init(width: Int, height: Int, quality: Int?) throws(AnimationError) {
        guard width > 0, height > 0, width <= 16383, height <= 16383 else {
            throw AnimationError("an animated WebP is 1 to 16383 px a side, got \(width)×\(height)")
        }
        if let quality, !(0...100).contains(quality) { throw AnimationError("WebP quality must be from 0 to 100, got \(quality)") }
        self.width = width
        self.height = height
        self.quality = quality
        var options = WebPAnimEncoderOptions()
        guard tabstage_webp_anim_encoder_options_init(&options) != 0 else { throw AnimationError("libwebp: incompatible library version") }
        options.anim_params.loop_count = 0  // forever
        options.anim_params.bgcolor = 0xFFFF_FFFF
        // Deterministic output: no mixed lossy/lossless guessing per frame.
        options.allow_mixed = 0
        options.minimize_size = 0
        guard let encoder = tabstage_webp_anim_encoder_new(Int32(width), Int32(height), &options) else {
            throw AnimationError("libwebp could not start an animation of \(width)×\(height) px")
        }
        self.encoder = encoder
    }

    deinit {
        if let encoder { WebPAnimEncoderDelete(encoder) }
    }

    /// Adds a frame shown from `start` (ms, strictly after the previous frame's start). A frame
    /// identical to the previous one is not added: the previous one simply lasts longer.
    package func add(_ image: RGBAImage, start: Int) throws(AnimationError) {
        guard let encoder else { throw AnimationError("the animation is already finished") }
        guard image.width == width, image.height == height else {
            throw AnimationError("a frame of \(image.width)×\(image.height) px in an animation of \(width)×\(height) px")
        }
        guard start > lastStart else { throw AnimationError("frame times must increase: \(start) ms after \(lastStart) ms") }
        if let previous, previous == image.pixels { return }
        var config = WebPConfig()
        guard tabstage_webp_config_init(&config) != 0 else { throw AnimationError("libwebp: incompatible library version") }
        if let quality {
            config.lossless = 0
            config.quality = Float(quality)
        } else {
            config.lossless = 1
            config.quality = 75
            config.method = 4
        }
        var picture = WebPPicture()
        guard tabstage_webp_picture_init(&picture) != 0 else { throw AnimationError("libwebp: incompatible library version") }
        picture.use_argb = 1
        picture.width = Int32(width)
        picture.height = Int32(height)
        defer { WebPPictureFree(&picture) }
        let imported = image.pixels.withUnsafeBufferPointer { WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(width * 4)) }
        guard imported != 0 else { throw AnimationError("libwebp could not take a \(width)×\(height) px frame (out of memory?)") }
        guard WebPAnimEncoderAdd(encoder, &picture, Int32(start), &config) != 0 else {
            throw AnimationError("libwebp could not encode the frame at \(start) ms: \(Self.lastError(encoder))")
        }
        previous = image.pixels
        lastStart = start
        distinctFrames += 1
    }

    /// Ends the last frame at `end` ms and returns the file's bytes.
    package func finish(end: Int) throws(AnimationError) -> [UInt8] {
        guard let encoder else { throw AnimationError("the animation is already finished") }
        guard distinctFrames > 0 else { throw AnimationError("an animation needs at least one frame") }
        guard end > lastStart else { throw AnimationError("the animation ends at \(end) ms, not after its last frame at \(lastStart) ms") }
        defer {
            WebPAnimEncoderDelete(encoder)
            self.encoder = nil
            previous = nil
        }
        guard WebPAnimEncoderAdd(encoder, nil, Int32(end), nil) != 0 else {
            throw AnimationError("libwebp could not end the animation: \(Self.lastError(encoder))")
        }
        var data = WebPData()
        tabstage_webp_data_init(&data)
        defer { tabstage_webp_data_clear(&data) }
        guard WebPAnimEncoderAssemble(encoder, &data) != 0, let bytes = data.bytes else {
            throw AnimationError("libwebp could not assemble the animation: \(Self.lastError(encoder))")
        }
        return Array(UnsafeBufferPointer(start: bytes, count: data.size))
    }

    private static func lastError(_ encoder: OpaquePointer) -> String {
        WebPAnimEncoderGetError(encoder).map { String(cString: $0) } ?? "unknown error"
    }
}

/// An animated WebP read back: what a check of the written file needs.
package struct DecodedAnimation: Sendable, Hashable {
    package var width: Int
    package var height: Int
    package var loopCount: Int
    /// Each frame's duration in ms, in order.
    package var durations: [Int]
    /// The first frame, composited.
    package var firstFrame: RGBAImage

    package var totalDuration: Int { durations.reduce(0, +) }

    /// Reads the frames' durations with libwebp's demux API and composites the first frame.
    package static func decode(_ bytes: [UInt8]) throws(AnimationError) -> DecodedAnimation {
        let result: Result<DecodedAnimation, AnimationError> = bytes.withUnsafeBufferPointer { buffer in
            var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
            guard let demuxer = tabstage_webp_demux(&data) else { return .failure(AnimationError("not a WebP file")) }
            defer { WebPDemuxDelete(demuxer) }
            let width = Int(WebPDemuxGetI(demuxer, WEBP_FF_CANVAS_WIDTH))
            let height = Int(WebPDemuxGetI(demuxer, WEBP_FF_CANVAS_HEIGHT))
            let loopCount = Int(WebPDemuxGetI(demuxer, WEBP_FF_LOOP_COUNT))
            var durations: [Int] = []
            var iterator = WebPIterator()
            if WebPDemuxGetFrame(demuxer, 1, &iterator) != 0 {
                repeat { durations.append(Int(iterator.duration)) } while WebPDemuxNextFrame(&iterator) != 0
                WebPDemuxReleaseIterator(&iterator)
            }
            var options = WebPAnimDecoderOptions()
            guard tabstage_webp_anim_decoder_options_init(&options) != 0 else {
                return .failure(AnimationError("libwebp: incompatible library version"))
            }
            options.color_mode = MODE_RGBA
            guard let decoder = tabstage_webp_anim_decoder_new(&data, &options) else {
                return .failure(AnimationError("not an animated WebP"))
            }
            defer { WebPAnimDecoderDelete(decoder) }
            var frame: UnsafeMutablePointer<UInt8>?
            var timestamp: Int32 = 0
            guard WebPAnimDecoderGetNext(decoder, &frame, &timestamp) != 0, let frame else {
                return .failure(AnimationError("the WebP's first frame does not decode"))
            }
            let pixels = Array(UnsafeBufferPointer(start: frame, count: width * height * 4))
            return .success(
                DecodedAnimation(
                    width: width, height: height, loopCount: loopCount, durations: durations,
                    firstFrame: RGBAImage(width: width, height: height, pixels: pixels)))
        }
        return try result.get()
    }
}
