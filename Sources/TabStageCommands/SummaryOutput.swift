import ArgumentParser
import Foundation
import TabStageReports
import TabStageScenario
import TabStageWorkflow

/// `--summary FILE` and `--summary-image-base URL`: the report's Markdown summary
/// (`StepSummary`), written to a file and, when `GITHUB_STEP_SUMMARY` is set in the command's
/// environment, appended to the step summary GitHub Actions shows.
struct SummaryOptions: ParsableArguments {
    @Option(
        name: .long,
        help: "Also write the Markdown summary here (GITHUB_STEP_SUMMARY, when set, gets it anyway).",
        completion: .file(extensions: ["md"]))
    var summary: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Show the summary's images as <img> of URL/<path in the report folder>: where the report's files are served (http or https).",
            valueName: "url"))
    var summaryImageBase: String?

    /// One located line, exit 2, before anything runs.
    func check() throws(Failure) {
        if let base = summaryImageBase, let problem = MarkdownText.imageBaseProblem(base) {
            throw Failure.badInput(
                "tabstage: error: --summary-image-base '\(quoted(String(base.prefix(200))))' \(problem) (expected the http or https address the report folder's files are served from, such as https://ci.example.com/run/42/report)"
            )
        }
        if let summary {
            try Pipeline.checkPath(summary, option: "--summary")
            try Pipeline.checkSingleFile(summary, option: "--summary", expected: "a new or existing Markdown file path")
        }
    }

    /// Writes `--summary` through `writer` (joining its command's all-or-nothing output).
    func writeFile(_ make: (Int) -> String?, writer: inout AtomicWriter) throws(Failure) {
        guard let summary else { return }
        let text = make(StepSummary.byteLimit) ?? ""
        try Pipeline.io { () throws(WorkflowError) in try writer.write(Array(text.utf8), to: summary) }
    }

    /// Appends the summary to `GITHUB_STEP_SUMMARY` when the environment names one, within the
    /// room GitHub leaves a step (1 MiB less what the file already holds). Trouble there is a
    /// warning: the command's result does not depend on the CI page.
    static func appendToStepSummary(_ make: (Int) -> String?) {
        guard let path = Console.current.environment["GITHUB_STEP_SUMMARY"], !path.isEmpty else { return }
        let descriptor = open(Console.current.resolve(path), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            printError("tabstage: warning: GITHUB_STEP_SUMMARY '\(path)' cannot be opened (\(reason)); the summary is not added to it")
            return
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            printError("tabstage: warning: GITHUB_STEP_SUMMARY '\(path)' is not a regular file; the summary is not added to it")
            return
        }
        let separator = info.st_size > 0 ? "\n" : ""
        let room = StepSummary.byteLimit - Int(info.st_size) - separator.utf8.count
        guard room > 0, let text = make(room) else {
            printError(
                "tabstage: warning: GITHUB_STEP_SUMMARY '\(path)' already holds \(info.st_size) bytes, too close to GitHub's 1 MiB a step for the summary; it is not added (see the report)"
            )
            return
        }
        var bytes = Array((separator + text).utf8)[...]
        while !bytes.isEmpty {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                printError(
                    "tabstage: warning: cannot add the summary to GITHUB_STEP_SUMMARY '\(path)' (\(String(cString: strerror(errno))))")
                return
            }
            bytes = bytes.dropFirst(count)
        }
    }
}
