import Foundation
import TabStageImageDiff
import TabStageModel
import TabStageScenario
import TabStageWorkflow

/// `merge-reports`: the `report.json` of each shard's `--report` folder, checked and merged
/// into one report (results in scenario order, whatever order the folders are given in), and
/// the images the shards' pages show, copied beside the merged page.
package enum ReportMerge {
    /// The largest `report.json` read (a run of 100,000 failures writes about 60 MB).
    package static let reportLimit = 128 << 20
    /// The most boxes of differing pixels a merged page draws, all reports together. A box is
    /// at most about 85 bytes of the page (`<div class="box" style="left:12.345%;top:…">`),
    /// drawn on each of up to three images: 255 bytes, so 250,000 boxes are at most about 64 MB,
    /// 250 failed snapshots with the most boxes verify writes (`DiffRegion.maxPerSnapshot`, 1,000).
    package static let maxMergedRegions = 250_000
    /// The most results one `report.json` may hold, counted as soon as it is read, before any
    /// result is checked: the checks' cost grows faster than the results (200,000 results took
    /// 57 s to refuse), and 20,000 snapshots in one shard are a suite far larger than any the
    /// bundled examples make (about 60) — split a larger run with `verify --shard`.
    package static let maxResults = 20_000
    /// The largest report image copied (a 4,096 × 4,096 PNG that does not compress at all).
    package static let imageLimit = 4096 * 4096 * 4 + (1 << 20)

    /// One shard's report, read and checked on its own.
    package struct Input: Sendable {
        /// The `report.json` path, as messages name it.
        package var path: String
        /// The report folder its image paths are relative to.
        package var folder: String
        /// The file's text, for locating what a message is about.
        package var text: String
        /// The report.
        package var report: ShardReport
    }

    /// The merged report and the images to copy (each relative path and the folder it is in).
    package struct Merged: Sendable {
        /// Every shard's results, in scenario order.
        package var report: ShardReport
        /// The shards that were merged, from 1.
        package var shards: [Int]
        /// How many shards the run was split into.
        package var shardCount: Int
        /// Each file copied: the images the page shows and the files `accept` reads.
        package var images: [Copied]
    }

    /// A file of a shard's report copied into the merged one.
    package struct Copied: Sendable, Hashable {
        /// Relative to the report folder, the same in the shard's and the merged one.
        package var path: String
        /// The shard's report folder.
        package var folder: String
        /// The SHA-256 the shard's report.json recorded for it, for a file `accept` reads.
        package var sha256: String?
    }

    /// Reads `argument` (a report folder, or its `report.json`) and checks its shape.
    package static func read(_ argument: String) throws(WorkflowError) -> Input {
        let isFile = argument.hasSuffix("/report.json") || argument == "report.json"
        let folder =
            isFile
            ? ((argument as NSString).deletingLastPathComponent.isEmpty ? "." : (argument as NSString).deletingLastPathComponent) : argument
        let path = isFile ? argument : (argument.hasSuffix("/") ? argument + "report.json" : argument + "/report.json")
        let bytes: [UInt8]
        switch NoFollowRead.file(["report.json"], under: folder, limit: reportLimit) {
        case .success(let read): bytes = read
        case .failure(let refusal):
            let what: String
            switch refusal {
            case .missing: what = "there is no report.json"
            case .tooLarge(let size): what = "report.json is \(size) bytes, over the \(reportLimit) byte limit"
            case .link: what = "report.json is a symbolic link"
            default: what = "report.json cannot be read: \(refusal.words)"
            }
            throw WorkflowError(
                "\(path):1:1: error: \(what) (expected the --report folder of a `tabstage verify` run, which writes report.json)",
                kind: .badInput)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let report: ShardReport
        do {
            report = try JSONDecoder().decode(ShardReport.self, from: Data(bytes))
        } catch {
            throw WorkflowError(
                "\(path):1:1: error: not a tabstage report (\(decodingProblem(error))) (expected the report.json that `tabstage verify --report` writes)",
                kind: .badInput)
        }
        guard report.results.count <= maxResults else {
            throw WorkflowError(
                "\(path):\(locate("results", 0, in: text)): error: report.json has \(report.results.count) results, over the limit (expected at most \(maxResults) results a report: split the run with verify --shard)",
                kind: .badInput)
        }
        let input = Input(path: path, folder: folder, text: text, report: report)
        try check(input)
        return input
    }

    /// Checks one report on its own: a known layout, a shard in range and results whose names
    /// and image paths stay inside their folder.
    static func check(_ input: Input) throws(WorkflowError) {
        let report = input.report
        func refuse(_ key: String, _ occurrence: Int = 0, _ what: String, _ expected: String) -> WorkflowError {
            WorkflowError(
                "\(input.path):\(locate(key, occurrence, in: input.text)): error: \(what) (expected \(expected))", kind: .badInput)
        }
        guard report.format == ShardReport.currentFormat else {
            throw refuse(
                "format", 0, "report layout \(report.format) is not one this tabstage reads",
                "layout \(ShardReport.currentFormat), written by the same tabstage version")
        }
        if let shard = report.shard, shard.count < 1 || shard.count > Shard.maxCount || !(1...shard.count).contains(shard.index) {
            throw refuse(
                "shard", 0, "shard \(shard.index)/\(shard.count) is out of range",
                "I/N with 1 ≤ I ≤ N ≤ \(Shard.maxCount), as `verify --shard` writes it")
        }
        guard report.scenarios >= 0, report.threshold.isFinite, RecordMode(rawValue: report.recordMode) != nil else {
            throw refuse(
                "scenarios", 0, "the run's settings are not a verify run's", "the report.json that `tabstage verify --report` writes")
        }
        if let inputs = report.inputs {
            guard inputs.scenarios.keys.allSatisfy(OutputNames.isPlainFileName), inputs.files.values.allSatisfy(SHA256.isHex) else {
                throw refuse(
                    "inputs", 0, "the run's inputs are not what verify writes",
                    "scenario names that are plain file names and a SHA-256 for each file")
            }
        }
        // Earlier results naming accept files, counted as the loop goes (a recount per result
        // made a 20,000-result report cost 20,000² / 2 steps).
        var filesSoFar = report.inputs == nil ? 0 : 1
        for (index, result) in report.results.enumerated() {
            // A scenario's frame references are the group `<scenario>/frames`.
            let scenario =
                FrameReferences.isFrameGroup(result.group) ? String(result.group.dropLast(FrameReferences.folder.count + 1)) : result.group
            guard OutputNames.isPlainFileName(scenario), OutputNames.isPlainFileName(result.name) else {
                throw refuse(
                    "group", index, "result \(index + 1) names '\(escapedForMessage(result.group))/\(escapedForMessage(result.name))'",
                    "a scenario and snapshot name that are plain file names")
            }
            guard ["matched", "recorded", "failed"].contains(result.status) else {
                throw refuse(
                    "group", index, "result \(index + 1) has status '\(escapedForMessage(result.status))'", "matched, recorded or failed")
            }
            guard (0..<max(report.scenarios, 1)).contains(result.position),
                report.shard.map({ result.position % $0.count == $0.index - 1 }) ?? true
            else {
                throw refuse(
                    "group", index,
                    "result \(index + 1) (\(result.group)/\(result.name)) is at scenario \(result.position), not in this shard",
                    "the positions `verify --shard` gave its scenarios")
            }
            // The page boxes each region and lists each move: a report may not ask for more
            // than verify writes.
            guard result.regions.count <= DiffRegion.maxPerSnapshot else {
                throw refuse(
                    "regions", index, "result \(index + 1) has \(result.regions.count) regions",
                    "at most \(DiffRegion.maxPerSnapshot), as verify writes them")
            }
            if let geometry = result.geometry {
                guard geometry.moved >= 0, geometry.lines.count <= LayoutComparison.listed + 1,
                    geometry.lines.allSatisfy({ $0.utf8.count <= 1_000 }), (geometry.boxes ?? []).count <= LayoutComparison.listed
                else {
                    throw refuse(
                        "geometry", report.results[..<index].filter { $0.geometry != nil }.count,
                        "result \(index + 1)'s moves are not what verify writes",
                        "at most \(LayoutComparison.listed + 1) lines of at most 1,000 bytes and \(LayoutComparison.listed) boxes")
                }
            }
            // The files `accept` copies: the failure's own new rendering, named as verify names
            // it, with a SHA-256 (the copy is checked against it).
            let priorFiles = filesSoFar
            if result.files != nil { filesSoFar += 1 }
            for (kind, file) in (result.files ?? [:]).sorted(by: { $0.key < $1.key }) {
                guard let suffix = AcceptFiles.suffixes[kind], file.path == "\(result.group)/\(result.name)\(suffix)",
                    SHA256.isHex(file.sha256)
                else {
                    throw refuse(
                        "files", priorFiles, "result \(index + 1) names the file '\(escapedForMessage(file.path))' for accept",
                        "\(result.group)/\(result.name).actual.png, .actual.svg or .actual.layout.txt with its SHA-256, inside the report folder"
                    )
                }
            }
            let counts = [result.comparison ?? []] + result.regions
            guard counts.allSatisfy({ $0.isEmpty || ($0.count == 4 && $0.allSatisfy { $0 >= 0 }) }), result.comparison?.isEmpty != true,
                result.regions.allSatisfy({ !$0.isEmpty })
            else {
                throw refuse(
                    "group", index, "result \(index + 1) has a comparison or region that is not four counts", "[x, y, width, height]")
            }
            for (kind, path) in result.images.sorted(by: { $0.key < $1.key }) {
                guard SnapshotImages.Kind(rawValue: kind) != nil, path == "\(result.group)/\(result.name).\(kind).png" else {
                    throw refuse(
                        "group", index, "result \(index + 1) shows the image '\(escapedForMessage(path))'",
                        "\(result.group)/\(result.name).KIND.png with KIND expected, actual or diff, inside the report folder")
                }
            }
            // A frame strip shows its frames' own images, named as the frames are.
            for frame in result.strip ?? [] {
                let nameIsSafe = !frame.name.isEmpty && frame.name.allSatisfy { $0.isASCII && $0.isNumber }
                for (kind, path) in [("expected", frame.expected), ("actual", frame.actual)] {
                    guard let path else { continue }
                    guard nameIsSafe, path == "\(result.group)/\(frame.name).\(kind).png" else {
                        throw refuse(
                            "strip", report.results[..<index].filter { $0.strip != nil }.count,
                            "result \(index + 1)'s frame strip shows the image '\(escapedForMessage(path))'",
                            "\(result.group)/NNNN.\(kind).png, a frame's number, inside the report folder")
                    }
                }
            }
        }
        try checkDigests(input)
    }

    /// Merges checked reports: one tabstage version, one run's split and settings, each shard
    /// and each snapshot once. The result does not depend on the order of `inputs`.
    package static func merge(_ inputs: [Input]) throws(WorkflowError) -> Merged {
        let sorted = inputs.sorted { ($0.report.shard?.index ?? 0, $0.path) < ($1.report.shard?.index ?? 0, $1.path) }
        guard let first = sorted.first else { throw WorkflowError("no reports to merge (expected report folders)", kind: .badInput) }
        func refuse(_ input: Input, _ key: String, _ what: String, _ expected: String) -> WorkflowError {
            WorkflowError("\(input.path):\(locate(key, 0, in: input.text)): error: \(what) (expected \(expected))", kind: .badInput)
        }
        var seenShards: [Int: Input] = [:]
        var seenSnapshots: [String: Input] = [:]
        for input in sorted {
            let report = input.report
            if report.tabstage != first.report.tabstage {
                throw refuse(
                    input, "tabstage",
                    "written by tabstage \(escapedForMessage(report.tabstage)), but \(first.path) by tabstage \(escapedForMessage(first.report.tabstage))",
                    "reports from one tabstage version: run every shard with the same build")
            }
            guard let shard = report.shard else {
                if sorted.count == 1 { continue }
                throw refuse(
                    input, "shard", "this report is of every scenario (no --shard), so it overlaps every other report",
                    "the reports of `verify --shard I/N`, one per shard")
            }
            if let other = seenShards[shard.index] {
                throw refuse(
                    input, "shard", "shard \(shard.index)/\(shard.count) is also \(other.path)", "each shard once")
            }
            if first.report.shard?.count != shard.count || first.report.scenarios != report.scenarios {
                throw refuse(
                    input, "shard",
                    "shard \(shard.index)/\(shard.count) of \(report.scenarios) scenarios overlaps \(first.path)'s "
                        + "\(first.report.shard.map { "\($0.index)/\($0.count)" } ?? "run") of \(first.report.scenarios)",
                    "the shards of one `verify --shard I/N` split of the same scenario files")
            }
            if report.recordMode != first.report.recordMode || report.threshold != first.report.threshold {
                throw refuse(
                    input, "recordMode",
                    "this shard ran with record mode \(report.recordMode) and threshold \(report.threshold), \(first.path) with "
                        + "\(first.report.recordMode) and \(first.report.threshold)",
                    "the shards of one verify run, with the same settings")
            }
            seenShards[shard.index] = input
            for result in report.results {
                let key = OutputNames.collisionKey(result.group) + "/" + OutputNames.collisionKey(result.name)
                if let other = seenSnapshots[key], other.path != input.path {
                    throw refuse(
                        input, "group", "snapshot \(result.group)/\(result.name) is also in \(other.path)",
                        "each scenario in one shard only, with unique scenario names")
                }
                seenSnapshots[key] = input
            }
        }
        // The page draws every box: counted before anything is written.
        var boxes = 0
        for input in sorted {
            boxes += input.report.results.reduce(0) { $0 + $1.regions.count }
            guard boxes <= maxMergedRegions else {
                throw refuse(
                    input, "regions", "the reports box \(boxes) regions of differing pixels so far, over the merged page's limit",
                    "at most \(maxMergedRegions) on one page: merge fewer shards at once")
            }
        }
        var report = first.report
        // Positions are each scenario's place in the sorted list; a stable sort keeps each
        // scenario's snapshots in the order its shard verified them.
        let results = sorted.flatMap { input in input.report.results.map { (result: $0, folder: input.folder) } }
        let ordered = results.enumerated().sorted { ($0.element.result.position, $0.offset) < ($1.element.result.position, $1.offset) }
            .map(\.element)
        report.results = ordered.map(\.result)
        report.shard = nil
        report.inputs = try mergedInputs(sorted)
        // The images the page shows and the files `accept` copies (the actual PNG is both).
        let images = ordered.flatMap { item in
            let strip = (item.result.strip ?? []).flatMap { [$0.expected, $0.actual].compactMap { $0 } }
            let digests = Dictionary((item.result.files ?? [:]).values.map { ($0.path, $0.sha256) }) { a, _ in a }
            return Set(item.result.images.values).union(strip).union(digests.keys).sorted().map {
                Copied(path: $0, folder: item.folder, sha256: digests[$0])
            }
        }
        return Merged(
            report: report, shards: sorted.compactMap(\.report.shard?.index), shardCount: first.report.shard?.count ?? 1, images: images)
    }

    /// Writes the merged `index.html`, `junit.xml` and `report.json` into `folder`, with every
    /// image the page shows copied from its shard's folder (a regular PNG file, links refused).
    package static func write(_ merged: Merged, to folder: String, writer: inout AtomicWriter) throws(WorkflowError) {
        try writer.createDirectory(folder, label: "--out")
        for image in merged.images {
            let parts = image.path.split(separator: "/").map(String.init)
            let isPNG = image.path.hasSuffix(".png")
            let bytes: [UInt8]
            switch NoFollowRead.file(parts, under: image.folder, limit: isPNG ? imageLimit : AcceptFiles.byteLimit) {
            case .success(let read): bytes = read
            case .failure(let refusal):
                throw WorkflowError(
                    "\(image.folder)/\(image.path):1:1: error: the report's image cannot be copied: \(refusal.words) (expected the PNG its verify run wrote, a regular file)",
                    kind: .badInput)
            }
            guard !isPNG || bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
                throw WorkflowError(
                    "\(image.folder)/\(image.path):1:1: error: the report's image is not a PNG (expected the PNG its verify run wrote)",
                    kind: .badInput)
            }
            if let digest = image.sha256, SHA256.hex(bytes) != digest {
                throw WorkflowError(
                    "\(image.folder)/\(image.path):1:1: error: the file is not the one its report.json recorded (its SHA-256 differs) (expected the file its verify run wrote: run that shard again)",
                    kind: .badInput)
            }
            // A frame's images sit one folder deeper: `<scenario>/frames/NNNN.KIND.png`.
            var inside = folder
            for part in parts.dropLast() { inside = try writer.createDirectory(part, in: inside) }
            try writer.write(bytes, to: "\(folder)/\(image.path)")
        }
        // Each accept command names the merged folder: `accept` reads this report as it reads a shard's.
        var report = merged.report
        for index in report.results.indices {
            report.results[index].accept = report.results[index].accept.map { acceptCommand($0, naming: folder) }
        }
        try writer.write(report.encoded(), to: "\(folder)/report.json")
        var settings = report.settings
        settings.provenance = provenance(merged)
        try FailureReport.write(report.outcomes, to: folder, settings: settings, writer: &writer)
    }

    /// What the merged page and junit.xml say they are: the shards' claims, not a check.
    package static func provenance(_ merged: Merged) -> String {
        let whose =
            merged.shards.isEmpty
            ? "one verify run's report.json"
            : "the report.json of \(merged.shards.count) of \(merged.shardCount) shards (\(merged.shards.map { "\($0)/\(merged.shardCount)" }.joined(separator: ", ")))"
        return
            "Merged by tabstage merge-reports from \(whose): each result is what its report states, not a new check. Gate on each shard's own tabstage verify exit code."
    }

    /// The shards' inputs together: each shard's scenarios and the files they read, refused
    /// when two shards saw one file with different contents (they did not run on one checkout).
    /// The renderer digest is kept when every shard had the same one, else left empty, which
    /// `accept` refuses for a report of another tabstage version. Nil when a shard has none.
    static func mergedInputs(_ inputs: [Input]) throws(WorkflowError) -> ReportInputs? {
        var merged: ReportInputs?
        var owner: [String: Input] = [:]
        for input in inputs {
            guard let shard = input.report.inputs else { return nil }
            guard var sum = merged else {
                merged = shard
                for path in shard.files.keys { owner[path] = input }
                continue
            }
            for (path, digest) in shard.files.sorted(by: { $0.key < $1.key }) {
                if let other = sum.files[path], other != digest, let first = owner[path] {
                    throw WorkflowError(
                        "\(input.path):\(locate("inputs", 0, in: input.text)): error: this shard read \(escapedForMessage(path)) with other contents than \(first.path) (expected the shards of one verify run, on one checkout)",
                        kind: .badInput)
                }
                sum.files[path] = digest
                owner[path] = owner[path] ?? input
            }
            sum.scenarios.merge(shard.scenarios) { a, _ in a }
            if sum.renderer != shard.renderer { sum.renderer = "" }
            merged = sum
        }
        return merged
    }

    /// `command` (`tabstage accept REPORT …` as verify wrote it, or its `swift run` form) with
    /// REPORT replaced by `folder`; any other text as it is.
    package static func acceptCommand(_ command: String, naming folder: String) -> String {
        guard var words = shellWords(command) else { return command }
        let tools = [["tabstage"], ["swift", "run", "tabstage"]]
        guard let tool = tools.first(where: { words.starts(with: $0 + ["accept"]) }), words.count > tool.count + 1 else { return command }
        words[tool.count + 1] = folder
        return words.map(shellQuoted).joined(separator: " ")
    }

    /// The words a POSIX shell reads from `text`, for the commands `shellQuoted` writes: plain
    /// words, single quotes and backslashes. Nil for anything else (an unclosed quote, `$`, `"`).
    static func shellWords(_ text: String) -> [String]? {
        var words: [String] = []
        var word: String?
        var characters = text.makeIterator()
        while let character = characters.next() {
            switch character {
            case " ":
                if let done = word { words.append(done) }
                word = nil
            case "'":
                var quoted = ""
                while true {
                    guard let next = characters.next() else { return nil }
                    if next == "'" { break }
                    quoted.append(next)
                }
                word = (word ?? "") + quoted
            case "\\":
                guard let next = characters.next() else { return nil }
                word = (word ?? "") + String(next)
            case "\"", "$", "`", "\n", "\t", ";", "&", "|", "<", ">", "(", ")", "*", "?", "[", "#", "~":
                return nil
            default:
                word = (word ?? "") + String(character)
            }
        }
        if let done = word { words.append(done) }
        return words
    }

    /// `LINE:COL` of the `occurrence`-th (from 0) key `"key":` in a report's text, or `1:1`.
    static func locate(_ key: String, _ occurrence: Int, in text: String) -> String {
        let needle = Array("\"\(key)\"".utf8), bytes = Array(text.utf8)
        var found = 0, line = 1, lineStart = 0, index = 0
        while index + needle.count <= bytes.count {
            if bytes[index] == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            }
            if bytes[index] == needle[0], index == 0 || bytes[index - 1] != UInt8(ascii: "\\"),
                Array(bytes[index..<index + needle.count]) == needle,
                bytes[(index + needle.count)...].first(where: { $0 != 0x20 && $0 != 0x09 }) == UInt8(ascii: ":")
            {
                if found == occurrence { return "\(line):\(index - lineStart + 1)" }
                found += 1
            }
            index += 1
        }
        return "1:1"
    }

    /// What the decoder found wrong, in one line.
    static func decodingProblem(_ error: Error) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, let context):
            "no \(keyPath(context.codingPath + [key]))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            context.codingPath.isEmpty ? "not JSON of the expected shape" : "\(keyPath(context.codingPath)) has the wrong type"
        default: "not JSON"
        }
    }

    /// A path into the report as JSON spells it: `results[0].status`, not the decoder's
    /// `results.Index 0.status`.
    static func keyPath(_ path: [any CodingKey]) -> String {
        path.reduce(into: "") { text, key in
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
    }

    /// A value from a file shown in a message: control characters as `\xNN`.
    static func escapedForMessage(_ text: String) -> String {
        String(text.prefix(200)).unicodeScalars.map {
            $0.value < 0x20 || $0.value == 0x7F ? String(format: "\\x%02X", $0.value) : String($0)
        }
        .joined()
    }
}
