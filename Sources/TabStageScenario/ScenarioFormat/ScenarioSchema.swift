import TabStageModel

/// `tabstage schema`: a JSON Schema (draft 2020-12) of the scenario format, written from
/// the tables the parser reads its keys from. Editors that speak JSON Schema
/// (the YAML language server in VS Code, JetBrains IDEs) complete and check scenarios with it.
/// It checks the shape (keys, types, words, ranges); the parser still checks what a schema
/// cannot say: files, cross-key rules such as a header taller than its collapsed height.
public enum ScenarioSchema {
    /// The schema's `$id`.
    public static let identifier = "https://tabstage.dev/schema/scenario.json"

    /// The schema as JSON text, keys in a fixed order, ending with a newline.
    public static func text() -> String {
        var root: [(String, JSON)] = [
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            ("$id", .string(identifier)),
            ("title", .string("tabstage scenario")),
            (
                "description",
                .string(
                    "A tabstage scenario: a device, a tab container and the steps run on it. Written from the tables the parser reads its keys from."
                )
            ),
        ]
        root += mapping(ScenarioKeys.scenario)
        return JSON.object(root).text(indent: "") + "\n"
    }

    /// A JSON value with its keys in the order given.
    indirect enum JSON {
        case string(String)
        case number(Double)
        case integer(Int)
        case boolean(Bool)
        case array([JSON])
        case object([(String, JSON)])

        func text(indent: String) -> String {
            let inner = indent + "  "
            switch self {
            case .string(let value): return quotedJSON(value)
            case .number(let value):
                return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : messageNumberText(value)
            case .integer(let value): return String(value)
            case .boolean(let value): return value ? "true" : "false"
            case .array(let items):
                if items.isEmpty { return "[]" }
                if items.allSatisfy({ if case .string = $0 { true } else if case .integer = $0 { true } else { false } }) {
                    return "[" + items.map { $0.text(indent: inner) }.joined(separator: ", ") + "]"
                }
                return "[\n" + items.map { inner + $0.text(indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
            case .object(let fields):
                if fields.isEmpty { return "{}" }
                return "{\n" + fields.map { inner + quotedJSON($0.0) + ": " + $0.1.text(indent: inner) }.joined(separator: ",\n")
                    + "\n\(indent)}"
            }
        }
    }

    static func quotedJSON(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// An object's fields for a table: its properties, what is required, nothing else allowed.
    static func mapping(_ table: KeyTable) -> [(String, JSON)] {
        if table.oneKey {
            // A step: exactly one of its names with that step's argument. Discriminated by the key
            // (its name picks its argument's schema) rather than a oneOf of one-key objects, so an
            // editor names the real mistake ("'dx' was unexpected" under `drag`, an unknown step
            // name under propertyNames) instead of "'snapshot' is a required property", the
            // complaint of whichever oneOf branch came first.
            return [
                ("type", .string("object")),
                ("properties", .object(table.keys.map { ($0.name, property($0)) })),
                ("propertyNames", .object([("enum", .array(table.keys.map { .string($0.name) }))])),
                ("minProperties", .integer(1)),
                ("maxProperties", .integer(1)),
                ("additionalProperties", .boolean(false)),
            ]
        }
        var fields: [(String, JSON)] = [
            ("type", .string("object")),
            ("properties", .object(table.keys.map { ($0.name, property($0)) })),
        ]
        let required = table.keys.filter(\.required).map { JSON.string($0.name) }
        if !required.isEmpty { fields.append(("required", .array(required))) }
        fields.append(("additionalProperties", .boolean(false)))
        if table.nonEmpty { fields.append(("minProperties", .integer(1))) }
        for names in table.exactlyOne {
            fields.append(("oneOf", .array(names.map { .object([("required", .array([.string($0)]))]) })))
        }
        return fields
    }

    static func property(_ key: ScenarioKey) -> JSON {
        var fields = shape(key.value)
        var description = key.summary
        let limits = limitsText(key.value)
        if !limits.isEmpty { description += " — " + limits }
        if let value = key.defaultValue {
            let json: JSON
            switch value {
            case .text(let text): json = .string(text)
            case .number(let number): json = .number(number)
            case .integer(let number): json = .integer(number)
            case .boolean(let flag): json = .boolean(flag)
            }
            description += "; default \(json.text(indent: ""))"
            fields.append(("default", json))
        }
        if key.required { description += "; required" }
        return .object([("description", .string(description))] + fields)
    }

    /// The JSON Schema keywords of a value.
    static func shape(_ value: KeyValue) -> [(String, JSON)] {
        switch value {
        case .text: return [("type", .string("string")), ("maxLength", .integer(ScenarioLimits.maxTextLength))]
        case .file(let extensions):
            guard !extensions.isEmpty else { return [("type", .string("string")), ("minLength", .integer(1))] }
            // Letters either case, spelled out: JSON Schema's patterns have no flags.
            let spelled = extensions.map { ext in
                ext.map { c in c.isLetter ? "[\(c.lowercased())\(c.uppercased())]" : c == "." ? "\\." : String(c) }.joined()
            }
            return [("type", .string("string")), ("pattern", .string("\\.(" + spelled.joined(separator: "|") + ")$"))]
        case .number(let minimum, let maximum, let above, _):
            var fields: [(String, JSON)] = [("type", .string("number"))]
            if let minimum { fields.append((above ? "exclusiveMinimum" : "minimum", .number(minimum))) }
            if let maximum { fields.append(("maximum", .number(maximum))) }
            return fields
        case .integer(let minimum, let maximum):
            var fields: [(String, JSON)] = [("type", .string("integer"))]
            if let minimum { fields.append(("minimum", .integer(minimum))) }
            if let maximum { fields.append(("maximum", .integer(maximum))) }
            return fields
        case .boolean: return [("type", .string("boolean"))]
        case .choice(let words): return [("type", .string("string")), ("enum", .array(words.map { .string($0) }))]
        case .color:
            return [("type", .string("string")), ("pattern", .string("^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$"))]
        case .null: return [("type", .string("null"))]
        case .mapping(let table): return mapping(table)
        case .list(let item, let minItems, let maxItems, let unique):
            var fields: [(String, JSON)] = [("type", .string("array")), ("items", .object(shape(item)))]
            if minItems > 0 { fields.append(("minItems", .integer(minItems))) }
            if let maxItems { fields.append(("maxItems", .integer(maxItems))) }
            if unique { fields.append(("uniqueItems", .boolean(true))) }
            return fields
        case .anyOf(let shapes): return [("anyOf", .array(shapes.map { .object(shape($0)) }))]
        }
    }

    /// Type, unit and limits in words, for editors that show only the description.
    static func limitsText(_ value: KeyValue) -> String {
        switch value {
        case .text: return "text, at most \(ScenarioLimits.maxTextLength) characters"
        case .file(let extensions):
            return "a file in the scenario's folder"
                + (extensions.isEmpty ? "" : " (" + extensions.map { "." + $0 }.joined(separator: ", ") + ")")
        case .number(let minimum, let maximum, let above, let unit):
            var text = "a number"
            if let unit { text += " in \(unit)" }
            switch (minimum, maximum) {
            case (let low?, let high?):
                text +=
                    above
                    ? " above \(messageNumberText(low)), at most \(messageNumberText(high))"
                    : " from \(messageNumberText(low)) to \(messageNumberText(high))"
            case (let low?, nil): text += above ? " above \(messageNumberText(low))" : " from \(messageNumberText(low))"
            case (nil, let high?): text += " up to \(messageNumberText(high))"
            case (nil, nil): break
            }
            return text
        case .integer(let minimum, let maximum):
            switch (minimum, maximum) {
            case (let low?, let high?): return "a whole number from \(low) to \(high)"
            case (let low?, nil): return "a whole number from \(low)"
            case (nil, let high?): return "a whole number up to \(high)"
            case (nil, nil): return "a whole number"
            }
        case .boolean: return "true or false"
        case .choice(let words): return "one of " + words.joined(separator: ", ")
        case .color: return "a CSS hex colour (#rgb, #rrggbb or #rrggbbaa), quoted"
        case .null: return "nothing"
        case .mapping: return "a mapping"
        case .list(let item, let minItems, let maxItems, let unique):
            var text = "a list"
            if minItems > 0 || maxItems != nil { text += " of \(minItems) to \(maxItems.map(String.init) ?? "any number of") items" }
            if unique { text += ", each once" }
            let each = limitsText(item)
            return each.isEmpty ? text : text + "; each " + each
        case .anyOf(let shapes): return shapes.map(limitsText).joined(separator: ", or ")
        }
    }
}
