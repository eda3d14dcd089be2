import TabStageModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a file a scenario names is for; each kind has its own size limit, checked before reading.
package enum AssetKind: String, Sendable, Hashable, CaseIterable {
    /// A Mustache row template (`.svg.mustache`): 64 KiB.
    case template
    /// A YAML or JSON list of row items: 1 MiB.
    case items
    /// A PNG or JPEG image: 8 MiB.
    case image
    /// A TrueType or OpenType font: 16 MiB.
    case font

    /// The largest file of this kind, in bytes.
    package var maxBytes: Int {
        switch self {
        case .template: return 64 << 10
        case .items: return 1 << 20
        case .image: return 8 << 20
        case .font: return 16 << 20
        }
    }

    /// "64 KiB", for messages and docs.
    package var limitText: String {
        maxBytes >= 1 << 20 ? "\(maxBytes >> 20) MiB" : "\(maxBytes >> 10) KiB"
    }

    /// The noun a message uses.
    var noun: String {
        switch self {
        case .template: return "a template"
        case .items: return "an items file"
        case .image: return "an image"
        case .font: return "a font"
        }
    }
}

/// A refused or unreadable asset: what went wrong and what would have been accepted. The
/// scenario parser places it at the YAML value that named the file.
package struct AssetError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, naming the file.
    package var message: String
    /// What the scenario should have named; printed as "(expected …)".
    package var expected: String
    /// For a file that does not exist: the names in the folder it would be in, so the scenario
    /// parser can suggest the closest one.
    package var missing: MissingFile?

    /// Makes an error from its two halves.
    package init(_ message: String, expected: String, missing: MissingFile? = nil) {
        self.message = message
        self.expected = expected
        self.missing = missing
    }

    /// One line: the message and what was expected.
    package var description: String { "\(message) (expected \(expected))" }
}

/// A file that was not found, and what its folder holds instead.
package struct MissingFile: Sendable, Hashable {
    /// The name that was not found (the reference's last component).
    package var name: String
    /// The reference up to that name (`images/`, or empty), to write a suggestion as a path.
    package var folder: String
    /// The regular files and folders beside it, sorted; empty when its folder does not exist.
    package var siblings: [String]

    /// Names the missing file and what is beside it.
    package init(name: String, folder: String, siblings: [String]) {
        self.name = name
        self.folder = folder
        self.siblings = siblings
    }
}

/// The folder a scenario's files come from: the only place a template, items file, image or
/// font may be read from, so a scenario from elsewhere cannot make tabstage read (and embed
/// into a picture) a file outside it.
///
/// A reference is a relative path. It is refused when it is absolute, when `..` leaves the
/// folder, when it (or any folder on the way) is a symbolic link that ends outside the folder or
/// loops, when it is not a regular file (a folder, pipe, device or socket) and when it is over
/// its kind's size limit. The checked path is then opened component by component from the
/// folder's descriptor without following links, and read through that descriptor, so a link
/// swapped in after the check is refused instead of followed.
package struct AssetFolder: Sendable, Hashable {
    /// The folder, as the user gave it (shown in messages).
    package let path: String
    /// The pictures decoded from this folder so far, shared by every copy of this value: one
    /// scenario load decodes each picture once per use however often it is named.
    package let pictures: PictureCache
    /// Turns the pictures and fonts read from this folder into values; handed in by the caller,
    /// so reading and confining files needs no image or font library.
    package let decoder: any AssetDecoder
    /// The items files parsed from this folder so far, shared like `pictures`.
    package let parsedFiles: ParsedFiles
    /// `path` as the file system is given it: taken from the working directory bound when the
    /// folder was made (`WorkingDirectory`), so a later read on any thread finds the same folder.
    private let location: String
    /// The files read from this folder so far, shared like `pictures`.
    package let reads: AssetReads

    /// - Parameters:
    ///   - path: the folder references are resolved in; usually the scenario file's.
    ///   - decoder: what decodes the pictures and fonts read from it.
    package init(path: String, decoder: any AssetDecoder) {
        self.path = path.isEmpty ? "." : path
        location = WorkingDirectory.resolve(self.path)
        pictures = PictureCache()
        self.decoder = decoder
        parsedFiles = ParsedFiles()
        reads = AssetReads()
    }

    /// Two folders are equal when their paths are: the cache is a cost, not a value.
    package static func == (lhs: AssetFolder, rhs: AssetFolder) -> Bool { lhs.path == rhs.path }

    /// Hashes the path, as `==` compares it.
    package func hash(into hasher: inout Hasher) { hasher.combine(path) }

    /// The folder that holds `scenarioFile`, whose pictures and fonts `decoder` decodes.
    package init(scenarioFile: String, decoder: any AssetDecoder) {
        if let slash = scenarioFile.lastIndex(of: "/") {
            let folder = String(scenarioFile[..<slash])
            self.init(path: folder.isEmpty ? "/" : folder, decoder: decoder)
        } else {
            self.init(path: ".", decoder: decoder)
        }
    }

    /// The bytes of the regular file `reference` names, at most `kind.maxBytes` of them.
    package func read(_ reference: String, kind: AssetKind) throws(AssetError) -> [UInt8] {
        let components = try checkedComponents(reference, kind: kind)
        let expected = "a file inside the scenario's folder '\(shown(path))'"
        guard let rootReal = realPath(location) else {
            throw AssetError("the scenario's folder '\(shown(path))' cannot be read (\(lastError()))", expected: "a readable folder")
        }
        let joined = rootReal == "/" ? "/" + components.joined(separator: "/") : rootReal + "/" + components.joined(separator: "/")
        guard let resolved = realPath(joined) else {
            let code = errno
            switch code {
            case ENOENT, ENOTDIR:
                throw AssetError(
                    "no such file '\(shown(reference))' in '\(shown(path))'", expected: expected,
                    missing: missingFile(components, root: rootReal))
            case ELOOP:
                throw AssetError("'\(shown(reference))' is a loop of symbolic links", expected: expected)
            default:
                throw AssetError("cannot read '\(shown(reference))' (\(String(cString: strerror(code))))", expected: expected)
            }
        }
        let prefix = rootReal == "/" ? "/" : rootReal + "/"
        guard resolved.hasPrefix(prefix), resolved.count > prefix.count else {
            throw AssetError(
                "'\(shown(reference))' is a symbolic link (or passes through one) to a place outside the scenario's folder",
                expected: expected)
        }
        let inside = resolved.dropFirst(prefix.count).split(separator: "/").map(String.init)
        // Hidden files and folders hold settings and credentials (.git/config carries a CI
        // checkout's token, .env, .ssh): never read, also through a link that stays inside.
        if let hidden = (components + inside).first(where: { $0.hasPrefix(".") }) {
            let target = inside.joined(separator: "/")
            let how = components == inside ? "is" : "is a symbolic link to '\(shown(target))', which is"
            throw AssetError(
                "'\(shown(reference))' \(how) inside a hidden file or folder ('\(shown(hidden))'); tabstage reads no dot-files, which hold settings and credentials",
                expected: "a file inside the scenario's folder whose path has no component starting with '.'")
        }
        let bytes = try readWithoutLinks(root: rootReal, inside, reference: reference, kind: kind)
        let relative = inside.joined(separator: "/")
        reads.insert(path == "." ? relative : path.hasSuffix("/") ? path + relative : path + "/" + relative)
        return bytes
    }

    /// Lexical checks: relative, no NUL, no `..` that leaves the folder. Returns the path's
    /// components with `.` and inner `..` folded away.
    func checkedComponents(_ reference: String, kind: AssetKind) throws(AssetError) -> [String] {
        let expected = "a path relative to the scenario's folder, such as 'templates/row.svg.mustache'"
        guard !reference.isEmpty else { throw AssetError("the file name is empty", expected: expected) }
        guard !reference.unicodeScalars.contains("\0") else {
            throw AssetError("the file name contains a NUL character", expected: expected)
        }
        guard !reference.hasPrefix("/") else {
            throw AssetError("'\(shown(reference))' is an absolute path", expected: expected)
        }
        // A plain path names a file: no trailing '/' (a folder's spelling), no empty component.
        if reference.hasSuffix("/") {
            throw AssetError(
                "'\(shown(reference))' ends with '/', which names a folder, not a file", expected: "the file's path without the '/'")
        }
        if reference.contains("//") {
            throw AssetError("'\(shown(reference))' has an empty component ('//')", expected: expected)
        }
        if reference.hasPrefix("~") {
            throw AssetError("'\(shown(reference))' starts with '~', which is not expanded", expected: expected)
        }
        var components: [String] = []
        for part in reference.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                guard !components.isEmpty else {
                    throw AssetError(
                        "'\(shown(reference))' leaves the scenario's folder through '..'",
                        expected: "a file inside the scenario's folder '\(shown(path))'")
                }
                components.removeLast()
            default: components.append(String(part))
            }
        }
        guard !components.isEmpty else {
            throw AssetError("'\(shown(reference))' names the scenario's folder itself, not a file", expected: expected)
        }
        return components
    }

    /// Opens `components` under `root` without following a link at any step and reads the file
    /// within the kind's limit.
    private func readWithoutLinks(root: String, _ components: [String], reference: String, kind: AssetKind) throws(AssetError)
        -> [UInt8]
    {
        let inside = "a file inside the scenario's folder '\(shown(path))'"
        // "an items file" names the file already: not "an items file file".
        let sized = "\(kind.noun)\(kind == .items ? "" : " file") of at most \(kind.limitText)"
        switch NoFollowRead.file(components, under: root, limit: kind.maxBytes) {
        case .success(let bytes): return bytes
        case .failure(let refusal):
            switch refusal {
            case .missing: throw AssetError("no such file '\(shown(reference))' in '\(shown(path))'", expected: inside)
            case .link: throw AssetError("'\(shown(reference))' changed into a symbolic link while it was read", expected: inside)
            case .folder: throw AssetError("'\(shown(reference))' is a folder, not a file", expected: sized)
            case .notRegular: throw AssetError("'\(shown(reference))' is not a regular file (a pipe, device or socket)", expected: sized)
            case .tooLarge(let bytes):
                throw AssetError("'\(shown(reference))' is \(bytes) bytes, over the limit of \(kind.limitText)", expected: sized)
            case .grew:
                throw AssetError("'\(shown(reference))' grew over the limit of \(kind.limitText) while it was read", expected: sized)
            case .folderUnreadable(let reason):
                throw AssetError("the scenario's folder '\(shown(path))' cannot be opened (\(reason))", expected: "a readable folder")
            case .system(let reason): throw AssetError("cannot read '\(shown(reference))' (\(reason))", expected: sized)
            }
        }
    }

    /// The names beside a missing file, read only when its folder resolves inside the root.
    private func missingFile(_ components: [String], root: String) -> MissingFile {
        let prefix = root == "/" ? "/" : root + "/"
        func names(in relative: [String]) -> [String]? {
            guard let resolved = realPath(prefix + relative.joined(separator: "/")), resolved == root || resolved.hasPrefix(prefix),
                let directory = opendir(resolved)
            else { return nil }
            defer { closedir(directory) }
            var names: [String] = []
            while let entry = readdir(directory), names.count < 1000 {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if !name.hasPrefix(".") { names.append(name) }
            }
            return names.sorted()
        }
        // A folder spelt in another letter case (`Images/` for `images/`, which a Mac forgives
        // and Linux does not) is followed by its real name, so the suggestion can name it.
        var folderComponents: [String] = []
        for component in components.dropLast() {
            guard let present = names(in: folderComponents) else { break }
            folderComponents.append(
                present.contains(component) ? component : present.first { $0.lowercased() == component.lowercased() } ?? component)
        }
        let folder = folderComponents.isEmpty ? "" : folderComponents.joined(separator: "/") + "/"
        return MissingFile(name: components.last ?? "", folder: folder, siblings: names(in: folderComponents) ?? [])
    }

    private func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

private func lastError() -> String { String(cString: strerror(errno)) }

/// A path as a message shows it: one line, at most 80 characters.
package func shown(_ value: String) -> String {
    messageQuote(value, limit: 80)
}
