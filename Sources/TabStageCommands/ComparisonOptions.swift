import ArgumentParser
import TabStageImageDiff

/// The perceptual comparison's settings, shared by `diff` and `verify`.
struct ComparisonOptions: ParsableArguments {
    // `.unconditional` so a negative number is read as the value (and refused with a reason)
    // rather than as another option.
    @Option(name: .long, parsing: .unconditional, help: "Colour distance threshold from 0 (every change counts) to 1 (none does).")
    var threshold: Double = 0.1

    @Option(name: .long, parsing: .unconditional, help: "Differing pixels allowed (default 0).")
    var maxDiffPixels: Int?

    @Option(name: .long, parsing: .unconditional, help: "Fraction of differing pixels allowed, from 0 to 1.")
    var maxDiffPixelRatio: Double?

    func validate() throws {
        guard (0...1).contains(threshold) else {
            throw ValidationError("--threshold must be from 0 to 1 (a colour distance cannot be negative or above 1), got \(threshold)")
        }
        if let maxDiffPixels, maxDiffPixels < 0 {
            throw ValidationError("--max-diff-pixels must be 0 or more (a count of pixels), got \(maxDiffPixels)")
        }
        if let ratio = maxDiffPixelRatio, !(0...1).contains(ratio) {
            throw ValidationError("--max-diff-pixel-ratio must be from 0 to 1 (a fraction of the image), got \(ratio)")
        }
    }

    var diffOptions: PerceptualDiff.Options { .init(threshold: threshold) }
    var budget: DiffBudget { DiffBudget(maxDiffPixels: maxDiffPixels, maxDiffPixelRatio: maxDiffPixelRatio) }
}
