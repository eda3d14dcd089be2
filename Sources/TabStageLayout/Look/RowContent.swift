import TabStageModel

/// What a list tab's rows show, when the scenario gives data: the items (repeated to fill the
/// tab's `rows`) and how one row is drawn. Drawing data only, so it lives in the look: the
/// model's geometry (row count, row height, content height) never depends on it.
public struct RowContent: Sendable, Hashable {
    /// How each row is drawn.
    public var template: RowTemplate
    /// At least one item; row `i` shows item `i % items.count` (a grid row shows three).
    public var items: [RowItem]

    /// Makes row content from a template and its items.
    public init(template: RowTemplate, items: [RowItem]) {
        self.template = template
        self.items = items
    }

    /// The item row `row`, column `column` (grid rows have three columns) shows.
    public func item(row: Int, column: Int = 0) -> RowItem? {
        guard !items.isEmpty else { return nil }
        let columns = template == .grid ? RowTemplate.gridColumns : 1
        return items[(row * columns + column) % items.count]
    }
}

/// How one row is drawn.
public enum RowTemplate: Sendable, Hashable {
    /// A timeline post: avatar, name, handle · time, text wrapping to the row's height, image.
    case post
    /// A picture filling the row, with the title over it.
    case media
    /// A table cell: title and subtitle, one line each.
    case plain
    /// Three square pictures per row: a row is one line of the grid.
    case grid
    /// A Mustache template (its text, and the file it came from for messages) that renders one
    /// row as an SVG fragment.
    case custom(source: String, file: String)

    /// The grid's columns, as on the X profile's Media tab.
    public static let gridColumns = 3
    /// The gap between grid cells, in points.
    public static let gridSpacing = 2.0
}

/// One row's data, as the scenario gives it; empty text is not drawn.
public struct RowItem: Sendable, Hashable {
    /// The post's author name, a plain row's title or a media row's caption.
    public var title: String
    /// The handle after a post's name, or a plain row's second line.
    public var subtitle: String
    /// A post's body text, wrapped to the row's height.
    public var text: String
    /// A post's age or date, after the handle.
    public var time: String
    /// A picture: under a post's text, filling a media row or a grid cell.
    public var image: EmbeddedImage?
    /// A post's counts, shown in its action bar beside their glyphs.
    public var counts = Counts()

    /// The counts under a post, as shown ("12", "1.2K"); empty shows the glyph alone.
    public struct Counts: Sendable, Hashable {
        /// Replies, beside the speech bubble.
        public var replies: String
        /// Reposts, beside the two arrows.
        public var reposts: String
        /// Likes, beside the heart.
        public var likes: String
        /// Views, beside the bars.
        public var views: String

        /// Counts as shown; every one optional.
        public init(replies: String = "", reposts: String = "", likes: String = "", views: String = "") {
            self.replies = replies
            self.reposts = reposts
            self.likes = likes
            self.views = views
        }
    }

    /// Makes an item; every field is optional.
    public init(
        title: String = "", subtitle: String = "", text: String = "", time: String = "", image: EmbeddedImage? = nil,
        counts: Counts = Counts()
    ) {
        self.title = title
        self.subtitle = subtitle
        self.text = text
        self.time = time
        self.image = image
        self.counts = counts
    }
}
