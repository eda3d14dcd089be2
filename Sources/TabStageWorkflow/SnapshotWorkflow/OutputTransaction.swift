import Foundation
import TabStageModel

/// A folder opened for output by an `OutputTransaction`.
package struct OutputFolder: Sendable, Hashable {
    fileprivate let index: Int
    package let path: String
}

/// Writes files so that a run either replaces its outputs completely or leaves every folder as
/// it was: same names, same bytes.
///
/// Every file is first written to a fresh `.tabstage-<pid>-<random>.tmp` created exclusively
/// and without following links, relative to a folder descriptor opened without following
/// links, so nothing planted in the folder (a symlink, a FIFO, a file at a predictable name)
/// is ever opened for writing. `commit` renames a folder's temporaries into place, keeping each
/// replaced file as a `.bak` hard link; `finish` drops the backups once the whole run
/// succeeded, `rollback` puts them back. The journal sits behind a lock, so a signal handler on
/// another thread can roll back at any moment without racing a rename.
///
/// Each commit is also a rollback journal on disk: before its first rename, the folder gets a
/// `.tabstage-<pid>-<random>.jnl` (written whole, renamed into place and fsync'ed) listing every
/// rename and backup it is about to make. `finish` removes the journals before the backups;
/// `rollback` removes them after putting the backups back. `finish` first creates one
/// `.tabstage-<pid>-<random>.done` marker per folder: the instant that folder's commits stand.
/// So when a run is killed (SIGKILL, a
/// crash) anywhere in between, the next transaction that opens that folder (or its parent, as
/// `openRoot`) finds the dead process's journals and rolls their commits back, newest first,
/// from what is on disk, before the sweep removes the dead run's scratch files: the folder
/// ends all-old, never a mix, and no backup holding the only copy of an old file is deleted.
package final class OutputTransaction: @unchecked Sendable {
    /// What `commit` does with the files a folder's previous run wrote and this one does not.
    package enum Previous: Sendable {
        /// Remove the previous run's outputs (listed in the folder's manifest) that this run
        /// did not write again, and write a new manifest: the folder holds one run's output.
        case replace
        /// Leave every other file alone and the manifest as it is.
        case keep
    }

    private struct Identity: Equatable {
        var device: UInt64
        var inode: UInt64
    }

    private struct Staged {
        var name: String
        var temporary: String
        var identity: Identity
    }

    private struct Folder {
        var path: String
        var descriptor: Int32
        var staged: [Staged] = []
    }

    /// A change to undo on rollback, in the order it was made.
    private enum Change {
        /// A temporary renamed over `name`; the previous file (if any) kept as `backup`.
        case placed(folder: Int, name: String, identity: Identity, backup: String?)
        /// A previous output moved aside as `backup`.
        case removed(folder: Int, name: String, backup: String)
        case createdFolder(String)
    }

    private let lock = NSLock()
    private var folders: [Folder] = []
    private var journal: [Change] = []
    /// The journal files this transaction wrote, by folder, oldest first.
    private var journalFiles: [(folder: Int, name: String)] = []
    /// `finish` ran; with an empty journal, everything written is committed.
    private var finished = false
    /// The process id in scratch names: this process's, or one that cannot exist (tests).
    private let owner: Int32
    private var faults: FaultPlan?
    /// Operations counted for `faults`.
    private var operations = 0
    private var commits = 0
    /// A test fault stopped this transaction where it stood, as a SIGKILL would: nothing more
    /// is done on disk, not even by `rollback`, `finish` or `deinit`.
    private var abandoned = false
    /// The working directory bound when the transaction began (`WorkingDirectory`): relative
    /// folders are created, opened and (on a rollback, maybe from a signal's thread) removed there.
    private let workingDirectory: String?

    /// A transaction whose scratch files carry `owner`'s process id (this process's by
    /// default), with an optional plan of injected faults (tests only; see `FaultPlan`).
    package init(owner: Int32 = getpid(), faults: FaultPlan? = nil) {
        self.owner = owner
        self.faults = faults
        workingDirectory = WorkingDirectory.current
    }

    /// `path` (as messages show it) as the file system is given it.
    private func onDisk(_ path: String) -> String { WorkingDirectory.resolve(path, in: workingDirectory) }

    deinit {
        // Whatever was committed stays; temporaries and backups are cleared away.
        if !abandoned { finishLocked() }
        for folder in folders where folder.descriptor >= 0 { close(folder.descriptor) }
    }

    // MARK: Injected faults

    /// Counts one operation on disk and applies the fault plan to it: a failure (thrown as
    /// the failed operation would be) or a stop where the transaction stands. Called with the
    /// lock held or not; never blocks.
    private func checkpoint(_ what: @autoclosure () -> String) throws(WorkflowError) {
        operations += 1
        guard !abandoned, let plan = faults, plan.point == .operation(operations) else { return }
        switch plan.action {
        case .fail:
            throw WorkflowError("cannot \(what()): input/output error")
        case .kill:
            abandoned = true
            plan.stop?()
            throw WorkflowError("stopped by the test fault at operation \(operations)")
        case .signal:
            return
        }
    }

    /// A signal the plan sends after the `count`-th commit or after `finish`, once the lock is
    /// released: the process sends it to itself and this thread waits for the handler to end
    /// the process, so the point of interruption is exact.
    private func signalPoint(_ point: FaultPlan.Point) {
        guard let plan = faults, plan.point == point, case .signal(let number) = plan.action else { return }
        kill(getpid(), number)
        while true { pause() }
    }

    // MARK: Folders

    /// Opens `path`, creating it and its parents as needed. The path may pass through symbolic
    /// links (a user's `--out` can be one, like /tmp on macOS); `label` names it in messages.
    package func openRoot(_ path: String, label: String = "output folder") throws(WorkflowError) -> OutputFolder {
        let path = Self.normalized(path)
        if path.isEmpty { throw WorkflowError("\(label) is empty (expected a folder path)", kind: .badInput) }
        lock.lock()
        defer { lock.unlock() }
        try createFolders(path, label: label)
        let descriptor = open(onDisk(path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            var info = stat()
            if code == ENOENT, lstat(onDisk(path), &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK {
                let named = label == "folder" ? "'\(path)'" : "\(label) '\(path)'"
                throw WorkflowError(
                    "\(named) is a symbolic link to a folder that does not exist (expected a folder, or a link to one)", kind: .badInput)
            }
            throw Self.folderError(code, path: path, label: label)
        }
        // Leftovers are swept here only when the folder itself is not a link.
        var info = stat()
        if lstat(onDisk(path), &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
            // An interrupted commit in the folder or one of its sub-folders (a scenario's) is
            // rolled back first, so the sweep never deletes the only copy of an old file.
            for name in Self.listing(descriptor) where !name.hasPrefix(".") {
                let child = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                guard child >= 0 else { continue }
                Self.recoverAndSweep(child)
                close(child)
            }
            Self.recoverAndSweep(descriptor)
        }
        return addFolder(path, descriptor)
    }

    /// Opens (creating it if needed) the folder `name` inside `root`. Refuses a symbolic link:
    /// tabstage fills and sweeps this folder, and a link would send that elsewhere.
    package func openFolder(_ name: String, in root: OutputFolder) throws(WorkflowError) -> OutputFolder {
        let path = root.path == "/" ? "/\(name)" : "\(root.path)/\(name)"
        guard OutputNames.isPlainFileName(name) else {
            throw WorkflowError("'\(path)' is not a plain folder name (expected a name without '/')", kind: .badInput)
        }
        lock.lock()
        defer { lock.unlock() }
        let parent = folders[root.index].descriptor
        if mkdirat(parent, name, 0o755) == 0 {
            journal.append(.createdFolder(path))
        } else if errno != EEXIST {
            throw Self.folderError(errno, path: path, label: "folder")
        }
        let descriptor = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            var info = stat()
            if fstatat(parent, name, &info, AT_SYMLINK_NOFOLLOW) == 0 && (info.st_mode & S_IFMT) == S_IFLNK {
                throw WorkflowError(
                    "'\(path)' is a symbolic link; tabstage only writes into real folders (remove the link or write elsewhere)",
                    kind: .badInput)
            }
            throw Self.folderError(code, path: path, label: "folder")
        }
        let folder = addFolder(path, descriptor)
        Self.recoverAndSweep(descriptor)
        return folder
    }

    private func addFolder(_ path: String, _ descriptor: Int32) -> OutputFolder {
        folders.append(Folder(path: path, descriptor: descriptor))
        return OutputFolder(index: folders.count - 1, path: path)
    }

    /// mkdir -p, remembering which folders this run created so a rollback can remove them.
    private func createFolders(_ path: String, label: String) throws(WorkflowError) {
        var prefix = path.hasPrefix("/") ? "" : nil as String?
        for component in path.split(separator: "/") {
            prefix = prefix.map { "\($0)/\(component)" } ?? String(component)
            guard let current = prefix, component != ".", component != ".." else { continue }
            if mkdir(onDisk(current), 0o755) == 0 {
                journal.append(.createdFolder(current))
            } else if errno == ENOTDIR, let file = firstFile(in: current) {
                let named = label == "folder" ? "'\(path)'" : "\(label) '\(path)'"
                throw WorkflowError("\(named): '\(file)' is a file, not a folder (expected a folder to write into)", kind: .badInput)
            } else if errno != EEXIST {
                throw Self.folderError(errno, path: current, label: current == path ? label : "folder")
            }
        }
    }

    /// The first part of `path` that exists and is not a folder.
    private func firstFile(in path: String) -> String? {
        var prefix = path.hasPrefix("/") ? "" : nil as String?
        for component in path.split(separator: "/") {
            prefix = prefix.map { "\($0)/\(component)" } ?? String(component)
            var info = stat()
            if let current = prefix, stat(onDisk(current), &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR { return current }
        }
        return nil
    }

    // MARK: Staging

    /// Writes `bytes` to a new temporary in `folder`, to become `name` at `commit`.
    package func stage(_ bytes: some Collection<UInt8>, as name: String, in folder: OutputFolder) throws(WorkflowError) {
        try stage(as: name, in: folder) { (file: StagedFile) throws(WorkflowError) in try file.write(bytes) }
    }

    /// Writes a file in pieces: `body` gets the file and calls `write` as often as it likes, so
    /// a long output (a trace) never has to be held in memory whole.
    package func stage(as name: String, in folder: OutputFolder, _ body: (StagedFile) throws -> Void) throws(WorkflowError) {
        let path = "\(folder.path)/\(name)"
        guard OutputNames.isPlainFileName(name) || name == OutputNames.manifest else {
            throw WorkflowError("'\(path)' is not a plain file name", kind: .badInput)
        }
        lock.lock()
        do {
            try checkpoint("write \(path)")
        } catch {
            lock.unlock()
            throw error
        }
        let directory = folders[folder.index].descriptor
        var temporary = ""
        var descriptor: Int32 = -1
        for _ in 0..<64 {
            temporary = scratchName("tmp")
            descriptor = openat(directory, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else {
            let code = errno
            lock.unlock()
            throw WorkflowError("cannot write \(path): \(Self.words(code))")
        }
        var info = stat()
        fstat(descriptor, &info)
        let identity = Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        folders[folder.index].staged.append(Staged(name: name, temporary: temporary, identity: identity))
        lock.unlock()

        let file = StagedFile(descriptor: descriptor, path: path)
        do {
            try body(file)
            if close(descriptor) != 0 { throw WorkflowError("cannot write \(path): \(Self.words(errno))") }
        } catch {
            close(descriptor)
            discard(temporary, in: folder.index)
            if let error = error as? WorkflowError { throw error }
            throw WorkflowError("cannot write \(path): \(error)")
        }
    }

    private func discard(_ temporary: String, in folder: Int) {
        lock.lock()
        defer { lock.unlock() }
        unlinkat(folders[folder].descriptor, temporary, 0)
        folders[folder].staged.removeAll { $0.temporary == temporary }
    }

    // MARK: Commit, finish, rollback

    /// Renames every file staged in `folder` into place, keeping what it replaces as backups
    /// until `finish`. With `.replace`, also removes (backed up too) the files the folder's
    /// manifest lists that this commit did not write, and writes the new manifest.
    package func commit(_ folder: OutputFolder, previous: Previous) throws(WorkflowError) {
        if previous == .replace {
            let names = Set(lockedStaged(folder).map(\.name))
            try stage(Array(OutputNames.formatManifest(names).utf8), as: OutputNames.manifest, in: folder)
        }
        lock.lock()
        do {
            let directory = folders[folder.index].descriptor
            let written = Set(folders[folder.index].staged.map(\.name))
            try commitLocked(folder, removing: previous == .replace ? Self.readManifest(directory).filter { !written.contains($0) } : [])
        } catch {
            lock.unlock()
            throw error
        }
        commits += 1
        lock.unlock()
        signalPoint(.afterCommit(commits))
    }

    /// Removes the regular files `names` from `folder` (links and anything else are left
    /// alone), kept as backups until `finish` and journaled like a commit, so a rollback or the
    /// next run's recovery puts them back.
    package func remove(_ names: [String], in folder: OutputFolder) throws(WorkflowError) {
        lock.lock()
        defer { lock.unlock() }
        let staged = folders[folder.index].staged
        folders[folder.index].staged = []
        defer { folders[folder.index].staged = staged }
        try commitLocked(folder, removing: names.filter { OutputNames.isPlainFileName($0) })
    }

    private func commitLocked(_ folder: OutputFolder, removing: [String]) throws(WorkflowError) {
        guard !abandoned else { throw WorkflowError("the transaction was stopped") }
        let directory = folders[folder.index].descriptor
        // Plan every change first, so the journal lists it before anything is renamed.
        var removals: [(name: String, backup: String)] = []
        for name in removing {
            var info = stat()
            guard fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            removals.append((name, scratchName("bak")))
        }
        var placements: [(staged: Staged, backup: String?)] = []
        for staged in folders[folder.index].staged {
            var info = stat()
            guard fstatat(directory, staged.name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
                placements.append((staged, nil))
                continue
            }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                throw WorkflowError("cannot write \(folder.path)/\(staged.name): a folder of that name is in the way", kind: .badInput)
            }
            placements.append((staged, scratchName("bak")))
        }
        guard !removals.isEmpty || !placements.isEmpty else { return }
        var entries = removals.map { JournalEntry.remove(name: $0.name, backup: $0.backup) }
        entries += placements.map {
            JournalEntry.place(
                name: $0.staged.name, temporary: $0.staged.temporary, backup: $0.backup, device: $0.staged.identity.device,
                inode: $0.staged.identity.inode)
        }
        try writeJournal(entries, in: folder)

        for removal in removals {
            try checkpoint("remove \(folder.path)/\(removal.name)")
            if renameat(directory, removal.name, directory, removal.backup) == 0 {
                journal.append(.removed(folder: folder.index, name: removal.name, backup: removal.backup))
            }
        }
        for (staged, plannedBackup) in placements {
            var backup: String?
            if let name = plannedBackup {
                try checkpoint("replace \(folder.path)/\(staged.name)")
                // A hard link keeps the old file in place until the rename replaces it; where
                // links are not allowed, moving it aside leaves the name empty only briefly.
                if linkat(directory, staged.name, directory, name, 0) != 0 && renameat(directory, staged.name, directory, name) != 0 {
                    throw WorkflowError("cannot replace \(folder.path)/\(staged.name): \(Self.words(errno))")
                }
                backup = name
            }
            do {
                try checkpoint("write \(folder.path)/\(staged.name)")
            } catch {
                if let backup { Self.restore(backup, as: staged.name, in: directory) }
                throw error
            }
            guard renameat(directory, staged.temporary, directory, staged.name) == 0 else {
                let code = errno
                if let backup { Self.restore(backup, as: staged.name, in: directory) }
                throw WorkflowError("cannot write \(folder.path)/\(staged.name): \(Self.words(code))")
            }
            folders[folder.index].staged.removeAll { $0.temporary == staged.temporary }
            journal.append(.placed(folder: folder.index, name: staged.name, identity: staged.identity, backup: backup))
        }
    }

    /// Writes the commit's journal to a temporary, fsyncs it, renames it to its `.jnl` name and
    /// fsyncs the folder, so it is in place (and whole) before the first rename it describes.
    private func writeJournal(_ entries: [JournalEntry], in folder: OutputFolder) throws(WorkflowError) {
        let directory = folders[folder.index].descriptor
        let text = Journal.format(sequence: journalFiles.count, entries)
        try checkpoint("write the journal in \(folder.path)")
        let temporary = scratchName("tmp"), name = scratchName("jnl")
        let descriptor = openat(directory, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw WorkflowError("cannot write the journal in \(folder.path): \(Self.words(errno))") }
        let failure = Array(text.utf8).withUnsafeBufferPointer { writeAll(descriptor, $0) }
        var synced = failure == nil
        if synced {
            do { try checkpoint("fsync the journal in \(folder.path)") } catch { synced = false }
            synced = synced && fsync(descriptor) == 0
        }
        close(descriptor)
        guard synced else {
            unlinkat(directory, temporary, 0)
            throw WorkflowError("cannot write the journal in \(folder.path): \(Self.words(failure ?? EIO))")
        }
        do {
            try checkpoint("rename the journal in \(folder.path)")
        } catch {
            unlinkat(directory, temporary, 0)
            throw error
        }
        guard renameat(directory, temporary, directory, name) == 0 else {
            let code = errno
            unlinkat(directory, temporary, 0)
            throw WorkflowError("cannot write the journal in \(folder.path): \(Self.words(code))")
        }
        journalFiles.append((folder.index, name))
        do {
            try checkpoint("fsync \(folder.path)")
        } catch {
            throw error
        }
        fsync(directory)
    }

    private func lockedStaged(_ folder: OutputFolder) -> [Staged] {
        lock.lock()
        defer { lock.unlock() }
        return folders[folder.index].staged
    }

    /// The run succeeded: drop backups and leftover temporaries. Committed files stay.
    package func finish() {
        lock.lock()
        guard !abandoned else { return lock.unlock() }
        finishLocked()
        finished = true
        lock.unlock()
        signalPoint(.afterFinish)
    }

    /// How many operations on disk `FaultPlan` has counted so far (for tests that try a fault
    /// at each of them).
    package var operationCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return operations
    }

    /// Whether `finish` ran and nothing was written since: the output is in place.
    package var isCommitted: Bool {
        lock.lock()
        defer { lock.unlock() }
        return finished && journal.isEmpty
    }

    private func finishLocked() {
        // A folder's commits stand at once when its `.done` marker is created (one atomic
        // operation, whatever the number of its journals); then the journals, the marker and
        // the backups go. Killed before the marker: rolled back; after: kept.
        for folder in Set(journalFiles.map(\.folder)).sorted() {
            let directory = folders[folder].descriptor
            _ = try? checkpoint("mark the commits done")
            if abandoned { return }
            let marker = scratchName("done")
            let descriptor = openat(directory, marker, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if descriptor >= 0 { close(descriptor) }
            for file in journalFiles where file.folder == folder {
                _ = try? checkpoint("remove the journal")
                if abandoned { return }
                unlinkat(directory, file.name, 0)
            }
            _ = try? checkpoint("remove the marker")
            if abandoned { return }
            unlinkat(directory, marker, 0)
        }
        journalFiles.removeAll()
        for change in journal {
            switch change {
            case .placed(let folder, _, _, let backup?), .removed(let folder, _, let backup):
                _ = try? checkpoint("remove a backup")
                if abandoned { return }
                unlinkat(folders[folder].descriptor, backup, 0)
            case .placed, .createdFolder: break
            }
        }
        journal.removeAll()
        removeTemporariesLocked()
    }

    /// Undoes the whole run: every replaced or removed file comes back, new files and
    /// temporaries go, folders it created are removed when empty. A file another process
    /// replaced in the meantime is left as that process wrote it.
    package func rollback() {
        lock.lock()
        defer { lock.unlock() }
        guard !abandoned else { return }
        rollbackLocked()
    }

    /// Rolls back, then calls `exit` (which must not return) with the lock still held, so no
    /// other thread can write anything after the rollback: for signal handlers. `exit` learns
    /// whether the run had already committed (its output then stays in place).
    package func rollback(thenExit exit: (_ committed: Bool) -> Never) -> Never {
        lock.lock()
        let committed = finished && journal.isEmpty
        rollbackLocked()
        exit(committed)
    }

    private func rollbackLocked() {
        removeTemporariesLocked()
        for change in journal.reversed() {
            switch change {
            case .placed(let folder, let name, let identity, let backup):
                let directory = folders[folder].descriptor
                var info = stat()
                let ours =
                    fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) == 0
                    && Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)) == identity
                if let backup {
                    if ours { renameat(directory, backup, directory, name) } else { unlinkat(directory, backup, 0) }
                } else if ours {
                    unlinkat(directory, name, 0)
                }
            case .removed(let folder, let name, let backup):
                Self.restore(backup, as: name, in: folders[folder].descriptor)
            case .createdFolder: break
            }
        }
        // The backups are back: the journals have nothing left to undo. Then the folders this
        // run created, newest first, now that nothing of the run is in them.
        for file in journalFiles.reversed() { unlinkat(folders[file.folder].descriptor, file.name, 0) }
        journalFiles.removeAll()
        for change in journal.reversed() {
            if case .createdFolder(let path) = change { rmdir(onDisk(path)) }
        }
        journal.removeAll()
    }

    private func removeTemporariesLocked() {
        for index in folders.indices {
            for staged in folders[index].staged { unlinkat(folders[index].descriptor, staged.temporary, 0) }
            folders[index].staged.removeAll()
        }
    }

    /// Puts `backup` back as `name` unless something new took the name meanwhile.
    private static func restore(_ backup: String, as name: String, in directory: Int32) {
        if linkat(directory, backup, directory, name, 0) == 0 || errno == EEXIST {
            unlinkat(directory, backup, 0)
        } else {
            renameat(directory, backup, directory, name)
        }
    }

    // MARK: Names, manifests, leftovers

    static let scratchPrefix = ".tabstage-"

    private func scratchName(_ suffix: String) -> String {
        "\(Self.scratchPrefix)\(owner)-\(String(UInt64.random(in: 0...UInt64.max), radix: 16)).\(suffix)"
    }

    static func normalized(_ path: String) -> String {
        if path.isEmpty { return "" }
        var text = path
        while text.contains("//") { text = text.replacingOccurrences(of: "//", with: "/") }
        while text.count > 1 && text.hasSuffix("/") { text.removeLast() }
        return text
    }
}
