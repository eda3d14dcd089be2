import CXML

/// libxml2's SAX2 push parser, set up as swift-corelibs-foundation's `XMLParser` sets it up
/// (options `XML_PARSE_RECOVER | XML_PARSE_NOENT`, the context created on the first 4 bytes and
/// the rest parsed as one last chunk, errors through the structured error function, entities
/// other than XML's five handed to the handler), so the row check reads exactly the events and
/// error codes it read through Foundation. libxml2 is loaded on the first parse (CXML's
/// trampolines): a command that checks no row template never loads it, nor ICU and liblzma,
/// which it links. (Importing FoundationXML loaded all three at every start.) Open to the
/// template fuzzer (`@_spi(Fuzzing)`), whose second parse of every accepted row reads it too,
/// so no FoundationXML (which leaks an error object per libxml2 error) runs under its leak check.
@_spi(Fuzzing) public final class LibXMLParser {
    /// What the parser found, in document order; every method has a default that does nothing.
    public protocol Handler: AnyObject {
        /// An element opened: its qualified name, and its attributes (xmlns declarations
        /// included, as `xmlns` and `xmlns:prefix`) by qualified name.
        func parser(_ parser: LibXMLParser, didStartElement name: String, attributes: [String: String])
        /// An element closed, by its qualified name.
        func parser(_ parser: LibXMLParser, didEndElement name: String)
        /// Text, possibly in several runs.
        func parser(_ parser: LibXMLParser, foundCharacters string: String)
        /// A processing instruction, by its target.
        func parser(_ parser: LibXMLParser, foundProcessingInstructionWithTarget target: String)
        /// A CDATA section.
        func parserFoundCDATA(_ parser: LibXMLParser)
        /// An entity reference other than XML's five (`&amp;`, …).
        func parser(_ parser: LibXMLParser, foundReferenceToEntity name: String)
        /// libxml2's error or warning, by its code (`xmlParserErrors`).
        func parser(_ parser: LibXMLParser, parseErrorOccurred code: Int)
        /// The document ended.
        func parserDidEndDocument(_ parser: LibXMLParser)
    }

    private let bytes: [UInt8]
    private var context: xmlParserCtxtPtr?
    /// Held weakly, as Foundation's parser holds its delegate.
    public weak var handler: Handler?

    /// A parser of `text`, parsed when `parse()` is called.
    public init(_ text: String) { bytes = Array(text.utf8) }

    deinit { if let context { xmlFreeParserCtxt(context) } }

    /// The line being read (1-based), or 0 before parsing.
    public var lineNumber: Int { context.map { Int(xmlSAX2GetLineNumber(UnsafeMutableRawPointer($0))) } ?? 0 }

    /// Stops the parse after the current event; `parse()` then returns false.
    public func abortParsing() {
        if let context { xmlStopParser(context) }
    }

    /// libxml2's own set-up, once per process (as Foundation's first parser does it).
    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    /// Parses the whole text: true when it is well-formed and nothing stopped the parse.
    public func parse() -> Bool {
        _ = Self.initialized
        let me = Unmanaged.passUnretained(self).toOpaque()
        xmlSetStructuredErrorFunc(me) { userData, error in
            guard let userData, let error else { return }
            let parser = Unmanaged<LibXMLParser>.fromOpaque(userData).takeUnretainedValue()
            parser.handler?.parser(parser, parseErrorOccurred: Int(error.pointee.code))
        }
        defer { xmlSetStructuredErrorFunc(me, nil) }
        guard bytes.count >= 4 else { return true }  // Foundation waits for 4 bytes before parsing
        var sax = Self.saxHandler()
        return bytes.withUnsafeBufferPointer { buffer -> Bool in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { text in
                context = xmlCreatePushParserCtxt(&sax, me, text, 4, nil)
                guard let context else { return false }
                _ = xmlCtxtUseOptions(context, Int32(XML_PARSE_RECOVER.rawValue | XML_PARSE_NOENT.rawValue))
                let result = xmlParseChunk(context, text + 4, Int32(buffer.count - 4), 1)
                return result == XML_ERR_OK || result == XML_ERR_DOCUMENT_END
            }
        }
    }

    private static func parser(_ context: UnsafeMutableRawPointer?) -> LibXMLParser {
        Unmanaged<LibXMLParser>.fromOpaque(context!).takeUnretainedValue()
    }

    /// The callbacks Foundation's parser sets (libxml2 copies the structure).
    private static func saxHandler() -> xmlSAXHandler {
        var sax = xmlSAXHandler()
        sax.getEntity = { context, name in
            // XML's five; otherwise what libxml2 declares (nothing: a row has no DTD), and the
            // handler hears of the reference.
            if let entity = xmlGetPredefinedEntity(name) { return entity }
            let parser = LibXMLParser.parser(context)
            if let parsing = parser.context, let entity = xmlSAX2GetEntity(UnsafeMutableRawPointer(parsing), name) {
                return entity
            }
            parser.handler?.parser(parser, foundReferenceToEntity: utf8String(name) ?? "")
            return nil
        }
        sax.startDocument = { _ in }
        sax.endDocument = { context in
            let parser = LibXMLParser.parser(context)
            parser.handler?.parserDidEndDocument(parser)
        }
        sax.startElementNs = { context, localname, prefix, _, namespaceCount, namespaces, attributeCount, _, attributes in
            let parser = LibXMLParser.parser(context)
            var dictionary: [String: String] = [:]
            if let namespaces {
                for index in stride(from: 0, to: Int(namespaceCount) * 2, by: 2) {
                    let key = namespaces[index].map { "xmlns:" + (utf8String($0) ?? "") } ?? "xmlns"
                    dictionary[key] = namespaces[index + 1].map { utf8String($0) ?? "" } ?? ""
                }
            }
            if let attributes {
                for index in stride(from: 0, to: Int(attributeCount) * 5, by: 5) {
                    guard let local = attributes[index] else { continue }
                    let localName = utf8String(local) ?? ""
                    let key = utf8String(attributes[index + 1]).map { $0.isEmpty ? localName : $0 + ":" + localName } ?? localName
                    // Values are given as a range (start, end), entities already replaced.
                    guard let start = attributes[index + 3], let end = attributes[index + 4] else { continue }
                    let count = end - start
                    dictionary[key] = count > 0 ? String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self) : ""
                }
            }
            var name = utf8String(localname) ?? ""
            if let prefix = utf8String(prefix) { name = prefix + ":" + name }
            parser.handler?.parser(parser, didStartElement: name, attributes: dictionary)
        }
        sax.endElementNs = { context, localname, prefix, _ in
            let parser = LibXMLParser.parser(context)
            var name = utf8String(localname) ?? ""
            if let prefix = utf8String(prefix) { name = prefix + ":" + name }
            parser.handler?.parser(parser, didEndElement: name)
        }
        sax.characters = { context, characters, length in
            let parser = LibXMLParser.parser(context)
            guard let characters else { return }
            let text = String(decoding: UnsafeBufferPointer(start: characters, count: Int(length)), as: UTF8.self)
            parser.handler?.parser(parser, foundCharacters: text)
        }
        sax.processingInstruction = { context, target, _ in
            let parser = LibXMLParser.parser(context)
            parser.handler?.parser(parser, foundProcessingInstructionWithTarget: utf8String(target) ?? "")
        }
        sax.cdataBlock = { context, _, _ in
            let parser = LibXMLParser.parser(context)
            parser.handler?.parserFoundCDATA(parser)
        }
        sax.comment = { _, _ in }
        sax.initialized = XML_SAX2_MAGIC
        return sax
    }
}

@_spi(Fuzzing) extension LibXMLParser.Handler {
    /// Ignores the element.
    public func parser(_ parser: LibXMLParser, didStartElement name: String, attributes: [String: String]) {}
    /// Ignores the end tag.
    public func parser(_ parser: LibXMLParser, didEndElement name: String) {}
    /// Ignores the text.
    public func parser(_ parser: LibXMLParser, foundCharacters string: String) {}
    /// Ignores the processing instruction.
    public func parser(_ parser: LibXMLParser, foundProcessingInstructionWithTarget target: String) {}
    /// Ignores the CDATA section.
    public func parserFoundCDATA(_ parser: LibXMLParser) {}
    /// Ignores the entity reference.
    public func parser(_ parser: LibXMLParser, foundReferenceToEntity name: String) {}
    /// Ignores the error.
    public func parser(_ parser: LibXMLParser, parseErrorOccurred code: Int) {}
    /// Ignores the document's end.
    public func parserDidEndDocument(_ parser: LibXMLParser) {}
}

/// A name as Foundation reads it: nil when it is not valid UTF-8.
private func utf8String(_ bytes: UnsafePointer<xmlChar>?) -> String? {
    guard let bytes else { return nil }
    return String.decodeCString(bytes, as: UTF8.self, repairingInvalidCodeUnits: false)?.result
}
