import Assets
import Foundation

/// Reads scenario files from disk: the one place ScenarioFormat touches the file system.
public enum ScenarioLoader {
    /// Scenario files larger than this are refused before reading (no real scenario comes close).
    public static let maxFileSize = 4 << 20

    /// Reads and parses a scenario file, refusing anything that is not a regular readable file.
    ///
    /// - Parameter path: A `.yaml`, `.yml` or `.json` file; its base name is the default scenario name.
    /// - Returns: The validated scenario.
    /// - Throws: A `ScenarioError` for a missing, unreadable, oversized or invalid file.
    public static func load(path: String) throws(ScenarioError) -> Scenario {
        let location = SourceLocation(file: path)
        let expected = "a path to a .yaml, .yml or .json scenario"
        // Opened without blocking (a FIFO would wait for a writer) and checked through the open
        // descriptor, so what is read is what was checked.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw ScenarioError(location, "no such file", expected: expected) }
            throw ScenarioError(location, "cannot read the file (\(String(cString: strerror(code))))", expected: "a readable scenario file")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw ScenarioError(
                location, "cannot read the file (\(String(cString: strerror(errno))))", expected: "a readable scenario file")
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw ScenarioError(location, "this is a folder, not a scenario file", expected: expected)
        default: throw ScenarioError(location, "not a regular file (a pipe, device or socket)", expected: expected)
        }
        let size = Int(status.st_size)
        guard size <= maxFileSize else {
            throw ScenarioError(
                location, "the file is \(size) bytes, over the limit", expected: "a scenario of at most \(maxFileSize) bytes")
        }
        let data: [UInt8]
        do {
            data = try readAll(descriptor, limit: maxFileSize)
        } catch {
            throw ScenarioError(
                location, "cannot read the file (\(String(cString: strerror(error.code))))", expected: "a readable scenario file")
        }
        guard data.count <= maxFileSize else {
            throw ScenarioError(
                location, "the file grew over the limit while it was read", expected: "a scenario of at most \(maxFileSize) bytes")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw ScenarioError(location, "the file is not UTF-8 text", expected: "a UTF-8 YAML or JSON file")
        }
        let baseName = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        return try ScenarioParser.parse(text, file: path, defaultName: baseName, assetFolder: AssetFolder(scenarioFile: path))
    }

    struct ReadError: Error { var code: Int32 }

    /// Reads to the end, or to one byte past `limit`.
    private static func readAll(_ descriptor: Int32, limit: Int) throws(ReadError) -> [UInt8] {
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while data.count <= limit {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw ReadError(code: errno)
            }
            data.append(contentsOf: chunk[..<count])
        }
        return data
    }
}
