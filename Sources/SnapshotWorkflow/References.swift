import Foundation

/// Reference snapshots on disk: `ROOT/<group>/<name>.svg` and `.png`, where the group is the
/// scenario's name (or, for the Swift API, the test file's).
public struct ReferenceStore: Sendable, Hashable {
    public var root: String

    public init(root: String) { self.root = root }

    public func folder(_ group: String) -> String { (root as NSString).appendingPathComponent(group) }
    public func svgPath(_ group: String, _ name: String) -> String { "\(folder(group))/\(name).svg" }
    public func pngPath(_ group: String, _ name: String) -> String { "\(folder(group))/\(name).png" }

    /// Both files, or nil when either is missing.
    public func read(_ group: String, _ name: String) -> (svg: String, png: [UInt8])? {
        guard let svg = try? String(contentsOfFile: svgPath(group, name), encoding: .utf8),
              let png = FileManager.default.contents(atPath: pngPath(group, name)) else { return nil }
        return (svg, Array(png))
    }

    public func write(_ group: String, _ name: String, svg: String, png: [UInt8], writer: inout AtomicWriter) throws(WorkflowError) {
        let folder = try writer.createDirectory(group, in: root)
        try writer.write(Array(svg.utf8), to: "\(folder)/\(name).svg")
        try writer.write(png, to: "\(folder)/\(name).png")
    }
}
