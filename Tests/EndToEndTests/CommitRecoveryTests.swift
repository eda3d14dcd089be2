import Foundation
import TabStageImageDiff
import TabStageTestSupport
import TabStageWorkflow
import Testing

/// A commit interrupted anywhere (a write, a rename or an fsync that fails, or the process
/// killed between any two operations) leaves the folder all-old or all-new once the next
/// transaction has opened it, and no scratch file behind.
@Suite struct CommitRecoveryTests {
    /// A process id no process can have: Linux's pid_max is at most 2^22 = 4194304.
    static let deadOwner: Int32 = Int32.max - 1

    typealias Contents = [String: [UInt8]]

    /// Every entry of `root/s`, scratch files included, with its bytes.
    func contents(_ root: URL) throws -> Contents {
        let folder = root.appendingPathComponent("s")
        var result: Contents = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            result[name] = Array(try Data(contentsOf: folder.appendingPathComponent(name)))
        }
        return result
    }

    /// The old run: a.png, b.png and gone.png, with the manifest listing them.
    func oldFolder() throws -> URL {
        let root = try temporaryFolder()
        let transaction = OutputTransaction()
        let folder = try transaction.openFolder("s", in: try transaction.openRoot(root.path))
        for name in ["a", "b", "gone"] { try transaction.stage(Array("old \(name)".utf8), as: "\(name).png", in: folder) }
        try transaction.commit(folder, previous: .replace)
        transaction.finish()
        return root
    }

    /// The new run: a.png and b.png replaced, c.png new, gone.png removed (one `.replace`
    /// commit), then d.png added by a second commit into the same folder, as reports do.
    /// Returns the operation count when `finish` started.
    @discardableResult
    func newRun(_ transaction: OutputTransaction, into root: URL) throws -> Int {
        let folder = try transaction.openFolder("s", in: try transaction.openRoot(root.path))
        for name in ["a", "b", "c"] { try transaction.stage(Array("new \(name)".utf8), as: "\(name).png", in: folder) }
        try transaction.commit(folder, previous: .replace)
        try transaction.stage(Array("new d".utf8), as: "d.png", in: folder)
        try transaction.commit(folder, previous: .keep)
        let beforeFinish = transaction.operationCount
        transaction.finish()
        return beforeFinish
    }

    /// The old and new contents, and the operation counts of a whole run and of its commits.
    func outcomes() throws -> (old: Contents, new: Contents, total: Int, commits: Int) {
        let root = try oldFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let old = try contents(root)
        let transaction = OutputTransaction()
        let commits = try newRun(transaction, into: root)
        let total = transaction.operationCount
        return (old, try contents(root), total, commits)
    }

    @Test func theTwoRunsDifferAndEveryOperationIsCounted() throws {
        let (old, new, total, commits) = try outcomes()
        #expect(old.keys.sorted() == [".tabstage-outputs", "a.png", "b.png", "gone.png"])
        #expect(new.keys.sorted() == [".tabstage-outputs", "a.png", "b.png", "c.png", "d.png"])
        // Stage a, b, c and the manifest (4); journal: write, fsync, rename, folder fsync (4);
        // remove gone (1); replace a, b and the manifest: link + rename each (6); place c (1).
        // Second commit: stage d (1), journal (4), place d (1). Finish: the done marker made,
        // two journals and the marker removed, four backups removed (8).
        // 4 + 4 + 1 + 6 + 1 + 1 + 4 + 1 = 22 before finish, 30 in all.
        #expect(commits == 22)
        #expect(total == 30)
    }

    @Test func aKillAtEveryOperationIsRecoveredAllOldOrAllNew() throws {
        let (old, new, total, commits) = try outcomes()
        for point in 1...total {
            let root = try oldFolder()
            defer { try? FileManager.default.removeItem(at: root) }
            let killed = OutputTransaction(owner: Self.deadOwner, faults: FaultPlan(.kill, at: .operation(point)))
            if point <= commits {
                #expect(throws: WorkflowError.self, "kill at \(point)") { try newRun(killed, into: root) }
            } else {
                // In finish, which throws nothing: the transaction stops where it stands.
                try newRun(killed, into: root)
            }
            // The next command into the folder: opening its parent recovers and sweeps.
            let next = OutputTransaction()
            _ = try next.openRoot(root.path)
            next.finish()
            // Killed before finish made the done marker (operation 23): rolled back. After: committed.
            #expect(try contents(root) == (point <= commits + 1 ? old : new), "kill at operation \(point) of \(total)")
        }
    }

    @Test func aFailureAtEveryOperationIsRolledBack() throws {
        let (old, new, total, commits) = try outcomes()
        for point in 1...total {
            let root = try oldFolder()
            defer { try? FileManager.default.removeItem(at: root) }
            let transaction = OutputTransaction(faults: FaultPlan(.fail, at: .operation(point)))
            do {
                try newRun(transaction, into: root)
            } catch {
                #expect("\(error)".hasSuffix(": input/output error"), "\(point): \(error)")
                transaction.rollback()
            }
            // A failure while finish drops journals and backups is ignored: the run stands.
            #expect(try contents(root) == (point <= commits ? old : new), "failure at operation \(point) of \(total)")
        }
    }

    /// The sweep never deletes the backups of a dead run before its journal is rolled back:
    /// killed right after the last rename, the old files exist only as backups.
    @Test func theSweepKeepsBackupsUntilTheJournalIsRolledBack() throws {
        let (old, _, _, commits) = try outcomes()
        let root = try oldFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let killed = OutputTransaction(owner: Self.deadOwner, faults: FaultPlan(.kill, at: .operation(commits + 1)))
        try newRun(killed, into: root)
        let left = try contents(root)
        #expect(left["a.png"] == Array("new a".utf8))
        #expect(left.keys.filter { $0.hasSuffix(".bak") }.count == 4 && left.keys.filter { $0.hasSuffix(".jnl") }.count == 2)
        let next = OutputTransaction()
        _ = try next.openRoot(root.path)
        next.finish()
        #expect(try contents(root) == old)
    }
}

/// The same promise through the command line, with a real SIGKILL sent by the documented hook
/// `TABSTAGE_TEST_FAULT=kill:N` at each operation of a run that replaces an earlier one.
@Suite struct KilledRunTests {
    let cli = CommandLineTests()

    @Test func aRunKilledAtAnyOperationIsRecoveredByTheNextCommand() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Old: snapshots start and other; new: Likes selected before start, and no other (so
        // other.svg is removed through the manifest).
        try cli.write(Fixtures.yaml(extra: "name: s", steps: ["- snapshot: start", "- snapshot: other"]), "old.yaml", in: folder)
        try cli.write(Fixtures.yaml(extra: "name: s", steps: ["- select: Likes", "- snapshot: start"]), "new.yaml", in: folder)
        let arguments = ["--out", "out", "--format", "svg"]
        #expect(try cli.tabstage(["run", "new.yaml"] + arguments, in: folder).status == 0)
        let new = OutputFilesTests.contents(folder.appendingPathComponent("out"))
        var point = 1
        while true {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent("out"))
            #expect(try cli.tabstage(["run", "old.yaml"] + arguments, in: folder).status == 0)
            let old = OutputFilesTests.contents(folder.appendingPathComponent("out"))
            let killed = try cli.tabstageProcess(
                ["run", "new.yaml"] + arguments, in: folder, environment: ["TABSTAGE_TEST_FAULT": "kill:\(point)"])
            if killed.status == 0 { break }
            // Foundation reports death by a signal as the signal's number.
            #expect(killed.status == SIGKILL, "kill at \(point): \(killed.stderr)")
            // The next command into the folder: it recovers, then its own first write fails and
            // it rolls back, so what is left is what the recovery made.
            let next = try cli.tabstage(["run", "new.yaml"] + arguments, in: folder, environment: ["TABSTAGE_TEST_FAULT": "fail:1"])
            #expect(next.status == 3, "\(next.stderr)")
            let after = OutputFilesTests.contents(folder.appendingPathComponent("out"))
            #expect(after == old || after == new, "kill at operation \(point): \(after.keys.sorted())")
            point += 1
        }
        #expect(point > 10, "the run has more operations than the kills tried: \(point)")
        #expect(OutputFilesTests.contents(folder.appendingPathComponent("out")) == new)
    }
}
