import TabStageModel

/// What the profile header shows: its name and handle, bio, counts, avatar and buttons.
public struct HeaderContent: Sendable, Hashable {
    /// The name, drawn in the header and as the navigation title.
    public var title: String
    /// The handle under the name.
    public var subtitle: String
    /// A few sentences under the handle, wrapped to the header's width.
    public var bio: String
    /// Lines the bio may take, as the scenario chose them; nil takes `defaultBioLines`. The
    /// last line ends in "…" when the text goes on. A limit the scenario chose cuts on purpose
    /// (as `UILabel.numberOfLines` does), so only a cut at the default one is a warning.
    public var bioLines: Int?
    /// The counts line, in order.
    public var stats: [Stat]
    /// The round picture at the banner's bottom edge.
    public var avatar: Avatar
    /// The header button's title; nil hides the button.
    public var buttonTitle: String?
    /// Where the app enlarges the header button's touch area beyond its drawing (overriding
    /// `point(inside:with:)`): this size, centred on the button, when larger than the button.
    /// nil: the button takes touches on its frame only, as a `UIButton` does.
    public var buttonTouchArea: Size?
    /// A verified badge after the name.
    public var verified: Bool
    /// Round buttons drawn over the banner: `back` on the leading side, the rest trailing.
    public var navButtons: [NavButton]
    /// Where the person is ("Cupertino, CA"), with a pin glyph (X style); empty hides it.
    public var location: String
    /// Their website as shown ("tabstage.dev"), with a link glyph (X style); empty hides it.
    public var link: String
    /// When they joined ("Joined March 2009"), with a calendar glyph (X style); empty hides it.
    public var joined: String
    /// The post count the collapsed X header shows under the name ("1,204" → "1,204 posts");
    /// empty shows the name alone.
    public var posts: String
    /// The header sizes itself to its text (`height: fit`), as a self-sizing header does under
    /// Auto Layout: its text follows Dynamic Type at every category, accessibility sizes
    /// included, and the stage takes the expanded height that holds it
    /// (`StageLayout.fittingHeaderHeight`). False keeps a fixed height, whose text stops
    /// growing at XXXL.
    public var sizesToFitText = false

    /// The sample counts every header showed before scenarios could set them.
    public static let defaultStats = [Stat(value: "1,024", label: "Following"), Stat(value: "12.5K", label: "Followers")]
    /// As many lines as X shows of a bio before "…".
    public static let defaultBioLines = 3
    /// The line limit in effect: the chosen one, or the default.
    public var bioLineLimit: Int { bioLines ?? Self.defaultBioLines }

    /// The button a profile shows to a visitor.
    public static let defaultButtonTitle = "Follow"

    /// The defaults draw today's header: no name, initials avatar, sample counts, Follow, no bio.
    public init(
        title: String = "", subtitle: String = "", bio: String = "", bioLines: Int? = nil, stats: [Stat] = Self.defaultStats,
        avatar: Avatar = .initials(nil, color: nil), buttonTitle: String? = Self.defaultButtonTitle, verified: Bool = false,
        navButtons: [NavButton] = [], location: String = "", link: String = "", joined: String = "", posts: String = ""
    ) {
        self.title = title
        self.subtitle = subtitle
        self.bio = bio
        self.bioLines = bioLines
        self.stats = stats
        self.avatar = avatar
        self.buttonTitle = buttonTitle
        self.verified = verified
        self.navButtons = navButtons
        self.location = location
        self.link = link
        self.joined = joined
        self.posts = posts
    }
}

/// A glyph the X-style header draws before one of its details.
package enum HeaderGlyph: String, Sendable, Hashable, CaseIterable {
    /// A map pin, before the location.
    case location
    /// A chain link, before the website.
    case link
    /// A calendar, before the join date.
    case joined
}

/// One count in the header: "1,024 Following".
public struct Stat: Sendable, Hashable {
    /// The number as shown ("12.5K").
    public var value: String
    /// What is counted; may be empty.
    public var label: String

    /// A count as shown: `value` then `label`.
    public init(value: String, label: String) {
        self.value = value
        self.label = label
    }
}

/// The profile picture.
public enum Avatar: Sendable, Hashable {
    /// Letters on a colour: nil initials take the first letters of the name's first two words,
    /// a nil colour the default orange.
    case initials(String?, color: ThemeColor?)
    /// A picture, cropped to the circle (aspect-fill).
    case image(EmbeddedImage)

    /// Initials as Contacts makes them: the first letter or digit of each of the first `count`
    /// words that have one, upper-cased; punctuation and symbols are never initials, and a word
    /// of only those is skipped ("Tom & Jerry" → "TJ", "Émile Zola" → "ÉZ", "@ada" → "A"). Nil
    /// when nothing is usable: draw a neutral glyph instead.
    public static func initials(of name: String, count: Int = 2) -> String? {
        var letters = ""
        for word in name.split(whereSeparator: \.isWhitespace) {
            guard letters.count < count else { break }
            guard let first = word.first(where: { $0.isLetter || $0.isNumber }) else { continue }
            // One character stays one ("ß" would upper-case to "SS").
            let upper = String(first).uppercased()
            letters += upper.count == 1 ? upper : String(first)
        }
        return letters.isEmpty ? nil : letters
    }
}

/// A round control on the banner, as X's profile draws them.
public enum NavButton: String, Sendable, Hashable, CaseIterable {
    /// An arrow toward the leading edge, on the leading side.
    case back
    /// A magnifying glass, on the trailing side.
    case search
    /// Three dots, on the trailing side.
    case more
}
