import TabStageModel
import Yams

/// One value of an observed trace, as read (with where it is written) or built in memory.
package struct ObservedNode: Sendable, Hashable {
    /// What the value is.
    package indirect enum Value: Sendable, Hashable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([ObservedNode])
        case object([ObservedField])
    }

    /// The value.
    package var value: Value
    /// Where it is written; nil for a value built in memory.
    package var location: SourceLocation?

    /// A value, located when read from a file.
    package init(_ value: Value, at location: SourceLocation? = nil) {
        self.value = value
        self.location = location
    }

    /// What the value is, in the words of a message.
    package var kindDescription: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "a list"
        case .object: "an object"
        }
    }
}

/// One key of an observed object, with where the key is written.
package struct ObservedField: Sendable, Hashable {
    /// The key.
    package var key: String
    /// Where the key is written; nil in memory.
    package var keyLocation: SourceLocation?
    /// The value.
    package var node: ObservedNode

    /// A key and its value.
    package init(_ key: String, _ node: ObservedNode, keyLocation: SourceLocation? = nil) {
        self.key = key
        self.node = node
        self.keyLocation = keyLocation
    }
}

/// One observed step: the scenario step's index and the state seen after it.
package struct ObservedStepNode: Sendable, Hashable {
    /// The scenario step's index, from 0.
    package var index: Int
    /// Where the index is written; nil in memory.
    package var location: SourceLocation?
    /// The observed state, an object mirroring the trace's `state`.
    package var state: ObservedNode

    /// A step.
    package init(index: Int, state: ObservedNode, location: SourceLocation? = nil) {
        self.index = index
        self.state = state
        self.location = location
    }
}

/// An observed trace file: `{"scenario": NAME, "steps": [{"index": N, "state": {...}}]}`,
/// read with the line and column of every value.
package struct ObservedTraceFile: Sendable, Hashable {
    /// The scenario the trace was recorded for.
    package var scenario: String
    /// Where the scenario's name is written.
    package var scenarioLocation: SourceLocation?
    /// The observed steps, as written.
    package var steps: [ObservedStepNode]

    /// A trace.
    package init(scenario: String, steps: [ObservedStepNode], scenarioLocation: SourceLocation? = nil) {
        self.scenario = scenario
        self.steps = steps
        self.scenarioLocation = scenarioLocation
    }

    /// Objects and lists nested deeper than this are refused (a trace's state is 5 deep).
    package static let maxNesting = 16

    /// Parses an observed trace's text (JSON, or the same shape in YAML).
    /// - Throws: A `ScenarioError` at the first value that is not of the format.
    package static func parse(_ text: String, file: String) throws(ScenarioError) -> ObservedTraceFile {
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: text) else {
                throw ScenarioError(SourceLocation(file: file), "the file is empty", expected: formatHint)
            }
            root = node
        } catch let error as ScenarioError {
            throw error
        } catch {
            throw YAMLSyntaxErrors.error(error, file: file, text: text)
        }
        var budget = ScenarioLimits.maxValues(textBytes: text.utf8.count)
        let top = try node(root, file: file, depth: 1, budget: &budget)
        guard case .object(let fields) = top.value else {
            throw ScenarioError(
                top.location ?? SourceLocation(file: file), "an observed trace must be an object, found \(top.kindDescription)",
                expected: formatHint)
        }
        try refuseUnknown(fields, allowed: ["scenario", "steps"], in: "the observed trace")
        guard let scenarioField = fields.first(where: { $0.key == "scenario" }) else {
            throw ScenarioError(top.location ?? SourceLocation(file: file), "the observed trace has no 'scenario'", expected: formatHint)
        }
        guard case .string(let scenario) = scenarioField.node.value else {
            throw located(
                scenarioField.node, file: file, "'scenario' must be a string, found \(scenarioField.node.kindDescription)",
                expected: "the scenario's name")
        }
        guard let stepsField = fields.first(where: { $0.key == "steps" }) else {
            throw ScenarioError(top.location ?? SourceLocation(file: file), "the observed trace has no 'steps'", expected: formatHint)
        }
        guard case .array(let items) = stepsField.node.value else {
            throw located(
                stepsField.node, file: file, "'steps' must be a list, found \(stepsField.node.kindDescription)",
                expected: "a list of {\"index\": N, \"state\": {...}}")
        }
        var steps: [ObservedStepNode] = []
        for item in items {
            guard case .object(let stepFields) = item.value else {
                throw located(
                    item, file: file, "a step must be an object, found \(item.kindDescription)",
                    expected: "{\"index\": N, \"state\": {...}}")
            }
            try refuseUnknown(stepFields, allowed: ["index", "state"], in: "a step")
            guard let indexField = stepFields.first(where: { $0.key == "index" }) else {
                throw located(item, file: file, "a step has no 'index'", expected: "the scenario step's index, from 0")
            }
            guard case .number(let number) = indexField.node.value, number >= 0, number == number.rounded(), number < 1e9 else {
                throw located(
                    indexField.node, file: file, "'index' must be a whole number from 0, found \(describe(indexField.node))",
                    expected: "the scenario step's index, from 0")
            }
            guard let stateField = stepFields.first(where: { $0.key == "state" }) else {
                throw located(
                    item, file: file, "a step has no 'state'",
                    expected: "the state observed after the step, such as {\"container\": {\"headerHeight\": 180}}")
            }
            guard case .object = stateField.node.value else {
                throw located(
                    stateField.node, file: file, "'state' must be an object, found \(stateField.node.kindDescription)",
                    expected: "the state observed after the step, such as {\"container\": {\"headerHeight\": 180}}")
            }
            steps.append(ObservedStepNode(index: Int(number), state: stateField.node, location: indexField.node.location))
        }
        return ObservedTraceFile(scenario: scenario, steps: steps, scenarioLocation: scenarioField.node.location)
    }

    static let formatHint = "{\"scenario\": NAME, \"steps\": [{\"index\": N, \"state\": {...}}]}"

    /// A value in a message: a number as written, else its kind.
    package static func describe(_ node: ObservedNode) -> String {
        switch node.value {
        case .number(let value): decimalText(value, decimals: 4)
        case .string(let value): "'\(quoted(value))'"
        case .bool(let value): value ? "true" : "false"
        default: node.kindDescription
        }
    }

    private static func located(_ node: ObservedNode, file: String, _ message: String, expected: String) -> ScenarioError {
        ScenarioError(node.location ?? SourceLocation(file: file), message, expected: expected)
    }

    private static func refuseUnknown(_ fields: [ObservedField], allowed: [String], in owner: String) throws(ScenarioError) {
        for field in fields where !allowed.contains(field.key) {
            throw ScenarioError(
                field.keyLocation ?? SourceLocation(file: ""),
                "unknown key '\(quoted(field.key))' in \(owner)" + didYouMean(field.key, allowed),
                expected: oneOf(allowed))
        }
    }

    /// The node as a value, refusing tags, aliases that repeat more than the text writes,
    /// duplicate keys, non-text keys and deep nesting.
    private static func node(_ node: Node, file: String, depth: Int, budget: inout Int) throws(ScenarioError) -> ObservedNode {
        let location = SourceLocation(file: file, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
        budget -= 1
        if budget < 0 {
            throw ScenarioError(
                location, "YAML aliases (*name) repeat values here more often than the file could write them out", expected: "a JSON file")
        }
        if depth > maxNesting {
            throw ScenarioError(
                location, "values are nested more than \(maxNesting) deep", expected: "the trace's state, at most \(maxNesting) levels deep"
            )
        }
        switch node {
        case .scalar(let scalar):
            switch Tag.Name(rawValue: node.tag.rawValue) {
            case .null: return ObservedNode(.null, at: location)
            case .bool:
                guard let value = Bool.construct(from: scalar) else { break }
                return ObservedNode(.bool(value), at: location)
            case .int, .float:
                guard let value = Double.construct(from: scalar), value.isFinite else { break }
                return ObservedNode(.number(value), at: location)
            case .str: return ObservedNode(.string(scalar.string), at: location)
            default: break
            }
            throw ScenarioError(
                location, "the value '\(quoted(scalar.string))' is not a JSON value",
                expected: "a number, a string in quotes, true, false or null")
        case .sequence(let sequence):
            var items: [ObservedNode] = []
            for item in sequence { items.append(try self.node(item, file: file, depth: depth + 1, budget: &budget)) }
            return ObservedNode(.array(items), at: location)
        case .mapping(let mapping):
            var fields: [ObservedField] = []
            for (keyNode, valueNode) in mapping {
                let keyLocation = SourceLocation(file: file, line: keyNode.mark?.line ?? 1, column: keyNode.mark?.column ?? 1)
                guard case .scalar(let key) = keyNode else {
                    throw ScenarioError(keyLocation, "a key must be a string", expected: "\"name\": value")
                }
                if fields.contains(where: { $0.key == key.string }) {
                    throw ScenarioError(
                        keyLocation, "the key '\(quoted(key.string))' is written twice in one object", expected: "each key once")
                }
                fields.append(
                    ObservedField(
                        key.string, try self.node(valueNode, file: file, depth: depth + 1, budget: &budget), keyLocation: keyLocation))
            }
            return ObservedNode(.object(fields), at: location)
        case .alias:
            throw ScenarioError(location, "YAML aliases (*name) are not part of the format", expected: "a JSON file")
        }
    }
}

extension ObservedTraceFile {
    /// Reads and parses an observed trace file, held to the scenario files' rules: a regular
    /// file of at most `ScenarioLoader.maxFileSize` bytes, a link only inside its own folder.
    package static func load(path: String) throws(ScenarioError) -> ObservedTraceFile {
        try parse(try text(path: path, what: "an observed trace .json"), file: path)
    }

    /// An observed trace's text, read as `ScenarioLoader` reads a scenario.
    package static func text(path: String, what: String) throws(ScenarioError) -> String {
        try ScenarioLoader.text(path: path, words: .file(what))
    }
}
