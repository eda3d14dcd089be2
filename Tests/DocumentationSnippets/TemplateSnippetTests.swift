import Foundation
import TabStageTesting
import Testing

/// The row templates the README and the articles show are real templates: each compiles,
/// renders a row with escaped fields and passes the checks every rendered row must pass.
@Suite struct TemplateSnippetTests {
    @Test func everyMustacheBlockRendersACheckedRow() throws {
        var count = 0
        for document in try DocumentationDriftTests.documents() {
            let text = try String(contentsOf: document, encoding: .utf8)
            for block in DocumentationDriftTests.blocks(in: text, language: "mustache") {
                count += 1
                let template = try #require(CheckedRowTemplate(block), "\(document.lastPathComponent): the template does not compile")
                let item = RowItem(title: "Tea & <cakes>", subtitle: "@shop", text: "Fresh", time: "2h")
                for dark in [false, true] {
                    let row = template.render(item: item, index: 0, width: 390, height: 88, dark: dark, idPrefix: "row-0-0-")
                    let fragment = try row.get()
                    #expect(fragment.contains("Tea &amp; &lt;cakes&gt;"), "\(document.lastPathComponent): \(fragment)")
                }
            }
        }
        #expect(count >= 1)
    }
}
