import Foundation
import Synchronization
import TabStageImageDiff
import TabStageModel
import TabStageScenario
import TabStageWorkflow

/// Two folders of PNGs compared file by file, by relative path, as reg-cli does: `passed`,
/// `changed`, `new` (only in the actual folder) and `deleted` (only in the expected one).
/// Files are compared `jobs` at a time and each result is handed on before the next batch, so
/// memory stays flat however many files there are.
package struct FolderDiff: Sendable {
    package enum Status: String, Sendable, Hashable, CaseIterable {
        case passed, changed, new, deleted
    }

    /// One file's result. `problem` says why a changed file changed when it is not a count of
    /// pixels (different sizes, an unreadable or broken PNG).
    package struct Item: Sendable, Hashable {
        package var path: String
        package var status: Status
        package var comparison: SnapshotOutcome.Comparison?
        package var problem: String?
        package init(path: String, status: Status, comparison: SnapshotOutcome.Comparison? = nil, problem: String? = nil) {
            self.path = path
            self.status = status
            self.comparison = comparison
            self.problem = problem
        }
    }

    /// An item and, for a report, the PNGs that show it (only ever `jobs` of these at once).
    package struct Checked: Sendable {
        package var item: Item
        package var images: SnapshotImages
        package var regions: [DiffRegion] = []
    }

    package var expected: String
    package var actual: String
    package var options: PerceptualDiff.Options
    package var budget: DiffBudget
    package var jobs: Int
    /// Keep the PNGs of changed, new and deleted files (and make diff images) for a report.
    package var keepImages: Bool

    package init(
        expected: String, actual: String, options: PerceptualDiff.Options = .init(), budget: DiffBudget = .init(), jobs: Int,
        keepImages: Bool
    ) {
        self.expected = expected
        self.actual = actual
        self.options = options
        self.budget = budget
        self.jobs = max(1, jobs)
        self.keepImages = keepImages
    }

    /// Every relative path on either side, sorted, with what is to be done with it.
    package func plan() throws(WorkflowError) -> [(path: String, status: Status?)] {
        let left = Set(try Self.pngPaths(in: expected)), right = Set(try Self.pngPaths(in: actual))
        return left.union(right).sorted().map { path in
            (path, left.contains(path) ? (right.contains(path) ? nil : .deleted) : .new)
        }
    }

    /// Checks every planned path in order and gives each result to `handle` before the next
    /// batch starts. Returns the items, in path order.
    package func run(progress: (Int, Int) -> Void = { _, _ in }, handle: (Checked) throws(WorkflowError) -> Void) throws(WorkflowError)
        -> [Item]
    {
        let planned = try plan()
        var items: [Item] = []
        items.reserveCapacity(planned.count)
        var start = 0
        while start < planned.count {
            let batch = Array(planned[start..<min(start + jobs, planned.count)])
            for checked in check(batch) {
                try handle(checked)
                items.append(checked.item)
            }
            start += batch.count
            progress(start, planned.count)
        }
        return items
    }

    private func check(_ batch: [(path: String, status: Status?)]) -> [Checked] {
        let folders = self
        guard batch.count > 1 else { return batch.map { folders.check($0.path, $0.status) } }
        let slots = Mutex<[Checked?]>(Array(repeating: nil, count: batch.count))
        // The folders are read below the working directory the command bound, on every thread.
        let workingDirectory = WorkingDirectory.current
        DispatchQueue.concurrentPerform(iterations: batch.count) { index in
            let result = WorkingDirectory.bound(workingDirectory) { folders.check(batch[index].path, batch[index].status) }
            slots.withLock { $0[index] = result }
        }
        return slots.withLock { $0.map { $0! } }
    }

    private func check(_ path: String, _ known: Status?) -> Checked {
        let expectedFile = "\(expected)/\(path)", actualFile = "\(actual)/\(path)"
        switch known {
        case .deleted:
            return Checked(
                item: Item(path: path, status: .deleted),
                images: SnapshotImages(expected: keepImages ? Self.read(path, in: expected).bytes : nil))
        case .new:
            return Checked(
                item: Item(path: path, status: .new), images: SnapshotImages(actual: keepImages ? Self.read(path, in: actual).bytes : nil))
        default: break
        }
        let leftRead = Self.read(path, in: expected), rightRead = Self.read(path, in: actual)
        guard let left = leftRead.bytes, let right = rightRead.bytes else {
            let (file, reason) = leftRead.bytes == nil ? (expectedFile, leftRead.reason) : (actualFile, rightRead.reason)
            return Checked(item: Item(path: path, status: .changed, problem: "\(file) cannot be read: \(reason)"), images: SnapshotImages())
        }
        if left == right { return Checked(item: Item(path: path, status: .passed), images: SnapshotImages()) }
        let a: RGBAImage, b: RGBAImage
        do { a = try PNGCodec.decode(left) } catch { return broken(path, expectedFile, error, left, right) }
        do { b = try PNGCodec.decode(right) } catch { return broken(path, actualFile, error, left, right) }
        let result: PerceptualDiff.Result
        do {
            result = try PerceptualDiff.compare(a, b, options: options, diffImage: false)
        } catch {
            return broken(path, nil, error, left, right)
        }
        let comparison = SnapshotOutcome.Comparison(result)
        if budget.allows(result) {
            return Checked(item: Item(path: path, status: .passed, comparison: comparison), images: SnapshotImages())
        }
        var images = SnapshotImages()
        if keepImages {
            // The diff image only for the files a report shows: most pairs pass without one.
            let diff = (try? PerceptualDiff.compare(a, b, options: options, diffImage: true).image).flatMap { $0 }
            images = SnapshotImages(expected: left, actual: right, diff: diff.flatMap { try? PNGCodec.encode($0, options: .fast) })
            return Checked(
                item: Item(path: path, status: .changed, comparison: comparison), images: images,
                regions: diff.map { PerceptualDiff.regions(of: $0) } ?? [])
        }
        return Checked(item: Item(path: path, status: .changed, comparison: comparison), images: images)
    }

    private func broken(_ path: String, _ file: String?, _ error: RasterError, _ left: [UInt8], _ right: [UInt8]) -> Checked {
        let problem = file.map { "\($0): \(error.message)" } ?? error.message
        return Checked(
            item: Item(path: path, status: .changed, problem: problem),
            images: keepImages ? SnapshotImages(expected: left, actual: right) : SnapshotImages())
    }

    /// A compared file, read below its folder without following links: a PNG committed as a
    /// link to a file elsewhere is refused, never copied into a report.
    private static func read(_ path: String, in root: String) -> (bytes: [UInt8]?, reason: String) {
        let components = path.split(separator: "/").map(String.init)
        switch NoFollowRead.file(components, under: root, limit: RasterLimits.maxFileBytes) {
        case .success(let bytes): return (bytes, "")
        case .failure(let refusal): return (nil, refusal.words)
        }
    }

    /// The entries under `root` (any depth) to compare, as relative paths: every `.png` regular
    /// file, and every symbolic link (never followed, so a link loop cannot make the walk
    /// endless; reading one is refused, so it is reported as changed, new or deleted with the
    /// reason). Other regular files are not compared. Nothing is skipped silently: a pipe,
    /// socket or device, a name that is not UTF-8, or a folder that cannot be opened is refused
    /// (`badInput`, exit 2) with its path, bytes escaped. Folders are opened from their parent's
    /// descriptor, so a path of any length below `root` is walked (`d/` × 2040 `/x.png`).
    package static func pngPaths(in root: String) throws(WorkflowError) -> [String] {
        let descriptor = open(WorkingDirectory.resolve(root), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            guard code == ENOTDIR || code == ENOENT else {
                throw WorkflowError("\(root) cannot be read (\(String(cString: strerror(code))))")
            }
            throw WorkflowError("\(root) is not a folder (expected a folder of PNG files)", kind: .badInput)
        }
        var paths: [String] = []
        try walk(descriptor, prefix: [], root: root, into: &paths)
        return paths
    }

    /// Lists the folder open at `descriptor` (closing it) and those below it.
    private static func walk(_ descriptor: Int32, prefix: [UInt8], root: String, into paths: inout [String]) throws(WorkflowError) {
        defer { close(descriptor) }
        let shown = { (bytes: [UInt8]) in "\(root)/\(escapedBytes(bytes))" }
        let names: [[UInt8]]
        switch entryNames(descriptor) {
        case .success(let list): names = list
        case .failure(let failure):
            throw WorkflowError("\(shown(prefix)) cannot be read (\(String(cString: strerror(failure.code))))", kind: .badInput)
        }
        for name in names.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            let relative = prefix.isEmpty ? name : prefix + [UInt8(ascii: "/")] + name
            guard let text = String(validating: relative, as: UTF8.self) else {
                throw WorkflowError(
                    "\(shown(relative)): the name is not valid UTF-8 (bytes shown as \\xNN), so it cannot be compared or reported (expected UTF-8 file names: rename it)",
                    kind: .badInput)
            }
            if text.unicodeScalars.contains(where: isUnsafeInMessage) {
                throw WorkflowError(
                    "\(shown(relative)): the name has a line break, tab or other control character (shown as \\xNN), which a report's cp and rm commands cannot hold (expected names without control characters: rename it)",
                    kind: .badInput)
            }
            // The whole relative path is UTF-8, so the name is too and reads back as its bytes.
            let nameText = String(decoding: name, as: UTF8.self)
            var info = stat()
            guard fstatat(descriptor, nameText, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
                throw WorkflowError("\(shown(relative)) cannot be read (\(String(cString: strerror(errno))))", kind: .badInput)
            }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                let child = openat(descriptor, nameText, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                guard child >= 0 else {
                    throw WorkflowError("\(shown(relative)) cannot be read (\(String(cString: strerror(errno))))", kind: .badInput)
                }
                try walk(child, prefix: relative, root: root, into: &paths)
            case S_IFREG:
                if text.lowercased().hasSuffix(".png") { paths.append(text) }
            case S_IFLNK:
                paths.append(text)
            default:
                throw WorkflowError(
                    "\(shown(relative)) is a pipe, socket or device; a folder diff compares only files (expected regular PNG files and folders: remove it)",
                    kind: .badInput)
            }
        }
    }

    /// An `errno` value as an error.
    private struct SystemCode: Error { var code: Int32 }

    /// The names in the folder open at `descriptor`, as bytes, without `.` and `..`.
    private static func entryNames(_ descriptor: Int32) -> Result<[[UInt8]], SystemCode> {
        let copy = dup(descriptor)
        guard copy >= 0, let folder = fdopendir(copy) else {
            let code = errno
            if copy >= 0 { close(copy) }
            return .failure(SystemCode(code: code))
        }
        defer { closedir(folder) }
        var names: [[UInt8]] = []
        errno = 0
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if name != [46] && name != [46, 46] { names.append(name) }
            errno = 0
        }
        if errno != 0 { return .failure(SystemCode(code: errno)) }
        return .success(names)
    }
}

extension FolderDiff.Item {
    /// One line for the console and the report.
    package var message: String {
        switch status {
        case .passed: return "passed"
        case .new: return "new: only in the actual folder"
        case .deleted: return "deleted: only in the expected folder"
        case .changed:
            if let problem { return "changed: \(problem)" }
            guard let comparison else { return "changed" }
            return "changed: \(comparison.differentPixels) of \(comparison.width * comparison.height) pixels differ"
        }
    }
}
