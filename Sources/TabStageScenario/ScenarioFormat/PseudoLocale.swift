import TabStageLayout
import TabStageModel

/// A pseudo-locale: the scenario's strings rewritten so that a run shows, before any
/// translation exists, which text a real language would cut or mirror. Modelled on Android's
/// pseudo-locales.
package enum PseudoLocale: String, Sendable, Hashable, CaseIterable {
    /// Like Android's en-XA: every letter accented, the string bracketed and about 40 % longer.
    case accented
    /// Like Android's ar-XB: every string right to left (written backwards with the
    /// right-to-left override) in a right-to-left layout.
    case bidi

    /// How much longer `accented` makes a string: at least this many times its characters.
    package static let expansion = 1.4
    /// Words `accented` pads with, in turn.
    static let padding = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]

    /// `text` in this pseudo-locale; an empty string stays empty (no label stays no label).
    package func transform(_ text: String) -> String {
        guard !text.isEmpty else { return text }
        switch self {
        case .accented:
            let accented = String(text.map { Self.accents[$0] ?? $0 })
            let target = Int((Double(text.count) * Self.expansion).rounded(.up))
            var padded = accented
            var word = 0
            // Brackets count: "[" + text + padding + "]" reaches 1.4 × the original length.
            while padded.count + 2 < target {
                padded += " " + Self.padding[word % Self.padding.count]
                word += 1
            }
            return "[" + padded + "]"
        case .bidi:
            // RIGHT-TO-LEFT MARK, RIGHT-TO-LEFT OVERRIDE … POP DIRECTIONAL FORMATTING, RIGHT-TO-LEFT MARK.
            return "\u{200F}\u{202E}" + text + "\u{202C}\u{200F}"
        }
    }

    /// The accented form of each ASCII letter, as en-XA writes them.
    static let accents: [Character: Character] = {
        let plain = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let marked = Array("áƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ")
        return Dictionary(uniqueKeysWithValues: zip(plain, marked))
    }()

    /// The header's and tabs' strings, the rows' data and the header content in this
    /// pseudo-locale. Numbers stay as they are (a count's value, a row's time).
    package func apply(to container: ContainerConfig, look: Look) -> (ContainerConfig, Look) {
        var container = container, look = look
        look.header.title = transform(look.header.title)
        look.header.subtitle = transform(look.header.subtitle)
        for index in container.tabs.indices {
            container.tabs[index].title = transform(container.tabs[index].title)
        }
        for index in look.rowContent.indices {
            if var content = look.rowContent[index] {
                content.items = content.items.map { item in
                    var item = item
                    item.title = transform(item.title)
                    item.subtitle = transform(item.subtitle)
                    item.text = transform(item.text)
                    return item
                }
                look.rowContent[index] = content
            }
        }
        look.header.bio = transform(look.header.bio)
        look.header.stats = look.header.stats.map { Stat(value: $0.value, label: transform($0.label)) }
        look.header.buttonTitle = look.header.buttonTitle.map(transform)
        return (container, look)
    }
}
