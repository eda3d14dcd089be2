import CFuzzer
import Foundation
import TabStageModel
@_spi(Fuzzing) import TabStageScenario

#if canImport(Glibc)
import Glibc
#endif

/// The row-template checker decides what markup reaches librsvg and, in the `--html` player, a
/// browser. Any bytes, checked as a rendered row (with and without the item's picture), must be
/// refused or give a fragment that, parsed again, holds only allowlisted elements and
/// attributes, no `href` but the picture's one copy, and no `url(` but a reference to an id the
/// fragment itself declares.
func fuzzTemplates(_ bytes: UnsafeBufferPointer<UInt8>) {
    let fragment = String(decoding: bytes, as: UTF8.self)
    let picture = EmbeddedImage(width: 2, height: 1, dataURI: "data:image/png;base64,iVBORw0KGgo=")
    for pictures in [[:], [SharedPicture.itemPicture: SharedPicture(id: "picture-0", image: picture)]] {
        guard case .success(let written) = SVGFragmentChecker.check(fragment, idPrefix: "p-", pictures: pictures) else { continue }
        // The same input gives the same verdict and bytes.
        guard case .success(written) = SVGFragmentChecker.check(fragment, idPrefix: "p-", pictures: pictures) else {
            fatalError("the checker is not deterministic for \(fragment.debugDescription)")
        }
        Oracle.verify(written, sharedPicture: !pictures.isEmpty, input: fragment)
    }
}

/// Reads an accepted fragment again, independently of the checker's own bookkeeping, with
/// libxml2 as the checker's first parse sets it up (`LibXMLParser`), so the leak check can run:
/// FoundationXML's parser leaked an error object for every libxml2 error.
final class Oracle: LibXMLParser.Handler {
    var ids: Set<String> = []
    var references: [String] = []
    var problem: String?
    /// The first libxml2 error or warning the second parse met.
    var errorCode: Int?
    var depth = 0
    /// Inside the nested viewport the checker writes for the item's picture.
    var inPictureView = false
    let sharedPicture: Bool

    init(sharedPicture: Bool) { self.sharedPicture = sharedPicture }

    static func verify(_ written: String, sharedPicture: Bool, input: String) {
        let oracle = Oracle(sharedPicture: sharedPicture)
        // Inside the root every SVG tabstage writes: it declares the xlink prefix of the picture's `xlink:href`.
        let parser = LibXMLParser(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\">" + written + "</svg>")
        parser.handler = oracle
        guard parser.parse() else { fatalError("an accepted fragment does not parse again: \(written.debugDescription)") }
        if let code = oracle.errorCode {
            fatalError("an accepted fragment parses again with libxml2 error \(code): \(written.debugDescription)")
        }
        if let problem = oracle.problem { fatalError("\(problem) in \(written.debugDescription), from \(input.debugDescription)") }
        for id in oracle.references where !oracle.ids.contains(id) {
            fatalError("url(#\(id)) names no id of the fragment: \(written.debugDescription)")
        }
    }

    func fail(_ text: String) { if problem == nil { problem = text } }

    func parser(_ parser: LibXMLParser, didStartElement name: String, attributes: [String: String]) {
        depth += 1
        guard depth > 1 else { return }
        if sharedPicture, name == "svg", !inPictureView {
            // The picture's viewport: placement only, holding one <use> of the picture's copy.
            inPictureView = true
            for key in attributes.keys where !["x", "y", "width", "height", "viewBox", "preserveAspectRatio"].contains(key) {
                fail("the picture's viewport has '\(key)'")
            }
            return
        }
        if inPictureView {
            // The use names the picture's copy by `href` and, for renderers that read only SVG 1.1, `xlink:href` too.
            let portable = ["href": "#picture-0", "xlink:href": "#picture-0"]
            if name != "use" || (attributes != ["href": "#picture-0"] && attributes != portable) {
                fail("the picture's viewport holds <\(name) \(attributes)>")
            }
            return
        }
        if !SVGAllowlist.elements.contains(name) { fail("<\(name)> is not allowlisted") }
        for (key, value) in attributes {
            if key == "href" || key == "xlink:href" {
                if name != "image" || sharedPicture { fail("an href on <\(name)>: \(value)") }
                continue
            }
            if !SVGAllowlist.presentation.contains(key) && !SVGAllowlist.regular.contains(key) {
                fail("the attribute '\(key)' is not allowlisted")
            }
            if key == "id" { ids.insert(value) }
            scanURLs(value)
        }
    }

    /// Every `url(` must be `url(#p-ID)` exactly (the checker writes references that way).
    func scanURLs(_ value: String) {
        var rest = Substring(value)
        while let range = rest.range(of: "url(", options: .caseInsensitive) {
            let after = rest[range.upperBound...]
            guard after.hasPrefix("#p-"), let close = after.firstIndex(of: ")") else {
                fail("a url( that is not a row-local reference: \(value)")
                return
            }
            let id = String(after[after.index(after.startIndex, offsetBy: 1)..<close])
            references.append(id)
            rest = after[close...]
        }
    }

    func parser(_ parser: LibXMLParser, didEndElement name: String) {
        depth -= 1
        if inPictureView, name == "svg" { inPictureView = false }
    }

    func parser(_ parser: LibXMLParser, foundProcessingInstructionWithTarget target: String) {
        fail("a processing instruction")
    }

    func parserFoundCDATA(_ parser: LibXMLParser) { fail("a CDATA section") }

    func parser(_ parser: LibXMLParser, foundReferenceToEntity name: String) { fail("a reference to the entity &\(name);") }

    /// The checker writes only what parses without a libxml2 error or warning.
    func parser(_ parser: LibXMLParser, parseErrorOccurred code: Int) {
        if errorCode == nil { errorCode = code }
    }
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(
    LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        fuzzTemplates(UnsafeBufferPointer(start: data, count: data == nil ? 0 : size))
        return 0
    })
