import ArgumentParser
import Foundation
import ImageDiff
import SnapshotWorkflow

struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare two PNG files perceptually (pixelmatch's algorithm).",
        discussion: "Exit 0 within the budget, 1 over it (or different sizes), 2 bad arguments, 3 unreadable files.")

    @Argument(help: "The expected image.") var first: String
    @Argument(help: "The actual image.") var second: String

    @Option(name: .long, help: "Write a diff image: unchanged pixels faded grey, differences red, anti-aliasing yellow.")
    var out: String?

    @OptionGroup var comparison: ComparisonOptions

    func run() throws {
        if let out { try Self.checkOut(out, inputs: [first, second]) }
        let (a, b) = try Self.readBoth(first, second)
        let result: PerceptualDiff.Result
        do {
            result = try PerceptualDiff.compare(a, b, options: comparison.diffOptions, diffImage: out != nil)
        } catch {
            throw Failure(code: .difference, message: "tabstage: \(first) and \(second) differ: \(error.message)")
        }
        if let out, let image = result.image {
            var writer = AtomicWriter()
            try Pipeline.io { () throws(WorkflowError) in try writer.write(try SnapshotRenderer.encode(image), to: out) }
            writer.finish()
        }
        let budget = comparison.budget
        let ratio = decimalRatio(result.ratio)
        print("\(result.differentPixels) of \(result.pixelCount) pixels differ (ratio \(ratio)); \(result.antiAliasedPixels) anti-aliased pixels ignored")
        if !budget.allows(result) {
            throw Failure(code: .difference, message: "tabstage: over the budget of \(budget.allowance(pixelCount: result.pixelCount)) differing pixels")
        }
    }

    /// `--out` must name a new file or one that is neither input: writing the diff over an
    /// input would destroy it. The same file is found by device and inode (links included),
    /// or by the resolved path when `--out` does not exist yet.
    static func checkOut(_ out: String, inputs: [String]) throws(Failure) {
        try Pipeline.checkPath(out, option: "--out")
        var outInfo = stat()
        let outExists = stat(out, &outInfo) == 0
        let resolvedOut = URL(fileURLWithPath: out).standardizedFileURL.resolvingSymlinksInPath().path
        for input in inputs {
            var info = stat()
            let same = outExists && stat(input, &info) == 0
                ? info.st_dev == outInfo.st_dev && info.st_ino == outInfo.st_ino
                : URL(fileURLWithPath: input).standardizedFileURL.resolvingSymlinksInPath().path == resolvedOut
            if same {
                throw Failure.badInput("tabstage: error: --out '\(out)' is the input '\(input)' (expected a different file for the diff image)")
            }
        }
    }

    /// Decodes both files at once, one per core.
    static func readBoth(_ first: String, _ second: String) throws(Failure) -> (RGBAImage, RGBAImage) {
        let results = DecodeSlots()
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            results.store(index, Result { () throws(Failure) in try read(index == 0 ? first : second) })
        }
        return (try results.first.get(), try results.second.get())
    }

    static func read(_ path: String) throws(Failure) -> RGBAImage {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot be read" : "no such file"
            throw Failure.io("tabstage: error: \(path): \(reason)")
        }
        do {
            return try PNGCodec.decode(Array(data))
        } catch {
            throw Failure.io("tabstage: error: \(path): \(error.message)")
        }
    }

    private func decimalRatio(_ ratio: Double) -> String {
        let text = String(format: "%.6f", locale: Locale(identifier: "en_US_POSIX"), ratio)
        return text
    }
}

/// The two decodes' results; each slot is written by one thread, read after both finish.
private final class DecodeSlots: @unchecked Sendable {
    var first: Result<RGBAImage, Failure> = .failure(Failure.io("not decoded"))
    var second: Result<RGBAImage, Failure> = .failure(Failure.io("not decoded"))
    func store(_ index: Int, _ result: Result<RGBAImage, Failure>) {
        if index == 0 { first = result } else { second = result }
    }
}
