import Foundation
import TabStageModel
import TabStageRendering
import TabStageScenario

/// A file of a report folder that `tabstage accept` copies into the references, with the
/// SHA-256 of its bytes when `verify` wrote it.
package struct ReportFile: Sendable, Hashable, Codable {
    /// Relative to the report folder.
    package var path: String
    /// 64 lowercase hexadecimal digits.
    package var sha256: String
    /// A file and its digest.
    package init(path: String, sha256: String) {
        self.path = path
        self.sha256 = sha256
    }
}

/// What a verify run was made from, kept in report.json so `accept` can tell whether its
/// renderings still stand for the scenarios: each scenario's name and file, the SHA-256 of the
/// scenario files and of every file their loads read (templates, themes, items, pictures,
/// fonts), and the renderer's digest.
package struct ReportInputs: Sendable, Hashable, Codable {
    /// Scenario (output folder) name → its scenario file, as given.
    package var scenarios: [String: String]
    /// File path → SHA-256.
    package var files: [String: String]
    /// `RendererDigest.current()` when the report was written.
    package var renderer: String

    /// The inputs of scenarios `name → file` whose loads read `read` (each path as the
    /// scenario's asset folder logged it); a file that cannot be read again is left out, and
    /// `accept` then refuses the report, naming it.
    package static func of(scenarios: [String: String], read: [String]) -> ReportInputs {
        var files: [String: String] = [:]
        for path in Set(scenarios.values).union(read).sorted() {
            if let bytes = AcceptFiles.readRegular(path) { files[path] = SHA256.hex(bytes) }
        }
        return ReportInputs(scenarios: scenarios, files: files, renderer: RendererDigest.current())
    }
}

/// The digest of what draws the pixels besides the SVG: each font file's SHA-256 and the font
/// configuration. Two tabstage versions with the same digest draw the same pixels from the same
/// SVG as far as fonts go; the drawing libraries' own versions are not in it (see the DocC
/// article ReviewingChanges).
package enum RendererDigest {
    /// The digest on this machine.
    package static func current() -> String {
        var text = "fontconfig \(SHA256.hex(Array(RendererIdentity.fontConfiguration.utf8)))\n"
        for path in RendererIdentity.fontFiles {
            text += "\(path) \(AcceptFiles.readRegular(path).map { SHA256.hex($0) } ?? "missing")\n"
        }
        return SHA256.hex(Array(text.utf8))
    }
}

/// The files of a failure's new rendering in a report folder, as `accept` reads them back.
package enum AcceptFiles {
    /// At most this many bytes per file read back (a 4K screenshot's PNG is far below it).
    package static let byteLimit = 256 << 20

    /// Each kind of file a failure leaves for `accept`, by its name's ending after `GROUP/NAME`.
    package static let suffixes = ["png": ".actual.png", "svg": ".actual.svg", "layout": ".actual.layout.txt"]

    /// Writes a failure's new SVG and layout (`NAME.actual.svg`, `NAME.actual.layout.txt`) beside
    /// its actual PNG and records the three files' digests in `outcome`.
    package static func write(
        _ verification: Verification, into folder: String, outcome: inout SnapshotOutcome, writer: inout AtomicWriter
    ) throws(WorkflowError) {
        guard let rendered = verification.rendered, let png = outcome.images[.actual] else { return }
        let base = "\(outcome.group)/\(outcome.name).actual"
        let svg = Array(rendered.svg.utf8)
        try writer.write(svg, to: "\(folder)/\(base).svg")
        outcome.acceptFiles["png"] = ReportFile(path: png, sha256: SHA256.hex(rendered.png))
        outcome.acceptFiles["svg"] = ReportFile(path: "\(base).svg", sha256: SHA256.hex(svg))
        if let layout = rendered.layout {
            let bytes = layout.bytes
            try writer.write(bytes, to: "\(folder)/\(base).layout.txt")
            outcome.acceptFiles["layout"] = ReportFile(path: "\(base).layout.txt", sha256: SHA256.hex(bytes))
        }
    }

    /// The bytes of a regular file (not a link, at most `byteLimit`), or nil. Opened once with
    /// `O_NOFOLLOW` and read from that descriptor, so the file checked is the file read; a
    /// relative path is taken from the command's working directory.
    package static func readRegular(_ path: String) -> [UInt8]? {
        let descriptor = open(WorkingDirectory.resolve(path), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return try? NoFollowRead.read(descriptor, limit: byteLimit).get()
    }
}

/// `tabstage accept REPORT`: a verify report's new renderings made references, after checking
/// that the report holds together. Nothing is rendered; every byte copied is the one whose
/// SHA-256 the report recorded, and the report's inputs must be unchanged.
package enum Accept {
    /// One snapshot to accept: the files to write.
    package struct Entry: Sendable {
        /// The scenario (or `SCENARIO/frames`).
        package var group: String
        /// The snapshot's name.
        package var name: String
        /// The SVG text.
        package var svg: String
        /// The PNG bytes (stamped with the SVG's digest when written).
        package var png: [UInt8]
        /// The layout reference, when the report has one.
        package var layout: LayoutReference?
    }

    /// What an accept writes and may prune.
    package struct Plan: Sendable {
        /// The references to write, in the report's order.
        package var entries: [Entry]
        /// Each of the report's groups with every name the run wrote there (what `--prune` keeps).
        package var groups: [String: Set<String>]
        /// Failures the report holds no files for (its rendering could not be made), by `group/name`.
        package var skipped: [String]
    }

    /// Reads and checks `folder/report.json` and the files it names. `only` selects snapshots by
    /// `GROUP/NAME`, `NAME` or `GROUP`; empty for every failure. A result that keeps the digests
    /// of the references it was compared with is accepted only while `snapshots` holds those
    /// references: a report older than the checkout's references does not overwrite them.
    package static func plan(report folder: String, only: [String], version: String, snapshots: String) throws(WorkflowError) -> Plan {
        let jsonPath = "\(folder)/report.json"
        func refuse(_ message: String) -> WorkflowError { WorkflowError(message, kind: .badInput) }
        guard let bytes = AcceptFiles.readRegular(jsonPath) else {
            throw refuse("cannot read \(jsonPath) (expected the report.json a `tabstage verify --report` wrote, a regular file)")
        }
        let report: ShardReport
        do { report = try JSONDecoder().decode(ShardReport.self, from: Data(bytes)) } catch {
            throw refuse("\(jsonPath) is not a tabstage report (expected the report.json a `tabstage verify --report` wrote)")
        }
        guard report.format == ShardReport.currentFormat else {
            throw refuse("\(jsonPath) has layout \(report.format), expected \(ShardReport.currentFormat)")
        }
        guard let inputs = report.inputs else {
            throw refuse(
                "\(jsonPath) keeps no digests of its files (written by an older tabstage): run `tabstage verify --report` again")
        }
        for (name, file) in inputs.scenarios.sorted(by: { $0.key < $1.key }) where inputs.files[file] == nil {
            throw refuse("\(jsonPath) keeps no digest of \(file), the scenario file of \(name): run `tabstage verify --report` again")
        }
        if report.tabstage != version, inputs.renderer != RendererDigest.current() {
            throw refuse(
                "\(jsonPath) was written by tabstage \(report.tabstage) with other fonts than this tabstage \(version) draws with: run `tabstage verify --report` again with this version"
            )
        }
        for (path, digest) in inputs.files.sorted(by: { $0.key < $1.key }) {
            guard let current = AcceptFiles.readRegular(path) else {
                throw refuse("\(path) is gone since \(jsonPath) was written: run `tabstage verify --report` again")
            }
            guard SHA256.hex(current) == digest else {
                throw refuse("\(path) changed since \(jsonPath) was written: run `tabstage verify --report` again")
            }
        }
        func scenario(of group: String) -> String { FrameReferences.isFrameGroup(group) ? String(group.dropLast("/frames".count)) : group }
        var groups: [String: Set<String>] = [:]
        for result in report.results { groups[result.group, default: []].insert(result.name) }
        for group in groups.keys.sorted() where inputs.scenarios[scenario(of: group)] == nil {
            throw refuse("\(jsonPath) holds snapshots of \(group), which is not one of the scenarios it was made from")
        }
        func selectors(_ result: ShardReport.Result) -> [String] {
            ["\(result.group)/\(result.name)", result.name, result.group, scenario(of: result.group)]
        }
        // `--prune` prunes only the groups `--only` selects.
        let selectedGroups = Set(report.results.filter { only.isEmpty || selectors($0).contains(where: only.contains) }.map(\.group))
        groups = groups.filter { selectedGroups.contains($0.key) }
        var unused = Set(only)
        var entries: [Entry] = []
        var skipped: [String] = []
        for result in report.results where result.status != "matched" {
            let full = "\(result.group)/\(result.name)"
            if !only.isEmpty {
                guard selectors(result).contains(where: only.contains) else { continue }
                for selector in selectors(result) { unused.remove(selector) }
            }
            guard let files = result.files, let pngFile = files["png"], let svgFile = files["svg"] else {
                skipped.append(full)
                continue
            }
            guard isSafeGroup(result.group), OutputNames.isPlainFileName(result.name) else {
                throw refuse("\(jsonPath) names a snapshot \(full.debugDescription) that is not a plain group and file name")
            }
            if let checked = result.checked,
                let (path, _) = ReferenceDigests.difference(
                    ReferenceStore(root: snapshots), group: result.group, name: result.name, recorded: checked.reference)
            {
                throw refuse(
                    "\(path) is not the reference \(jsonPath) compared \(full) with (it changed, appeared or went since): run `tabstage verify --report` again"
                )
            }
            let base = "\(result.group)/\(result.name)"
            let png = try read(pngFile, in: folder, jsonPath: jsonPath, expected: base + AcceptFiles.suffixes["png"]!)
            let svgBytes = try read(svgFile, in: folder, jsonPath: jsonPath, expected: base + AcceptFiles.suffixes["svg"]!)
            guard let svg = String(validating: svgBytes, as: UTF8.self) else {
                throw refuse("\(folder)/\(svgFile.path) is not UTF-8 text")
            }
            var layout: LayoutReference?
            if let layoutFile = files["layout"] {
                let path = "\(folder)/\(layoutFile.path)"
                let bytes = try read(layoutFile, in: folder, jsonPath: jsonPath, expected: base + AcceptFiles.suffixes["layout"]!)
                do { layout = try LayoutReference.parse(bytes, path: path) } catch {
                    throw refuse("\(error)")
                }
            }
            entries.append(Entry(group: result.group, name: result.name, svg: svg, png: png, layout: layout))
        }
        if let missing = unused.sorted().first {
            throw refuse("--only \(missing.debugDescription) names no failed snapshot of \(jsonPath)")
        }
        return Plan(entries: entries, groups: groups, skipped: skipped)
    }

    /// A group inside the snapshots folder: plain names, `SCENARIO` or `SCENARIO/frames`.
    static func isSafeGroup(_ group: String) -> Bool {
        let parts = group.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        return (parts.count == 1 || (parts.count == 2 && parts[1] == FrameReferences.folder))
            && parts.allSatisfy { OutputNames.isPlainFileName($0) && $0 != ".." }
    }

    /// A report file's bytes, after checking that its path stays in the report folder (relative,
    /// no `..`, no link on the way), is the one verify names `expected`, and that its SHA-256 is
    /// the recorded one.
    static func read(_ file: ReportFile, in folder: String, jsonPath: String, expected: String) throws(WorkflowError) -> [UInt8] {
        let parts = file.path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard !file.path.hasPrefix("/"), parts.allSatisfy({ OutputNames.isPlainFileName($0) && $0 != ".." }) else {
            throw WorkflowError(
                "\(jsonPath) points outside its folder: \(file.path.debugDescription) (expected a path inside the report folder)",
                kind: .badInput)
        }
        guard file.path == expected else {
            throw WorkflowError(
                "\(jsonPath) names \(file.path.debugDescription) where verify writes \(expected.debugDescription) (expected each snapshot's own files)",
                kind: .badInput)
        }
        let path = ([folder] + parts).joined(separator: "/")
        // Every folder on the way and the file opened without following a link, and read from
        // the descriptor that was checked.
        let bytes: [UInt8]
        switch NoFollowRead.file(parts, under: folder, limit: AcceptFiles.byteLimit) {
        case .success(let read): bytes = read
        case .failure(.link):
            throw WorkflowError(
                "\(path) is a symbolic link (expected the file `tabstage verify --report` wrote inside the report folder)",
                kind: .badInput)
        case .failure(let refusal):
            throw WorkflowError("cannot read \(path), which \(jsonPath) names: \(refusal.words)", kind: .badInput)
        }
        guard SHA256.hex(bytes) == file.sha256 else {
            throw WorkflowError(
                "\(path) is not the file \(jsonPath) recorded (its SHA-256 differs): run `tabstage verify --report` again", kind: .badInput)
        }
        return bytes
    }

    /// Writes the plan's references through `writer`, as `record` does.
    package static func write(_ plan: Plan, store: ReferenceStore, writer: inout AtomicWriter) throws(WorkflowError) {
        for entry in plan.entries {
            try store.write(entry.group, entry.name, svg: entry.svg, png: entry.png, layout: entry.layout, writer: &writer)
        }
    }
}
