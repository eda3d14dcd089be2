import ArgumentParser
import Foundation
import TabStageImageDiff
import TabStageReports
import TabStageScenario
import TabStageWorkflow

struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare two PNG files, or two folders of them, perceptually (pixelmatch's algorithm).",
        discussion: """
            Two folders are compared file by file by relative path: passed, changed, new (only in \
            the actual folder) and deleted (only in the expected one). Exit 0 within the budget, \
            1 over it (or different sizes; in folder mode any changed, new or deleted file unless \
            allowed), 2 bad arguments, 3 unreadable files.
            """)

    @Argument(help: "The expected image, or folder of images.") var first: String
    @Argument(help: "The actual image, or folder of images.") var second: String

    @Option(name: .long, help: "Write a diff image: unchanged pixels faded grey, differences red, anti-aliasing yellow.")
    var out: String?

    @Option(name: .long, help: "Folders: write an HTML report (index.html, junit.xml and images) into this folder.")
    var report: String?

    @Option(name: .long, help: "Folders: write the results as JSON (reg-cli's fields) to this file.")
    var json: String?

    @Flag(name: .long, help: "Folders: files only in the actual folder do not fail the comparison.")
    var allowNew = false

    @Flag(name: .long, help: "Folders: files only in the expected folder do not fail the comparison.")
    var allowDeleted = false

    @OptionGroup var jobs: JobsOption

    @OptionGroup var comparison: ComparisonOptions

    func validate() throws {
    }

    func run() throws {
        ImageMemory.reuseImageBuffers()
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: Console.current.resolve(first), isDirectory: &isFolder), isFolder.boolValue {
            return try runFolders()
        }
        for (value, option) in [(report, "--report"), (json, "--json")] where value != nil {
            throw Failure.badInput(
                "tabstage: error: \(option) compares folders, but '\(first)' is a file (expected two folders of PNG files)")
        }
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
        printLine(
            "\(result.differentPixels) of \(result.pixelCount) pixels differ (ratio \(ratio)); \(result.antiAliasedPixels) anti-aliased pixels ignored"
        )
        if !budget.allows(result) {
            throw Failure(
                code: .difference,
                message: "tabstage: over the budget of \(budget.allowance(pixelCount: result.pixelCount)) differing pixels")
        }
    }

    /// Two folders, reg-cli style; a line per file that is not passed, then the counts.
    private func runFolders() throws(Failure) {
        guard out == nil else {
            throw Failure.badInput(
                "tabstage: error: --out writes one diff image; for folders use --report (expected two PNG files with --out)")
        }
        try Pipeline.checkPath(report, option: "--report")
        try Pipeline.checkPath(json, option: "--json")
        try Pipeline.checkShellSafe(first, option: "the expected folder")
        try Pipeline.checkShellSafe(second, option: "the actual folder")
        let inputs = [(first, "the expected folder"), (second, "the actual folder")]
        try Pipeline.checkApart(report, option: "--report", from: inputs)
        try Pipeline.checkApart(json, option: "--json", from: inputs)
        if let json { try Pipeline.checkSingleFile(json, option: "--json", expected: "a new or existing JSON file path") }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: Console.current.resolve(second), isDirectory: &isFolder), isFolder.boolValue else {
            throw Failure.badInput("tabstage: error: '\(first)' is a folder but '\(second)' is not (expected two folders of PNG files)")
        }
        let folders = FolderDiff(
            expected: first, actual: second, options: comparison.diffOptions, budget: comparison.budget, jobs: jobs.count,
            keepImages: report != nil)
        let console = Console.current
        let showsProgress = console.errorIsTerminal
        let transaction = OutputTransaction(faults: Pipeline.testFaults)
        Interruption.protect(
            transaction,
            writing: [report.map { "--report '\($0)'" }, json.map { "--json '\($0)'" }].compactMap { $0 }.joined(separator: " and "))
        defer { Interruption.protect(nil) }
        let items = try Pipeline.io { () throws(WorkflowError) -> [FolderDiff.Item] in
            var writer = AtomicWriter(transaction: transaction)
            do throws(WorkflowError) {
                var page = try report.map { folder throws(WorkflowError) in
                    try FolderReport(folder: folder, expected: first, actual: second, writer: &writer)
                }
                let items = try folders.run(progress: { done, total in
                    if showsProgress { Pipeline.drawProgress(done: done, total: total, on: console) }
                }) { checked throws(WorkflowError) in
                    if checked.item.status != .passed {
                        if showsProgress { console.writeError("\r\u{1B}[K") }
                        printLine("\(checked.item.path): \(checked.item.message)")
                    }
                    try page?.add(checked, writer: &writer)
                }
                if showsProgress { console.writeError("\n") }
                try page?.finish(items, threshold: comparison.threshold, writer: &writer)
                if let json {
                    try writer.write(Array(FolderDiff.json(items, expected: first, actual: second, report: report).utf8), to: json)
                }
                writer.finish()
                return items
            } catch {
                writer.rollback()
                throw error
            }
        }
        let count = { (status: FolderDiff.Status) in items.filter { $0.status == status }.count }
        let (changed, new, deleted) = (count(.changed), count(.new), count(.deleted))
        printLine(
            "\(count(.passed)) passed, \(changed) changed, \(new) new, \(deleted) deleted"
                + (report.map { "; report in \($0)/index.html" } ?? ""))
        if changed > 0 || (new > 0 && !allowNew) || (deleted > 0 && !allowDeleted) {
            throw Failure(code: .difference, message: "tabstage: the folders differ")
        }
    }

    /// `--out` must name a new file or one that is neither input: writing the diff over an
    /// input would destroy it. The same file is found by device and inode (links included),
    /// or by the resolved path when `--out` does not exist yet.
    static func checkOut(_ out: String, inputs: [String]) throws(Failure) {
        try Pipeline.checkPath(out, option: "--out")
        let console = Console.current
        var outInfo = stat()
        let outExists = stat(console.resolve(out), &outInfo) == 0
        let resolvedOut = URL(fileURLWithPath: console.resolve(out)).standardizedFileURL.resolvingSymlinksInPath().path
        for input in inputs {
            var info = stat()
            let same =
                outExists && stat(console.resolve(input), &info) == 0
                ? info.st_dev == outInfo.st_dev && info.st_ino == outInfo.st_ino
                : URL(fileURLWithPath: console.resolve(input)).standardizedFileURL.resolvingSymlinksInPath().path == resolvedOut
            if same {
                throw Failure.badInput(
                    "tabstage: error: --out '\(out)' is the input '\(input)' (expected a different file for the diff image)")
            }
        }
        try Pipeline.checkSingleFile(out, option: "--out", expected: "a new or existing PNG file path")
    }

    /// Decodes both files at once, one per core. The paths are resolved here, on the command's
    /// thread: the decoding threads do not see its console.
    static func readBoth(_ first: String, _ second: String) throws(Failure) -> (PackedImage, PackedImage) {
        let results = DecodeSlots()
        let console = Console.current
        let files = [(first, console.resolve(first)), (second, console.resolve(second))]
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            results.store(index, Result { () throws(Failure) in try read(files[index].0, at: files[index].1) })
        }
        return (try results.first.get(), try results.second.get())
    }

    /// The PNG `path` names (as the user wrote it, for messages), read from `file`.
    static func read(_ path: String, at file: String) throws(Failure) -> PackedImage {
        if let problem = RasterLimits.fileSizeProblem(file) { throw Failure.io("tabstage: error: \(quoted(path)): \(problem)") }
        guard let data = FileManager.default.contents(atPath: file) else {
            let reason = FileManager.default.fileExists(atPath: file) ? "cannot be read" : "no such file"
            throw Failure.io("tabstage: error: \(path): \(reason)")
        }
        do {
            // Kept packed (a black-and-white PNG as its bits) and expanded a band at a time
            // while compared, so the pair costs its packed rows, not two RGBA images.
            return try PNGCodec.decodePacked(Array(data))
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
    var first: Result<PackedImage, Failure> = .failure(Failure.io("not decoded"))
    var second: Result<PackedImage, Failure> = .failure(Failure.io("not decoded"))
    func store(_ index: Int, _ result: Result<PackedImage, Failure>) {
        if index == 0 { first = result } else { second = result }
    }
}
