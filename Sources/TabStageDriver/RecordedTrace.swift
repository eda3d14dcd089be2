import Foundation

/// A recording that could not be made: a plan or scenario that cannot be read, a step the
/// container could not perform, or a number it reported that no container can have. One line,
/// in the compiler style: located at the scenario step (`profile.yaml:17:5: error: step 3
/// 'select: Media': …`), or at the plan file and its field (`profile.plan.json: error:
/// steps[3].action.kind: …`).
public struct RecordingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where: the step's place in the scenario (`file:line:column`), the scenario file, or the plan file.
    public var location: String
    /// The scenario step's index, from 0; nil for a problem with the scenario or the plan itself.
    public var step: Int?
    /// The step as written (`select: Media`); nil with `step`.
    public var stepText: String?
    /// The field at fault: the observed trace's (`container.tabs[1].contentOffsetY`) for a
    /// reported value, the plan's (`steps[3].action.to`) for a plan; nil when no field is.
    public var field: String?
    /// What is wrong, in words.
    public var message: String
    /// What would have been accepted; printed as "(expected …)".
    public var expected: String?

    /// An error at a step.
    package init(step: DrivenStep, field: String?, message: String, expected: String?) {
        location = step.location
        self.step = step.index
        stepText = step.text
        self.field = field
        self.message = message
        self.expected = expected
    }

    /// An error in a file (a scenario, a plan), at a field when one is named.
    package init(location: String, field: String? = nil, message: String, expected: String?) {
        self.location = location
        self.field = field
        self.message = message
        self.expected = expected
    }

    /// One line: `FILE:LINE:COL: error: step N 'TEXT': WHAT (expected …)`, or for a plan
    /// `PLAN: error: FIELD: WHAT (expected …)`.
    public var description: String {
        let prefix = step.map { "step \($0) '\(stepText ?? "")': " } ?? field.map { "\($0): " } ?? ""
        return "\(location): error: " + prefix + message + (expected.map { " (expected \($0))" } ?? "")
    }
}

/// What a container showed after each recorded step, in the observed-trace format that
/// `tabstage conform` and `assertConforms` read.
public struct RecordedTrace: Sendable, Hashable {
    /// The scenario's name (`NAME@VARIANT` for a variant).
    public var scenario: String
    /// Every step in order, with what was read after it.
    public var steps: [RecordedStep] { zip(plan, observations).map { RecordedStep(step: $0, observation: $1) } }
    /// How many steps were read.
    public var recordedSteps: Int { observations.count { $0 != nil } }

    package let plan: [DrivenStep]
    package let observations: [ContainerObservation?]
    /// Each recorded step's scenario index and checked state, as the trace writes them.
    package let states: [(index: Int, state: TraceJSON)]

    package init(scenario: String, plan: [DrivenStep], observations: [ContainerObservation?], states: [(index: Int, state: TraceJSON)]) {
        self.scenario = scenario
        self.plan = plan
        self.observations = observations
        self.states = states
    }

    /// The trace as JSON, `{"scenario": NAME, "steps": [{"index": N, "state": {...}}]}`,
    /// pretty-printed, ending in a newline.
    public var json: String {
        let steps = states.map { step -> TraceJSON in .object([("index", .number(Double(step.index))), ("state", step.state)]) }
        return TraceJSON.object([("scenario", .string(scenario)), ("steps", .array(steps))]).text() + "\n"
    }

    /// Writes `json` to a file, for `tabstage conform SCENARIO FILE`.
    public func write(to url: URL) throws {
        try Data(json.utf8).write(to: url, options: .atomic)
    }

    /// Equal when the same steps read the same numbers.
    public static func == (lhs: RecordedTrace, rhs: RecordedTrace) -> Bool {
        lhs.scenario == rhs.scenario && lhs.plan == rhs.plan && lhs.observations == rhs.observations
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(scenario)
        hasher.combine(plan)
        hasher.combine(observations)
    }
}

/// One step of a recording.
public struct RecordedStep: Sendable, Hashable {
    /// The step as driven.
    public var step: DrivenStep
    /// What the container reported after it; nil for a step not recorded (`StepComparison.notRecorded`).
    public var observation: ContainerObservation?
}

/// A JSON value whose objects keep their key order, written as tabstage writes its traces
/// (two-space indents, short records and arrays of scalars on one line, numbers with at most
/// four decimals), so a recorded trace reads back to the same bytes.
package indirect enum TraceJSON: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([TraceJSON])
    case object([(String, TraceJSON)])

    package static func == (a: TraceJSON, b: TraceJSON) -> Bool { a.text() == b.text() }
    package func hash(into hasher: inout Hasher) { hasher.combine(text()) }

    /// Pretty-printed with two-space indents; short arrays of scalars stay on one line.
    package func text(indent: Int = 0) -> String {
        var out = ""
        write(to: &out, indent: indent)
        return out
    }

    private func write(to out: inout String, indent: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let value): out += Self.decimal(value)
        case .string(let value): Self.writeString(value, to: &out)
        case .array(let items):
            if items.isEmpty {
                out += "[]"
                return
            }
            if items.allSatisfy(\.isScalar) {
                out += "[" + items.map { $0.text(indent: indent) }.joined(separator: ", ") + "]"
                return
            }
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += String(repeating: "  ", count: indent + 1)
                item.write(to: &out, indent: indent + 1)
                out += i + 1 < items.count ? ",\n" : "\n"
            }
            out += String(repeating: "  ", count: indent) + "]"
        case .object(let fields):
            if fields.isEmpty {
                out += "{}"
                return
            }
            if fields.count <= 4, fields.allSatisfy({ $0.1.isScalar }) {
                // Small records such as frames and insets read best on one line.
                out += "{"
                for (i, (key, value)) in fields.enumerated() {
                    if i > 0 { out += ", " }
                    Self.writeString(key, to: &out)
                    out += ": "
                    value.write(to: &out, indent: indent)
                }
                out += "}"
                return
            }
            out += "{\n"
            for (i, (key, value)) in fields.enumerated() {
                out += String(repeating: "  ", count: indent + 1)
                Self.writeString(key, to: &out)
                out += ": "
                value.write(to: &out, indent: indent + 1)
                out += i + 1 < fields.count ? ",\n" : "\n"
            }
            out += String(repeating: "  ", count: indent) + "}"
        }
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }

    /// A number rounded to four decimals without trailing zeros (`156`, `-47.3333`), as
    /// tabstage's traces write them; every value here is already checked finite and in range.
    static func decimal(_ value: Double) -> String {
        let scaled = (value * 10_000).rounded()
        guard scaled.isFinite, scaled != 0 else { return "0" }
        // Beyond 64-bit integers (no checked value comes near): Swift's own spelling.
        guard abs(scaled) < 9e18 else { return Int64(exactly: value.rounded()).map(String.init) ?? "\(value.rounded())" }
        let magnitude = UInt64(abs(scaled))
        var text = (scaled < 0 ? "-" : "") + String(magnitude / 10_000)
        var fraction = magnitude % 10_000
        guard fraction > 0 else { return text }
        text += "."
        var place: UInt64 = 1000
        while place > 0 && fraction > 0 {
            text += String(fraction / place)
            fraction %= place
            place /= 10
        }
        return text
    }

    private static func writeString(_ value: String, to out: inout String) {
        out += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
