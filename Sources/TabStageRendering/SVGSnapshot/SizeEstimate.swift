import TabStageLayout
import TabStageModel

/// What decides the length of a template row's markup: its tab (the `row-T-` prefix), its item,
/// its height and how many digits its index has. A template sees the index only as text
/// (`{{index}}`, and the ids' `row-T-R-` prefix), and Mustache's string transforms keep a
/// run of digits as long as it was, so two rows of one key differ only in which digits they
/// write, never in how many bytes; the width, appearance and palette are the snapshot's.
struct TemplateRowKey: Hashable {
    var tab: Int
    /// The item's place in the tab's items (`RowContent.item(row:)` cycles through them).
    var item: Int
    var height: Double
    var indexDigits: Int
}

/// What the first row of a `TemplateRowKey` took: its bytes inside the row's group, and
/// whether it drew its item's picture.
struct TemplateRowSize {
    var bytes: Int
    var drawsPicture: Bool
}

extension Scene {
    /// The snapshot's size before it is drawn: the same drawing into a builder that keeps
    /// nothing and counts every byte (`SVGBuilder.counter`), the header, tab bar, chrome and
    /// each picture's one copy included, with every template row rendered once per
    /// `TemplateRowKey` (the expensive part: each rendering is parsed and checked) and the
    /// rest of its key counted from that one. Nothing past the key changes a row's length, so
    /// the estimate is the SVG's size, and a snapshot within the budget is never refused by it.
    /// The whole SVG is still counted while it is built, as the backstop.
    func sizeEstimate(size: Size, deviceFrame: Bool, sharing shared: SharedPictures?) -> SVGSizeError {
        var counter = SVGBuilder.counter(width: size.width, height: size.height, fontFamily: look.theme.cssFamily, sharing: shared)
        draw(&counter, deviceFrame: deviceFrame)
        let counted = counter.counted()
        let rows = layout.pages.pages.reduce(0) { $0 + $1.rows.count }
        return SVGSizeError(bytes: counted.bytes, pictureBytes: counted.pictureBytes, estimatedRows: rows)
    }
}
