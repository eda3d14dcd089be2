import Foundation
import TabStageModel
import TabStageScenario

/// What moved between a layout reference and the layout drawn now, in words: one line an
/// element or value, largest first (`tabBar             y 88 → 96 (+8 pt)`,
/// `row Posts[7]       appeared at y 780`, `container.tabs[1].contentHeight 216 → 540 (+324)`).
/// The same engine says what `verify` found and what `drift` finds between two releases.
package struct LayoutComparison: Sendable, Hashable {
    /// One difference.
    package struct Move: Sendable, Hashable {
        /// The element's or value's name as a reader sees it (`row Posts[7]`, `tabBar`).
        package var name: String
        /// What changed (`y 88 → 96 (+8 pt)`).
        package var change: String
        /// How large it is, in points (the largest delta; an element's larger side when it
        /// appeared or went): what orders the lines.
        package var size: Double
        /// Whether it is a drawn element (counted as "moved") or a value of the state.
        package var isElement: Bool
        /// An element's frame in the reference and now (nil where it was not drawn), for a
        /// report to box; nil for a value.
        package var frames: (old: Rect?, new: Rect?)? = nil

        package static func == (a: Move, b: Move) -> Bool {
            a.name == b.name && a.change == b.change && a.size == b.size && a.isElement == b.isElement
                && a.frames?.old == b.frames?.old && a.frames?.new == b.frames?.new
        }
        package func hash(into hasher: inout Hasher) { hasher.combine(name + change) }
    }

    /// Every difference, largest first, then in the reference's order.
    package var moves: [Move]

    /// The most lines a failure lists before "and N more".
    package static let listed = 8
    /// The default tolerance in points: the layout file's own precision.
    package static let defaultTolerance = GeometryTolerance.default

    /// Compares `old` (the reference) with `new`. A frame edge or a number that moved by at
    /// least `tolerance` is a move; elements are matched by id, so a row inserted above others
    /// makes them moved, not renamed.
    package init(_ old: LayoutReference, _ new: LayoutReference, tolerance: Double = defaultTolerance) {
        var moves: [Move] = []
        // A negative or NaN tolerance (a Swift caller's typo) compares exactly: it can never
        // hide a move.
        let limit = (tolerance.isNaN ? 0 : max(0, tolerance)) - 1e-9
        let newByID = Dictionary(new.elements.map { ($0.id, $0.frame) }, uniquingKeysWith: { first, _ in first })
        let oldIDs = Set(old.elements.map(\.id))
        for element in old.elements {
            let name = Self.displayName(element.id, titles: old)
            guard let frame = newByID[element.id] else {
                moves.append(
                    Move(
                        name: name, change: "gone from y \(Self.number(element.frame.y))", size: Self.side(element.frame), isElement: true,
                        frames: (element.frame, nil)))
                continue
            }
            let a = element.frame
            var parts: [String] = [], size = 0.0
            for (label, from, to) in [
                ("x", a.x, frame.x), ("y", a.y, frame.y), ("width", a.width, frame.width), ("height", a.height, frame.height),
            ]
            where abs(to - from) >= limit && to != from {
                parts.append("\(label) \(Self.number(from)) → \(Self.number(to)) (\(Self.signed(to - from)) pt)")
                size = max(size, abs(to - from))
            }
            if !parts.isEmpty {
                moves.append(Move(name: name, change: parts.joined(separator: ", "), size: size, isElement: true, frames: (a, frame)))
            }
        }
        for element in new.elements where !oldIDs.contains(element.id) {
            moves.append(
                Move(
                    name: Self.displayName(element.id, titles: new), change: "appeared at y \(Self.number(element.frame.y))",
                    size: Self.side(element.frame), isElement: true, frames: (nil, element.frame)))
        }
        let newValues = Dictionary(new.values.map { ($0.path, $0.value) }, uniquingKeysWith: { first, _ in first })
        let oldPaths = Set(old.values.map(\.path))
        for value in old.values {
            let now = newValues[value.path] ?? .null
            switch (value.value, now) {
            case (.number(let from), .number(let to)):
                guard abs(to - from) >= limit, to != from else { continue }
                moves.append(
                    Move(
                        name: value.path, change: "\(Self.number(from)) → \(Self.number(to)) (\(Self.signed(to - from)))",
                        size: abs(to - from),
                        isElement: false))
            default:
                guard value.value != now else { continue }
                moves.append(
                    Move(
                        name: value.path, change: "\(LayoutReference.word(value.value)) → \(LayoutReference.word(now))",
                        size: .infinity, isElement: false))
            }
        }
        for value in new.values where !oldPaths.contains(value.path) {
            moves.append(Move(name: value.path, change: "null → \(LayoutReference.word(value.value))", size: .infinity, isElement: false))
        }
        // Largest first; a stable order among equals (the reference's, then the new layout's).
        // Largest first. Among moves of one size, the state's values come before the elements:
        // a header 4 pt taller moves every row by 4, and `container.headerHeight 180 → 184` is
        // the line that says why.
        self.moves = moves.enumerated().sorted {
            ($1.element.size, $1.element.isElement ? 0 : 1, $0.offset) < ($0.element.size, $0.element.isElement ? 0 : 1, $1.offset)
        }.map(\.element)
    }

    /// Nothing moved.
    package var isEmpty: Bool { moves.isEmpty }
    /// Drawn elements that moved, appeared or went.
    package var movedElements: Int { moves.filter(\.isElement).count }
    /// Values of the state that changed.
    package var changedValues: Int { moves.count - movedElements }

    /// "3 elements moved", "1 element moved and 2 values changed", "2 values changed".
    package var summary: String {
        var parts: [String] = []
        if movedElements > 0 { parts.append("\(movedElements) element\(movedElements == 1 ? "" : "s") moved") }
        if changedValues > 0 { parts.append("\(changedValues) value\(changedValues == 1 ? "" : "s") changed") }
        return parts.joined(separator: " and ")
    }

    /// At most `listed` lines, names padded to one column, then "and N more".
    package var lines: [String] {
        let shown = moves.prefix(Self.listed)
        let width = min(24, shown.map(\.name.count).max() ?? 0)
        var lines = shown.map { move in
            move.name + String(repeating: " ", count: max(1, width + 1 - move.name.count)) + move.change
        }
        if moves.count > Self.listed { lines.append("and \(moves.count - Self.listed) more") }
        return lines
    }

    /// The boxes a report draws for the listed moves: one per element among the first `listed`
    /// lines, with the line's index.
    package var boxes: [SnapshotOutcome.GeometryBox] {
        moves.prefix(Self.listed).enumerated().compactMap { index, move in
            move.frames.map { SnapshotOutcome.GeometryBox(line: index, old: $0.old, new: $0.new) }
        }
    }

    /// `row-0-7` as `row Posts[7]`, `tab-1` as `tab Media`, and a few ids as UIKit's names.
    static func displayName(_ id: String, titles: LayoutReference) -> String {
        let parts = id.split(separator: "-").map(String.init)
        if parts.count == 3, parts[0] == "row", let tab = Int(parts[1]), let row = Int(parts[2]) {
            return "row \(titles.tabTitle(tab) ?? "\(tab)")[\(row)]"
        }
        if parts.count == 2, parts[0] == "tab", let tab = Int(parts[1]) { return "tab \(titles.tabTitle(tab) ?? "\(tab)")" }
        // The app's tab bar items, and the rows of a presented list or the primary column.
        if parts.count == 3, let index = Int(parts[2]) {
            switch (parts[0], parts[1]) {
            case ("app", "tab"): return "appTabBar.item[\(index)]"
            case ("presented", "row"): return "presentation.row[\(index)]"
            case ("primary", "row"): return "primaryColumn.row[\(index)]"
            default: break
            }
        }
        return Self.names[id] ?? id
    }

    static let names = [
        "tab-bar": "tabBar", "presented": "presentation", "presented-bar": "presentation.navigationBar",
        "app-tab-bar": "appTabBar", "status-bar": "statusBar", "home-indicator": "homeIndicator", "title": "header.title",
        "subtitle": "header.subtitle", "bio": "header.bio", "stats": "header.stats", "avatar": "header.avatar",
        "follow": "header.button", "verified": "header.verified",
    ]

    package static func number(_ value: Double) -> String { decimalText(value, decimals: 2) }
    static func signed(_ value: Double) -> String { (value > 0 ? "+" : "") + number(value) }
    static func side(_ frame: Rect) -> Double { max(frame.width, frame.height) }
}
