import Foundation
import ImageDiff
import Raster
import TabStageTestSupport
import Testing

/// `run --frames` writes each frame's PNG as the same bytes as rendering that frame's own SVG
/// alone: whatever the frame pipeline shares between frames, no pixel and no byte may differ.
@Suite struct FrameFidelityTests {
    let cli = CommandLineTests()

    @Test func everyFlingFrameIsItsOwnSVGRenderedAlone() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try cli.write(flingScenario(fps: 5), "fling.yaml", in: folder)
        let result = try cli.tabstage(["run", "fling.yaml", "--out", "out", "--frames", "--format", "svg,png"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let frames = folder.appendingPathComponent("out/fling")
        // A release at 1000 pt/s decelerates as 1000·0.998^(1000t) until under 0.5 pt/s:
        // t = ln(0.5/1000) / (1000·ln 0.998) = 7.601 / 2.002 = 3.797 s, 19 frames at 5 fps.
        let names = try FileManager.default.contentsOfDirectory(atPath: frames.path)
            .filter { $0.hasPrefix("fling-") && $0.hasSuffix(".png") }.sorted()
        #expect(names.count == 19)
        let canvas = Canvas()
        for name in names {
            let svg = try String(contentsOf: frames.appendingPathComponent(String(name.dropLast(4)) + ".svg"), encoding: .utf8)
            let written = Array(try Data(contentsOf: frames.appendingPathComponent(name)))
            // The iPhone 14 of the fixture draws at 3 pixels per point, 390×844 pt.
            let alone = try canvas.renderPNG(svg: svg, scale: 3, options: .fast)
            #expect(written == alone, "\(name) differs from its SVG rendered alone")
            let image = try PNGCodec.decode(written)
            #expect(image.width == 1170 && image.height == 2532)
        }
    }
}
