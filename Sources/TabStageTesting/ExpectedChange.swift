import TabStageLayout
import TabStageModel
import TabStageRecording
import TabStageRendering
import TabStageScenario

/// The observable fields of a trace's `state` an expected change is checked on: what a UIKit
/// engineer reads from the views (sizes, insets, traits, offsets, the presentation; every field
/// of `traits` is one too), not the drawing's derived numbers (the indicator's and the tab cells' frames, the tab bar's scroll)
/// nor the callbacks a step caused (`lifecycle`). Paths are written with `[]` for any index.
let observableFields: Set<String> = [
    "window.width", "window.height",
    "safeArea.top", "safeArea.left", "safeArea.bottom", "safeArea.right",
    "container.headerHeight", "container.tabBarTop", "container.tabBarHidden", "container.collapseProgress",
    "container.selectedTab",
    "container.tabs[].contentOffsetY", "container.tabs[].contentInsetTop", "container.tabs[].contentInsetBottom",
    "container.tabs[].contentHeight",
    "presentation", "presentation.style", "presentation.detent", "presentation.dimmed",
    "presentation.frame.x", "presentation.frame.y", "presentation.frame.width", "presentation.frame.height",
    "split", "split.collapsed", "split.primaryWidth", "split.shown",
    "appTabBar.minimized",
]

/// Whether the trace's field at `path` (`[]` for any index) is observable.
func isObservable(_ path: String) -> Bool { observableFields.contains(path) || path.hasPrefix("traits.") }

extension ObservedState {
    /// The stage's observable state, field for field as its trace writes it (see
    /// `Stage.apply(_:runToRest:tolerance:fileID:filePath:line:column:expecting:)`).
    ///
    /// - Parameter stage: The stage to read.
    public init(_ stage: Stage) {
        self.init()
        let layout = StageLayout(stage.state, look: stage.look, measuring: stage.measuring)
        let json = Trace.state(stage.state, layout: layout, lifecycle: [])
        root = Self.observable(json, path: "") ?? ObservedNode(.object([]))
    }

    /// The trace's JSON reduced to the observable fields; nil when nothing under it is one.
    private static func observable(_ json: JSON, path: String) -> ObservedNode? {
        switch json {
        case .object(let fields):
            let kept = fields.compactMap { key, value in
                observable(value, path: path.isEmpty ? key : "\(path).\(key)").map { ObservedField(key, $0) }
            }
            // An object is kept when one of its fields is, or when it stands for a value
            // (`presentation: null` is observable as a whole).
            return kept.isEmpty && !isObservable(path) ? nil : ObservedNode(.object(kept))
        case .array(let items):
            let kept = items.map { observable($0, path: "\(path)[]") }
            return kept.contains(where: { $0 != nil }) ? ObservedNode(.array(kept.map { $0 ?? ObservedNode(.object([])) })) : nil
        case .null: return isObservable(path) ? ObservedNode(.null) : nil
        case .bool(let value): return isObservable(path) ? ObservedNode(.bool(value)) : nil
        case .number(let value): return isObservable(path) ? ObservedNode(.number(value)) : nil
        case .string(let value): return isObservable(path) ? ObservedNode(.string(value)) : nil
        }
    }

    /// Every leaf of the observation by its dotted path (`container.tabs[1].contentOffsetY`), in order.
    func leaves() -> [(path: String, value: ObservedValue)] {
        var out: [(String, ObservedValue)] = []
        func walk(_ node: ObservedNode, _ path: String) {
            switch node.value {
            case .object(let fields):
                if fields.isEmpty, !path.isEmpty, !path.hasSuffix("]") { out.append((path, .null)) }
                for field in fields { walk(field.node, path.isEmpty ? field.key : "\(path).\(field.key)") }
            case .array(let items): for (index, item) in items.enumerated() { walk(item, "\(path)[\(index)]") }
            case .null: out.append((path, .null))
            case .bool(let value): out.append((path, .bool(value)))
            case .number(let value): out.append((path, .number(value)))
            case .string(let value): out.append((path, .string(value)))
            }
        }
        walk(root, "")
        return out
    }

    /// The fields whose values differ between `expected` and `actual`, numbers within
    /// `tolerance`, each as `path: expected E, actual A`; a field `previous` already had with
    /// the expected value is a change the expectation did not state.
    static func differences(expected: ObservedState, actual: ObservedState, previous: ObservedState, tolerance: Double) -> [String] {
        let expectedLeaves = expected.leaves(), actualLeaves = actual.leaves()
        let expectedByPath = Dictionary(expectedLeaves, uniquingKeysWith: { first, _ in first })
        let actualByPath = Dictionary(actualLeaves, uniquingKeysWith: { first, _ in first })
        var paths = expectedLeaves.map(\.path)
        paths += actualLeaves.map(\.path).filter { expectedByPath[$0] == nil }
        var lines: [String] = []
        for path in paths {
            let want = expectedByPath[path], got = actualByPath[path]
            if let want, let got, same(want, got, tolerance: tolerance) { continue }
            let unstated = want != nil && want == previous[path]
            lines.append(
                "\(path): expected \(text(want)), actual \(text(got))" + (unstated ? " (a change the expectation does not state)" : ""))
        }
        return lines
    }

    private static func same(_ a: ObservedValue, _ b: ObservedValue, tolerance: Double) -> Bool {
        if case .number(let x) = a, case .number(let y) = b { return abs(x - y) <= tolerance }
        return a == b
    }

    private static func text(_ value: ObservedValue?) -> String {
        switch value {
        case nil: "no such field"
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .number(let value): decimalText(value, decimals: 4)
        case .string(let value): "'\(value)'"
        }
    }
}

extension Stage {
    /// Applies a step and checks how its observable state changed, as a TestStore checks a
    /// reducer: `expecting` mutates a copy of the state before the step into the state you
    /// expect after it, and every field that then differs from the actual state is a test
    /// failure naming it, expected against actual, whether you stated a change that did not
    /// happen or left out one that did:
    ///
    /// ```swift
    /// try stage.apply(.select(1)) {
    ///     $0.selectedTab = 1
    ///     $0.tabs[1].contentOffsetY = -284
    /// }
    /// ```
    ///
    /// The fields are those of the trace's `state` a UIKit engineer observes: the window's size
    /// and safe area, the traits, the header's height, the tab bar's top and visibility, the
    /// collapse progress, the selected tab, each tab's content offset, insets and content height,
    /// the presentation (style, detent, dimming, frame), the split view and the app tab bar's
    /// minimizing. Numbers match within `tolerance` points (0.01 by default, the trace's
    /// precision, so a hand-worked `-284` matches the physics' `-284.000000001`).
    ///
    /// - Parameters:
    ///   - step: What to do, as `apply(_:runToRest:filePath:line:column:)` takes it.
    ///   - runToRest: A fling, bounce or animated scroll runs to its end within the step.
    ///   - tolerance: How far a number may be from the expected one and still match.
    ///   - fileID: The calling file, for the failure's location.
    ///   - filePath: The calling file's path, for the failure's location.
    ///   - line: The calling line, for the failure's location.
    ///   - column: The calling column, for the failure's location.
    ///   - expecting: Turns the state before the step into the one expected after it.
    /// - Returns: The callbacks and the number of frames the step caused.
    /// - Throws: A `ScenarioError` at the call when the model refuses the step.
    @discardableResult
    public mutating func apply(
        _ step: Step, runToRest: Bool = true, tolerance: Double = 0.01, fileID: StaticString = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        expecting: (inout ObservedState) throws -> Void
    ) throws -> StepResult {
        let previous = ObservedState(self)
        let result = try apply(step, runToRest: runToRest, filePath: filePath, line: line, column: column)
        var expected = previous
        try expecting(&expected)
        let differences = ObservedState.differences(
            expected: expected, actual: ObservedState(self), previous: previous, tolerance: tolerance)
        if !differences.isEmpty {
            reportFailure(
                "\(step): \(differences.count) field(s) differ from the expected change:\n"
                    + differences.map { "  " + $0 }.joined(separator: "\n"),
                at: Location(fileID: fileID, filePath: filePath, line: line, column: column))
        }
        return result
    }
}

/// One tab's scroll view as the trace writes it: what `ObservedState.tabs` reads and sets. The
/// same four numbers a recorded container reports, so one type serves both.
public typealias ObservedTab = ScrollViewObservation

extension ObservedState {
    private static var tabKeys: [(String, WritableKeyPath<ObservedTab, Double?>)] {
        [
            ("contentOffsetY", \.contentOffsetY), ("contentInsetTop", \.contentInsetTop),
            ("contentInsetBottom", \.contentInsetBottom), ("contentHeight", \.contentHeight),
        ]
    }

    /// `container.tabs`: each tab's scroll view numbers (`$0.tabs[1].contentOffsetY = -284`).
    /// Setting writes each tab's four numbers (nil removes one) and keeps its other fields.
    public var tabs: [ObservedTab] {
        get {
            var tabs: [ObservedTab] = []
            var index = 0
            while let tab = ObservedState.node(at: "container.tabs[\(index)]", in: root), case .object = tab.value {
                var tab = ObservedTab()
                for (key, path) in Self.tabKeys {
                    if case .number(let value) = self["container.tabs[\(index)].\(key)"] { tab[keyPath: path] = value }
                }
                tabs.append(tab)
                index += 1
            }
            return tabs
        }
        set {
            for (index, tab) in newValue.enumerated() {
                for (key, path) in Self.tabKeys { self["container.tabs[\(index)].\(key)"] = tab[keyPath: path].map(ObservedValue.number) }
            }
        }
    }

    /// `presentation.detent`: the sheet's detent as the trace names it (`medium`, `large`), null when not a sheet.
    public var presentationDetent: String? {
        get {
            if case .string(let value) = self["presentation.detent"] { return value }
            return nil
        }
        set { self["presentation.detent"] = newValue.map(ObservedValue.string) ?? .null }
    }

    private static func node(at path: String, in root: ObservedNode) -> ObservedNode? {
        ObservedState.node(root, at: ObservedPath.parse(path))
    }
}
