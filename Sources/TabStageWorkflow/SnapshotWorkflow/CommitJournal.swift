import Foundation

/// What a test asks `OutputTransaction` to do wrong, and where: the documented test hook for
/// the all-old-or-all-new promise. The command line reads it from `TABSTAGE_TEST_FAULT`
/// (`fail:N`, `kill:N`, `SIGTERM:commit-K`, `SIGINT:finish`, …); nothing else sets it.
package struct FaultPlan: Sendable {
    /// Where the fault happens.
    package enum Point: Sendable, Equatable {
        /// The N-th operation on disk, from 1: creating a temporary, writing or fsyncing a
        /// journal, a backup link, a rename, and in `finish` each journal and backup removed.
        case operation(Int)
        /// Once the K-th commit has returned (the lock released).
        case afterCommit(Int)
        /// Once `finish` has returned.
        case afterFinish
    }

    /// What happens there.
    package enum Action: Sendable, Equatable {
        /// The operation fails with an input/output error, as a full or broken disk would.
        case fail
        /// The process stops dead: `stop` runs (the command line sends itself SIGKILL); without
        /// one, the transaction is abandoned where it stands, as SIGKILL would leave it.
        case kill
        /// The process sends itself this signal and waits for the handler to end it.
        case signal(Int32)
    }

    package var action: Action
    package var point: Point
    /// Ends the process for `kill`; nil in tests that abandon the transaction instead.
    package var stop: (@Sendable () -> Void)?

    package init(_ action: Action, at point: Point, stop: (@Sendable () -> Void)? = nil) {
        self.action = action
        self.point = point
        self.stop = stop
    }

    /// `ACTION:POINT` as `TABSTAGE_TEST_FAULT` gives it: ACTION `fail`, `kill`, `SIGINT`,
    /// `SIGTERM` or `SIGHUP`; POINT an operation number, `commit-K` or `finish`. Nil otherwise.
    package static func parse(_ text: String) -> FaultPlan? {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return nil }
        let point: Point
        if parts[1] == "finish" {
            point = .afterFinish
        } else if parts[1].hasPrefix("commit-"), let count = Int(parts[1].dropFirst(7)), count > 0 {
            point = .afterCommit(count)
        } else if let number = Int(parts[1]), number > 0 {
            point = .operation(number)
        } else {
            return nil
        }
        switch parts[0] {
        case "fail": return FaultPlan(.fail, at: point)
        case "kill": return FaultPlan(.kill, at: point, stop: { kill(getpid(), SIGKILL) })
        case "SIGINT": return FaultPlan(.signal(SIGINT), at: point)
        case "SIGTERM": return FaultPlan(.signal(SIGTERM), at: point)
        case "SIGHUP": return FaultPlan(.signal(SIGHUP), at: point)
        default: return nil
        }
    }
}

/// One change a commit is about to make, as its journal lists it.
enum JournalEntry: Equatable {
    /// `name` (a previous output) renamed to `backup`.
    case remove(name: String, backup: String)
    /// `temporary` (the file with `device`/`inode`) renamed over `name`, whose old file (if
    /// any) is kept as `backup`.
    case place(name: String, temporary: String, backup: String?, device: UInt64, inode: UInt64)
}

/// A commit's journal file: a header with its sequence in the run, one tab-separated line per
/// change, and `end` (so a file cut short is never trusted). Output names are plain file names
/// (no control characters), so a tab or line break cannot occur in them.
enum Journal {
    static let header = "tabstage-journal 1"

    static func format(sequence: Int, _ entries: [JournalEntry]) -> String {
        var lines = ["\(header) \(sequence)"]
        for entry in entries {
            switch entry {
            case .remove(let name, let backup): lines.append("remove\t\(name)\t\(backup)")
            case .place(let name, let temporary, let backup, let device, let inode):
                lines.append("place\t\(name)\t\(temporary)\t\(backup ?? "")\t\(device)\t\(inode)")
            }
        }
        return (lines + ["end"]).joined(separator: "\n") + "\n"
    }

    static func parse(_ bytes: [UInt8]) -> (sequence: Int, entries: [JournalEntry])? {
        guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.last == "" else { return nil }
        lines.removeLast()
        guard lines.count >= 2, lines.last == "end", lines[0].hasPrefix(header + " "),
            let sequence = Int(lines[0].dropFirst(header.count + 1))
        else { return nil }
        var entries: [JournalEntry] = []
        for line in lines[1..<lines.count - 1] {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let plain = { (name: String) in OutputNames.isPlainFileName(name) || name == OutputNames.manifest }
            let scratch = { (name: String) in OutputTransaction.scratchOwner(name) != nil }
            if fields.count == 3, fields[0] == "remove", plain(fields[1]), scratch(fields[2]) {
                entries.append(.remove(name: fields[1], backup: fields[2]))
            } else if fields.count == 6, fields[0] == "place", plain(fields[1]), scratch(fields[2]),
                fields[3].isEmpty || scratch(fields[3]), let device = UInt64(fields[4]), let inode = UInt64(fields[5])
            {
                entries.append(
                    .place(name: fields[1], temporary: fields[2], backup: fields[3].isEmpty ? nil : fields[3], device: device, inode: inode)
                )
            } else {
                return nil
            }
        }
        return (sequence, entries)
    }

    /// Undoes what of `entries` reached the disk, last first, judging each from the folder as
    /// it is: a backup that exists goes back over its name unless another process's file took
    /// the name; a placed file with no backup is removed when it is still the one written.
    static func rollBack(_ entries: [JournalEntry], in directory: Int32) {
        func exists(_ name: String) -> Bool {
            var info = stat()
            return fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) == 0
        }
        for entry in entries.reversed() {
            switch entry {
            case .remove(let name, let backup):
                guard exists(backup) else { continue }
                if exists(name) { unlinkat(directory, backup, 0) } else { renameat(directory, backup, directory, name) }
            case .place(let name, let temporary, let backup, let device, let inode):
                var info = stat()
                let present = fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) == 0
                let ours = present && UInt64(info.st_dev) == device && UInt64(info.st_ino) == inode
                if let backup, exists(backup) {
                    if ours || !present { renameat(directory, backup, directory, name) } else { unlinkat(directory, backup, 0) }
                } else if ours {
                    unlinkat(directory, name, 0)
                }
                unlinkat(directory, temporary, 0)
            }
        }
    }
}
