import Foundation
import TabStageModel
import TabStageScenario

/// Snapshots named the way a DocC catalog finds its pictures: `NAME@2x.png` (the pixels per
/// point after the `@`: DocC reads `@1x`, `@2x` and `@3x`) and, for the dark twin of a light
/// picture, `NAME~dark@2x.png`, so an article's `![…](NAME)` shows the one that matches the
/// reader's appearance. Naming and pairing only; the command line draws and writes them.
///
/// A scenario without `variants` gives `SCENARIO-SNAPSHOT` for each snapshot. A scenario with
/// `variants` gives `SCENARIO-WORDS-SNAPSHOT` per variant, WORDS being the variant's values
/// other than its appearance (`variants-L-expanded` for both `light-L` and `dark-L`): the
/// variant whose only difference is `appearance: dark` is the light one's dark twin. A dark
/// picture without a light twin is named plainly: DocC shows it in both appearances.
package enum DocCPictures {
    /// One picture to write: its file name and the snapshot it shows.
    package struct Picture: Sendable {
        /// The file name in the DocC folder, such as `profile-expanded~dark@2x.png`.
        package var file: String
        /// The name an article uses, such as `profile-expanded`.
        package var name: String
        /// Which run (of the list given) and which of its snapshots.
        package var run: Int
        package var snapshot: Int
        /// Pixels per point: 1, 2 or 3.
        package var scale: Int
        /// Whether it is the dark twin of a light picture.
        package var dark: Bool
    }

    /// The scales DocC reads in a name (`@1x`, `@2x`, `@3x`).
    package static let scales = 1...3

    /// `NAME@Sx.png`, or `NAME~dark@Sx.png` for a dark twin.
    package static func fileName(_ name: String, scale: Int, dark: Bool) -> String {
        "\(name)\(dark ? "~dark" : "")@\(scale)x.png"
    }

    /// Why `name` cannot be a DocC picture's name, or nil: it must be a plain file name (no
    /// `/`, not hidden, so not `..`), and hold neither `~` nor `@`, which DocC reads as the
    /// appearance and the scale.
    package static func nameProblem(_ name: String) -> String? {
        if name.contains("/") || name == ".." || name == "." || !OutputNames.isPlainFileName(name) {
            return "is not a plain file name (expected a name without '/', not starting with '.', without control characters)"
        }
        if name.contains("~") || name.contains("@") {
            return "holds '~' or '@', which DocC reads as the appearance (~dark) and the scale (@2x) (expected a name without them)"
        }
        return nil
    }

    /// The pixels per point DocC can name for `scale`: 1, 2 or 3, else nil.
    package static func namedScale(_ scale: Double) -> Int? {
        scales.first { Double($0) == scale }
    }

    /// The pictures of `runs` (as `run` gives them, variants expanded), at `scale` pixels per
    /// point (nil: each device's display scale), in the runs' order.
    ///
    /// - Throws: A `ScenarioError` at the snapshot whose name DocC cannot use, whose scale it
    ///   cannot name, or whose picture would take another's name.
    package static func plan(_ runs: [ScenarioRun], scale: Double?) throws(ScenarioError) -> [Picture] {
        // Light and dark variants that differ only in appearance share a key.
        var appearances: [String: Set<Bool>] = [:]
        for run in runs where run.scenario.variant != nil {
            appearances[twinKey(run.scenario), default: []].insert(run.scenario.settings.appearance == .dark)
        }
        var pictures: [Picture] = []
        var taken: [String: SourceLocation] = [:]
        for (runIndex, run) in runs.enumerated() {
            let scenario = run.scenario
            let isDark = scenario.settings.appearance == .dark
            let twinned = scenario.variant != nil && appearances[twinKey(scenario)] == [false, true]
            for (index, snapshot) in run.snapshots.enumerated() {
                let location =
                    index < run.snapshotLocations.count ? run.snapshotLocations[index] : SourceLocation(file: scenario.file)
                let name = baseName(scenario) + "-" + snapshot.name
                if let problem = nameProblem(name) {
                    throw ScenarioError(location, "the DocC picture name '\(quoted(name))' \(problem)")
                }
                let pixels = scale ?? snapshot.state.window.traits.displayScale
                guard let named = namedScale(pixels) else {
                    throw ScenarioError(
                        location,
                        "snapshot '\(quoted(snapshot.name))' is drawn at \(decimalText(pixels, decimals: 2)) px per point, a scale DocC cannot name",
                        expected: "--scale 1, 2 or 3 with --docc (DocC reads @1x, @2x and @3x)")
                }
                let dark = twinned && isDark
                let file = fileName(name, scale: named, dark: dark)
                let key = OutputNames.collisionKey(file)
                if let earlier = taken[key] {
                    throw ScenarioError(
                        location,
                        "the DocC picture '\(quoted(file))' is also the name of the snapshot at \(earlier)",
                        expected: "snapshot and scenario names that give each picture a name of its own, also ignoring letter case")
                }
                taken[key] = location
                pictures.append(Picture(file: file, name: name, run: runIndex, snapshot: index, scale: named, dark: dark))
            }
        }
        return pictures
    }

    /// `SCENARIO`, or `SCENARIO-WORDS` for a variant: its values' words but the appearance's.
    package static func baseName(_ scenario: Scenario) -> String {
        guard let variant = scenario.variant else { return scenario.name }
        let words = variant.settings.filter { $0.key != "appearance" }.map(\.word)
        return ([variant.scenario] + words).joined(separator: "-")
    }

    private static func twinKey(_ scenario: Scenario) -> String {
        baseName(scenario) + "\u{0}" + scenario.file
    }
}
