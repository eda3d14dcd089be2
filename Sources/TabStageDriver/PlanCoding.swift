import Foundation

// How a plan's steps are written: each action an object with its `kind` and UIKit's arguments,
// each comparison an object with its `kind` (and a `notRecorded` step's `reason`).

extension DrivenAction: Codable {
    private enum Key: String, CodingKey {
        case kind, to, by, animated, tab, toTab, progress, finish, dy, velocity, seconds, orientation, window, multitasking, height,
            minHeight, presentation, sourceControl, detent
    }

    /// Every action's `kind`, in the order the documentation lists them.
    static let kinds = [
        "scroll", "scrollBy", "scrollToTop", "select", "swipe", "drag", "release", "wait", "rotate", "resize", "setHeader",
        "present", "selectDetent", "dismiss",
    ]

    /// Reads an action; an unknown `kind` names the field and the kinds there are.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let kind = try c.decode(String.self, forKey: .kind)
        switch kind {
        case "scroll": self = .scroll(to: try c.decode(Double.self, forKey: .to), animated: try c.decode(Bool.self, forKey: .animated))
        case "scrollBy": self = .scrollBy(try c.decode(Double.self, forKey: .by), animated: try c.decode(Bool.self, forKey: .animated))
        case "scrollToTop": self = .scrollToTop(animated: try c.decode(Bool.self, forKey: .animated))
        case "select": self = .select(tab: try c.decode(Int.self, forKey: .tab), animated: try c.decode(Bool.self, forKey: .animated))
        case "swipe":
            self = .swipe(
                toTab: try c.decode(Int.self, forKey: .toTab), progress: try c.decode(Double.self, forKey: .progress),
                finish: try c.decode(Bool.self, forKey: .finish))
        case "drag": self = .drag(dy: try c.decode(Double.self, forKey: .dy))
        case "release": self = .release(velocity: try c.decode(Double.self, forKey: .velocity))
        case "wait": self = .wait(seconds: try c.decode(Double.self, forKey: .seconds))
        case "rotate":
            self = .rotate(
                try c.decode(DrivenOrientation.self, forKey: .orientation), window: try c.decode(DrivenSize.self, forKey: .window))
        case "resize":
            self = .resize(
                window: try c.decode(DrivenSize.self, forKey: .window),
                multitasking: try c.decode(DrivenMultitasking.self, forKey: .multitasking))
        case "setHeader":
            self = .setHeader(
                height: try c.decodeIfPresent(Double.self, forKey: .height),
                minHeight: try c.decodeIfPresent(Double.self, forKey: .minHeight))
        case "present":
            self = .present(
                try c.decode(DrivenPresentation.self, forKey: .presentation),
                sourceControl: try c.decodeIfPresent(String.self, forKey: .sourceControl))
        case "selectDetent": self = .selectDetent(try c.decode(DrivenDetent.self, forKey: .detent))
        case "dismiss": self = .dismiss
        default:
            throw PlanFieldError(
                field: PlanCheck.path(decoder.codingPath) + ".kind",
                message: "the action '\(PlanCheck.quoted(kind))' is not one a plan has",
                expected: "one of " + Self.kinds.joined(separator: ", "))
        }
    }

    /// Writes an action as an object with its `kind`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        switch self {
        case .scroll(let to, let animated):
            try c.encode("scroll", forKey: .kind)
            try c.encode(to, forKey: .to)
            try c.encode(animated, forKey: .animated)
        case .scrollBy(let by, let animated):
            try c.encode("scrollBy", forKey: .kind)
            try c.encode(by, forKey: .by)
            try c.encode(animated, forKey: .animated)
        case .scrollToTop(let animated):
            try c.encode("scrollToTop", forKey: .kind)
            try c.encode(animated, forKey: .animated)
        case .select(let tab, let animated):
            try c.encode("select", forKey: .kind)
            try c.encode(tab, forKey: .tab)
            try c.encode(animated, forKey: .animated)
        case .swipe(let tab, let progress, let finish):
            try c.encode("swipe", forKey: .kind)
            try c.encode(tab, forKey: .toTab)
            try c.encode(progress, forKey: .progress)
            try c.encode(finish, forKey: .finish)
        case .drag(let dy):
            try c.encode("drag", forKey: .kind)
            try c.encode(dy, forKey: .dy)
        case .release(let velocity):
            try c.encode("release", forKey: .kind)
            try c.encode(velocity, forKey: .velocity)
        case .wait(let seconds):
            try c.encode("wait", forKey: .kind)
            try c.encode(seconds, forKey: .seconds)
        case .rotate(let orientation, let window):
            try c.encode("rotate", forKey: .kind)
            try c.encode(orientation, forKey: .orientation)
            try c.encode(window, forKey: .window)
        case .resize(let window, let multitasking):
            try c.encode("resize", forKey: .kind)
            try c.encode(window, forKey: .window)
            try c.encode(multitasking, forKey: .multitasking)
        case .setHeader(let height, let minHeight):
            try c.encode("setHeader", forKey: .kind)
            try c.encodeIfPresent(height, forKey: .height)
            try c.encodeIfPresent(minHeight, forKey: .minHeight)
        case .present(let presentation, let control):
            try c.encode("present", forKey: .kind)
            try c.encode(presentation, forKey: .presentation)
            try c.encodeIfPresent(control, forKey: .sourceControl)
        case .selectDetent(let detent):
            try c.encode("selectDetent", forKey: .kind)
            try c.encode(detent, forKey: .detent)
        case .dismiss: try c.encode("dismiss", forKey: .kind)
        }
    }
}

extension StepComparison: Codable {
    private enum Key: String, CodingKey { case kind, reason }

    /// Reads a comparison: `{"kind": "everyField"}`, `restingState`, or `notRecorded` with its `reason`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        switch try c.decode(String.self, forKey: .kind) {
        case "everyField": self = .everyField
        case "restingState": self = .restingState
        case "notRecorded": self = .notRecorded(try c.decode(String.self, forKey: .reason))
        case let kind:
            throw PlanFieldError(
                field: PlanCheck.path(decoder.codingPath) + ".kind",
                message: "the comparison '\(PlanCheck.quoted(kind))' is not one a plan has",
                expected: "one of everyField, restingState, notRecorded")
        }
    }

    /// Writes a comparison as an object with its `kind`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        switch self {
        case .everyField: try c.encode("everyField", forKey: .kind)
        case .restingState: try c.encode("restingState", forKey: .kind)
        case .notRecorded(let reason):
            try c.encode("notRecorded", forKey: .kind)
            try c.encode(reason, forKey: .reason)
        }
    }
}

/// A plan's field that holds what no plan can, found while decoding.
struct PlanFieldError: Error {
    var field: String
    var message: String
    var expected: String
}

/// The checks a decoded plan passes before it drives anything: every number finite and in the
/// range the scenario format allows, every tab index a tab, the step indices rising.
enum PlanCheck {
    static func check(_ plan: DrivePlan) throws(PlanFieldError) {
        try text(plan.scenario, "scenario", allowEmpty: false)
        try text(plan.scenarioFile, "scenarioFile", allowEmpty: false)
        try window(plan.window, "window")
        guard (1...ObservationLimits.maxTabs).contains(plan.tabs.count) else {
            throw PlanFieldError(
                field: "tabs", message: "the plan lists \(plan.tabs.count) tabs",
                expected: "1 to \(ObservationLimits.maxTabs) tab titles")
        }
        for (i, title) in plan.tabs.enumerated() { try text(title, "tabs[\(i)]", allowEmpty: true) }
        guard plan.steps.count <= ObservationLimits.maxSteps else {
            throw PlanFieldError(
                field: "steps", message: "the plan lists \(plan.steps.count) steps", expected: "at most \(ObservationLimits.maxSteps) steps"
            )
        }
        var previous = -1
        for (i, step) in plan.steps.enumerated() {
            let path = "steps[\(i)]"
            guard step.index > previous, step.index < ObservationLimits.maxSteps else {
                throw PlanFieldError(
                    field: path + ".index", message: "step index \(step.index) follows \(previous < 0 ? "nothing" : String(previous))",
                    expected:
                        "an index above \(previous) and below \(ObservationLimits.maxSteps): each step's index in the scenario, rising")
            }
            previous = step.index
            guard step.line >= 1 else {
                throw PlanFieldError(field: path + ".line", message: "line \(step.line)", expected: "a line number from 1")
            }
            try text(step.text, path + ".text", allowEmpty: false)
            try text(step.keyword, path + ".keyword", allowEmpty: false)
            try text(step.location, path + ".location", allowEmpty: false)
            if case .notRecorded(let reason) = step.comparison { try text(reason, path + ".comparison.reason", allowEmpty: false) }
            if let action = step.action { try self.action(action, path + ".action", tabs: plan.tabs.count) }
        }
    }

    private static func action(_ action: DrivenAction, _ path: String, tabs: Int) throws(PlanFieldError) {
        let points = -ObservationLimits.maxPoints...ObservationLimits.maxPoints
        let pointsWords =
            "a number of points from -\(ObservationCheck.text(ObservationLimits.maxPoints)) to "
            + ObservationCheck.text(ObservationLimits.maxPoints)
        switch action {
        case .scroll(let to, _): try number(to, path + ".to", points, pointsWords)
        case .scrollBy(let by, _): try number(by, path + ".by", points, pointsWords)
        case .scrollToTop, .dismiss, .selectDetent: break
        case .select(let tab, _): try tabIndex(tab, path + ".tab", tabs: tabs)
        case .swipe(let tab, let progress, _):
            try tabIndex(tab, path + ".toTab", tabs: tabs)
            try number(progress, path + ".progress", 0...1, "a fraction from 0 to 1")
        case .drag(let dy): try number(dy, path + ".dy", points, pointsWords)
        case .release(let velocity):
            let most = ObservationLimits.maxVelocity
            try number(
                velocity, path + ".velocity", -most...most,
                "a velocity in points per second from -\(ObservationCheck.text(most)) to \(ObservationCheck.text(most))")
        case .wait(let seconds):
            try number(
                seconds, path + ".seconds", Double.leastNonzeroMagnitude...ObservationLimits.maxWaitSeconds,
                "a time in seconds above 0 and at most \(ObservationCheck.text(ObservationLimits.maxWaitSeconds))")
        case .rotate(_, let size), .resize(let size, _): try window(size, path + ".window")
        case .setHeader(let height, let minHeight):
            let sizes = 0...ObservationLimits.maxPoints
            let words = "a height from 0 to \(ObservationCheck.text(ObservationLimits.maxPoints)) points"
            if let height { try number(height, path + ".height", sizes, words) }
            if let minHeight { try number(minHeight, path + ".minHeight", sizes, words) }
        case .present(let presentation, let control):
            let at = path + ".presentation"
            if let source = presentation.source {
                for (name, value) in [("x", source.x), ("y", source.y), ("width", source.width), ("height", source.height)] {
                    try number(value, at + ".source." + name, points, pointsWords)
                }
            }
            if let size = presentation.size {
                let sides = 0...ObservationLimits.maxWindowSide
                let words = "a side from 0 to \(ObservationCheck.text(ObservationLimits.maxWindowSide)) points"
                try number(size.width, at + ".size.width", sides, words)
                try number(size.height, at + ".size.height", sides, words)
            }
            guard (1...DrivenDetent.allCases.count).contains(presentation.detents.count),
                Set(presentation.detents).count == presentation.detents.count
            else {
                throw PlanFieldError(
                    field: at + ".detents", message: "the sheet lists \(presentation.detents.count) detent(s)",
                    expected: "1 or 2 different detents: medium, large")
            }
            if let control { try text(control, path + ".sourceControl", allowEmpty: false) }
        }
    }

    private static func window(_ size: DrivenSize, _ path: String) throws(PlanFieldError) {
        let words = "a window side above 0 and at most \(ObservationCheck.text(ObservationLimits.maxWindowSide)) points"
        try number(size.width, path + ".width", Double.leastNonzeroMagnitude...ObservationLimits.maxWindowSide, words)
        try number(size.height, path + ".height", Double.leastNonzeroMagnitude...ObservationLimits.maxWindowSide, words)
    }

    private static func number(_ value: Double, _ path: String, _ range: ClosedRange<Double>, _ words: String) throws(PlanFieldError) {
        guard value.isFinite, range.contains(value) else {
            throw PlanFieldError(field: path, message: "the plan has \(ObservationCheck.described(value))", expected: words)
        }
    }

    private static func tabIndex(_ tab: Int, _ path: String, tabs: Int) throws(PlanFieldError) {
        guard (0..<tabs).contains(tab) else {
            throw PlanFieldError(
                field: path, message: "the plan names tab \(tab)", expected: "an index from 0 to \(tabs - 1): the plan lists \(tabs) tab(s)"
            )
        }
    }

    private static func text(_ value: String, _ path: String, allowEmpty: Bool) throws(PlanFieldError) {
        // Paths and step texts are longer than titles can be; 4,096 characters is a long path
        // (Linux's PATH_MAX) and four times the longest title (`ScenarioLimits.maxTextLength`).
        guard allowEmpty || !value.isEmpty, value.count <= 4096 else {
            throw PlanFieldError(
                field: path, message: value.isEmpty ? "the text is empty" : "the text has \(value.count) characters",
                expected: "a text of 1 to 4096 characters")
        }
    }

    /// A decoding error as one plan error at its field.
    static func error(_ error: DecodingError, file: String) -> RecordingError {
        let expected = "a plan written by 'tabstage plan'"
        switch error {
        case .typeMismatch(let type, let context):
            return RecordingError(
                location: file, field: path(context.codingPath), message: "the value is not \(describe(type))", expected: expected)
        case .valueNotFound(let type, let context):
            return RecordingError(
                location: file, field: path(context.codingPath), message: "the value is null, not \(describe(type))", expected: expected)
        case .keyNotFound(let key, let context):
            return RecordingError(
                location: file, field: path(context.codingPath + [key]), message: "the field is missing", expected: expected)
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                return RecordingError(location: file, message: "the plan is not JSON", expected: expected)
            }
            return RecordingError(
                location: file, field: path(context.codingPath),
                message: "the value is not one a plan has: "
                    + context.debugDescription.split(whereSeparator: \.isNewline).joined(separator: " "),
                expected: expected)
        @unknown default:
            return RecordingError(location: file, message: "the plan cannot be read", expected: expected)
        }
    }

    /// The field of the first number no plan holds, and the number as written: Foundation's
    /// decoder refuses `1e999` (not a Double) and `1e20` where an index is (not an Int) as "not
    /// valid JSON", without a field. A number JSON reads but no plan field can hold (beyond
    /// ±10^15; the largest a plan has is a content height of 4,096,000,000 pt) is found by a
    /// walk; one Foundation cannot read at all is first replaced by a marker, then found the same way.
    static func unreadableNumber(in data: Data) -> (field: String, number: String)? {
        let marker = "tabstage: a number Foundation cannot read"
        var text = String(decoding: data, as: UTF8.self)
        var written: String?
        do {
            _ = try JSONSerialization.jsonObject(with: data)
        } catch {
            let words = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
            guard let match = words.firstMatch(of: /Number (\S+) is not representable/) else { return nil }
            let number = String(match.output.1)
            guard let range = text.range(of: number) else { return nil }
            text.replaceSubrange(range, with: "\"" + marker + "\"")
            written = number
        }
        guard let tree = try? JSONSerialization.jsonObject(with: Data(text.utf8)) else { return nil }
        func walk(_ value: Any, _ path: String) -> (String, String)? {
            if let string = value as? String, string == marker, let written { return (path, written) }
            if let number = value as? Double, !(abs(number) <= 1e15) { return (path, "\(number)") }
            if let array = value as? [Any] {
                for (i, item) in array.enumerated() { if let found = walk(item, path + "[\(i)]") { return found } }
            }
            if let object = value as? [String: Any] {
                for key in object.keys.sorted() {
                    if let found = walk(object[key]!, path.isEmpty ? key : path + "." + key) { return found }
                }
            }
            return nil
        }
        return walk(tree, "").map { (field: $0.0, number: $0.1) }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Int.Type: "a number"
        case is Bool.Type: "true or false"
        case is String.Type: "a text"
        default: "what the plan format has there"
        }
    }

    /// `steps[3].action.kind` from a decoder's coding path.
    static func path(_ keys: [any CodingKey]) -> String {
        var out = ""
        for key in keys {
            if let index = key.intValue {
                out += "[\(index)]"
            } else {
                out += (out.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return out.isEmpty ? "plan" : out
    }

    /// A value quoted in a message, cut at 64 characters and on one line.
    static func quoted(_ value: String) -> String {
        let line = value.split(whereSeparator: \.isNewline).joined(separator: " ")
        return line.count > 64 ? String(line.prefix(64)) + "…" : line
    }
}
