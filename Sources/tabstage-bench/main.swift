import CSpng
import Foundation
import TabStageImageDiff
import TabStageModel
import TabStageRendering
import TabStageScenario

/// Micro-benchmarks of the pipeline's stages on a scenario's physics frames, printed as
/// key=value lines for Scripts/bench.sh. Not part of `swift test`: benchmarks are not tests.
///   tabstage-bench SCENARIO [--samples N]
let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: tabstage-bench SCENARIO [--samples N]\n".utf8))
    exit(2)
}
let samples = arguments.firstIndex(of: "--samples").flatMap { Int(arguments[$0 + 1]) } ?? 20
let scenario: Scenario
do {
    scenario = try ScenarioLoader.load(path: arguments[1], decoder: SystemAssetDecoder())
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(2)
}
let clock = ContinuousClock()
func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

// The model: a whole run with every frame, repeated.
var frames: [StageState] = []
_ = try ScenarioRunner.run(scenario, measuring: TextMeasurer.shared) { _, state in frames.append(state) }
var modelRuns = 0
let modelTime = clock.measure {
    while modelRuns < 20 {
        _ = try? ScenarioRunner.run(scenario, measuring: TextMeasurer.shared) { _, _ in }
        modelRuns += 1
    }
}
print("frames=\(frames.count)")
print("model_frames_per_second=\(Int(Double(frames.count * modelRuns) / seconds(modelTime)))")

// The SVG writer over every frame, repeated.
var svgBytes = 0
var svgRounds = 0
let svgTime = clock.measure {
    while svgRounds < 10 {
        for state in frames { svgBytes &+= SVGSnapshot.svg(state, look: scenario.look, measuring: TextMeasurer.shared).utf8.count }
        svgRounds += 1
    }
}
print("svg_frames_per_second=\(Int(Double(frames.count * svgRounds) / seconds(svgTime)))")

// Rasterize and encode a sample of frames, stage by stage.
let step = max(1, frames.count / samples)
let sample = stride(from: 0, to: frames.count, by: step).prefix(samples).map { frames[$0] }
var render = Duration.zero, encode = Duration.zero, pngBytes = 0
for state in sample {
    let svg = SVGSnapshot.svg(state, look: scenario.look, measuring: TextMeasurer.shared)
    var image: RGBAImage?
    render += clock.measure { image = try? Rasterizer.render(svg: svg, scale: state.window.traits.displayScale) }
    encode += clock.measure { pngBytes += (try? PNGCodec.encode(image!, options: .fast))?.count ?? 0 }
}
print("render_ms=\(String(format: "%.2f", seconds(render) * 1000 / Double(sample.count)))")
print("encode_ms=\(String(format: "%.2f", seconds(encode) * 1000 / Double(sample.count)))")
print("png_kib=\(pngBytes / sample.count / 1024)")

// Encoding settings, by speed and size (the choice in PNGCodec.Options comes from this table).
if arguments.contains("--sweep") {
    let images = sample.prefix(5).compactMap {
        try? Rasterizer.render(
            svg: SVGSnapshot.svg($0, look: scenario.look, measuring: TextMeasurer.shared), scale: $0.window.traits.displayScale)
    }
    for strategy in [0, 1] as [Int32] {
        for level in [1, 2, 3, 6] as [Int32] {
            for memory in [8, 9] as [Int32] {
                var bytes = 0
                let options = PNGCodec.Options(compressionLevel: level, strategy: strategy, memoryLevel: memory)
                let time = clock.measure {
                    for _ in 0..<2 { for image in images { bytes += (try? PNGCodec.encode(image, options: options))?.count ?? 0 } }
                }
                print(
                    "sweep strategy=\(strategy) level=\(level) mem=\(memory) ms=\(String(format: "%.1f", seconds(time) * 1000 / Double(2 * images.count))) kib=\(bytes / (2 * images.count) / 1024)"
                )
            }
        }
    }
    // libdeflate with tabstage's own chunk framing, without a filter and with the up filter.
    for upFilter in [false, true] {
        for level in [1, 2, 3, 4, 6, 9] as [Int32] {
            var bytes = 0
            let filter = upFilter ? Int32(SPNG_FILTER_CHOICE_UP.rawValue) : Int32(SPNG_FILTER_CHOICE_NONE.rawValue)
            let options = PNGCodec.Options(compressor: .libdeflate, compressionLevel: level, filter: filter)
            let time = clock.measure {
                for _ in 0..<2 { for image in images { bytes += (try? PNGCodec.encode(image, options: options))?.count ?? 0 } }
            }
            print(
                "sweep libdeflate level=\(level) up=\(upFilter) ms=\(String(format: "%.1f", seconds(time) * 1000 / Double(2 * images.count))) kib=\(bytes / (2 * images.count) / 1024)"
            )
        }
    }
}
