/// The line `record` prints on a system other than Linux. tabstage is tested on Linux only, and
/// another system's librsvg, cairo, Pango and FreeType place and smooth glyphs a little
/// differently, so its references may not match those Linux CI renders.
enum RecordPlatformNotice {
    /// The system this binary was built for, as the notice names it.
    static var current: String {
        #if os(Linux)
        "Linux"
        #elseif os(macOS)
        "macOS"
        #elseif os(Windows)
        "Windows"
        #else
        "this system"
        #endif
    }

    /// Nothing on Linux; elsewhere one warning line for stderr.
    static func line(system: String) -> String? {
        guard system != "Linux" else { return nil }
        return "tabstage: warning: references recorded on \(system) may not match Linux CI's renderings (record them on Linux, or in CI)"
    }
}
