/// The ranges a reported number must fall in: a container's numbers are input like a
/// scenario's, and a NaN, an infinity or a size no screen has is refused at its step and field
/// instead of reaching the comparison.
public enum ObservationLimits {
    // The scenario format's limits (`ScenarioLimits` in tabstage's model), written out because
    // this library links nothing of the model; RecordingTests checks each against its source.

    /// A window side: above 0, at most 4,096 pt (`ScenarioLimits.maxWindowSide`).
    public static let maxWindowSide: Double = 4096
    /// Offsets, insets, positions and frame sizes: ±409,600 pt, the range the model itself
    /// accepts for a scroll offset or a drag (`maxWindowSide` × 100, a hundred of the largest
    /// windows).
    public static let maxPoints = maxWindowSide * 100
    /// A content height: at most 4,096,000,000 pt, a scenario's most rows
    /// (`ScenarioLimits.maxRows`, 1,000,000) each as tall as its largest window (`maxWindowSide`).
    public static let maxContentHeight = 1_000_000 * maxWindowSide
    /// A display scale: `ScenarioLimits.minScale` (0.1) to `ScenarioLimits.maxScale` (4).
    public static let displayScales = 0.1...4.0
    /// The most tabs a container may have (`ScenarioLimits.maxTabs`).
    public static let maxTabs = 1000
    /// The most steps a scenario, and so a plan, may have (`ScenarioLimits.maxSteps`).
    public static let maxSteps = 10_000
    /// The longest `wait` in seconds (the scenario parser's `maxWaitSeconds`).
    public static let maxWaitSeconds = 60.0
    /// The fastest `release` in points per second (the scenario parser's `maxVelocity`).
    public static let maxVelocity = 100_000.0
    /// The largest plan file read: 16 MiB. `tabstage plan` spends 460 to 490 bytes a step on
    /// the examples' plans, and 714 on the largest step (a popover `present` in
    /// Examples/present-ipad.yaml); 10,000 such steps are 7.1 MB, so 16 MiB holds any plan the
    /// planner writes with twice that to spare, and refuses a larger file before decoding it.
    public static let maxPlanBytes = 16 << 20
}

/// A reported value that is not a number a container can have, at a trace field.
package struct InvalidObservation: Error {
    /// The observed trace's field (`container.tabs[1].contentOffsetY`).
    package var field: String
    /// What was reported, in words.
    package var message: String
    /// What would have been accepted.
    package var expected: String
}

/// An observation, checked, as the observed trace's `state` of one step.
package enum ObservationCheck {
    /// The observation as a trace `state`, or the first value no container can have.
    package static func state(_ observation: ContainerObservation, tabCount: Int) throws(InvalidObservation) -> TraceJSON {
        var top: [(String, TraceJSON)] = []
        if let window = observation.window {
            top.append(
                field(
                    "window",
                    [
                        try number("window.width", window.width, windowSide),
                        try number("window.height", window.height, windowSide),
                    ]))
        }
        if let insets = observation.safeArea {
            let range = Range(
                0...ObservationLimits.maxWindowSide, "a safe area inset from 0 to \(text(ObservationLimits.maxWindowSide)) points")
            top.append(
                field(
                    "safeArea",
                    [
                        try number("safeArea.top", insets.top, range), try number("safeArea.left", insets.left, range),
                        try number("safeArea.bottom", insets.bottom, range), try number("safeArea.right", insets.right, range),
                    ]))
        }
        var traits: [(String, TraceJSON)] = []
        if let sizeClass = observation.horizontalSizeClass {
            traits.append(("horizontalSizeClass", string(sizeClass.rawValue)))
        }
        if let sizeClass = observation.verticalSizeClass { traits.append(("verticalSizeClass", string(sizeClass.rawValue))) }
        if let scale = observation.displayScale {
            let scales = ObservationLimits.displayScales
            traits.append(
                try number(
                    "traits.displayScale", scale,
                    Range(scales, "a display scale from \(text(scales.lowerBound)) to \(text(scales.upperBound))")))
        }
        if !traits.isEmpty { top.append(field("traits", traits)) }
        let container = try containerFields(observation, tabCount: tabCount)
        if !container.isEmpty { top.append(field("container", container)) }
        if let presentation = observation.presentation { top.append(("presentation", try presentationNode(presentation))) }
        return .object(top)
    }

    private static func containerFields(_ observation: ContainerObservation, tabCount: Int) throws(InvalidObservation) -> [(
        String, TraceJSON
    )] {
        var fields: [(String, TraceJSON)] = []
        if let frame = observation.headerFrame {
            try checkFrame(frame, field: "container.headerHeight", what: "the header's frame")
            fields.append(("headerHeight", .number(frame.height)))
        }
        if let frame = observation.tabBarFrame {
            try checkFrame(frame, field: "container.tabBarTop", what: "the tab bar's frame")
            fields.append(("tabBarTop", .number(frame.y)))
            fields.append(("tabBarHeight", .number(frame.height)))
        }
        if let selected = observation.selectedTab {
            guard (0..<tabCount).contains(selected) else {
                throw InvalidObservation(
                    field: "container.selectedTab", message: "the container reported tab \(selected) selected",
                    expected: "an index from 0 to \(tabCount - 1): the scenario has \(tabCount) tab(s)")
            }
            fields.append(("selectedTab", .number(Double(selected))))
        }
        if !observation.tabs.isEmpty {
            guard observation.tabs.count <= tabCount else {
                throw InvalidObservation(
                    field: "container.tabs", message: "the container reported \(observation.tabs.count) tabs",
                    expected: "at most \(tabCount): the scenario has \(tabCount) tab(s)")
            }
            var tabs: [TraceJSON] = []
            for (i, tab) in observation.tabs.enumerated() {
                var tabFields: [(String, TraceJSON)] = []
                if let tab {
                    let path = "container.tabs[\(i)]"
                    if let value = tab.contentOffsetY { tabFields.append(try number("\(path).contentOffsetY", value, points)) }
                    if let value = tab.contentInsetTop { tabFields.append(try number("\(path).contentInsetTop", value, points)) }
                    if let value = tab.contentInsetBottom { tabFields.append(try number("\(path).contentInsetBottom", value, points)) }
                    if let value = tab.contentHeight { tabFields.append(try number("\(path).contentHeight", value, contentHeight)) }
                }
                tabs.append(.object(tabFields))
            }
            fields.append(("tabs", .array(tabs)))
        }
        return fields
    }

    private static func presentationNode(_ presentation: PresentationObservation) throws(InvalidObservation) -> TraceJSON {
        guard case .presented(let presented) = presentation else { return .null }
        var fields: [(String, TraceJSON)] = []
        if let style = presented.style { fields.append(("style", string(style.rawValue))) }
        if let detent = presented.detent {
            switch detent {
            case .none: fields.append(("detent", .null))
            case .resting(let detent): fields.append(("detent", string(detent.rawValue)))
            }
        }
        if let frame = presented.frame {
            try checkFrame(frame, field: "presentation.frame", what: "the presented view's frame")
            fields.append(
                field(
                    "frame",
                    [
                        ("x", .number(frame.x)), ("y", .number(frame.y)),
                        ("width", .number(frame.width)),
                        ("height", .number(frame.height)),
                    ]))
        }
        return .object(fields)
    }

    // MARK: numbers

    struct Range {
        var bounds: ClosedRange<Double>
        var words: String
        init(_ bounds: ClosedRange<Double>, _ words: String) {
            self.bounds = bounds
            self.words = words
        }
    }

    static let points = Range(
        -ObservationLimits.maxPoints...ObservationLimits.maxPoints,
        "a finite number of points from -\(text(ObservationLimits.maxPoints)) to \(text(ObservationLimits.maxPoints))")
    static let sizes = Range(0...ObservationLimits.maxPoints, "a size from 0 to \(text(ObservationLimits.maxPoints)) points")
    static let windowSide = Range(
        Double.leastNonzeroMagnitude...ObservationLimits.maxWindowSide,
        "a window side above 0 and at most \(text(ObservationLimits.maxWindowSide)) points")
    static let contentHeight = Range(
        0...ObservationLimits.maxContentHeight, "a content height from 0 to \(text(ObservationLimits.maxContentHeight)) points")

    /// The last component of a path: the key the trace writes.
    private static func number(_ path: String, _ value: Double, _ range: Range) throws(InvalidObservation) -> (String, TraceJSON) {
        try check(path, value, range)
        let key = path.split(separator: ".").last.map(String.init) ?? path
        return (key, .number(value))
    }

    private static func check(_ path: String, _ value: Double, _ range: Range) throws(InvalidObservation) {
        guard value.isFinite, range.bounds.contains(value) else {
            throw InvalidObservation(field: path, message: "the container reported \(path) = \(described(value))", expected: range.words)
        }
    }

    private static func checkFrame(_ frame: DrivenRect, field: String, what: String) throws(InvalidObservation) {
        for (name, value, range) in [
            ("x", frame.x, points), ("y", frame.y, points), ("width", frame.width, sizes), ("height", frame.height, sizes),
        ] {
            guard value.isFinite, range.bounds.contains(value) else {
                throw InvalidObservation(
                    field: field, message: "the container reported \(what) with \(name) = \(described(value))", expected: range.words)
            }
        }
    }

    package static func described(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-infinity" : "infinity" }
        return numberText(value)
    }

    package static func text(_ value: Double) -> String { numberText(value) }

    /// Numbers in messages: whole numbers without ".0", others as Swift prints them (shortest
    /// round-trip form), so a message repeats the value as reported.
    static func numberText(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    private static func field(_ key: String, _ fields: [(String, TraceJSON)]) -> (String, TraceJSON) {
        (key, .object(fields))
    }

    private static func string(_ value: String) -> TraceJSON { .string(value) }
}
