import Foundation

/// A path's segment count and an upper bound on its length, read from SVG path data or a
/// `points` list, for `DrawingCost`. A curve is no longer than its control polygon, and an arc no
/// longer than the whole ellipse, so the length is never underestimated.
struct PathOutline {
    /// Segments: one per command drawn (a curve or arc counts as one).
    private(set) var segments = 0
    /// The outline's length, at least.
    private(set) var length = 0.0

    /// `points="x,y x,y …"` of a polyline or polygon (closed or not, one more segment at most).
    init(points: String) {
        let numbers = Self.numbers(in: Substring(points))
        var previous: (Double, Double)?
        var first: (Double, Double)?
        var index = 0
        while index + 1 < numbers.count {
            let point = (numbers[index], numbers[index + 1])
            if let last = previous {
                segments += 1
                length += hypot(point.0 - last.0, point.1 - last.1)
            } else {
                first = point
            }
            previous = point
            index += 2
        }
        if let first, let last = previous {
            segments += 1
            length += hypot(first.0 - last.0, first.1 - last.1)
        }
    }

    /// SVG path data: `M`, `L`, `H`, `V`, `C`, `S`, `Q`, `T`, `A`, `Z`, absolute or relative,
    /// implicit repetitions included.
    init(pathData: String) {
        var current = (0.0, 0.0)
        var start = (0.0, 0.0)
        var command: Character = "M"
        var scalars = Substring(pathData)
        while true {
            scalars = scalars.drop { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" }
            guard !scalars.isEmpty else { break }
            if let first = scalars.first, first.isLetter {
                command = first
                scalars = scalars.dropFirst()
                if command == "Z" || command == "z" {
                    segments += 1
                    length += hypot(start.0 - current.0, start.1 - current.1)
                    current = start
                }
                continue
            }
            let arity: Int
            switch command.uppercased() {
            case "M", "L", "T": arity = 2
            case "H", "V": arity = 1
            case "C": arity = 6
            case "S", "Q": arity = 4
            case "A": arity = 7
            default:
                giveUp(scalars)
                return
            }
            var values: [Double] = []
            while values.count < arity {
                let isFlag = arity == 7 && (values.count == 3 || values.count == 4)
                guard let (value, rest) = isFlag ? Self.flag(in: scalars) : Self.number(in: scalars) else { break }
                values.append(value)
                scalars = rest
            }
            guard values.count == arity else {
                giveUp(scalars)
                return
            }
            let relative = command.isLowercase
            let origin = relative ? current : (0.0, 0.0)
            var points: [(Double, Double)] = []
            switch command.uppercased() {
            case "H": points = [(values[0] + (relative ? current.0 : 0), current.1)]
            case "V": points = [(current.0, values[0] + (relative ? current.1 : 0))]
            case "A":
                let end = (values[5] + origin.0, values[6] + origin.1)
                segments += 1
                length += 2 * Double.pi * max(abs(values[0]), abs(values[1])) + hypot(end.0 - current.0, end.1 - current.1)
                current = end
                continue
            default: points = stride(from: 0, to: arity, by: 2).map { (values[$0] + origin.0, values[$0 + 1] + origin.1) }
            }
            if command == "M" || command == "m" {
                current = points[0]
                start = current
                // Pairs after a moveto are implicit linetos.
                command = command == "M" ? "L" : "l"
                continue
            }
            segments += 1
            for point in points {
                length += hypot(point.0 - current.0, point.1 - current.1)
                current = point
            }
            // Control points were walked through; the pen ends at the last point.
        }
    }

    /// Path data librsvg would stop drawing at: the rest still counts, a segment per number,
    /// and the length is unknown (so any dash pattern on it is over the budget).
    private mutating func giveUp(_ rest: Substring) {
        segments += rest.filter { $0.isNumber }.count
        length = .infinity
    }

    /// An arc's flag: `0` or `1`, which may be written with no separator after it.
    static func flag(in text: Substring) -> (Double, Substring)? {
        let rest = text.drop { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = rest.first, first == "0" || first == "1" else { return nil }
        return (first == "1" ? 1 : 0, rest.dropFirst())
    }

    /// Every number in `text`, in order.
    static func numbers(in text: Substring) -> [Double] {
        var out: [Double] = []
        var rest = text
        while let (value, after) = number(in: rest) {
            out.append(value)
            rest = after
        }
        return out
    }

    /// The next number after separators (spaces, commas), and the text after it; nil when the
    /// next thing is not a number.
    static func number(in text: Substring) -> (Double, Substring)? {
        var rest = text.drop { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        var token = ""
        var seenDot = false
        var seenExponent = false
        while let character = rest.first {
            if character.isNumber && character.isASCII {
                token.append(character)
            } else if (character == "-" || character == "+") && (token.isEmpty || token.last == "e" || token.last == "E") {
                token.append(character)
            } else if character == ".", !seenDot, !seenExponent {
                seenDot = true
                token.append(character)
            } else if character == "e" || character == "E", !seenExponent, !token.isEmpty {
                seenExponent = true
                token.append(character)
            } else {
                break
            }
            rest = rest.dropFirst()
        }
        guard let value = Double(token) else { return nil }
        return (value, rest)
    }
}
