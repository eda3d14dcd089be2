import Foundation
import TabStageModel

/// The pictures one scenario load decoded, by content and use: a file named by every item of
/// ten tabs, or by a hundred `present` steps, is decoded, scaled and encoded once, and every
/// later use shares that result (the same bytes, as a fresh decode would give).
///
/// Keyed by the file's bytes rather than its name, so two spellings of one path share an entry
/// and a file cannot change between two uses; a picture used two ways (an avatar and a row) is
/// kept once per use, each at its own drawn size. Only successful decodes are kept: a refused
/// picture stops the load at its first use.
package final class PictureCache: @unchecked Sendable {
    private struct Key: Hashable {
        var bytes: [UInt8]
        var use: ImageUse
    }

    private let lock = NSLock()
    private var pictures: [Key: EmbeddedImage] = [:]
    private var decodeCount = 0

    /// An empty cache.
    package init() {}

    /// How many pictures were decoded (cache misses) so far: a bound on the work a load did.
    package var decodes: Int {
        lock.withLock { decodeCount }
    }

    /// The picture `bytes` hold, kept for `use`: from the cache, or from `decode` (called
    /// outside the lock, at most once per content and use when loads do not race).
    func picture(_ bytes: [UInt8], use: ImageUse, decode: ([UInt8]) throws(AssetError) -> EmbeddedImage) throws(AssetError)
        -> EmbeddedImage
    {
        let key = Key(bytes: bytes, use: use)
        if let cached = lock.withLock({ pictures[key] }) { return cached }
        let picture = try decode(bytes)
        lock.withLock {
            decodeCount += 1
            pictures[key] = picture
        }
        return picture
    }
}

/// The files one scenario load parsed, by name as written and kind: an items file that a
/// thousand tabs name is read and parsed once, and every later tab shares the result (1,000
/// tabs naming one file of 1,000 items parsed it 1,000 times: over 10 minutes on the debug
/// build). Only successful parses are kept: a refused file stops the load at its first use.
package final class ParsedFiles: @unchecked Sendable {
    private struct Key: Hashable {
        var name: String
        var kind: String
    }

    private let lock = NSLock()
    private var values: [Key: any Sendable] = [:]
    private var parseCount = 0

    /// An empty cache.
    package init() {}

    /// How many files were parsed (cache misses) so far.
    package var parses: Int {
        lock.withLock { parseCount }
    }

    /// What `parse` makes of the file `name` for `kind`: from the cache, or from `parse`
    /// (called outside the lock, at most once per name and kind when loads do not race).
    package func value<T: Sendable, E: Error>(_ name: String, kind: String, parse: () throws(E) -> T) throws(E) -> T {
        let key = Key(name: name, kind: kind)
        if let cached = lock.withLock({ values[key] }) as? T { return cached }
        let value = try parse()
        lock.withLock {
            parseCount += 1
            values[key] = value
        }
        return value
    }
}
