import Foundation

/// Writes single files safely through an `OutputTransaction`: each `write` puts one file in
/// place at once (exclusive no-follow temporary, renamed over the old file, which is kept as a
/// backup), and `rollback` puts back what was there before. Nothing else in the folder is
/// touched. Backups are dropped by `finish`, or when the transaction goes away.
package struct AtomicWriter {
    package let transaction: OutputTransaction
    package private(set) var written: [String] = []
    private var opened: [String: OutputFolder] = [:]

    package init(transaction: OutputTransaction = OutputTransaction()) {
        self.transaction = transaction
    }

    /// Creates `path` and its parents; the path is the user's and may pass through links.
    /// `label` names it in messages (the option it came from, such as "--report").
    package mutating func createDirectory(_ path: String, label: String = "output folder") throws(WorkflowError) {
        _ = try root(path, label: label)
    }

    /// Creates the folder `name` inside `root`; refused when it is a symbolic link.
    @discardableResult
    package mutating func createDirectory(_ name: String, in root: String) throws(WorkflowError) -> String {
        let parent = try self.root(root)
        let folder = try transaction.openFolder(name, in: parent)
        opened[folder.path] = folder
        return folder.path
    }

    package mutating func write(_ bytes: some Collection<UInt8>, to path: String) throws(WorkflowError) {
        let path = OutputTransaction.normalized(path)
        guard !path.isEmpty else { throw WorkflowError("the output path is empty (expected a file path)", kind: .badInput) }
        let name = (path as NSString).lastPathComponent
        let parent = (path as NSString).deletingLastPathComponent
        let folder = try root(parent.isEmpty ? "." : parent)
        try transaction.stage(bytes, as: name, in: folder)
        try transaction.commit(folder, previous: .keep)
        written.append(path)
    }

    package func rollback() {
        transaction.rollback()
    }

    package func finish() {
        transaction.finish()
    }

    private mutating func root(_ path: String, label: String = "output folder") throws(WorkflowError) -> OutputFolder {
        let key = OutputTransaction.normalized(path)
        if let folder = opened[key] { return folder }
        let folder = try transaction.openRoot(key, label: label)
        opened[key] = folder
        return folder
    }
}

/// A rendering or I/O failure in the workflow (exit code 3 at the command line), or a refused
/// path or name (`badInput`, exit code 2).
public struct WorkflowError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Which exit code the failure maps to at the command line.
    public enum Kind: Sendable, Hashable {
        /// Rendering or I/O went wrong (exit code 3).
        case failure
        /// A path or name was refused (exit code 2).
        case badInput
    }

    /// One line for a person, naming the file and what went wrong.
    public var message: String
    /// Whether the cause is the input or the machine.
    public var kind: Kind
    /// A failure with its message; `kind` defaults to a rendering or I/O failure.
    public init(_ message: String, kind: Kind = .failure) {
        self.message = message
        self.kind = kind
    }
    /// The message.
    public var description: String { message }
}
