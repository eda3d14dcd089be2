/// Locale-free, deterministic decimal text: at most `decimals` places, no trailing zeros,
/// no "-0". SVG uses 2 places, the trace 4. Non-finite values (which the model
/// never produces) are written as 0 so output always stays valid SVG and JSON.
public func decimalText(_ value: Double, decimals: Int) -> String {
    precondition((0...6).contains(decimals))
    var factor: UInt64 = 1
    for _ in 0..<decimals { factor *= 10 }
    let scaled = (value * Double(factor)).rounded()
    guard scaled.isFinite, scaled != 0 else { return "0" }
    // Beyond 64-bit integers (no model value comes near): Swift's own spelling, still a valid
    // JSON and SVG number, never a trapping conversion.
    guard abs(scaled) < 9e18 else { return Int64(exactly: value.rounded()).map(String.init) ?? "\(value.rounded())" }
    let magnitude = UInt64(abs(scaled))
    var text = (scaled < 0 ? "-" : "") + String(magnitude / factor)
    let fraction = magnitude % factor
    if fraction > 0 {
        var digits = String(fraction)
        digits = String(repeating: "0", count: decimals - digits.count) + digits
        while digits.last == "0" { digits.removeLast() }
        text += "." + digits
    }
    return text
}
