import TabStageLayout
import TabStageModel

extension Scene {
    /// The snapshot's size estimated before it is drawn, from what it will draw: each page's
    /// rows × the smaller of its first and last row (each drawn alone to measure it), and once
    /// each, the pictures of the rows shown when a measured row drew its picture. Nil when the
    /// snapshot shows no rows. The header, tab bar and chrome are left out, so the estimate
    /// errs low; the SVG is still counted while it is built. What they add is a fixed few
    /// kilobytes whatever the rows: each filter the chrome draws (the glass's blurs and shadow,
    /// the bottom scroll edge effect's blur and mask, the collapsed banner's blur) is written
    /// once and reuses the content by reference (`<use>`), never by copying it.
    func sizeEstimate() -> SVGSizeError? {
        var rowBytes = 0
        var rows = 0
        var pictures: [String: Int] = [:]
        for page in layout.pages.pages where !page.rows.isEmpty {
            let compiled = compiledTemplate(page)
            var scratch = SVGBuilder(width: 1, height: 1, limit: .max)
            scratch.rtl = rtl
            var smallest = Int.max
            for row in [page.rows[0], page.rows[page.rows.count - 1]] {
                let before = scratch.written
                drawRow(&scratch, row, of: page, compiled: compiled)
                smallest = min(smallest, scratch.written - before)
            }
            for picture in scratch.sharedPictures.pictures { pictures[picture.dataURI] = picture.dataURI.utf8.count }
            let content = geometry.tabs[page.tab].cellSize == nil ? look.rowContent(tab: page.tab) : nil
            if !scratch.sharedPictures.pictures.isEmpty, let content, content.template != .grid {
                for row in page.rows {
                    if let image = content.item(row: row.index)?.image { pictures[image.dataURI] = image.dataURI.utf8.count }
                }
            }
            let (product, overflow) = smallest.multipliedReportingOverflow(by: page.rows.count)
            rowBytes = overflow ? Int.max : rowBytes.addingReportingOverflow(product).partialValue
            rows += page.rows.count
        }
        guard rows > 0 else { return nil }
        let pictureBytes = pictures.values.reduce(0, +)
        let (total, overflow) = rowBytes.addingReportingOverflow(pictureBytes)
        return SVGSizeError(bytes: overflow ? Int.max : total, pictureBytes: pictureBytes, estimatedRows: rows)
    }
}
