import Foundation

/// The files a scenario folder's loads read (pictures, fonts, items, templates, themes), by
/// path: the folder's path as given joined with the file's path inside it, links inside the
/// folder resolved. Shared by every copy of the folder value, as `PictureCache` is, so a verify
/// report can record exactly the files its scenarios were made from.
package final class AssetReads: @unchecked Sendable {
    private let lock = NSLock()
    private var paths: Set<String> = []

    /// An empty log.
    package init() {}

    /// Notes that `path` was read.
    func insert(_ path: String) {
        lock.withLock { _ = paths.insert(path) }
    }

    /// Every path read so far, sorted.
    package var sorted: [String] {
        lock.withLock { paths.sorted() }
    }
}
