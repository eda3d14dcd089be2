/// The folder a relative path is read or written from: the process's working directory, unless
/// a command run in process binds another for its duration (`CommandLineRunner.run(_:console:)`
/// binds its `Console`'s). A relative path stays as the user wrote it in every message; only
/// the call that meets the file system (`open`, `stat`, `mkdir`, a folder listing) takes
/// `resolve(path)`. So two commands run at once in one process, each with its own folder, read
/// and write each in its own, and Swift tests outside a command keep the process's folder.
///
/// A task-local value is seen by the task that binds it and its child tasks only: code that
/// hands paths to other threads (`DispatchQueue.concurrentPerform`) passes `current` along and
/// binds it there (`bound(_:)`), or resolves the paths before.
package enum WorkingDirectory {
    /// The folder bound for the running command, as an absolute path; nil: the process's own.
    @TaskLocal package static var current: String?

    /// `path` as the file system must be given it: unchanged when it is absolute, empty (an
    /// empty path names no file; callers refuse it with their own words) or when no folder is
    /// bound; otherwise the bound folder, a slash and `path`.
    package static func resolve(_ path: String) -> String {
        resolve(path, in: current)
    }

    /// `path` taken from `folder` (nil: the process's working directory), as `resolve(_:)`.
    package static func resolve(_ path: String, in folder: String?) -> String {
        guard let folder, !path.isEmpty, !path.hasPrefix("/") else { return path }
        return folder.hasSuffix("/") ? folder + path : folder + "/" + path
    }

    /// Runs `body` with `folder` bound: for work handed to another thread, which does not see
    /// the task-local value of the task that handed it over.
    package static func bound<T>(_ folder: String?, _ body: () throws -> T) rethrows -> T {
        try $current.withValue(folder) { try body() }
    }
}
