import TabStageLayout
import TabStageModel

/// A `present` step's named source against the layout of the state before the step: the
/// control's frame, or why there is none to point at.
enum SourceControlResolution {
    case frame(Rect)
    case problem(SourceControlProblem)

    init(_ control: ControlName, in state: StageState, layout: StageLayout) {
        let controls = layout.controls
        if let found = controls.first(where: { $0.name == control.description }) {
            self = .frame(found.frame)
            return
        }
        let tabCount = state.container.config.tabs.count
        switch control {
        case .tab(let tab), .row(let tab, _):
            if tab >= tabCount {
                self = .problem(.noSuchTab(control, tabCount: tabCount))
                return
            }
        default: break
        }
        self = .problem(.notOnScreen(control, onScreen: controls.map(\.name)))
    }
}

/// Why a named source cannot be resolved, worded below in the scenario file's terms.
enum SourceControlProblem {
    /// `tab-N` or `row-N-R` for a tab the container does not have.
    case noSuchTab(ControlName, tabCount: Int)
    /// The control is not drawn, or scrolled away, at this step; `onScreen` lists what is.
    case notOnScreen(ControlName, onScreen: [String])

    var message: String {
        switch self {
        case .noSuchTab(let control, let count):
            "the source '\(control)' names a tab the container does not have (it has \(count))"
        case .notOnScreen(let control, _):
            "the source '\(control)' is not on screen at this step"
        }
    }

    var expected: String {
        switch self {
        case .noSuchTab(_, let count): "a tab from 0 to \(count - 1)"
        case .notOnScreen(_, let names):
            names.isEmpty ? "a raw rect: no named control is on screen" : "a control on screen: \(Self.summary(names))"
        }
    }

    /// `follow, more, tab-0…tab-5, row-0-0…row-0-7`: each run of numbered names as its ends.
    static func summary(_ names: [String]) -> String {
        var groups: [(prefix: String, first: String, last: String)] = []
        for name in names {
            let prefix = name.split(separator: "-").dropLast().joined(separator: "-")
            if !prefix.isEmpty, let index = groups.lastIndex(where: { $0.prefix == prefix }), index == groups.count - 1 {
                groups[index].last = name
            } else {
                groups.append((prefix.isEmpty ? name : prefix, name, name))
            }
        }
        return groups.map { $0.first == $0.last ? $0.first : "\($0.first)…\($0.last)" }.joined(separator: ", ")
    }
}
