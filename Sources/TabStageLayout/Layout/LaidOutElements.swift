import TabStageModel

/// Something drawn that a person reads or taps (a line of text, a button, the avatar, a row),
/// with the frame the layout gave it. The overlap and safe-area checks read only these, so a
/// new element joins both checks by being listed once.
public struct LaidOutElement: Sendable, Hashable {
    /// Which painted layer an element belongs to. Layers are drawn over each other on purpose
    /// (a sheet over its presenter, the primary column beside the container), so elements are
    /// compared only with elements of their own layer.
    public enum Surface: String, Sendable, Hashable, CaseIterable {
        /// The tab container: header, tab bar and pages.
        case container
        /// A split view's primary column.
        case primaryColumn
        /// A presented sheet, card, popover or full-screen controller.
        case presentation
        /// A button floating over the container's content (the compose button): it covers rows
        /// by design, so it is checked against the safe area only.
        case floating
    }

    /// The name warnings use: `title`, `follow`, `avatar`, `nav-title`, `tab-2`, `row-0-3`, …
    public var name: String
    /// Where it is drawn, in window coordinates, before any clipping.
    public var frame: Rect
    /// The area that clips it (the header band below the cover, the tab bar, the pages' band),
    /// in window coordinates; nil when nothing does. What is clipped away is not seen, so it
    /// can neither overlap nor leave the safe area.
    public var clip: Rect?
    /// What lies below the clip's bottom edge: an element cut there runs under it (the header's
    /// text under the tab bar, or the side column's under the screen's bottom edge). Cuts at the other edges are scrolling (the profile under the
    /// navigation bar, a tab scrolled out of the bar) and fine.
    public var underneath: String?
    /// What gives an element cut at its area's bottom the room it needs (the header height
    /// that holds it), added to its warning; nil when there is nothing to say.
    public var fix: String?
    /// Which layer it is drawn on; only elements of one layer are compared.
    public var surface: Surface
    /// Where the element must stay (the safe area, or only its sides for content that scrolls
    /// under the home indicator); nil where anything goes.
    public var allowedRegion: Rect?

    /// Names an element; see the properties for what each argument means.
    public init(
        _ name: String, frame: Rect, clip: Rect? = nil, underneath: String? = nil, surface: Surface = .container,
        allowedRegion: Rect? = nil, fix: String? = nil
    ) {
        self.name = name
        self.fix = fix
        self.frame = frame
        self.clip = clip
        self.underneath = underneath
        self.surface = surface
        self.allowedRegion = allowedRegion
    }

    /// The part a person sees: the frame inside its clip; nil when clipped away entirely.
    public var visibleFrame: Rect? {
        guard let clip else { return frame }
        return frame.intersection(clip)
    }

    /// The box of a line of text drawn with `anchorX` at `anchor` (`start` is the left edge):
    /// from three quarters of the size above the baseline to a quarter below it, which holds
    /// capitals and descenders.
    public static func textFrame(anchorX: Double, anchor: TextAnchor, width: Double, baseline: Double, size: Double) -> Rect {
        let x: Double
        switch anchor {
        case .start: x = anchorX
        case .middle: x = anchorX - width / 2
        case .end: x = anchorX - width
        }
        return Rect(x: x, y: baseline - 0.75 * size, width: width, height: size)
    }

    /// The baseline that centres a line of `size` pt text on `middle`: the painter draws a title
    /// there and its element's box is taken from there, so both are one number.
    package static func centredBaseline(middle: Double, size: Double) -> Double { middle + size * 0.36 }

    /// Which point of a line of text its x names.
    public enum TextAnchor: Sendable, Hashable {
        case start, middle, end
    }
}

/// The element checks: what overlaps, what is cut at the bottom of its area, what leaves its
/// allowed region. Pure, and independent of where the list came from.
package enum ElementCheck {
    /// Frames may touch, and anti-aliasing may overlap by this much, before it counts.
    package static let tolerance = 0.5

    /// One `overlap` warning per pair of visible elements of the same surface whose frames
    /// intersect, one per element cut at the bottom of its clip (named with what lies under
    /// it, whether partly or wholly hidden there), and one `outsideSafeArea` warning per
    /// element that leaves its allowed region; in list order.
    package static func warnings(_ elements: [LaidOutElement]) -> [LayoutWarning] {
        var warnings: [LayoutWarning] = []
        let visible = elements.map(\.visibleFrame)
        let overlapping = overlappingPairs(elements, visible: visible)
        for (index, element) in elements.enumerated() {
            // Checked before visibility: an element pushed wholly below its area is the worst
            // cut, not a reason for silence. (A cut at the top is scrolling and stays quiet.)
            if let clip = element.clip, let below = element.underneath, element.frame.maxY > clip.maxY + tolerance {
                let fix = element.fix.map { " (\($0))" } ?? ""
                let what =
                    element.frame.y >= clip.maxY
                    ? "is hidden under \(below)" : "runs \(number(element.frame.maxY - clip.maxY)) pt under \(below)"
                warnings.append(
                    LayoutWarning(element: element.name, kind: .overlap, text: "\(element.name) \(what): its area is too short\(fix)"))
            }
            guard let frame = visible[index] else { continue }
            for other in overlapping[index] {
                guard let otherFrame = visible[other], let shared = frame.intersection(otherFrame) else { continue }
                warnings.append(
                    LayoutWarning(
                        element: element.name, kind: .overlap,
                        text: "\(element.name) and \(elements[other].name) overlap by \(number(shared.width)) × \(number(shared.height)) pt"
                    ))
            }
            if let region = element.allowedRegion, !region.contains(frame, tolerance: tolerance) {
                warnings.append(
                    LayoutWarning(
                        element: element.name, kind: .outsideSafeArea,
                        text: "\(element.name) is drawn outside the safe area (it should stay inside it)"))
            }
        }
        return warnings
    }

    /// For each element, the later elements of its surface whose visible frames overlap it by
    /// more than `tolerance` both ways, in list order. A sweep down the frames sorted by top
    /// edge compares an element only with those whose bottom edge is still below its top, so a
    /// snapshot of thousands of 1 pt rows costs about rows × the rows one row's text spans,
    /// not rows² (8,000 elements were 32,000,000 comparisons for every layout of every frame).
    static func overlappingPairs(_ elements: [LaidOutElement], visible: [Rect?]) -> [[Int]] {
        var pairs = [[Int]](repeating: [], count: elements.count)
        var bySurface: [LaidOutElement.Surface: [Int]] = [:]
        for index in elements.indices where visible[index] != nil {
            bySurface[elements[index].surface, default: []].append(index)
        }
        for surface in LaidOutElement.Surface.allCases {
            guard let indices = bySurface[surface] else { continue }
            // Top edge, then list order: the same order every run.
            let sorted = indices.sorted { (visible[$0]!.y, $0) < (visible[$1]!.y, $1) }
            var active: [Int] = []
            for index in sorted {
                let frame = visible[index]!
                // Frames whose bottom is within `tolerance` of this top cannot overlap it (nor any later one) by more.
                active.removeAll { visible[$0]!.maxY - frame.y <= tolerance }
                for other in active {
                    guard let shared = frame.intersection(visible[other]!), shared.width > tolerance, shared.height > tolerance
                    else { continue }
                    pairs[min(index, other)].append(max(index, other))
                }
                active.append(index)
            }
        }
        for index in pairs.indices where pairs[index].count > 1 { pairs[index].sort() }
        return pairs
    }

    /// Whole points, or one decimal when that matters.
    private static func number(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}

extension Rect {
    /// The overlap of two rectangles; nil when they do not overlap (touching edges included).
    func intersection(_ other: Rect) -> Rect? {
        let left = max(x, other.x), right = min(maxX, other.maxX)
        let top = max(y, other.y), bottom = min(maxY, other.maxY)
        guard right > left, bottom > top else { return nil }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// Whether `other` lies inside, allowing `tolerance` on every side.
    func contains(_ other: Rect, tolerance: Double) -> Bool {
        other.x >= x - tolerance && other.maxX <= maxX + tolerance && other.y >= y - tolerance && other.maxY <= maxY + tolerance
    }

    /// Moved by `dx`, `dy`.
    func offsetBy(_ dx: Double, _ dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// The same horizontal span, unlimited vertically: a region that checks only the sides.
    var sidesOnly: Rect { Rect(x: x, y: -1e9, width: width, height: 2e9) }

    /// The same vertical span, unlimited horizontally: a region that checks only top and bottom.
    var topAndBottomOnly: Rect { Rect(x: -1e9, y: y, width: 2e9, height: height) }
}
