/// An attribute value split into its text and the `url(#id)` references in it, so every
/// reference can be prefixed per row in one pass, whichever way it was written.
///
/// CSS allows `url(#id)`, `url( #id )`, `url('#id')` and `url("#id")`; each is read here and
/// written back as `url(#PREFIXid)`. Any other `url(…)` (a file, a web address, an unbalanced
/// quote) makes the whole value unreadable: the caller refuses it.
struct LocalReferences {
    enum Piece: Equatable {
        case text(Substring)
        case reference(String)
    }

    let pieces: [Piece]

    /// The ids the value names, in order.
    var ids: [String] { pieces.compactMap { if case .reference(let id) = $0 { id } else { nil } } }

    /// Reads `value`; nil when a `url(` in it is not a local reference.
    init?(_ value: String) {
        var pieces: [Piece] = []
        let scalars = value.unicodeScalars
        var textStart = scalars.startIndex
        var index = scalars.startIndex
        while index < scalars.endIndex {
            guard let afterOpening = Self.urlOpening(scalars, at: index) else {
                index = scalars.index(after: index)
                continue
            }
            guard let (id, end) = Self.localTarget(scalars, from: afterOpening) else { return nil }
            if textStart < index { pieces.append(.text(Substring(scalars[textStart..<index]))) }
            pieces.append(.reference(id))
            index = end
            textStart = end
        }
        if textStart < scalars.endIndex { pieces.append(.text(Substring(scalars[textStart...]))) }
        self.pieces = pieces
    }

    /// The value again, every reference as `url(#` + prefix + id + `)`.
    func written(prefix: String) -> String {
        var out = ""
        for piece in pieces {
            switch piece {
            case .text(let text): out += text
            case .reference(let id): out += "url(#" + prefix + id + ")"
            }
        }
        return out
    }

    /// Characters an id may have to be named by a reference: the ones XML names and CSS
    /// identifiers share, so the reference means the same thing to every reader.
    static func isIdCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_" || scalar == "."
    }

    /// The position after `url(` (in any letter case) when it starts at `index`.
    private static func urlOpening(_ scalars: String.UnicodeScalarView, at index: String.Index) -> String.Index? {
        var position = index
        for expected in "url(".unicodeScalars {
            guard position < scalars.endIndex else { return nil }
            let scalar = scalars[position]
            let lowered = ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32)! : scalar
            guard lowered == expected else { return nil }
            position = scalars.index(after: position)
        }
        return position
    }

    /// `#id` after `url(`: optional spaces, an optional quote, `#`, the id, the same quote,
    /// optional spaces and `)`. Returns the id and the position after `)`.
    private static func localTarget(_ scalars: String.UnicodeScalarView, from start: String.Index) -> (String, String.Index)? {
        var position = start
        func skipSpaces() {
            while position < scalars.endIndex, [" ", "\t", "\n", "\r"].contains(scalars[position]) {
                position = scalars.index(after: position)
            }
        }
        skipSpaces()
        var quote: Unicode.Scalar?
        if position < scalars.endIndex, scalars[position] == "'" || scalars[position] == "\"" {
            quote = scalars[position]
            position = scalars.index(after: position)
        }
        guard position < scalars.endIndex, scalars[position] == "#" else { return nil }
        position = scalars.index(after: position)
        let idStart = position
        while position < scalars.endIndex, isIdCharacter(scalars[position]) { position = scalars.index(after: position) }
        guard idStart < position else { return nil }
        let id = String(scalars[idStart..<position])
        if let quote {
            guard position < scalars.endIndex, scalars[position] == quote else { return nil }
            position = scalars.index(after: position)
        }
        skipSpaces()
        guard position < scalars.endIndex, scalars[position] == ")" else { return nil }
        return (id, scalars.index(after: position))
    }
}
