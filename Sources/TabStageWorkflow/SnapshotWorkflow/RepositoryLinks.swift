import Foundation

/// Folders a run writes into that a checkout can redirect: a committed `Snapshots` (or a
/// scenario's folder in it) that is a symbolic link. Outside CI a link is the user's own
/// choice; in CI the checkout may come from a pull request, and a link leading out of the
/// repository would make `record` write wherever it points (the runner's home, another job's
/// files). Only a link is judged: a folder given outside the repository by its own path is the
/// command line's choice, not the checkout's.
package enum RepositoryLinks {
    /// Where a folder inside the repository really leads, when that is outside it.
    package struct Escape: Sendable, Hashable {
        /// The folder as given.
        package var path: String
        /// Where its links lead.
        package var resolved: String
        /// The repository (or, outside one, the working folder) it leaves.
        package var repository: String
    }

    /// The repository holding `folder`: the nearest folder from it up holding `.git` (a folder,
    /// or a file in a worktree), else `folder` itself.
    package static func repository(containing folder: String) -> String {
        var candidate = folder
        while true {
            var info = stat()
            if lstat(candidate + "/.git", &info) == 0 { return candidate }
            let parent = (candidate as NSString).deletingLastPathComponent
            if parent == candidate || parent.isEmpty { return folder }
            candidate = parent
        }
    }

    /// `path`, relative to `workingDirectory` unless absolute, when it names a place inside the
    /// repository holding the working folder but its links lead outside it; nil when it stays
    /// inside, or when the path as written is outside the repository. The part of the path
    /// that exists is resolved (`realpath`; a dangling link by its text); the rest is no link.
    package static func escape(_ path: String, workingDirectory: String) -> Escape? {
        guard let working = realPath(workingDirectory) else { return nil }
        let repository = repository(containing: working)
        // The path as written, `.` and `..` taken as names: whether it is the repository's.
        let components = normalized(path.hasPrefix("/") ? path : working + "/" + path)
        guard isInside(lexical(components), repository) else { return nil }
        // The longest part that exists, resolved through its links; a dangling link by where
        // its text points (writing would create that folder).
        var existing = components
        while !existing.isEmpty, !exists(lexical(existing)) { existing.removeLast() }
        let resolved = realPath(lexical(existing)) ?? danglingTarget(lexical(existing))
        guard let resolved, !isInside(resolved, repository) else { return nil }
        return Escape(path: path, resolved: resolved, repository: repository)
    }

    /// `/` and the components, joined.
    static func lexical(_ components: [String]) -> String { "/" + components.joined(separator: "/") }

    /// Where the dangling link at `path` points, `.` and `..` taken as names, or nil.
    static func danglingTarget(_ path: String) -> String? {
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) else { return nil }
        let parent = realPath((path as NSString).deletingLastPathComponent) ?? (path as NSString).deletingLastPathComponent
        return lexical(normalized(target.hasPrefix("/") ? target : parent + "/" + target))
    }

    /// The components of the absolute `path` with `.` dropped and `..` removing the one before.
    static func normalized(_ path: String) -> [String] {
        var components: [String] = []
        for part in path.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": _ = components.popLast()
            default: components.append(String(part))
            }
        }
        return components
    }

    /// Whether `path` is `folder` or below it (both absolute, without a trailing `/`).
    static func isInside(_ path: String, _ folder: String) -> Bool {
        folder == "/" || path == folder || path.hasPrefix(folder + "/")
    }

    /// Whether something is at `path`, a link included (a dangling one resolves to nothing).
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// `path` with every link followed, or nil when it cannot be resolved (a dangling link).
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
