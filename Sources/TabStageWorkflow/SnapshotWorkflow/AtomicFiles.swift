import Foundation
import TabStageModel
import TabStageScenario

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

    /// The manifest rule of `run`'s folders, for a report folder that may hold an earlier
    /// report: removes the files the earlier report's manifest lists (in `root` or one folder
    /// below it, report files only) that this writer did not write again, and writes the new
    /// manifest. Removals are backed up and journaled, so a rollback puts them back.
    package mutating func replacePrevious(in root: String) throws(WorkflowError) {
        let key = OutputTransaction.normalized(root)
        let prefix = key == "/" ? "/" : key + "/"
        let now = Set(written.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) })
        let rootFolder = try self.root(key)
        var previous: [String] = []
        if case .success(let bytes) = NoFollowRead.file([OutputNames.manifest], under: key, limit: 16 << 20) {
            previous = ReportManifest.parse(bytes)
        }
        var byFolder: [String: [String]] = [:]
        for path in previous where !now.contains(path) {
            let parts = path.split(separator: "/").map(String.init)
            byFolder[parts.count == 2 ? parts[0] : "", default: []].append(parts[parts.count - 1])
        }
        for (name, files) in byFolder.sorted(by: { $0.key < $1.key }) {
            let folder: OutputFolder
            if name.isEmpty {
                folder = rootFolder
            } else {
                // A folder that is gone (or a link now) has nothing of the earlier report to remove.
                var info = stat()
                guard lstat(WorkingDirectory.resolve("\(prefix)\(name)"), &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { continue }
                folder = try transaction.openFolder(name, in: rootFolder)
            }
            try transaction.remove(files, in: folder)
        }
        try write(Array(ReportManifest.format(now).utf8), to: "\(prefix)\(OutputNames.manifest)")
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

/// A report folder's manifest: the relative paths of the files its last report wrote (in the
/// folder or one folder below it). Only report files are read back (`.png`, `.svg`,
/// `index.html`, `junit.xml`, `report.json`, plain names), so a tampered manifest cannot remove anything else.
enum ReportManifest {
    static func format(_ paths: Set<String>) -> String {
        "# Files tabstage wrote in its last report here; the next report removes those it does not write again.\n"
            + paths.filter { parse(Array(($0 + "\n").utf8)) == [$0] }.sorted().map { $0 + "\n" }.joined()
    }

    static func parse(_ bytes: [UInt8]) -> [String] {
        var paths: [String] = []
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            guard line.first != UInt8(ascii: "#"), let path = String(validating: line, as: UTF8.self) else { continue }
            let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            guard parts.count <= 2, parts.allSatisfy(OutputNames.isPlainFileName), let last = parts.last,
                OutputNames.isOutputName(last) || last == "junit.xml" || last == "report.json"
                    // A failure's new layout, which `accept` reads (`GROUP/NAME.actual.layout.txt`).
                    || (parts.count == 2 && last.hasSuffix(".actual.layout.txt") && last.count > ".actual.layout.txt".count),
                !paths.contains(path)
            else { continue }
            paths.append(path)
        }
        return paths
    }
}
