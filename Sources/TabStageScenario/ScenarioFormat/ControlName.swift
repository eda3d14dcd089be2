/// A drawn control a popover can point at, named in a `present` step's `source` instead of a
/// rect. Whether it is on screen is known only when the step runs, against that state's layout.
public enum ControlName: Sendable, Hashable, CustomStringConvertible {
    /// The header's Follow button.
    case follow
    /// A navigation button on the banner (`back`, `search`, `more`).
    case back, search, more
    /// A tab in the tab bar, from 0 as in the trace's `tabFrames`.
    case tab(Int)
    /// A row of a tab's page: tab, then row, both from 0.
    case row(tab: Int, row: Int)

    /// The spelling a scenario uses: `follow`, `more`, `tab-2`, `row-0-5`.
    public var description: String {
        switch self {
        case .follow: "follow"
        case .back: "back"
        case .search: "search"
        case .more: "more"
        case .tab(let index): "tab-\(index)"
        case .row(let tab, let row): "row-\(tab)-\(row)"
        }
    }

    /// The shapes a name may take, for "(expected …)".
    public static let shapes = "follow, back, search, more, tab-N or row-T-R (from 0)"

    /// Reads a spelling; nil when it is not one of the shapes (an index out of range is a
    /// well-formed name that the run refuses).
    public init?(_ text: String) {
        switch text {
        case "follow": self = .follow
        case "back": self = .back
        case "search": self = .search
        case "more": self = .more
        default:
            let parts = text.split(separator: "-", omittingEmptySubsequences: false)
            func index(_ part: Substring) -> Int? {
                guard !part.isEmpty, part.count <= 6, part.allSatisfy(\.isASCII), part.allSatisfy(\.isNumber) else { return nil }
                return Int(part)
            }
            if parts.count == 2, parts[0] == "tab", let tab = index(parts[1]) {
                self = .tab(tab)
            } else if parts.count == 3, parts[0] == "row", let tab = index(parts[1]), let row = index(parts[2]) {
                self = .row(tab: tab, row: row)
            } else {
                return nil
            }
        }
    }
}
