import CFuzzer
import Foundation
import TabStage

#if canImport(Glibc)
import Glibc
import TabStageRendering
import TabStageScenario
#endif
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Any bytes must give a scenario or a ScenarioError, never a crash, a hang or a leak; and what
/// an accepted scenario writes must be readable: the trace valid JSON, every SVG well-formed XML.
func fuzzScenario(_ bytes: UnsafeBufferPointer<UInt8>) {
    let text = String(decoding: bytes, as: UTF8.self)
    guard let scenario = try? ScenarioParser.parse(text, file: "fuzz.yaml", defaultName: "fuzz") else { return }
    // Inputs of odd length measure text with Pango, as the command line does (its font map and
    // width cache are built once and stay reachable, so the leak check does not count them);
    // the others with fixed advances, which take the same layout paths with any widths.
    if bytes.count % 2 == 1 {
        check(scenario, measuring: TextMeasurer.shared)
    } else {
        check(scenario, measuring: FixedAdvanceMeasurer())
    }
}

func check(_ scenario: Scenario, measuring measurer: some TextMeasuring) {
    guard let run = try? ScenarioRunner.run(scenario, measuring: measurer, frames: { _, state in _ = state.container.headerHeight })
    else { return }
    for (name, state) in run.snapshots.prefix(4) {
        let svg = SVGSnapshot.svg(state, look: scenario.look, measuring: measurer)
        let parser = XMLParser(data: Data(svg.utf8))
        guard parser.parse() else {
            fatalError("snapshot \(name): the SVG is not well-formed XML (\(parser.parserError.map { "\($0)" } ?? "no error"))")
        }
        // XMLParser stops at the root's end tag: anything after it must be checked here.
        guard svg.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("</svg>") else {
            fatalError("snapshot \(name): the SVG does not end with its root's end tag")
        }
    }
    guard let trace = try? Trace.text(scenario, measuring: measurer) else {
        fatalError("the scenario ran, but its trace could not be written")
    }
    do {
        _ = try JSONSerialization.jsonObject(with: Data(trace.utf8))
    } catch {
        fatalError("trace.json is not valid JSON: \(error)")
    }
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(
    LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        fuzzScenario(UnsafeBufferPointer(start: data, count: data == nil ? 0 : size))
        return 0
    })
