#ifndef TABSTAGE_LIBRARIES_H
#define TABSTAGE_LIBRARIES_H
/* The C libraries tabstage calls are not linked: each function tabstage calls is a trampoline
 * (tabstage_lazy.h) that loads its library, by the library's Debian SONAME, on the first call.
 * A command loads only the libraries of the work it does: `--version`, `schema` and `devices`
 * none, `diff` libdeflate (and libspng for the less common PNGs), `run` the drawing libraries
 * and the PNG codecs. The libraries come in groups that are loaded together. */

enum tabstage_library_group {
    /* GLib, GObject, cairo, librsvg, fontconfig, Pango and PangoCairo (CRsvg, CPango). */
    TABSTAGE_GROUP_DRAWING,
    /* libspng: PNG encoding, and decoding of the less common PNGs (CSpng). */
    TABSTAGE_GROUP_SPNG,
    /* libdeflate: the common PNGs' inflate and deflate (CDeflate). */
    TABSTAGE_GROUP_DEFLATE,
    /* libwebp, libwebpmux and libwebpdemux: animated WebP (CWebP). */
    TABSTAGE_GROUP_WEBP,
    /* libturbojpeg: JPEG pictures a scenario names (CTurboJPEG). */
    TABSTAGE_GROUP_TURBOJPEG,
    /* FreeType: the family and weight of a font file a scenario names (CFontQuery). */
    TABSTAGE_GROUP_FREETYPE,
    /* libxml2: the row templates' XML check (CXML). */
    TABSTAGE_GROUP_XML,
    /* libcrypto: SHA-256, the digests of references and report inputs (CCrypto). */
    TABSTAGE_GROUP_CRYPTO,
    TABSTAGE_LIBRARY_GROUP_COUNT
};

/* Loads the libraries of `group` now, once per process: NULL when they all loaded, else one
 * line naming the library that could not be loaded and the Debian package that installs it.
 * Any trampoline of the group loads them the same way on its first call and, when one is
 * missing, prints that line and exits with 2. */
const char *tabstage_libraries_problem(enum tabstage_library_group group);

#endif
