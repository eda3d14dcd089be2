import Foundation
import TabStageImageDiff
import TabStageModel
import TabStageRendering
import TabStageScenario

/// Reference snapshots on disk: `ROOT/<group>/<name>.svg` and `.png`, where the group is the
/// scenario's name (or, for the Swift API, the test file's).
public struct ReferenceStore: Sendable, Hashable {
    /// The folder holding every group's references.
    public var root: String

    /// References under `root`.
    public init(root: String) { self.root = root }

    /// The folder of one scenario's (or test file's) references.
    public func folder(_ group: String) -> String { (root as NSString).appendingPathComponent(group) }
    /// Where a snapshot's SVG reference is.
    public func svgPath(_ group: String, _ name: String) -> String { "\(folder(group))/\(name).svg" }
    /// Where a snapshot's PNG reference is.
    public func pngPath(_ group: String, _ name: String) -> String { "\(folder(group))/\(name).png" }

    /// Where a snapshot's layout reference is: `NAME.layout.txt` beside its SVG and PNG.
    public func layoutPath(_ group: String, _ name: String) -> String { "\(folder(group))/\(name)\(Self.layoutSuffix)" }
    /// The suffix of a layout reference.
    static let layoutSuffix = ".layout.txt"

    /// What is on disk of a snapshot's layout reference.
    package enum LayoutLookup: Sendable, Hashable {
        /// The file's bytes, read and not yet parsed: a passing snapshot's are the bytes its
        /// layout writes now, so comparing the bytes first spares the parse.
        case found([UInt8])
        /// No such file: a reference recorded before tabstage recorded layouts.
        case missing
    }

    /// Reads `NAME.layout.txt` below `root` without following links, as the SVG and PNG are
    /// read; a link, a folder, a pipe or a file over the limit is refused (`LayoutReference.parse`
    /// refuses one that is not what `record` writes, at its line).
    package func layout(_ group: String, _ name: String) throws(LayoutReferenceError) -> LayoutLookup {
        let path = layoutPath(group, name)
        switch NoFollowRead.file(components(group, "\(name)\(Self.layoutSuffix)"), under: root, limit: LayoutReference.Limits.maxBytes)
        {
        case .failure(.missing): return .missing
        case .failure(.tooLarge(let bytes)):
            throw LayoutReferenceError(
                path: path, line: 0,
                reason: "the layout reference \(path) is \(bytes) bytes, over the limit of \(LayoutReference.Limits.maxBytes) bytes")
        case .failure(let refusal):
            throw LayoutReferenceError(path: path, line: 0, reason: "cannot read the layout reference \(path): \(refusal.words)")
        case .success(let bytes): return .found(bytes)
        }
    }

    /// What is on disk for one snapshot.
    public enum Lookup: Sendable, Hashable {
        case found(svg: String, png: [UInt8])
        /// Neither file, or no PNG: nothing to compare with.
        case missing
        /// A PNG without its SVG.
        case missingSVG
        /// A file that exists but cannot be read (or is not UTF-8 text); the path and the reason.
        case unreadable(path: String, reason: String)
    }

    /// Reads a snapshot's references from disk: both files, missing, or unreadable. The files
    /// are opened below `root` without following links: a reference that is a symbolic link
    /// (which a pull request can commit) is refused, so its target is never read or copied into a
    /// report.
    public func lookup(_ group: String, _ name: String) -> Lookup {
        let svgPath = svgPath(group, name), pngPath = pngPath(group, name)
        let limit = RasterLimits.maxFileBytes
        let png: [UInt8]
        switch NoFollowRead.file(components(group, "\(name).png"), under: root, limit: limit) {
        case .failure(.missing): return .missing
        case .failure(let refusal): return .unreadable(path: pngPath, reason: refusal.words)
        case .success(let bytes): png = bytes
        }
        switch NoFollowRead.file(components(group, "\(name).svg"), under: root, limit: limit) {
        case .failure(.missing): return .missingSVG
        case .failure(let refusal): return .unreadable(path: svgPath, reason: refusal.words)
        case .success(let bytes):
            guard let svg = String(validating: bytes, as: UTF8.self) else { return .unreadable(path: svgPath, reason: "not UTF-8 text") }
            return .found(svg: svg, png: png)
        }
    }

    /// Both files, or nil when either is missing or unreadable.
    public func read(_ group: String, _ name: String) -> (svg: String, png: [UInt8])? {
        guard case .found(let svg, let png) = lookup(group, name) else { return nil }
        return (svg, png)
    }

    /// Writes the pair; the PNG carries the SVG's digest (see `ReferenceIdentity`) so a PNG
    /// swapped in from another snapshot is caught even when the SVG text matches.
    /// With a `layout`, its `NAME.layout.txt` too.
    package func write(
        _ group: String, _ name: String, svg: String, png: [UInt8], layout: LayoutReference? = nil, writer: inout AtomicWriter
    ) throws(WorkflowError) {
        let stamped = try ReferenceIdentity.stamp(png, svg: svg, path: pngPath(group, name))
        // A group may be a folder inside another (`<scenario>/frames`): each level is created.
        var folder = root
        for component in group.split(separator: "/").map(String.init) {
            folder = try writer.createDirectory(component, in: folder)
        }
        try writer.write(Array(svg.utf8), to: "\(folder)/\(name).svg")
        try writer.write(stamped, to: "\(folder)/\(name).png")
        if let layout { try writer.write(layout.bytes, to: "\(folder)/\(name)\(Self.layoutSuffix)") }
    }

    /// Names in the group's folder with a `NAME.svg` or `NAME.png` (regular files only) that are
    /// not in `keeping`: references no snapshot writes any more. Sorted; empty when the folder
    /// is missing or a symbolic link.
    public func orphans(_ group: String, keeping: Set<String>) -> [String] {
        let folder = folder(group)
        guard isRealFolder(folder), let entries = try? FileManager.default.contentsOfDirectory(atPath: WorkingDirectory.resolve(folder))
        else { return [] }
        var names = Set<String>()
        for entry in entries where !entry.hasPrefix(".") {
            let ext = (entry as NSString).pathExtension
            guard ext == "svg" || ext == "png" else { continue }
            let name = (entry as NSString).deletingPathExtension
            guard !name.isEmpty, !keeping.contains(name), isRegularFile("\(folder)/\(entry)") else { continue }
            names.insert(name)
        }
        return names.sorted()
    }

    /// Folders `<scenario>@<variant>` in the root that none of `keeping` names: the references
    /// of variants the scenario no longer has, sorted. Only real folders count.
    public func variantOrphans(_ scenario: String, keeping: Set<String>) -> [String] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: WorkingDirectory.resolve(root)) else { return [] }
        return entries.filter { entry in
            entry.hasPrefix(scenario + "@") && !keeping.contains(entry) && isRealFolder(folder(entry))
        }.sorted()
    }

    /// The suffix of an accessibility reference: `NAME.accessibility.json`.
    static let accessibilitySuffix = ".accessibility.json"

    /// Names in the group's folder with a `NAME.accessibility.json` (a regular file) that are
    /// not in `keeping`: accessibility references no snapshot writes any more. Sorted; empty
    /// when the folder is missing or a symbolic link.
    public func accessibilityOrphans(_ group: String, keeping: Set<String>) -> [String] {
        let folder = folder(group)
        guard isRealFolder(folder), let entries = try? FileManager.default.contentsOfDirectory(atPath: WorkingDirectory.resolve(folder))
        else { return [] }
        return entries.compactMap { entry -> String? in
            guard !entry.hasPrefix("."), entry.hasSuffix(Self.accessibilitySuffix) else { return nil }
            let name = String(entry.dropLast(Self.accessibilitySuffix.count))
            guard !name.isEmpty, !keeping.contains(name), isRegularFile("\(folder)/\(entry)") else { return nil }
            return name
        }.sorted()
    }

    /// Removes the orphans' `.svg`, `.png`, `.accessibility.json` and `.layout.txt` files; returns
    /// the paths removed, by name, each name's SVG, PNG, accessibility and layout reference in
    /// that order.
    public func removeOrphans(_ group: String, keeping: Set<String>) throws(WorkflowError) -> [String] {
        let names = Set(orphans(group, keeping: keeping)).union(accessibilityOrphans(group, keeping: keeping)).sorted()
        let paths = names.flatMap { name in
            [svgPath(group, name), pngPath(group, name), "\(folder(group))/\(name)\(Self.accessibilitySuffix)", layoutPath(group, name)]
        }
        var removed: [String] = []
        for path in paths where isRegularFile(path) {
            try remove(path)
            removed.append(path)
        }
        return removed
    }

    /// Removes a stale variant's folder `<scenario>@<variant>` (one `variantOrphans` gave): its
    /// references (regular `.svg`, `.png` and `.accessibility.json` files), then the folder
    /// itself when nothing else is left in it. Anything else (a file of yours, a subfolder, a
    /// symbolic link) stays, and so does the folder holding it. Returns the paths removed
    /// (files, then the folder) and whether the folder is gone.
    public func removeVariantFolder(_ name: String) throws(WorkflowError) -> (removed: [String], folderRemoved: Bool) {
        let folder = folder(name)
        guard name.contains("@"), !name.contains("/"), isRealFolder(folder),
            let entries = try? FileManager.default.contentsOfDirectory(atPath: WorkingDirectory.resolve(folder))
        else { return ([], false) }
        var removed: [String] = []
        for entry in entries.sorted() where !entry.hasPrefix(".") {
            let isReference =
                entry.hasSuffix(".svg") || entry.hasSuffix(".png") || entry.hasSuffix(Self.accessibilitySuffix)
                || entry.hasSuffix(Self.layoutSuffix)
            let path = "\(folder)/\(entry)"
            guard isReference, isRegularFile(path) else { continue }
            try remove(path)
            removed.append(path)
        }
        let left = (try? FileManager.default.contentsOfDirectory(atPath: WorkingDirectory.resolve(folder))) ?? [""]
        guard left.isEmpty else { return (removed, false) }
        guard rmdir(WorkingDirectory.resolve(folder)) == 0 else {
            throw WorkflowError("cannot remove \(folder): \(String(cString: strerror(errno)))")
        }
        removed.append(folder)
        return (removed, true)
    }

    private func remove(_ path: String) throws(WorkflowError) {
        guard unlink(WorkingDirectory.resolve(path)) == 0 else {
            throw WorkflowError("cannot remove \(path): \(String(cString: strerror(errno)))")
        }
    }

    private func isRealFolder(_ path: String) -> Bool {
        var info = stat()
        return lstat(WorkingDirectory.resolve(path), &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    private func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return lstat(WorkingDirectory.resolve(path), &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    private func components(_ group: String, _ file: String) -> [String] {
        group.split(separator: "/").map(String.init) + [file]
    }
}

/// Which SVG a reference PNG was rendered from: a 64-bit FNV-1a digest of the SVG's bytes (in
/// its drawing form: without the portability additions, which change nothing drawn, so a
/// reference keeps its bytes when they are added), kept in the PNG as a `tEXt` chunk. Not a
/// security measure, a guard against mixed-up files.
package enum ReferenceIdentity {
    /// The PNG text chunk's keyword that holds the SVG's digest.
    package static let keyword = "tabstage:svg"

    /// The digest of the SVG a PNG was rendered from, stored in the PNG to catch mixed-up pairs.
    package static func digest(_ svg: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in PortableSVG.drawingFormUTF8(svg) {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// `png` with its SVG's digest in a `tEXt` chunk: what every reference PNG carries, so a
    /// reference can be checked against its SVG without decoding it. `path` names it in errors.
    package static func stamp(_ png: [UInt8], svg: String, path: String) throws(WorkflowError) -> [UInt8] {
        do {
            return try PNGChunks.settingText(png, keyword: keyword, value: digest(svg))
        } catch {
            throw WorkflowError("cannot write \(path): \(error.message)")
        }
    }
}
