import TabStageLayout
import TabStageModel

/// The first place an observed field disagrees with the model.
package struct Divergence: Sendable, Hashable {
    /// The scenario step's index, from 0.
    package var step: Int
    /// The step's keyword (`select`, `scroll`, …).
    package var action: String
    /// The step as written in the scenario, one line.
    package var text: String
    /// Where the step is written.
    package var location: SourceLocation
    /// The field, as `container.tabs[1].contentOffsetY`.
    package var path: String
    /// The model's value, as the trace writes it.
    package var modelValue: JSON
    /// The observed value.
    package var observedValue: JSON

    /// The model's value on one line.
    package var model: String { modelValue.oneLine }
    /// The observed value on one line.
    package var observed: String { observedValue.oneLine }

    /// `step 4 'select: Media' (profile.yaml:17:5): container.tabs[1].contentOffsetY: model -284, observed 0`.
    package var line: String {
        "step \(step) '\(text)' (\(location)): \(path): model \(model), observed \(observed)"
    }
}

/// What comparing an observed trace with the model found.
package struct ConformanceResult: Sendable, Hashable {
    /// The scenario's name.
    package var scenario: String
    /// Points a number may differ by.
    package var tolerance: Double
    /// How many observed steps were compared.
    package var steps: Int
    /// How many observed values were compared, over all steps.
    package var compared: Int
    /// Every field path compared, in the order first seen.
    package var paths: [String]
    /// The first divergence of each field path, in step order.
    package var divergences: [Divergence]
    /// Every value compared, in step order: what a report charts.
    package var values: [ComparedValue] = []
    /// Every value that disagrees (not only each field's first), in step order: what a
    /// report shows at each divergent step.
    package var disagreements: [Divergence] = []
    /// The model's state after each step with a disagreement, when asked for (`keepingStates`):
    /// what a report draws.
    package var states: [Int: StageState] = [:]
    /// The scenario's look, which `states` are drawn with.
    package var look: Look

    /// True when every observed value agrees with the model.
    package var conforms: Bool { divergences.isEmpty }

    /// The result for tools: `{scenario, conforms, tolerance, steps, compared, fields, divergences}`.
    package var json: JSON {
        .object([
            ("scenario", .string(scenario)),
            ("conforms", .bool(conforms)),
            ("tolerance", .number(tolerance)),
            ("steps", .number(Double(steps))),
            ("compared", .number(Double(compared))),
            ("fields", .array(paths.map { .string($0) })),
            (
                "divergences",
                .array(
                    divergences.map {
                        .object([
                            ("step", .number(Double($0.step))), ("action", .string($0.action)), ("text", .string($0.text)),
                            ("line", .number(Double($0.location.line))), ("column", .number(Double($0.location.column))),
                            ("path", .string($0.path)), ("model", $0.modelValue), ("observed", $0.observedValue),
                        ])
                    })
            ),
        ])
    }
}

/// One observed value and the model's beside it.
package struct ComparedValue: Sendable, Hashable {
    /// The scenario step's index, from 0.
    package var step: Int
    /// The field, as `container.tabs[1].contentOffsetY`.
    package var path: String
    /// The model's value.
    package var model: JSON
    /// The observed value.
    package var observed: JSON
    /// Whether they agree under the field's rule.
    package var agrees: Bool
}

/// Compares what a team's own container did, step by step, with what the model does: the
/// model's side is exactly the trace's `state` (`Trace.state`), so `trace.json` and a
/// comparison never disagree.
package enum Conformance {
    /// Keys whose numbers are indexes or counts, compared exactly.
    package static let exactKeys: Set<String> = ["selectedTab", "bioLines", "displayScale"]
    /// Keys whose numbers are fractions from 0 to 1, compared within `fractionTolerance`.
    package static let fractionKeys: Set<String> = ["collapseProgress"]
    /// How far a fraction may differ.
    package static let fractionTolerance = 0.01
    /// The largest tolerance accepted, in points.
    package static let maxTolerance = 1000.0

    /// Runs the scenario once and compares every observed value after its step.
    ///
    /// - Parameters:
    ///   - scenario: The parsed scenario.
    ///   - source: The scenario's text, for each step's words in a divergence; nil gives the keyword.
    ///   - observed: The observed trace.
    ///   - tolerance: Points a number may differ by.
    ///   - measuring: Text widths, as for a run.
    ///   - keepingStates: Keep the model's state after each step where a value disagrees (for
    ///     a report's pictures).
    ///   - rowMeasurements: Self-sizing row measurements shared with the other variants of the
    ///     same file, so their budget is the file's (nil: this run's own).
    /// - Returns: What was compared, and the first divergence of each field.
    /// - Throws: A `ScenarioError` at an observed step that does not exist, a field the model's
    ///   state does not have there, a value of the wrong type, or a step the model refuses.
    package static func check(
        _ scenario: Scenario, source: String?, observed: ObservedTraceFile, tolerance: Double, measuring: some TextMeasuring,
        keepingStates: Bool = false, rowMeasurements: SelfSizingRows.Measurements? = nil
    ) throws(ScenarioError) -> ConformanceResult {
        let file = scenario.file
        if observed.scenario != scenario.name {
            throw ScenarioError(
                observed.scenarioLocation ?? SourceLocation(file: file),
                "the observed trace is of scenario '\(quoted(observed.scenario))', not '\(quoted(scenario.name))'",
                expected: "a trace recorded for the scenario '\(quoted(scenario.name))'")
        }
        var byIndex: [Int: ObservedStepNode] = [:]
        for step in observed.steps {
            let location = step.location ?? SourceLocation(file: file)
            guard step.index < scenario.steps.count else {
                throw ScenarioError(
                    location,
                    "step \(step.index) does not exist: the scenario '\(quoted(scenario.name))' has \(scenario.steps.count) step(s)",
                    expected: "an index from 0 to \(scenario.steps.count - 1)")
            }
            guard byIndex[step.index] == nil else {
                throw ScenarioError(location, "step \(step.index) is observed twice", expected: "each step once")
            }
            byIndex[step.index] = step
        }
        var walk = Walk(tolerance: tolerance)
        var states: [Int: StageState] = [:]
        let lines = source.map { $0.split(separator: "\n", omittingEmptySubsequences: false) }
        do {
            _ = try ScenarioRunner.run(scenario, measuring: measuring, frames: nil, rowMeasurements: rowMeasurements) { record in
                guard let observedStep = byIndex[record.index] else { return }
                let layout = StageLayout(record.state, look: scenario.look, measuring: measuring)
                let model = Trace.state(
                    record.state, layout: layout, lifecycle: record.lifecycle, presentedLifecycle: record.presentedLifecycle)
                walk.step = StepContext(
                    index: record.index, action: record.step.keyword, location: record.step.location,
                    text: stepText(lines, at: record.step.location) ?? record.step.keyword)
                let before = walk.disagreements.count
                try walk.compare(observedStep.state, model, path: "")
                if keepingStates, walk.disagreements.count > before { states[record.index] = record.state }
            }
        } catch let error as ScenarioError {
            throw error
        } catch {
            preconditionFailure("only the walk throws, and only ScenarioErrors")
        }
        return ConformanceResult(
            scenario: scenario.name, tolerance: tolerance, steps: byIndex.count, compared: walk.compared, paths: walk.paths,
            divergences: walk.divergences, values: walk.values, disagreements: walk.disagreements, states: states,
            look: scenario.look)
    }

    /// The scenario an observed trace is of: `scenario` itself, or, for a scenario with
    /// variants, the variant its `scenario` field names (`profile@dark`), as `trace.json` names
    /// a variant's run.
    ///
    /// - Throws: A `ScenarioError` at the trace's `scenario` when the scenario has variants and
    ///   the trace names none of them.
    package static func target(_ scenario: Scenario, observed: ObservedTraceFile) throws(ScenarioError) -> Scenario {
        guard scenario.variants != nil else { return scenario }
        let prefix = scenario.name + "@"
        guard observed.scenario.hasPrefix(prefix) else {
            throw ScenarioError(
                observed.scenarioLocation ?? SourceLocation(file: scenario.file),
                "the observed trace is of scenario '\(quoted(observed.scenario))', but '\(quoted(scenario.name))' has variants",
                expected: "a trace recorded for one of its variants, named '\(quoted(scenario.name))@<variant>'")
        }
        return try ScenarioVariants.expand(scenario, only: String(observed.scenario.dropFirst(prefix.count)))[0]
    }

    /// The step's line from its column, without a trailing comment and, in a flow list
    /// (`steps: [{select: Media}, …]`), without what follows the step: `select: Media`.
    package static func stepText(_ lines: [Substring]?, at location: SourceLocation) -> String? {
        guard let lines, location.line >= 1, location.line <= lines.count else { return nil }
        let line = lines[location.line - 1]
        var text = ""
        var depth = 0
        var quote: Character?
        for character in line.dropFirst(max(0, location.column - 1)) {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "{" || character == "[" {
                depth += 1
            } else if character == "}" || character == "]" {
                depth -= 1
                if depth < 0 { break }
            } else if character == "," && depth == 0 {
                break
            } else if character == "#", text.last == " " || text.last == "\t" {
                break
            }
            text.append(character)
        }
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text.removeLast() }
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        return text.isEmpty ? nil : quoted(text)
    }

    struct StepContext {
        var index = 0
        var action = ""
        var location = SourceLocation(file: "")
        var text = ""
    }

    /// Where a field the observed trace put at the wrong level lives in the model's state
    /// (`headerHeight` at the top is `container.headerHeight`): "; it is 'container.headerHeight'
    /// in the model's state", or `otherwise` when no field of that name is below `fields`.
    /// Looks at most three levels down and names at most two places (a tab's field is one
    /// place, `container.tabs[N].field`, whatever the number of tabs).
    static func placeHint(_ key: String, under path: String, in fields: [(String, JSON)], otherwise: String) -> String {
        var found: [String] = []
        func search(_ fields: [(String, JSON)], _ prefix: String, depth: Int) {
            for (name, value) in fields where found.count < 3 {
                let childPath = prefix.isEmpty ? name : "\(prefix).\(name)"
                if name == key, depth > 0 { found.append(childPath) }
                guard depth < 3 else { continue }
                switch value {
                case .object(let children): search(children, childPath, depth: depth + 1)
                case .array(let items):
                    if case .object(let children)? = items.first { search(children, "\(childPath)[N]", depth: depth + 1) }
                default: break
                }
            }
        }
        search(fields, path, depth: 0)
        guard !found.isEmpty, found.count <= 2 else { return otherwise }
        return "; it is " + found.map { "'\(quoted($0))'" }.joined(separator: " or ") + " in the model's state"
    }

    /// One comparison's running totals.
    struct Walk {
        var tolerance: Double
        var step = StepContext()
        var compared = 0
        var paths: [String] = []
        var seenPaths: Set<String> = []
        var divergences: [Divergence] = []
        var divergentPaths: Set<String> = []
        var values: [ComparedValue] = []
        var disagreements: [Divergence] = []

        mutating func compare(_ observed: ObservedNode, _ model: JSON, path: String) throws(ScenarioError) {
            switch (observed.value, model) {
            case (.object(let fields), .object(let modelFields)):
                for field in fields {
                    let childPath = path.isEmpty ? field.key : "\(path).\(field.key)"
                    guard let value = modelFields.first(where: { $0.0 == field.key })?.1 else {
                        let keys = modelFields.map(\.0)
                        throw ScenarioError(
                            field.keyLocation ?? observed.location ?? step.location,
                            "unknown field '\(quoted(childPath))' at step \(step.index): the model's state has no such field there"
                                + Conformance.placeHint(field.key, under: path, in: modelFields, otherwise: didYouMean(field.key, keys)),
                            expected: path.isEmpty ? oneOf(keys) : "one of \(path)'s fields: " + listed(keys))
                    }
                    try compare(field.node, value, path: childPath)
                }
            case (.array(let items), .array(let modelItems)) where modelItems.contains(where: \.isContainer):
                guard items.count <= modelItems.count else {
                    throw ScenarioError(
                        observed.location ?? step.location,
                        "'\(quoted(path))' has \(items.count) entries at step \(step.index), the model's has \(modelItems.count)",
                        expected: "at most \(modelItems.count) entries; {} for one not observed")
                }
                for (i, item) in items.enumerated() { try compare(item, modelItems[i], path: "\(path)[\(i)]") }
            case (.array(let items), .array(let modelItems)):
                for item in items where item.isContainer {
                    throw typeError(item, path: path, model: modelItems.first ?? .string(""))
                }
                let observedJSON = JSON.array(items.map(\.json))
                record(path: path, agrees: observedJSON == model, model: model, observed: observedJSON)
            case (.number(let value), .number(let modelValue)):
                let key = path.split(separator: ".").last.map(String.init) ?? path
                let allowed =
                    Conformance.exactKeys.contains(key)
                    ? 0 : Conformance.fractionKeys.contains(key) ? Conformance.fractionTolerance : tolerance
                record(path: path, agrees: abs(value - modelValue) <= allowed + 1e-9, model: model, observed: .number(value))
            case (.string(let value), .string(let modelValue)):
                record(path: path, agrees: value == modelValue, model: model, observed: .string(value))
            case (.bool(let value), .bool(let modelValue)):
                record(path: path, agrees: value == modelValue, model: model, observed: .bool(value))
            case (.null, .null):
                record(path: path, agrees: true, model: model, observed: .null)
            case (_, .null), (.null, _):
                // Something the model does not have there (a presentation, a detent), or the other way round.
                record(path: path, agrees: false, model: model, observed: observed.json)
            default:
                throw typeError(observed, path: path, model: model)
            }
        }

        func typeError(_ observed: ObservedNode, path: String, model: JSON) -> ScenarioError {
            ScenarioError(
                observed.location ?? step.location,
                "'\(quoted(path))' at step \(step.index) must be \(model.kindDescription), as in the model's state, found \(observed.kindDescription)",
                expected: "\(model.kindDescription) such as \(model.oneLine)")
        }

        mutating func record(path: String, agrees: Bool, model: JSON, observed: JSON) {
            compared += 1
            if seenPaths.insert(path).inserted { paths.append(path) }
            values.append(ComparedValue(step: step.index, path: path, model: model, observed: observed, agrees: agrees))
            guard !agrees else { return }
            let divergence = Divergence(
                step: step.index, action: step.action, text: step.text, location: step.location, path: path,
                modelValue: model, observedValue: observed)
            disagreements.append(divergence)
            if divergentPaths.insert(path).inserted { divergences.append(divergence) }
        }
    }
}

extension ObservedNode {
    /// The value as the trace would write it.
    package var json: JSON {
        switch value {
        case .null: .null
        case .bool(let value): .bool(value)
        case .number(let value): .number(value)
        case .string(let value): .string(value)
        case .array(let items): .array(items.map(\.json))
        case .object(let fields): .object(fields.map { ($0.key, $0.node.json) })
        }
    }

    /// Whether the value is an object or a list.
    package var isContainer: Bool {
        switch value {
        case .array, .object: true
        default: false
        }
    }
}

extension JSON {
    /// The value on one line: `{"x": 0, "y": 0}`, `-284`.
    package var oneLine: String {
        switch self {
        case .array(let items): "[" + items.map(\.oneLine).joined(separator: ", ") + "]"
        case .object(let fields): "{" + fields.map { JSON.string($0.0).text() + ": " + $0.1.oneLine }.joined(separator: ", ") + "}"
        default: text()
        }
    }

    var isContainer: Bool {
        switch self {
        case .array, .object: true
        default: false
        }
    }

    /// What the value is, in the words of a message.
    var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "a list"
        case .object: "an object"
        }
    }
}
