/// What makes a rendering's pixels besides the SVG: the font files tabstage draws with and its
/// font configuration. A report keeps this digest so `tabstage accept` can take a report from
/// another tabstage version only when it would draw the same pixels.
package enum RendererIdentity {
    /// The font files every rendering uses, by path.
    package static var fontFiles: [String] { Fonts.files.map(\.0) }
    /// The fontconfig document tabstage renders with.
    package static var fontConfiguration: String { Fonts.configuration }
}
