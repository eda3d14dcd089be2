import Foundation
import TabStageModel

/// A scenario's `variants` expanded into named variants: the one place that decides their
/// names, their order, their limit and which one `--variant` picks. `run`, `record`, `verify`
/// and the testing API all expand here, and each variant is then simulated once.
///
/// - A matrix (`{appearance: [light, dark], contentSizeCategory: [L, AX3]}`) gives every
///   combination, the first axis changing slowest: `light-L`, `light-AX3`, `dark-L`, `dark-AX3`.
/// - A list gives its entries in order, each named by its `name` or else by its values joined
///   by `-` in the order written.
///
/// A variant's name is its values' words (`dark`, `AX3`, `iphone-17`, `iOS26`, `402x874` for a
/// custom device) joined by `-`; its outputs go to `SCENARIO@NAME/`.
public enum ScenarioVariants {
    /// One variant before it is parsed: its name and the values it sets.
    package struct Combination: Sendable, Hashable {
        /// The variant's name.
        public var name: String
        /// The values it sets.
        package var settings: [VariantSetting]
        /// Where the file writes it (a list entry, or the matrix's first value of it).
        public var location: SourceLocation
    }

    /// The variants `spec` writes, named and in order, with their names checked: each a plain
    /// file name, `SCENARIO@NAME` within the name limits, no two alike ignoring letter case (on
    /// a case-insensitive disk they would share a folder), at most `ScenarioLimits.maxVariants`.
    ///
    /// - Parameters:
    ///   - spec: The scenario's `variants`.
    ///   - scenario: The scenario's name.
    /// - Returns: The variants in their fixed order.
    /// - Throws: A `ScenarioError` located at the value or entry at fault.
    package static func combinations(_ spec: VariantSpec, scenario: String) throws(ScenarioError) -> [Combination] {
        var combinations: [Combination] = []
        switch spec.form {
        case .matrix:
            let counts = spec.axes.map(\.values.count)
            // Counted before any combination is made: 10 × 10 × 10 values are 1,000 variants.
            let total = counts.reduce(1) { $0.multipliedReportingOverflow(by: $1).overflow ? Int.max : $0 * $1 }
            if total > ScenarioLimits.maxVariants {
                throw ScenarioError(
                    spec.location,
                    "'variants' makes \(counts.map(String.init).joined(separator: " × ")) = \(total) variants, over the limit",
                    expected:
                        "at most \(ScenarioLimits.maxVariants) variants per scenario: fewer values, or a list of the combinations wanted")
            }
            var rows: [[VariantSetting]] = [[]]
            for axis in spec.axes {
                rows = rows.flatMap { row in axis.values.map { row + [$0] } }
            }
            combinations = rows.map { row in
                Combination(name: row.map(\.word).joined(separator: "-"), settings: row, location: row[0].location)
            }
        case .list:
            if spec.entries.count > ScenarioLimits.maxVariants {
                throw ScenarioError(
                    spec.location, "'variants' lists \(spec.entries.count) variants, over the limit",
                    expected: "at most \(ScenarioLimits.maxVariants) variants per scenario")
            }
            combinations = spec.entries.map { entry in
                Combination(
                    name: entry.name ?? entry.settings.map(\.word).joined(separator: "-"), settings: entry.settings,
                    location: entry.location)
            }
        }
        var seen: [String: Combination] = [:]
        for combination in combinations {
            let full = scenario + String(VariantIdentity.separator) + combination.name
            if full.count > ScenarioLimits.maxNameCharacters || full.utf8.count > ScenarioLimits.maxNameBytes {
                throw ScenarioError(
                    combination.location,
                    "variant '\(quoted(combination.name))' makes the output folder '\(quoted(full))', too long a name",
                    expected:
                        "SCENARIO@VARIANT at most \(ScenarioLimits.maxNameCharacters) characters and \(ScenarioLimits.maxNameBytes) bytes: a shorter 'name'"
                )
            }
            let key = fileNameCollisionKey(combination.name)
            if let earlier = seen[key] {
                let same = earlier.name == combination.name ? "" : " as '\(quoted(earlier.name))'"
                throw ScenarioError(
                    combination.location,
                    "two variants are named '\(quoted(combination.name))' (the first\(same) at line \(earlier.location.line))",
                    expected: "distinct variant names, also ignoring letter case: each gets its own output folder; give one a 'name'")
            }
            seen[key] = combination
        }
        return combinations
    }

    /// The scenarios to run for `scenario`: itself when it has no variants, otherwise each
    /// variant (or only the one named `only`), parsed with its values in place.
    ///
    /// - Parameters:
    ///   - scenario: A parsed scenario.
    ///   - only: `--variant NAME`: the one variant to run.
    /// - Returns: The scenarios, in the variants' order.
    /// - Throws: A `ScenarioError` for a refused variant, or an `only` no variant is named.
    public static func expand(_ scenario: Scenario, only: String? = nil) throws(ScenarioError) -> [Scenario] {
        guard let spec = scenario.variants else {
            if let only {
                throw ScenarioError(
                    SourceLocation(file: scenario.file), "--variant '\(quoted(only))' names a variant, but the scenario has no 'variants'",
                    expected: "a scenario with 'variants', or no --variant")
            }
            return [scenario]
        }
        var selected = try combinations(spec, scenario: scenario.name)
        if let only {
            let names = selected.map(\.name)
            guard let match = selected.first(where: { $0.name == only }) else {
                throw ScenarioError(
                    spec.location, "no variant of '\(quoted(scenario.name))' is named '\(quoted(only))'" + didYouMean(only, names),
                    expected: oneOf(names))
            }
            selected = [match]
        }
        var scenarios: [Scenario] = []
        for combination in selected {
            scenarios.append(try ScenarioParser.variant(of: scenario, named: combination.name, settings: combination.settings))
        }
        return scenarios
    }
}
