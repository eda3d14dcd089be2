import Foundation
import TabStageImageDiff
import TabStageRendering
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

    /// The same for frames with everything else a run animates: a drag and a fling that collapse
    /// a stretching header, an interactive page swipe that finishes on the next tab, an animated
    /// tab selection, a presented page sheet over the dimmed screen, an animated scroll and still
    /// frames, in right-to-left Hebrew on iOS 26 with the Liquid Glass tab bar and sheet (their
    /// Gaussian blur and shadow filters).
    @Test func everyFrameOfSwipesSheetsGlassAndRTLIsItsOwnSVGRenderedAlone() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = """
            name: mixed
            device: iphone-16-pro
            iOSVersion: 26
            fps: 4
            layoutDirection: rtl
            appTabBar:
              items: [Home, Search, Notifications, Profile]
              selected: 3
              minimizeBehavior: onScrollDown
            container:
              header: {height: 240, minHeight: 44, overscroll: stretch, title: "שירה כהן", subtitle: "@shira"}
              tabs:
                - {title: פוסטים, rows: 40, rowHeight: 108}
                - {title: מדיה, rows: 12, rowHeightRatio: 0.7627}
            steps:
              - drag: {dy: 60}
              - release: {velocity: 900}
              - swipe: {to: 1, progress: 0.4}
              - swipe: {to: 1, progress: 0.6, finish: true}
              - select: {tab: פוסטים, animated: true}
              - present: {style: pageSheet, detents: [medium, large], grabber: true}
              - scroll: {to: 300, animated: true}
              - wait: {seconds: 0.5}

            """
        try cli.write(scenario, "mixed.yaml", in: folder)
        let result = try cli.tabstage(["run", "mixed.yaml", "--out", "out", "--frames", "--format", "svg,png"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let frames = folder.appendingPathComponent("out/mixed")
        let names = try FileManager.default.contentsOfDirectory(atPath: frames.path)
            .filter { $0.hasPrefix("mixed-") && $0.hasSuffix(".png") }.sorted()
        // At 4 fps every animated step gives at least one frame, and the wait of 0.5 s two.
        #expect(names.count >= 8)
        var sawGlass = false, sawSheet = false
        let canvas = Canvas()
        for name in names {
            let svg = try String(contentsOf: frames.appendingPathComponent(String(name.dropLast(4)) + ".svg"), encoding: .utf8)
            sawGlass = sawGlass || svg.contains("feGaussianBlur")
            sawSheet = sawSheet || svg.contains("id=\"sheet\"")
            let written = Array(try Data(contentsOf: frames.appendingPathComponent(name)))
            // The iPhone 16 Pro draws at 3 pixels per point, 402×874 pt.
            let alone = try canvas.renderPNG(svg: svg, scale: 3, options: .fast)
            #expect(written == alone, "\(name) differs from its SVG rendered alone")
            let image = try PNGCodec.decode(written)
            #expect(image.width == 1206 && image.height == 2622)
        }
        #expect(sawGlass && sawSheet, "the frames must draw the glass blur and the sheet")
    }
}
