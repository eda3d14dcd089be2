/// Reads attribute values and `style="…"` declarations as CSS does, closely enough to refuse
/// what could load or hide something: a function outside the attribute's allowlist
/// (`image-set()`, `-webkit-image-set()`, `image()`, `cross-fade()`, `var()`, …), a quoted
/// string outside a font's name, a comment, an at-rule or a character that ends a declaration
/// or block. `url(` is handled before (`LocalReferences`): only `url(#id)` reaches here, as a
/// reference.
enum CSSValues {
    /// Why a value or declaration is refused: the message and what would be accepted.
    struct Problem: Error, Equatable {
        var message: String
        var expected: String
    }

    /// One `property: value` of a `style` attribute, the property in lower case.
    struct Declaration: Equatable {
        var property: String
        var value: String
    }

    static let expectedFunctions = "rgb(), hsl() or url(#id) in paint, url(#id) in clip-path and mask, transform functions"
    static let expectedProperty = "SVG presentation properties such as fill, stroke, opacity, font-size"

    /// The declarations of a `style` attribute, each property allowlisted and its value checked.
    static func declarations(_ style: String) -> Result<[Declaration], Problem> {
        var out: [Declaration] = []
        for piece in split(style) {
            let text = piece.trimmingSpaces
            guard !text.isEmpty else { continue }
            guard let colon = text.firstIndex(of: ":") else {
                return .failure(
                    Problem(
                        message: "style=\"…\" has '\(quotedValue(text))', which is not a 'property: value' declaration",
                        expected: expectedProperty))
            }
            let property = String(text[..<colon]).trimmingSpaces.lowercased()
            let value = String(text[text.index(after: colon)...]).trimmingSpaces
            guard SVGAllowlist.presentation.contains(property) else {
                return .failure(
                    Problem(
                        message: "style=\"…\" sets the CSS property '\(quotedValue(property))', which a row template may not use",
                        expected: expectedProperty))
            }
            if let problem = problem(in: value, of: property) { return .failure(problem) }
            out.append(Declaration(property: property, value: value))
        }
        return .success(out)
    }

    /// `style` split at each `;` outside quotes and parentheses.
    static func split(_ style: String) -> [String] {
        var pieces: [String] = []
        var current = ""
        var quote: Character?
        var depth = 0
        for character in style {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "(" {
                depth += 1
            } else if character == ")" {
                depth = max(0, depth - 1)
            } else if character == ";", depth == 0 {
                pieces.append(current)
                current = ""
                continue
            }
            current.append(character)
        }
        pieces.append(current)
        return pieces
    }

    /// Why the value `value` of attribute or property `name` is refused, or nil.
    static func problem(in value: String, of name: String) -> Problem? {
        // Most values are numbers, names, lists and #colours: nothing there to read further.
        if value.utf8.allSatisfy(isPlainByte) { return nil }
        guard let parsed = LocalReferences(value) else {
            return Problem(
                message: "\(name)=\"\(quotedValue(value))\" has a url() that is not a reference to an id in the row",
                expected: SVGFragmentChecker.Expected.localURL)
        }
        let allowed = SVGAllowlist.functions(for: name)
        if !parsed.ids.isEmpty, !allowed.contains("url") {
            return Problem(message: "'\(name)' cannot take url(…) in a row template", expected: expectedFunctions)
        }
        for piece in parsed.pieces {
            guard case .text(let text) = piece else { continue }
            if let problem = problem(inText: text, of: name, allowed: allowed) { return problem }
        }
        return nil
    }

    /// Bytes that cannot start a function, string, comment or escape.
    static func isPlainByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: " "), UInt8(ascii: "#"), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: ","), UInt8(ascii: "%"),
            UInt8(ascii: "_"):
            true
        default: false
        }
    }

    private static func problem(inText text: Substring, of name: String, allowed: Set<String>) -> Problem? {
        let scalars = Array(text.unicodeScalars)
        var quote: Unicode.Scalar?
        var inFunction = false
        var identifierStart = 0
        func isIdentifier(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_"
        }
        for (index, scalar) in scalars.enumerated() {
            if let open = quote {
                if scalar == open {
                    quote = nil
                    identifierStart = index + 1
                } else if scalar == "(" || scalar == ")" {
                    return Problem(
                        message: "'\(name)' has a parenthesis inside a quoted string", expected: "a font's name in quotes, without ( or )")
                }
                continue
            }
            if isIdentifier(scalar) { continue }
            defer { identifierStart = index + 1 }
            switch scalar {
            case "'", "\"":
                guard SVGAllowlist.quotedStrings.contains(name), !inFunction else {
                    return Problem(
                        message: "'\(name)' has a quoted string, which could name a file to load",
                        expected: "quotes only around a font's name in font-family")
                }
                quote = scalar
            case "(":
                let function = String(String.UnicodeScalarView(scalars[identifierStart..<index]))
                guard !function.isEmpty else {
                    return Problem(message: "'\(name)' has a '(' that follows no function name", expected: expectedFunctions)
                }
                guard !inFunction else {
                    return Problem(
                        message: "'\(name)' calls \(quotedValue(function))() inside another function", expected: expectedFunctions)
                }
                guard allowed.contains(function.lowercased()) else {
                    return Problem(
                        message: "'\(name)' calls the CSS function \(quotedValue(function))(), which a row template may not use",
                        expected: expectedFunctions)
                }
                inFunction = true
            case ")":
                guard inFunction else { return Problem(message: "'\(name)' has a ')' that closes nothing", expected: expectedFunctions) }
                inFunction = false
            case "/" where index + 1 < scalars.count && scalars[index + 1] == "*":
                return Problem(message: "'\(name)' has a CSS comment", expected: "plain CSS values without comments")
            case "{", "}", ";", "@", "!", "\\", "`":
                return Problem(
                    message: "'\(name)' has the character '\(Character(scalar))', which no value a row template needs has",
                    expected: "plain CSS values: numbers, names, #colours and the allowed functions")
            default: continue
            }
        }
        if quote != nil { return Problem(message: "'\(name)' has a quoted string that is not closed", expected: "each quote closed") }
        if inFunction { return Problem(message: "'\(name)' has a function that is not closed with ')'", expected: expectedFunctions) }
        return nil
    }
}

extension StringProtocol {
    /// The text without spaces, tabs and line breaks at either end.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
