/// The one number formatter: locale-free, deterministic decimal text with at most `decimals`
/// places, no trailing zeros (unless `keepingTrailingZeros`), no "-0". SVG uses 2 places, the
/// trace 4, percentages in reports keep their zeros. Non-finite values (which the model never
/// produces) are written as 0 so output always stays valid SVG and JSON.
package func decimalText(_ value: Double, decimals: Int, keepingTrailingZeros: Bool = false) -> String {
    var bytes: [UInt8] = []
    appendDecimalText(value, decimals: decimals, keepingTrailingZeros: keepingTrailingZeros, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
}

/// `decimalText` appended as UTF-8 bytes, for writers that build large outputs (the SVG) without
/// making a String per number.
package func appendDecimalText(_ value: Double, decimals: Int, keepingTrailingZeros: Bool = false, to out: inout [UInt8]) {
    precondition((0...6).contains(decimals))
    let zero = UInt8(ascii: "0")
    var factor: UInt64 = 1
    for _ in 0..<decimals { factor *= 10 }
    let scaled = (value * Double(factor)).rounded()
    guard scaled.isFinite, scaled != 0 else {
        out.append(zero)
        if keepingTrailingZeros && decimals > 0 {
            out.append(UInt8(ascii: "."))
            out.append(contentsOf: repeatElement(zero, count: decimals))
        }
        return
    }
    // Beyond 64-bit integers (no model value comes near): Swift's own spelling, still a valid
    // JSON and SVG number, never a trapping conversion.
    guard abs(scaled) < 9e18 else {
        out.append(contentsOf: (Int64(exactly: value.rounded()).map(String.init) ?? "\(value.rounded())").utf8)
        return
    }
    if scaled < 0 { out.append(UInt8(ascii: "-")) }
    let magnitude = UInt64(abs(scaled))
    appendDigits(magnitude / factor, to: &out)
    var fraction = magnitude % factor
    guard decimals > 0, fraction > 0 || keepingTrailingZeros else { return }
    out.append(UInt8(ascii: "."))
    var place = factor / 10
    while place > 0 && (fraction > 0 || keepingTrailingZeros) {
        out.append(zero + UInt8(fraction / place))
        fraction %= place
        place /= 10
    }
}

private func appendDigits(_ value: UInt64, to out: inout [UInt8]) {
    if value >= 10 { appendDigits(value / 10, to: &out) }
    out.append(UInt8(ascii: "0") + UInt8(value % 10))
}

/// Numbers quoted in messages: whole numbers without ".0", others as Swift prints them
/// (shortest round-trip form), so a message repeats the value the user wrote.
package func messageNumberText(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
}
