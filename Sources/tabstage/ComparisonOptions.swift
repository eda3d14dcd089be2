import ArgumentParser
import ImageDiff

/// The perceptual comparison's settings, shared by `diff` and `verify`.
struct ComparisonOptions: ParsableArguments {
    @Option(name: .long, help: "Colour distance threshold from 0 (every change counts) to 1 (none does).")
    var threshold: Double = 0.1

    @Option(name: .long, help: "Differing pixels allowed (default 0).")
    var maxDiffPixels: Int?

    @Option(name: .long, help: "Fraction of differing pixels allowed, from 0 to 1.")
    var maxDiffPixelRatio: Double?

    func validate() throws {
        guard (0...1).contains(threshold) else { throw ValidationError("--threshold must be from 0 to 1, got \(threshold)") }
        if let maxDiffPixels, maxDiffPixels < 0 { throw ValidationError("--max-diff-pixels must be 0 or more, got \(maxDiffPixels)") }
        if let ratio = maxDiffPixelRatio, !(0...1).contains(ratio) { throw ValidationError("--max-diff-pixel-ratio must be from 0 to 1, got \(ratio)") }
    }

    var diffOptions: PerceptualDiff.Options { .init(threshold: threshold) }
    var budget: DiffBudget { DiffBudget(maxDiffPixels: maxDiffPixels, maxDiffPixelRatio: maxDiffPixelRatio) }
}
