import TabStageModel
import Yams

/// A YAML node that knows where it is and what it is called, so every conversion can
/// fail with a located, readable error.
struct YAMLValue {
    let node: Node
    /// Dotted path for messages, e.g. `container.header.height`.
    let path: String
    let location: SourceLocation
    /// Where files this value names are read from; nil for a scenario parsed from text alone.
    let assets: AssetFolder?

    init(_ node: Node, path: String, file: String, assets: AssetFolder? = nil) {
        self.node = node
        self.path = path
        self.assets = assets
        let mark = node.mark
        self.location = SourceLocation(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1)
    }

    func error(_ message: String, expected: String? = nil) -> ScenarioError {
        ScenarioError(location, message, expected: expected)
    }

    /// What the node is, in the words a user would use.
    var kindDescription: String {
        switch node {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        case .scalar(let scalar):
            switch tagName {
            case .null: return "nothing (null)"
            case .bool: return "a boolean"
            case .int, .float: return "the number \(quoted(scalar.string))"
            default: return "the text '\(quoted(scalar.string))'"
            }
        }
    }

    var isNull: Bool { tagName == .null }

    /// `'container.header'`, or "the scenario" for the top level.
    var quotedPath: String { path.isEmpty ? "the scenario" : "'\(path)'" }

    /// The resolved YAML tag (plain scalars are resolved by Yams' default resolver).
    var tagName: Tag.Name { Tag.Name(rawValue: node.tag.rawValue) }

    func mapping(allowed keys: [String]) throws(ScenarioError) -> YAMLFields {
        guard case .mapping(let mapping) = node else {
            throw error("\(quotedPath) must be a mapping, found \(kindDescription)", expected: "keys \(keys.joined(separator: ", "))")
        }
        var fields: [(String, YAMLValue, SourceLocation)] = []
        for (keyNode, valueNode) in mapping {
            let key = YAMLValue(keyNode, path: path, file: location.file)
            guard case .scalar(let scalar) = keyNode else {
                throw key.error("a key in \(quotedPath) must be plain text", expected: oneOf(keys))
            }
            guard keys.contains(scalar.string) else {
                throw key.error(
                    "unknown key '\(quoted(scalar.string))' in \(quotedPath)" + didYouMean(scalar.string, keys),
                    expected: oneOf(keys))
            }
            let child = YAMLValue(
                valueNode, path: path.isEmpty ? scalar.string : "\(path).\(scalar.string)", file: location.file, assets: assets)
            fields.append((scalar.string, child, key.location))
        }
        return YAMLFields(owner: self, fields: fields)
    }

    func sequence() throws(ScenarioError) -> [YAMLValue] {
        guard case .sequence(let sequence) = node else {
            throw error("\(quotedPath) must be a list, found \(kindDescription)", expected: "a list")
        }
        return sequence.enumerated().map { YAMLValue($1, path: "\(path)[\($0)]", file: location.file, assets: assets) }
    }

    func string() throws(ScenarioError) -> String {
        guard case .scalar(let scalar) = node, tagName == .str else {
            throw error("\(quotedPath) must be text, found \(kindDescription)", expected: quotingHint ?? "text")
        }
        return scalar.string
    }

    /// Text bound for the renderer: at most `ScenarioLimits.maxTextLength` characters, so every
    /// snapshot lays out in bounded time.
    func text() throws(ScenarioError) -> String {
        let value = try string()
        let limit = ScenarioLimits.maxTextLength
        // Counting stops just past the limit: a huge value costs no more than a short one.
        if value.prefix(limit + 1).count > limit {
            throw error(
                "\(quotedPath) is longer than \(limit) characters",
                expected: "text of at most \(limit) characters")
        }
        return value
    }

    /// For a number, boolean or null where text was meant (`title: 2024`, `title: yes`): how to
    /// write it as text.
    private var quotingHint: String? {
        guard case .scalar(let scalar) = node, [.int, .float, .bool, .null].contains(tagName), !scalar.string.isEmpty else { return nil }
        let key = path.split(separator: ".").last.map(String.init) ?? "value"
        let escaped = quoted(scalar.string).replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return
            "text; YAML reads it as \(tagName == .bool ? "a boolean" : tagName == .null ? "null" : "a number"), so quote it: \(key): \"\(escaped)\""
    }

    func bool() throws(ScenarioError) -> Bool {
        guard tagName == .bool, let value = node.bool else {
            throw error("\(quotedPath) must be true or false, found \(kindDescription)", expected: "true or false")
        }
        return value
    }

    /// A finite number within `range`; `what` describes the range for the message.
    func number(
        in range: ClosedRange<Double> = -.greatestFiniteMagnitude ... .greatestFiniteMagnitude,
        _ what: String = "a finite number"
    ) throws(ScenarioError) -> Double {
        guard tagName == .int || tagName == .float, let value = node.float ?? node.int.map(Double.init) else {
            throw error("\(quotedPath) must be a number, found \(kindDescription)", expected: what)
        }
        guard value.isFinite else {
            throw error("\(quotedPath) must be finite, found \(quoted(node.scalar?.string ?? "\(value)"))", expected: what)
        }
        guard range.contains(value) else {
            throw error("\(quotedPath) is \(format(value)), out of range", expected: what)
        }
        return value
    }

    /// A whole number written as one (`1000000`, not `1e6` or `1000000.0`): a count is exact.
    func integer(in range: ClosedRange<Int>, _ what: String) throws(ScenarioError) -> Int {
        if tagName == .float, let value = node.float, value.isFinite, value == value.rounded(), abs(value) < 1e15 {
            throw error(
                "\(quotedPath) must be a whole number written without a decimal point or exponent, found \(kindDescription)",
                expected: "\(what), e.g. \(String(Int(value)))")
        }
        guard tagName == .int, let value = node.int else {
            throw error("\(quotedPath) must be a whole number, found \(kindDescription)", expected: what)
        }
        guard range.contains(value) else {
            throw error("\(quotedPath) is \(value), out of range", expected: what)
        }
        return value
    }

    /// One of an enum's spellings, with a suggestion for near misses.
    func choice<T: RawRepresentable & CaseIterable>(_: T.Type) throws(ScenarioError) -> T where T.RawValue == String {
        let names = T.allCases.map(\.rawValue)
        guard case .scalar(let scalar) = node, tagName != .null else {
            throw error("\(quotedPath) must be \(oneOf(names)), found \(kindDescription)", expected: oneOf(names))
        }
        guard let value = T(rawValue: scalar.string) else {
            throw error("\(quotedPath) cannot be '\(quoted(scalar.string))'" + didYouMean(scalar.string, names), expected: oneOf(names))
        }
        return value
    }
}

/// The checked keys of a mapping, in file order.
struct YAMLFields {
    let owner: YAMLValue
    let fields: [(key: String, value: YAMLValue, keyLocation: SourceLocation)]

    subscript(_ key: String) -> YAMLValue? {
        fields.first { $0.key == key }?.value
    }

    func required(_ key: String, _ what: String) throws(ScenarioError) -> YAMLValue {
        guard let value = self[key] else {
            throw owner.error("\(owner.quotedPath) is missing '\(key)'", expected: what)
        }
        return value
    }

    var keys: [String] { fields.map(\.key) }

    /// An error pointing at a key itself, for keys that should not be there.
    func keyError(_ key: String, _ message: String, expected: String) -> ScenarioError {
        let location = fields.first { $0.key == key }?.keyLocation ?? owner.location
        return ScenarioError(location, message, expected: expected)
    }
}

/// Numbers in messages (see `messageNumberText`).
func format(_ value: Double) -> String { messageNumberText(value) }
