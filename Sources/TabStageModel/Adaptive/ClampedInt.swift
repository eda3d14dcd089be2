/// A whole number as an `Int` that can never trap: NaN is 0 and values are clamped to
/// ±10^15 first. Validation keeps real positions (row indices, line counts) far inside.
package func clampedInt(_ value: Double) -> Int {
    guard !value.isNaN else { return 0 }
    return Int(min(max(value, -1e15), 1e15))
}
