import CRsvg
import TabStageImageDiff

/// The project's font configuration: Inter (drawn after SF Pro's proportions) regular, medium,
/// semibold and bold as the system face, DejaVu Sans for the scripts Inter lacks (Arabic,
/// Hebrew, …) and Symbola last so emoji in titles draw as (monochrome) emoji, with fixed
/// rendering settings, so a machine's other fonts and its fontconfig files cannot change a
/// pixel. An outline emoji font because librsvg draws text as paths, which colour bitmap emoji
/// fonts cannot provide. A scenario's theme fonts join this configuration through `FontRegistry`.
enum Fonts {
    /// The system face every SVG names first.
    static let systemFamily = "Inter"
    /// Inter with tabular digits: fontconfig rewrites this family to Inter and turns on the
    /// OpenType feature `tnum`, which Pango applies when it shapes (librsvg 2.54 reads neither
    /// `font-variant-numeric` nor `font-feature-settings`).
    static let tabularFamily = "Inter Tabular"

    /// Each font with the Debian package that installs it (Scripts/setup.sh installs them).
    /// Debian's Inter is static OpenType (CFF) files, one per weight.
    static let files = [
        ("/usr/share/fonts/opentype/inter/Inter-Regular.otf", "fonts-inter"),
        ("/usr/share/fonts/opentype/inter/Inter-Medium.otf", "fonts-inter"),
        ("/usr/share/fonts/opentype/inter/Inter-SemiBold.otf", "fonts-inter"),
        ("/usr/share/fonts/opentype/inter/Inter-Bold.otf", "fonts-inter"),
        ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "fonts-dejavu-core"),
        ("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", "fonts-dejavu-core"),
        ("/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf", "fonts-symbola"),
    ]

    /// The fontconfig file tabstage renders with. No <dir> or <include>: the fonts are added
    /// one by one, and the system's configuration is never read. Any family tabstage does not
    /// know (`sans-serif` included) falls back to Inter, then DejaVu Sans, then Symbola.
    static let configuration = """
        <?xml version="1.0"?>
        <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
        <fontconfig>
          <match target="pattern">
            <test name="family"><string>Inter Tabular</string></test>
            <edit name="family" mode="assign" binding="strong"><string>Inter</string></edit>
            <edit name="fontfeatures" mode="append"><string>tnum</string></edit>
          </match>
          <match target="pattern">
            <edit name="family" mode="append" binding="weak"><string>Inter</string></edit>
            <edit name="family" mode="append" binding="weak"><string>DejaVu Sans</string></edit>
          </match>
          <match target="font">
            <edit name="antialias" mode="assign"><bool>true</bool></edit>
            <edit name="hinting" mode="assign"><bool>true</bool></edit>
            <edit name="hintstyle" mode="assign"><const>hintslight</const></edit>
            <edit name="autohint" mode="assign"><bool>false</bool></edit>
            <edit name="rgba" mode="assign"><const>none</const></edit>
            <edit name="lcdfilter" mode="assign"><const>lcdnone</const></edit>
          </match>
        </fontconfig>
        """

    /// Installs the configuration once per process, before librsvg's first text layout.
    static let installed: Result<Void, RasterError> = install()

    private static func install() -> Result<Void, RasterError> {
        // Loads GLib, cairo, librsvg, fontconfig and Pango: a missing one is a message, not a crash.
        if let problem = DrawingLibraries.problem { return .failure(RasterError(problem)) }
        // Before Pango or librsvg can log anything: their warnings are tabstage's to report.
        LibraryMessages.installed
        guard let config = FcConfigCreate() else { return .failure(RasterError("fontconfig could not create a configuration")) }
        let parsed = configuration.withCString { text in
            text.withMemoryRebound(to: FcChar8.self, capacity: configuration.utf8.count + 1) {
                FcConfigParseAndLoadFromMemory(config, $0, FcTrue)
            }
        }
        guard parsed == FcTrue else { return .failure(RasterError("fontconfig refused tabstage's font configuration")) }
        for (path, package) in files {
            let added = path.withCString { cPath in
                cPath.withMemoryRebound(to: FcChar8.self, capacity: path.utf8.count + 1) { FcConfigAppFontAddFile(config, $0) }
            }
            guard added == FcTrue else {
                return .failure(RasterError("font \(path) is missing: install the Debian package \(package) (Scripts/setup.sh does)"))
            }
        }
        guard FcConfigSetCurrent(config) == FcTrue else {
            return .failure(RasterError("fontconfig did not accept tabstage's configuration"))
        }
        return .success(())
    }
}
