/// A rectangle of a diff image, in pixels, that holds a cluster of differing pixels.
public struct DiffRegion: Sendable, Hashable {
    /// The left column, in pixels.
    public var x: Int
    /// The top row, in pixels.
    public var y: Int
    /// Columns covered.
    public var width: Int
    /// Rows covered.
    public var height: Int
    /// A region from its corner and size in pixels.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The most clusters a snapshot's report boxes (the first, top to bottom): a picture of
    /// scattered noise has tens of thousands, which no reviewer reads and a page should not carry.
    public static let maxPerSnapshot = 1_000
}

extension PerceptualDiff {
    /// The clusters of differing (red) pixels of a diff image, so a report can box them: a
    /// 36-pixel change on a 1170×2532 screen is otherwise a speck. Pixels in touching cells of
    /// `cell`×`cell` form one cluster; each box is tight around its red pixels. Top to bottom,
    /// at most `DiffRegion.maxPerSnapshot` of them.
    public static func regions(of diff: RGBAImage, cell: Int = 16) -> [DiffRegion] {
        let columns = (diff.width + cell - 1) / cell, rows = (diff.height + cell - 1) / cell
        // Per cell, the tight bounds of its red pixels (minX, minY, maxX, maxY), or nil.
        var bounds = [(Int, Int, Int, Int)?](repeating: nil, count: columns * rows)
        diff.pixels.withUnsafeBufferPointer { p in
            for y in 0..<diff.height {
                for x in 0..<diff.width {
                    let o = (y * diff.width + x) * 4
                    guard p[o] == 255, p[o + 1] == 0, p[o + 2] == 0 else { continue }
                    let c = (y / cell) * columns + x / cell
                    if let b = bounds[c] {
                        bounds[c] = (min(b.0, x), min(b.1, y), max(b.2, x), max(b.3, y))
                    } else {
                        bounds[c] = (x, y, x, y)
                    }
                }
            }
        }
        var seen = [Bool](repeating: false, count: columns * rows)
        var regions: [DiffRegion] = []
        for start in 0..<bounds.count where bounds[start] != nil && !seen[start] {
            var box = bounds[start]!
            var stack = [start]
            seen[start] = true
            while let c = stack.popLast() {
                let b = bounds[c]!
                box = (min(box.0, b.0), min(box.1, b.1), max(box.2, b.2), max(box.3, b.3))
                let cx = c % columns, cy = c / columns
                for ny in max(0, cy - 1)...min(rows - 1, cy + 1) {
                    for nx in max(0, cx - 1)...min(columns - 1, cx + 1) {
                        let n = ny * columns + nx
                        if bounds[n] != nil && !seen[n] {
                            seen[n] = true
                            stack.append(n)
                        }
                    }
                }
            }
            regions.append(DiffRegion(x: box.0, y: box.1, width: box.2 - box.0 + 1, height: box.3 - box.1 + 1))
            if regions.count == DiffRegion.maxPerSnapshot { break }
        }
        return regions
    }
}
