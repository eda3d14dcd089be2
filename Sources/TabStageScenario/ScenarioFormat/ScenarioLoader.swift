import Foundation
import TabStageModel

/// Reads scenario files from disk: the one place ScenarioFormat touches the file system.
public enum ScenarioLoader {
    /// Scenario files larger than this are refused before reading (no real scenario comes close).
    public static let maxFileSize = 4 << 20

    /// Reads and parses a scenario file, refusing anything that is not a regular readable file
    /// inside its own folder.
    ///
    /// The file is held to the rule that holds the files it names: a symbolic link is read only
    /// when it stays inside the link's own folder (`current.yaml -> v2.yaml`); one that leaves it
    /// (`gc.yaml -> ../.git-credentials`, `-> /proc/self/environ`), a pipe, a device or a socket is
    /// refused, named by its path only, and nothing of its target is read.
    ///
    /// Parsing reads and checks the files the scenario names (their bytes and sizes); `decoder`
    /// turns its pictures and fonts into values, so this module links no image or font library
    /// (`load(path:)`, in AssetDecoding, passes `SystemAssetDecoder`).
    ///
    /// - Parameters:
    ///   - path: A `.yaml`, `.yml` or `.json` file; its base name is the default scenario name.
    ///   - decoder: What decodes the pictures and fonts the scenario names.
    /// - Returns: The validated scenario.
    /// - Throws: A `ScenarioError` for a missing, unreadable, oversized or invalid file.
    package static func load(path: String, decoder: any AssetDecoder) throws(ScenarioError) -> Scenario {
        let text = try text(path: path, words: .scenario)
        let baseName = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        return try ScenarioParser.parse(
            text, file: path, defaultName: baseName, assetFolder: AssetFolder(scenarioFile: path, decoder: decoder))
    }

    /// The UTF-8 text of a file read as a scenario is read (`readFile`), or the error for why
    /// not, worded by `words`: the one read of a file a user names to be parsed.
    package static func text(path: String, words: FileWords) throws(ScenarioError) -> String {
        let location = SourceLocation(file: path)
        let data: [UInt8]
        switch readFile(path) {
        case .success(let bytes): data = bytes
        case .failure(let refusal): throw error(refusal, at: location, words: words)
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw ScenarioError(location, "the file is not UTF-8 text", expected: words.utf8Text)
        }
        return text
    }

    /// How the errors of `text(path:words:)` name the file: a scenario's errors say what to
    /// do with a scenario; any other file's are plainer (and keep the system's words out).
    package struct FileWords: Sendable {
        /// What was expected at the path: "a path to a .yaml, .yml or .json scenario".
        var expected: String
        /// What a folder is not: "a scenario file".
        var notFolder: String
        /// What an unreadable file should have been.
        var readable: String
        /// What a file over the limit should have been.
        var limit: String
        /// What a file that is not UTF-8 should have been.
        var utf8Text: String
        /// A link that leaves its folder, and one to or through another link.
        var linkLeaves: String, linkThroughLink: String
        /// What a refused link should have been.
        var link: String
        /// Whether an unreadable file's error adds the system's words, and a file that grew says so.
        var detailed: Bool

        /// A scenario file's words (`tabstage run`, `record`, `verify`…).
        package static let scenario = FileWords(
            expected: "a path to a .yaml, .yml or .json scenario", notFolder: "a scenario file", readable: "a readable scenario file",
            limit: "a scenario of at most \(maxFileSize) bytes", utf8Text: "a UTF-8 YAML or JSON file",
            linkLeaves: "this is a symbolic link that leads out of its folder; tabstage reads a scenario only inside its own folder",
            linkThroughLink:
                "this is a symbolic link to another link or through one; tabstage reads a scenario only inside its own folder",
            link: "a real scenario file, or a link to one in the same folder", detailed: true)

        /// The words for any other file held to a scenario's rules, `what` naming what was expected.
        package static func file(_ what: String) -> FileWords {
            let link = "this is a symbolic link that leads out of its folder or through another link"
            return FileWords(
                expected: what, notFolder: "a file", readable: "\(what), readable", limit: "\(what) of at most \(maxFileSize) bytes",
                utf8Text: what, linkLeaves: link, linkThroughLink: link, link: "a real file, or a link to one in the same folder",
                detailed: false)
        }
    }

    /// Why a scenario file was not read, beyond what `NoFollowRead` says.
    enum Refusal: Error {
        case read(NoFollowRead.Refusal)
        /// A symbolic link whose target is outside the link's folder (or missing).
        case linkLeavesFolder
        /// `open` failed (the system's words).
        case unopenable(Int32)
    }

    /// The file's bytes. The last component is opened without following a link and without
    /// blocking (a FIFO would wait for a writer), and checked through the open descriptor, so
    /// what is read is what was checked. A link is resolved, and read only when its target is
    /// inside the link's folder, through `NoFollowRead` from that folder (no link on the way).
    static func readFile(_ written: String) -> Result<[UInt8], Refusal> {
        let path = WorkingDirectory.resolve(written)
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
        if descriptor >= 0 {
            defer { close(descriptor) }
            return NoFollowRead.read(descriptor, limit: maxFileSize).mapError { .read($0) }
        }
        let code = errno
        var info = stat()
        guard code == ELOOP || (lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK) else {
            return .failure(code == ENOENT || code == ENOTDIR ? .read(.missing) : .unopenable(code))
        }
        let folderPath: String
        if let slash = path.lastIndex(of: "/") {
            folderPath = path[..<slash].isEmpty ? "/" : String(path[..<slash])
        } else {
            folderPath = "."
        }
        guard let folder = realPath(folderPath), let target = realPath(path) else { return .failure(.linkLeavesFolder) }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        guard target.hasPrefix(prefix) else { return .failure(.linkLeavesFolder) }
        let components = target.dropFirst(prefix.count).split(separator: "/").map(String.init)
        guard !components.isEmpty else { return .failure(.linkLeavesFolder) }
        return NoFollowRead.file(components, under: folder, limit: maxFileSize).mapError { .read($0) }
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The refusal as the one-line error the CLI prints, in `words`.
    private static func error(_ refusal: Refusal, at location: SourceLocation, words: FileWords) -> ScenarioError {
        func unreadable(_ reason: String) -> ScenarioError {
            ScenarioError(location, words.detailed ? "cannot read the file (\(reason))" : "cannot read the file", expected: words.readable)
        }
        switch refusal {
        case .linkLeavesFolder: return ScenarioError(location, words.linkLeaves, expected: words.link)
        case .unopenable(let code): return unreadable(String(cString: strerror(code)))
        case .read(let reason):
            switch reason {
            case .missing: return ScenarioError(location, "no such file", expected: words.expected)
            case .folder: return ScenarioError(location, "this is a folder, not \(words.notFolder)", expected: words.expected)
            case .notRegular: return ScenarioError(location, "not a regular file (a pipe, device or socket)", expected: words.expected)
            case .link: return ScenarioError(location, words.linkThroughLink, expected: words.link)
            case .tooLarge(let bytes): return ScenarioError(location, "the file is \(bytes) bytes, over the limit", expected: words.limit)
            case .grew where words.detailed:
                return ScenarioError(location, "the file grew over the limit while it was read", expected: words.limit)
            case .grew: return unreadable("grew while it was read")
            case .folderUnreadable(let reason), .system(let reason): return unreadable(reason)
            }
        }
    }
}
