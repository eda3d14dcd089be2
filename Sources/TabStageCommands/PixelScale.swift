import ArgumentParser
import Foundation
import TabStageModel
import TabStageScenario

/// Pixels per point as people write them: `2`, `0.5`, or with the `x` of `@3x` asset names
/// (`3x`). Anything else is refused with the accepted range, instead of ArgumentParser's bare
/// "invalid".
enum PixelScale {
    /// Why a `--scale`-like value was refused; its description follows ArgumentParser's
    /// "The value 'V' is invalid for '--scale <scale>':".
    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }

    /// The accepted range, in words, for help texts and refusals.
    static let range = "from \(decimalText(ScenarioLimits.minScale, decimals: 2)) to \(decimalText(ScenarioLimits.maxScale, decimals: 2))"

    /// The number `text` gives, with an optional trailing `x`; refused when it is not a finite
    /// number.
    static func parse(_ text: String) throws -> Double {
        var number = Substring(text.trimmingCharacters(in: .whitespaces))
        if number.last == "x" || number.last == "X" { number = number.dropLast() }
        guard let value = Double(number), value.isFinite else {
            throw Refusal(description: "expected pixels per point \(range), such as 2, 0.5 or 3x")
        }
        // The range is checked with the command's other options (`validate()`), in their words.
        return value
    }
}
