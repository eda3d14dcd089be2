import TabStageLayout
import TabStageModel
import Yams

/// A scenario's `variants`, read and checked value by value: every value passed the check its
/// own key makes (`appearance: [dark, purple]` is refused as `appearance: purple` would be).
/// Turning them into variants (names, order, the limit, `--variant`) is `ScenarioVariants`'
/// work, in Simulation; each variant is then parsed again with its values in place.
package struct VariantSpec: Sendable, Hashable {
    /// How the file writes the variants.
    package enum Form: Sendable, Hashable {
        /// `variants: {appearance: [light, dark], …}`: every combination of the axes' values.
        case matrix
        /// `variants: [{name: …, appearance: dark, …}, …]`: the listed combinations.
        case list
    }

    /// One axis of a matrix: a key and its values, in file order.
    package struct Axis: Sendable, Hashable {
        /// The top-level key the axis sets.
        package var key: String
        /// Its values, in file order.
        package var values: [VariantSetting]
    }

    /// One combination of a list.
    package struct Entry: Sendable, Hashable {
        /// The name the file gives it, if any.
        package var name: String?
        /// The values it sets, in file order.
        package var settings: [VariantSetting]
        /// Where the entry starts (its `name` when it has one).
        package var location: SourceLocation
    }

    /// How the file writes them.
    package var form: Form
    /// The axes of a matrix, in file order (empty for a list).
    package var axes: [Axis] = []
    /// The entries of a list, in file order (empty for a matrix).
    package var entries: [Entry] = []
    /// Where `variants` is written.
    package var location: SourceLocation
}

/// One value a variant gives a top-level key.
package struct VariantSetting: Sendable, Hashable {
    /// Where a value sits inside `variants`.
    package enum Address: Sendable, Hashable {
        /// `variants.KEY[INDEX]` of a matrix.
        case axis(String, Int)
        /// `variants[INDEX].KEY` of a list.
        case entry(Int, String)
    }

    /// The top-level key it sets (`appearance`).
    package var key: String
    /// The value as a variant's name writes it: the word itself (`dark`, `AX3`, `iphone-17`),
    /// `iOS26` for a release, `WIDTHxHEIGHT` for a custom device.
    package var word: String
    /// Where the value is written.
    package var location: SourceLocation
    /// Where the value sits inside `variants`, to put it in place when the variant is parsed.
    package var address: Address
}

/// Which variant of which scenario an expanded scenario is.
package struct VariantIdentity: Sendable, Hashable {
    /// The scenario's own name (the expanded scenario is named `SCENARIO@VARIANT`).
    package var scenario: String
    /// The variant's name.
    package var name: String
    /// The values it sets, in the order its name lists them.
    package var settings: [VariantSetting]

    /// What separates the scenario's name from the variant's in an output folder's name: a
    /// character no scenario or snapshot name may hold, so no folder of a scenario without
    /// variants can ever be a variant's.
    package static let separator: Character = "@"
}

/// What a variant is parsed again from: the scenario's text and where its files are.
package struct ScenarioSource: Sendable, Hashable {
    package var text: String
    package var defaultName: String
    package var assetFolder: AssetFolder?
}

extension ScenarioParser {
    static let variantAxisKeys = ScenarioKeys.variantAxes.names

    /// Reads `variants`, checking each value as its own key does. `designCompatibility` is the
    /// scenario's, which an `iOSVersion` value is checked with.
    static func parseVariants(_ value: YAMLValue, designCompatibility: YAMLValue?) throws(ScenarioError) -> VariantSpec {
        let axesText = "axes " + variantAxisKeys.joined(separator: ", ")
        let expected = "a mapping of \(axesText), each with a list of values, or a list of {name, AXIS: VALUE, …}"
        switch value.node {
        case .mapping:
            let fields = try value.mapping(allowed: variantAxisKeys)
            guard !fields.keys.isEmpty else { throw value.error("'variants' is empty", expected: expected) }
            var spec = VariantSpec(form: .matrix, location: value.location)
            for (key, axisValue, _) in fields.fields {
                let items: [YAMLValue]
                if case .sequence = axisValue.node {
                    items = try axisValue.sequence()
                } else {
                    throw axisValue.error(
                        "'variants.\(key)' must be a list of values, found \(axisValue.kindDescription)",
                        expected: "a list such as \(key): [\(exampleValues(key))]")
                }
                guard !items.isEmpty else {
                    throw axisValue.error(
                        "'variants.\(key)' is empty", expected: "at least one value, such as \(key): [\(exampleValues(key))]")
                }
                var settings: [VariantSetting] = []
                for (index, item) in items.enumerated() {
                    let setting = try variantSetting(
                        key, item, designCompatibility: designCompatibility, address: .axis(key, index))
                    if settings.contains(where: { $0.word.lowercased() == setting.word.lowercased() }) {
                        throw item.error("'\(quoted(setting.word))' is listed twice in 'variants.\(key)'", expected: "each value once")
                    }
                    settings.append(setting)
                }
                spec.axes.append(.init(key: key, values: settings))
            }
            return spec
        case .sequence:
            let items = try value.sequence()
            guard !items.isEmpty else { throw value.error("'variants' is empty", expected: expected) }
            var spec = VariantSpec(form: .list, location: value.location)
            let entryKeys = ["name"] + variantAxisKeys
            for (index, item) in items.enumerated() {
                let fields = try item.mapping(allowed: entryKeys)
                var name: String?
                if let nameValue = fields["name"] {
                    let text = try nameValue.string()
                    try checkFileName(text, at: nameValue, what: "variant name")
                    name = text
                }
                var settings: [VariantSetting] = []
                for (key, settingValue, _) in fields.fields where key != "name" {
                    settings.append(
                        try variantSetting(key, settingValue, designCompatibility: designCompatibility, address: .entry(index, key)))
                }
                guard !settings.isEmpty else {
                    throw item.error(
                        "variant \(index + 1) of 'variants' sets nothing",
                        expected: "at least one of \(axesText), such as {name: dark, appearance: dark}")
                }
                spec.entries.append(.init(name: name, settings: settings, location: (fields["name"] ?? item).location))
            }
            return spec
        default:
            throw value.error("'variants' must be a mapping or a list, found \(value.kindDescription)", expected: expected)
        }
    }

    /// Two values of an axis, for a message's example.
    private static func exampleValues(_ key: String) -> String {
        switch key {
        case "device": "iphone-17, ipad-pro-11-m5"
        case "appearance": "light, dark"
        case "contentSizeCategory": "L, AX3"
        case "layoutDirection": "ltr, rtl"
        case "iOSVersion": "18, 26"
        default: "accented, bidi"
        }
    }

    /// One value checked as its top-level key checks it, with the same words: the value is read
    /// as the key's own (`'appearance' cannot be 'purple'`), located where `variants` writes it.
    private static func variantSetting(
        _ key: String, _ written: YAMLValue, designCompatibility: YAMLValue?, address: VariantSetting.Address
    ) throws(ScenarioError) -> VariantSetting {
        let value = YAMLValue(written.node, path: key, file: written.location.file, assets: written.assets)
        let word: String
        switch key {
        case "device":
            let (device, _) = try parseDevice(value)
            word = device.id == "custom" ? "\(format(device.size.width))x\(format(device.size.height))" : device.id
        case "appearance": word = try value.choice(UserInterfaceStyle.self).rawValue
        case "contentSizeCategory": word = try value.choice(ContentSizeCategory.self).rawValue
        case "layoutDirection": word = try value.choice(LayoutDirection.self).rawValue
        case "iOSVersion": word = "iOS\(try parseIOSVersion(value, designCompatibility: designCompatibility).major)"
        default: word = try value.choice(PseudoLocale.self).rawValue
        }
        return VariantSetting(key: key, word: word, location: value.location, address: address)
    }

    /// The scenario's text with the variant's values in place of the top-level keys they set,
    /// parsed again: every rule of every key (a device's multitasking sizes, a release's sheet
    /// settings, the pseudo-locale's strings) holds for each variant as for a scenario that
    /// wrote those values itself. A refusal is located at the value that causes it and names
    /// the variant.
    ///
    /// - Parameters:
    ///   - scenario: A scenario with `variants`, as `parse` returned it.
    ///   - name: The variant's name.
    ///   - settings: The values it sets.
    /// - Returns: The variant, named `SCENARIO@NAME`.
    /// - Throws: The `ScenarioError` the scenario would raise with those values written in.
    package static func variant(of scenario: Scenario, named name: String, settings: [VariantSetting]) throws(ScenarioError)
        -> Scenario
    {
        guard let source = scenario.source else {
            throw ScenarioError(SourceLocation(file: scenario.file), "the scenario's text was not kept, so its variants cannot be parsed")
        }
        let variant = VariantIdentity(scenario: scenario.name, name: name, settings: settings)
        do {
            return try parse(
                source.text, file: scenario.file, defaultName: source.defaultName, assetFolder: source.assetFolder, variant: variant)
        } catch {
            var error = error
            error.message += " (in variant '\(quoted(name))')"
            throw error
        }
    }

    /// `root` with the values `variant` sets put in place of (or beside) the top-level keys, and
    /// without `variants`.
    static func substitute(_ variant: VariantIdentity, in root: Node, file: String) throws(ScenarioError) -> Node {
        guard case .mapping(let mapping) = root, let variants = mapping.first(where: { $0.key.scalar?.string == "variants" })?.value
        else {
            throw ScenarioError(SourceLocation(file: file), "the scenario has no 'variants' to take variant '\(quoted(variant.name))' from")
        }
        var replacements: [(String, Node)] = []
        for setting in variant.settings {
            let node: Node?
            switch setting.address {
            case .axis(let key, let index):
                node = variants.mapping?.first(where: { $0.key.scalar?.string == key })?.value.sequence.flatMap {
                    $0.indices.contains(index) ? $0[index] : nil
                }
            case .entry(let index, let key):
                node =
                    variants.sequence.flatMap { $0.indices.contains(index) ? $0[index] : nil }?.mapping?.first(where: {
                        $0.key.scalar?.string == key
                    })?.value
            }
            guard let node else {
                throw ScenarioError(
                    setting.location, "variant '\(quoted(variant.name))' sets '\(setting.key)' to a value the file no longer holds")
            }
            replacements.append((setting.key, node))
        }
        return replacingTopLevel(replacements, in: mapping)
    }

    /// A scenario's top-level `mapping` with `replacements` in place of (or after) its keys and
    /// without `variants`: what a variant and another release (`drift`) parse.
    static func replacingTopLevel(_ replacements: [(String, Node)], in mapping: Node.Mapping) -> Node {
        var pairs: [(Node, Node)] = []
        for (key, value) in mapping {
            let name = key.scalar?.string
            if name == "variants" { continue }
            if let replacement = replacements.first(where: { $0.0 == name }) {
                pairs.append((key, replacement.1))
            } else {
                pairs.append((key, value))
            }
        }
        for (key, value) in replacements where !pairs.contains(where: { $0.0.scalar?.string == key }) {
            pairs.append((Node.scalar(.init(key, Tag(.str))), value))
        }
        return .mapping(Node.Mapping(pairs, mapping.tag, mapping.style, mapping.mark))
    }
}
