import CRsvg

/// GLib, cairo, librsvg, fontconfig and Pango are not linked: tabstage's first call into any of
/// them loads them all (by their Debian names, `librsvg-2.so.2`, …), so a command that never
/// draws (`diff`, `devices`, `schema`, `merge-reports`, `--version`) starts without them.
package enum DrawingLibraries {
    /// Loads the drawing libraries now, once per process: nil when they are all there, else one
    /// line naming the library that could not be loaded and the Debian package that installs it.
    /// (A drawing call made without checking ends the process with that line and exit status 2.)
    package static var problem: String? {
        tabstage_drawing_libraries_problem().map { String(cString: $0) }
    }
}
