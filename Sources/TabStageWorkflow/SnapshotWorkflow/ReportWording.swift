import TabStageModel

/// "4,212": a count with thousands grouped, locale-free.
package func grouped(_ count: Int) -> String {
    let digits = String(count.magnitude)
    var out = ""
    for (index, digit) in digits.enumerated() {
        if index > 0, (digits.count - index) % 3 == 0 { out += "," }
        out.append(digit)
    }
    return (count < 0 ? "-" : "") + out
}

/// "0.04%" with up to three significant decimals, locale-free.
package func percent(_ ratio: Double) -> String {
    let value = ratio * 100
    let decimals = value >= 10 ? 1 : value >= 1 ? 2 : 3
    return decimalText(value, decimals: decimals, keepingTrailingZeros: true) + "%"
}

/// The lines that differ between two SVG texts: the common head and tail are dropped and the
/// middle shown as removed and added lines, at most `limit` of them (tabstage's SVGs are
/// deterministic, so a change is usually a few attributes in one place).
package enum SVGChanges {
    package static func lines(from old: String, to new: String, limit: Int = 80) -> [String] {
        let a = old.split(separator: "\n", omittingEmptySubsequences: false),
            b = new.split(separator: "\n", omittingEmptySubsequences: false)
        var head = 0
        while head < a.count && head < b.count && a[head] == b[head] { head += 1 }
        var tail = 0
        while tail < a.count - head && tail < b.count - head && a[a.count - 1 - tail] == b[b.count - 1 - tail] { tail += 1 }
        let removed = a[head..<a.count - tail].map { "- \($0)" }, added = b[head..<b.count - tail].map { "+ \($0)" }
        let all = removed + added
        guard all.count > limit else { return ["@@ line \(head + 1) @@"] + all }
        return ["@@ line \(head + 1) @@"] + all.prefix(limit) + ["… \(all.count - limit) more changed lines"]
    }
}
