/// A fling at `fps` from offset 0 with 1000 pt/s: it stops when |v| falls to 0.5 pt/s, after
/// ln(0.5/1000)/(1000·ln 0.998) = 3.7966 s — 38 frames at 10 fps, 114 at 30 fps.
package func flingScenario(fps: Int, name: String = "fling") -> String {
    Fixtures.yaml(
        extra: "name: \(name)\nfps: \(fps)",
        steps: ["- scroll: {to: 0}", "- snapshot: top", "- release: {velocity: 1000}", "- snapshot: end"])
}
