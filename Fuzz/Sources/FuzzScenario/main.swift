import CFuzzer
import TabStage

#if canImport(Glibc)
import Glibc
import ScenarioFormat
import Simulation
#endif

/// Any bytes must give a scenario or a ScenarioError, never a crash, a hang or a leak.
func fuzzScenario(_ bytes: UnsafeBufferPointer<UInt8>) {
    let text = String(decoding: bytes, as: UTF8.self)
    // A fixed-advance measurer: layout, truncation and warnings take the same paths with any
    // widths, while Pango's and fontconfig's caches, which live for the whole process, would be
    // reported by libFuzzer's per-input leak check.
    let measurer = FixedAdvanceMeasurer()
    guard let scenario = try? ScenarioParser.parse(text, file: "fuzz.yaml", defaultName: "fuzz"),
        let run = try? ScenarioRunner.run(scenario, measuring: measurer, frames: { _, state in _ = state.container.headerHeight })
    else { return }
    for (_, state) in run.snapshots.prefix(4) { _ = SVGSnapshot.svg(state, measuring: measurer) }
    _ = try? Trace.text(scenario, measuring: measurer)
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(
    LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        fuzzScenario(UnsafeBufferPointer(start: data, count: data == nil ? 0 : size))
        return 0
    })
