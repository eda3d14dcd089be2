import TabStageModel

/// The model's problems in a scenario file's words: what is wrong, and what the file should
/// say instead (printed as "(expected …)").
extension ActionProblem {
    package var message: String {
        switch self {
        case .container(let problem): problem.message
        case .windowUnavailable(let reason): reason.description
        case .alreadyPresented(let style): "a \(style.rawValue) is already presented"
        case .nothingPresented: "nothing is presented"
        case .detentUnavailable(let detent, let offered):
            "the sheet has no \(detent.rawValue) detent (it offers \(offered.map(\.rawValue).joined(separator: ", ")))"
        case .detentAlreadySelected(let detent): "the sheet already rests at its \(detent.rawValue) detent"
        }
    }

    package var expected: String {
        switch self {
        case .container(let problem): problem.expected
        case .windowUnavailable(.notInPortrait): "a resize to two-thirds, one-third or slide-over before rotating to portrait"
        case .windowUnavailable(let reason): reason.windowsExpectation ?? "multitasking: full"
        case .alreadyPresented: "a dismiss step before presenting again"
        case .nothingPresented: "a present step first"
        case .detentUnavailable: "a detent listed in the present step's 'detents'"
        case .detentAlreadySelected(let detent): "another detent than \(detent.rawValue)"
        }
    }
}

extension ContainerProblem {
    package var message: String {
        switch self {
        case .noSuchTab(let tab, _):
            "there is no tab \(tab)"
        case .swipeToSelectedTab(let tab):
            "cannot swipe to tab \(tab): it is already selected"
        case .headerBelowCollapsedHeight(let height, let collapsed):
            "header height \(decimalText(height, decimals: 2)) is less than its collapsed height \(decimalText(collapsed, decimals: 2))"
        }
    }

    package var expected: String {
        switch self {
        case .noSuchTab(_, let count): "an index from 0 to \(count - 1)"
        case .swipeToSelectedTab(let tab): "another tab than \(tab)"
        case .headerBelowCollapsedHeight(_, let collapsed): "a height of at least \(decimalText(collapsed, decimals: 2))"
        }
    }
}
