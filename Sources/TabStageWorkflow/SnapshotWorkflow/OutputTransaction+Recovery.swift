import Foundation
import TabStageScenario

/// What a killed run left in a folder: its journals rolled back from what is on disk, then its scratch files swept.
extension OutputTransaction {
    /// The pid in a name this writer makes (`.tabstage-<pid>-<hex>.tmp` or `.bak`), else nil.
    static func scratchOwner(_ name: String) -> Int32? {
        guard name.hasPrefix(scratchPrefix), [".tmp", ".bak", ".jnl"].contains(where: name.hasSuffix) || name.hasSuffix(".done") else {
            return nil
        }
        let parts = name.dropFirst(scratchPrefix.count).dropLast(name.hasSuffix(".done") ? 5 : 4).split(
            separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[1].isEmpty, parts[1].allSatisfy(\.isHexDigit), parts[0].allSatisfy({ $0.isASCII && $0.isNumber }),
            let pid = Int32(parts[0]), pid > 0
        else { return nil }
        return pid
    }

    /// Whether no process has the id `pid` (this one never counts as gone).
    private static func isGone(_ pid: Int32) -> Bool { pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH }

    /// Rolls back the commits of dead processes whose journals are in the folder, newest first,
    /// then sweeps their scratch files. A journal that cannot be read keeps its process's
    /// scratch files where they are (they may hold the only copy of an old file).
    static func recoverAndSweep(_ directory: Int32) {
        var journals: [Int32: [(sequence: Int, name: String, entries: [JournalEntry])]] = [:]
        var unreadable: Set<Int32> = []
        let names = listing(directory)
        // A dead run that marked its commits done here had committed: its journals just go.
        let done = Set(names.filter { $0.hasSuffix(".done") }.compactMap(scratchOwner))
        for name in names where name.hasSuffix(".jnl") {
            guard let pid = scratchOwner(name), isGone(pid) else { continue }
            let descriptor = openat(directory, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            guard case .success(let bytes) = NoFollowRead.read(descriptor, limit: 16 << 20), let parsed = Journal.parse(bytes) else {
                unreadable.insert(pid)
                continue
            }
            journals[pid, default: []].append((parsed.sequence, name, parsed.entries))
        }
        for (pid, files) in journals {
            for file in files.sorted(by: { $0.sequence > $1.sequence }) {
                if !done.contains(pid) { Journal.rollBack(file.entries, in: directory) }
                unlinkat(directory, file.name, 0)
            }
        }
        removeAbandonedTemporaries(directory, keeping: unreadable)
    }

    /// A killed run leaves its temporaries and backups behind (never a truncated output).
    /// Remove those of processes that are gone: only names this writer makes, only regular
    /// files, looked at without following links, inside a folder opened without following links.
    static func removeAbandonedTemporaries(_ directory: Int32, keeping: Set<Int32> = []) {
        for name in listing(directory) {
            guard let pid = scratchOwner(name), !keeping.contains(pid), isGone(pid) else { continue }
            var info = stat()
            guard fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            unlinkat(directory, name, 0)
        }
    }

    static func listing(_ directory: Int32) -> [String] {
        let copy = dup(directory)
        guard copy >= 0, let stream = fdopendir(copy) else {
            if copy >= 0 { close(copy) }
            return []
        }
        defer { closedir(stream) }
        rewinddir(stream)
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// The manifest's names, when it is a regular file of sensible size; otherwise none (so
    /// nothing is ever removed on the word of something that is not tabstage's manifest).
    static func readManifest(_ directory: Int32) -> [String] {
        let descriptor = openat(directory, OutputNames.manifest, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        guard case .success(let bytes) = NoFollowRead.read(descriptor, limit: 16 << 20) else { return [] }
        return OutputNames.parseManifest(bytes)
    }
}
