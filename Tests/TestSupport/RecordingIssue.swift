import Testing

/// Whether `issue` is an assertion's report of a reference it recorded, as `verify` words it:
/// "no reference was found; recorded …", "… recorded both files", or a recording
/// `TABSTAGE_RECORD` (or a `record:` argument) asked for. Any other failure is not one.
package func isRecordingIssue(_ issue: Issue) -> Bool {
    let text = issue.comments.map(\.rawValue).joined(separator: "\n")
    let recorded = ["no reference was found; recorded ", "; recorded both files", "(TABSTAGE_RECORD=all)", "(TABSTAGE_RECORD=failed)"]
    return recorded.contains { text.contains($0) } && !text.contains("could not be verified")
}

/// Runs `body`, whose assertions record their references: each recording is a known issue
/// (recording counts as a failure), and any other failure fails the test.
package func withRecordingIssue(
    _ comment: Comment = "recording counts as a failure", sourceLocation: SourceLocation = #_sourceLocation, _ body: () -> Void
) {
    withKnownIssue(comment, sourceLocation: sourceLocation) {
        body()
    } matching: { issue in
        isRecordingIssue(issue)
    }
}
