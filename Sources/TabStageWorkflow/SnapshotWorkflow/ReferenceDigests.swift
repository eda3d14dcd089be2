import Foundation
import TabStageImageDiff
import TabStageModel
import TabStageScenario

/// The SHA-256 of a snapshot's reference files, by kind (`png`, `svg`, `layout`), as a report
/// keeps them (`ShardReport.Checked.reference`).
package enum ReferenceDigests {
    /// The digests of the given files' bytes; a kind without bytes is left out.
    package static func of(png: [UInt8], svg: [UInt8], layout: [UInt8]?) -> [String: String] {
        var digests = ["png": SHA256.hex(png), "svg": SHA256.hex(svg)]
        if let layout { digests["layout"] = SHA256.hex(layout) }
        return digests
    }

    /// The digests of the reference files of `group/name` in `store` now: each that is a regular
    /// file (read without following a link, as `verify` reads it); a frame keeps no layout.
    package static func onDisk(_ store: ReferenceStore, group: String, name: String) -> [String: String] {
        let parts = group.split(separator: "/").map(String.init)
        var files = [("png", "\(name).png", RasterLimits.maxFileBytes), ("svg", "\(name).svg", RasterLimits.maxFileBytes)]
        if !FrameReferences.isFrameGroup(group) { files.append(("layout", "\(name).layout.txt", LayoutReference.Limits.maxBytes)) }
        var digests: [String: String] = [:]
        for (kind, file, limit) in files {
            if case .success(let bytes) = NoFollowRead.file(parts + [file], under: store.root, limit: limit) {
                digests[kind] = SHA256.hex(bytes)
            }
        }
        return digests
    }

    /// The kinds a report may name, in the order messages name them.
    package static let kinds = ["png", "svg", "layout"]

    /// The first reference file of `group/name` in `store` whose digest (or presence) is not
    /// `recorded`'s: its path, and what the report holds of it in words; nil when all agree.
    package static func difference(_ store: ReferenceStore, group: String, name: String, recorded: [String: String]) -> (
        path: String, what: String
    )? {
        let now = onDisk(store, group: group, name: name)
        guard let kind = kinds.first(where: { now[$0] != recorded[$0] }) else { return nil }
        let path =
            switch kind {
            case "png": store.pngPath(group, name)
            case "svg": store.svgPath(group, name)
            default: store.layoutPath(group, name)
            }
        let what =
            recorded[kind] == nil
            ? "without \(path), which this checkout has"
            : now[kind] == nil ? "with \(path), which this checkout does not have" : "with another \(path) than this checkout's"
        return (path, what)
    }
}
