import Foundation
import TabStageModel

/// Text from a report (a scenario's or snapshot's name, a message, a path) made safe for a
/// GitHub Markdown page, where it is read both as Markdown and as HTML: it shows as the letters
/// it holds and never becomes markup, a raw HTML element, a link, an image or an `@mention`.
/// Every value is cut to a bounded length first, so a huge value never makes a huge page.
package enum MarkdownText {
    /// The zero-width joiner put after `@`, `#` and `:` so GitHub finds no mention, reference
    /// or address in prose (it shows nothing; a copied value would hold it, so names and
    /// commands go in code spans, which GitHub never links).
    static let joiner: Unicode.Scalar = "\u{200D}"

    /// `text` as a code span: shown letter for letter, never parsed as Markdown or HTML and
    /// never linked. Cut to `limit` Unicode scalars (with "…"); a line break, a control, a bidi
    /// or another invisible format character (U+200B, U+200D, U+202E …) becomes "?", so the
    /// span stays on one line and shows what it holds.
    package static func code(_ text: String, limit: Int = 200) -> String {
        var body = visible(text, limit: limit)
        if body.isEmpty { body = " " }
        // A span opens and closes with a run of backticks longer than any run inside it.
        var longest = 0, run = 0
        for scalar in body.unicodeScalars {
            run = scalar == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        // CommonMark strips one space from each end when both ends have one, and a backtick at
        // an end would join the fence: one space of padding each side keeps both as they are.
        let pad = body.hasPrefix("`") || body.hasSuffix("`") || (body.hasPrefix(" ") && body.hasSuffix(" ")) ? " " : ""
        return fence + pad + body + pad + fence
    }

    /// `text` as words in a paragraph: every HTML special character as an entity, every other
    /// ASCII punctuation character backslash-escaped (CommonMark lets each be), and a zero-width
    /// joiner after `@`, `#` and `:` and inside `www.` so no mention, issue reference or address
    /// is found in the text. Cut to `limit` Unicode scalars; line breaks become spaces.
    package static func prose(_ text: String, limit: Int = 1_000) -> String {
        let body = visible(text, limit: limit, lineBreak: " ")
        var out = ""
        out.unicodeScalars.reserveCapacity(body.unicodeScalars.count * 2)
        var previous: [Unicode.Scalar] = []
        for scalar in body.unicodeScalars {
            // `www.` is found by GitHub's autolinker without a scheme: a joiner breaks it.
            if scalar == ".", previous.count == 3, previous.allSatisfy({ $0 == "w" || $0 == "W" }) { out.unicodeScalars.append(joiner) }
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "@", "#", ":":
                out += "\\" + String(scalar)
                out.unicodeScalars.append(joiner)
            default:
                // Every other ASCII punctuation character (CommonMark's list): `!` … `~`.
                if "!$%()*+,-./;=?[\\]^_`{|}~".unicodeScalars.contains(scalar) {
                    out += "\\" + String(scalar)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
            previous.append(scalar)
            if previous.count > 3 { previous.removeFirst() }
        }
        return out
    }

    /// `text` inside an HTML attribute's double quotes.
    package static func attribute(_ text: String, limit: Int = 2_000) -> String {
        xmlEscape(visible(text, limit: limit)).replacingOccurrences(of: "'", with: "&#39;")
    }

    /// A path relative to a report folder as a URL path: each component percent-encoded but for
    /// RFC 3986's unreserved characters (letters, digits, `-`, `.`, `_`, `~`).
    package static func urlPath(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { part in
            var out = ""
            for byte in part.utf8 {
                let isUnreserved =
                    (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
                    || [0x2D, 0x2E, 0x5F, 0x7E].contains(byte)
                out += isUnreserved ? String(UnicodeScalar(byte)) : String(format: "%%%02X", byte)
            }
            return out
        }.joined(separator: "/")
    }

    /// Whether `base` may start the address of a report's images: an `http` or `https` URL with
    /// a host, written in printable ASCII with none of the characters a URL must encode (space,
    /// quotes, `<`, `>`, `\`, `^`, backtick, braces, `|`); nil when it may, else why not.
    package static func imageBaseProblem(_ base: String) -> String? {
        let lower = base.lowercased()
        guard let scheme = ["https://", "http://"].first(where: { lower.hasPrefix($0) }) else {
            return "is not an http or https URL"
        }
        let forbidden = Set(" \"'<>\\^`{|}".unicodeScalars)
        guard base.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F && !forbidden.contains($0) }) else {
            return "holds a space, a quote, one of < > \\ ^ ` { | } or a character outside printable ASCII (percent-encode it)"
        }
        let host = base.dropFirst(scheme.count).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !host.isEmpty, !host.hasPrefix("@"), !host.hasPrefix(":") else { return "names no host" }
        guard !base.contains("?"), !base.contains("#") else {
            return "has a query or fragment (the image's path is added after it)"
        }
        return nil
    }

    /// At most `limit` scalars of `text`, "…" when cut; a line break as `lineBreak`, and any
    /// other control, bidi or invisible format scalar as "?".
    static func visible(_ text: String, limit: Int, lineBreak: String = "?") -> String {
        var out = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == limit { return out + "…" }
            if scalar == "\n" || scalar == "\r" || scalar == "\u{2028}" || scalar == "\u{2029}" {
                out += lineBreak
            } else if isUnsafeInMessage(scalar) || scalar.properties.generalCategory == .format {
                out += "?"
            } else {
                out.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return out
    }
}
