import Foundation

/// Reads scenario files from disk: the one place ScenarioFormat touches the file system.
public enum ScenarioLoader {
    /// Scenario files larger than this are refused before reading (no real scenario comes close).
    public static let maxFileSize = 4 << 20

    public static func load(path: String) throws(ScenarioError) -> Scenario {
        let url = URL(fileURLWithPath: path)
        let location = SourceLocation(file: path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ScenarioError(location, "no such file", expected: "a path to a .yaml, .yml or .json scenario")
        }
        guard !isDirectory.boolValue else {
            throw ScenarioError(location, "this is a folder, not a scenario file", expected: "a path to a .yaml, .yml or .json scenario")
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size <= maxFileSize else {
            throw ScenarioError(location, "the file is \(size) bytes, over the limit", expected: "a scenario of at most \(maxFileSize) bytes")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ScenarioError(location, "cannot read the file (\(reason(error)))", expected: "a readable scenario file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ScenarioError(location, "the file is not UTF-8 text", expected: "a UTF-8 YAML or JSON file")
        }
        let baseName = url.deletingPathExtension().lastPathComponent
        return try ScenarioParser.parse(text, file: path, defaultName: baseName)
    }

    private static func reason(_ error: Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let code = underlying?.code, let text = strerror(Int32(code)) { return String(cString: text) }
        return (error as NSError).localizedDescription
    }
}
