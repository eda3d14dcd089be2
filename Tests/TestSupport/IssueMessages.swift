import Synchronization
import Testing

/// Issue comments seen by `withKnownIssue`'s matcher, for tests of what the testing API reports.
package final class IssueMessages: Sendable {
    let texts = Mutex<[String]>([])

    package init() {}

    /// Keeps `issue`'s comments; always matches.
    package func add(_ issue: Issue) -> Bool {
        texts.withLock { $0.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
        return true
    }

    /// Every issue's comments, in the order seen.
    package var all: [String] { texts.withLock { $0 } }
}
