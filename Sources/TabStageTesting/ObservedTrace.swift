import Foundation
import TabStageModel
import TabStageScenario

/// One value a test observed in its own container, at a field of the trace's `state`.
public enum ObservedValue: Sendable, Hashable {
    /// A number: points, an index or a scale, as the trace writes it.
    case number(Double)
    /// A string: a style, a size class, a title.
    case string(String)
    /// A boolean.
    case bool(Bool)
    /// Nothing there, as the trace's `null` (no presentation, no detent).
    case null
}

/// What a test read from its own container after one step: any subset of the fields of the
/// trace's `state`, set by their dotted path (`container.tabs[1].contentOffsetY`) or through
/// the named properties. No UIKit needed: the values are plain numbers and strings.
public struct ObservedState: Sendable, Hashable {
    var root = ObservedNode(.object([]))

    /// An empty observation.
    public init() {}

    /// The value at a dotted path of the trace's `state`, such as `container.headerHeight`,
    /// `container.tabs[1].contentOffsetY` or `presentation.frame.y`; setting creates the
    /// objects and list entries on the way (`{}` for tabs not observed); setting nil removes
    /// the field.
    /// A path that is not of that form is a programming error.
    public subscript(path: String) -> ObservedValue? {
        get { Self.get(root, ObservedPath.parse(path)) }
        set { Self.set(&root, ObservedPath.parse(path)[...], newValue.map(Self.node)) }
    }

    /// `container.headerHeight`: the header's height in points.
    public var headerHeight: Double? {
        get { number("container.headerHeight") }
        set { self["container.headerHeight"] = newValue.map(ObservedValue.number) }
    }

    /// `container.selectedTab`: the selected tab's index, from 0.
    public var selectedTab: Int? {
        get { number("container.selectedTab").map { Int($0) } }
        set { self["container.selectedTab"] = newValue.map { .number(Double($0)) } }
    }

    /// `container.tabBarTop`: the tab bar's top edge in the container, in points.
    public var tabBarTop: Double? {
        get { number("container.tabBarTop") }
        set { self["container.tabBarTop"] = newValue.map(ObservedValue.number) }
    }

    /// `presentation.style`: the presented controller's style as the trace names it (`sheet`, `popover`, …).
    public var presentationStyle: String? {
        get { string("presentation.style") }
        set { self["presentation.style"] = newValue.map(ObservedValue.string) }
    }

    /// `traits.horizontalSizeClass`: `compact` or `regular`.
    public var horizontalSizeClass: String? {
        get { string("traits.horizontalSizeClass") }
        set { self["traits.horizontalSizeClass"] = newValue.map(ObservedValue.string) }
    }

    /// `traits.verticalSizeClass`: `compact` or `regular`.
    public var verticalSizeClass: String? {
        get { string("traits.verticalSizeClass") }
        set { self["traits.verticalSizeClass"] = newValue.map(ObservedValue.string) }
    }

    /// Sets one tab's scroll view numbers: `container.tabs[i].contentOffsetY`,
    /// `contentInsetTop` and `contentInsetBottom`, whichever are given.
    public mutating func setTab(
        _ index: Int, contentOffsetY: Double? = nil, contentInsetTop: Double? = nil, contentInsetBottom: Double? = nil
    ) {
        if let contentOffsetY { self["container.tabs[\(index)].contentOffsetY"] = .number(contentOffsetY) }
        if let contentInsetTop { self["container.tabs[\(index)].contentInsetTop"] = .number(contentInsetTop) }
        if let contentInsetBottom { self["container.tabs[\(index)].contentInsetBottom"] = .number(contentInsetBottom) }
    }

    /// Sets `safeArea`: the window's safe area insets.
    public mutating func setSafeArea(top: Double, left: Double, bottom: Double, right: Double) {
        for (key, value) in [("top", top), ("left", left), ("bottom", bottom), ("right", right)] {
            self["safeArea.\(key)"] = .number(value)
        }
    }

    /// Sets `presentation.frame`: the presented view's frame in the window.
    public mutating func setPresentationFrame(x: Double, y: Double, width: Double, height: Double) {
        for (key, value) in [("x", x), ("y", y), ("width", width), ("height", height)] {
            self["presentation.frame.\(key)"] = .number(value)
        }
    }

    private func number(_ path: String) -> Double? {
        if case .number(let value) = self[path] { return value }
        return nil
    }

    private func string(_ path: String) -> String? {
        if case .string(let value) = self[path] { return value }
        return nil
    }

    static func node(_ value: ObservedValue) -> ObservedNode {
        switch value {
        case .number(let value): ObservedNode(.number(value))
        case .string(let value): ObservedNode(.string(value))
        case .bool(let value): ObservedNode(.bool(value))
        case .null: ObservedNode(.null)
        }
    }

    /// The node `path` names below `node`, if every key and index is there.
    static func node(_ node: ObservedNode, at path: [ObservedPath.Component]) -> ObservedNode? {
        var node = node
        for component in path {
            switch (component, node.value) {
            case (.key(let key), .object(let fields)):
                guard let field = fields.first(where: { $0.key == key }) else { return nil }
                node = field.node
            case (.index(let i), .array(let items)) where i < items.count: node = items[i]
            default: return nil
            }
        }
        return node
    }

    static func get(_ node: ObservedNode, _ path: [ObservedPath.Component]) -> ObservedValue? {
        guard let node = Self.node(node, at: path) else { return nil }
        switch node.value {
        case .number(let value): return .number(value)
        case .string(let value): return .string(value)
        case .bool(let value): return .bool(value)
        case .null: return .null
        case .array, .object: return nil
        }
    }

    static func set(_ node: inout ObservedNode, _ path: ArraySlice<ObservedPath.Component>, _ value: ObservedNode?) {
        guard let component = path.first else {
            node = value ?? ObservedNode(.object([]))
            return
        }
        let rest = path.dropFirst()
        switch component {
        case .key(let key):
            var fields: [ObservedField] = []
            if case .object(let existing) = node.value { fields = existing }
            if rest.isEmpty, value == nil {
                fields.removeAll { $0.key == key }
            } else if let i = fields.firstIndex(where: { $0.key == key }) {
                set(&fields[i].node, rest, value)
            } else {
                var child = ObservedNode(.object([]))
                set(&child, rest, value)
                fields.append(ObservedField(key, child))
            }
            node = ObservedNode(.object(fields))
        case .index(let i):
            var items: [ObservedNode] = []
            if case .array(let existing) = node.value { items = existing }
            while items.count <= i { items.append(ObservedNode(.object([]))) }
            set(&items[i], rest, value)
            node = ObservedNode(.array(items))
        }
    }
}

/// A dotted path into the trace's `state`: `container.tabs[1].contentOffsetY`.
enum ObservedPath {
    enum Component: Hashable {
        case key(String)
        case index(Int)
    }

    static func parse(_ path: String) -> [Component] {
        var components: [Component] = []
        for part in path.split(separator: ".", omittingEmptySubsequences: false) {
            var rest = Substring(part)
            let name = rest.prefix { $0 != "[" }
            precondition(!name.isEmpty, "'\(path)' is not a path of the trace's state such as container.tabs[1].contentOffsetY")
            components.append(.key(String(name)))
            rest = rest.dropFirst(name.count)
            while rest.first == "[" {
                guard let close = rest.firstIndex(of: "]"), let index = Int(rest[rest.index(after: rest.startIndex)..<close]), index >= 0
                else { preconditionFailure("'\(path)' has an index that is not a whole number from 0") }
                components.append(.index(index))
                rest = rest[rest.index(after: close)...]
            }
            precondition(rest.isEmpty, "'\(path)' is not a path of the trace's state such as container.tabs[1].contentOffsetY")
        }
        return components
    }
}

/// One observed step: the scenario step's index, from 0, and what was read after it.
public struct ObservedStep: Sendable, Hashable {
    /// The scenario step's index, from 0 (the trace's `index`).
    public var index: Int
    /// What the test read from its container after the step.
    public var state: ObservedState

    /// A step.
    public init(index: Int, state: ObservedState) {
        self.index = index
        self.state = state
    }
}

/// What a team's own container did, step by step, in the observed trace format
/// `{"scenario": NAME, "steps": [{"index": N, "state": {...}}]}`: build it in any test by
/// appending states, write it as JSON for `tabstage conform`, or check it with `assertConforms`.
public struct ObservedTrace: Sendable, Hashable {
    /// The scenario's name, as its file names it.
    public var scenario: String
    /// The observed steps, in the order appended.
    public var steps: [ObservedStep]

    /// An empty trace for a scenario.
    public init(scenario: String, steps: [ObservedStep] = []) {
        self.scenario = scenario
        self.steps = steps
    }

    /// Adds what was read after the scenario's step `index` (from 0).
    public mutating func append(step index: Int, _ state: ObservedState) {
        steps.append(ObservedStep(index: index, state: state))
    }

    /// Reads the JSON format.
    /// - Parameters:
    ///   - text: The file's text.
    ///   - file: The name errors are located in.
    /// - Throws: A `ScenarioError` at the first value that is not of the format.
    public init(json text: String, file: String = "observed.json") throws(ScenarioError) {
        self.init(try ObservedTraceFile.parse(text, file: file))
    }

    /// Reads an observed trace file.
    /// - Throws: A `ScenarioError` for an unreadable file or one not of the format.
    public init(contentsOf url: URL) throws(ScenarioError) {
        self.init(try ObservedTraceFile.load(path: url.path))
    }

    init(_ file: ObservedTraceFile) {
        scenario = file.scenario
        steps = file.steps.map { step in
            var state = ObservedState()
            state.root = step.state
            return ObservedStep(index: step.index, state: state)
        }
    }

    /// The trace in the JSON format, pretty-printed, ending in a newline.
    public var json: String {
        let steps = steps.map { step -> JSON in .object([("index", .number(Double(step.index))), ("state", step.state.root.json)]) }
        return JSON.object([("scenario", .string(scenario)), ("steps", .array(steps))]).text() + "\n"
    }

    /// Writes `json` to a file.
    public func write(to url: URL) throws {
        try Data(json.utf8).write(to: url, options: .atomic)
    }

    var file: ObservedTraceFile {
        ObservedTraceFile(scenario: scenario, steps: steps.map { ObservedStepNode(index: $0.index, state: $0.state.root) })
    }
}
