import CPango
import CRsvg
import Foundation
import TabStageImageDiff
import TabStageLayout

/// The theme fonts known to tabstage's font configuration, added once each per process.
///
/// fontconfig and Pango keep one configuration per process, so every theme font is added to it
/// under its content-addressed family name (`ThemeFonts.familyName`): a scenario sees only the
/// family its SVG names, never another scenario's. Each file is handed to fontconfig as an
/// anonymous in-memory file holding exactly the bytes the scenario loader checked, so no path is
/// opened twice. Adding takes the write lock; rendering and measuring hold the read lock and
/// compare `generation` with the one their Pango font map was built at.
final class FontRegistry: @unchecked Sendable {
    static let shared = FontRegistry()

    private var lock = pthread_rwlock_t()
    /// Family name -> the faces registered under it (to refuse a digest collision).
    private var families: [String: ThemeFonts] = [:]
    /// Descriptors of the in-memory files fontconfig reads the fonts from; open for the process.
    private var descriptors: [Int32] = []
    private var generationValue = 0

    private init() { pthread_rwlock_init(&lock, nil) }

    /// Adds `fonts` to the configuration unless they are known already.
    func register(_ fonts: ThemeFonts) throws(RasterError) {
        try Fonts.installed.get()
        pthread_rwlock_rdlock(&lock)
        let known = families[fonts.familyName]
        pthread_rwlock_unlock(&lock)
        if let known {
            guard known == fonts else { throw collision(fonts) }
            return
        }
        pthread_rwlock_wrlock(&lock)
        defer { pthread_rwlock_unlock(&lock) }
        if let known = families[fonts.familyName] {
            guard known == fonts else { throw collision(fonts) }
            return
        }
        for face in [fonts.regular] + (fonts.bold.map { [$0] } ?? []) {
            try add(face, family: fonts.familyName)
        }
        families[fonts.familyName] = fonts
        generationValue += 1
    }

    /// Runs `body` while no font is being added, with the configuration's generation.
    func reading<T, E: Error>(_ body: (Int) throws(E) -> T) throws(E) -> T {
        pthread_rwlock_rdlock(&lock)
        defer { pthread_rwlock_unlock(&lock) }
        return try body(generationValue)
    }

    private func collision(_ fonts: ThemeFonts) -> RasterError {
        RasterError("two different font files would share the family name '\(fonts.familyName)'; rename or re-save one of them")
    }

    /// Queries `face` from an in-memory copy and adds it under `family`, replacing the names the
    /// font gives itself so only the theme's SVG can select it.
    private func add(_ face: FontFace, family: String) throws(RasterError) {
        let descriptor = try memoryFile(face.data, face: face)
        let path = "/proc/self/fd/\(descriptor)"
        var count: Int32 = 0
        let pattern = path.withCString { cPath in
            cPath.withMemoryRebound(to: FcChar8.self, capacity: path.utf8.count + 1) { FcFreeTypeQuery($0, 0, nil, &count) }
        }
        guard let pattern else {
            // FreeType opens the file again by its path: out of descriptors, that open is what failed.
            let reopened = open(path, O_RDONLY | O_CLOEXEC)
            let code = errno
            if reopened >= 0 { close(reopened) }
            close(descriptor)
            if reopened < 0 && (code == EMFILE || code == ENFILE) { throw Self.tooManyOpenFiles(face) }
            throw RasterError("fontconfig could not read the font '\(face.family)'")
        }
        for key in [FC_FAMILY, FC_FAMILYLANG, FC_FULLNAME, FC_FULLNAMELANG, FC_POSTSCRIPT_NAME] {
            _ = FcPatternDel(pattern, key)
        }
        let added = family.withCString { name in
            name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) { FcPatternAddString(pattern, FC_FAMILY, $0) }
        }
        guard added == FcTrue, let config = FcConfigGetCurrent(), let set = FcConfigGetFonts(config, FcSetApplication),
            FcFontSetAdd(set, pattern) == FcTrue
        else {
            FcPatternDestroy(pattern)
            close(descriptor)
            throw RasterError("fontconfig could not add the font '\(face.family)'")
        }
        descriptors.append(descriptor)
    }

    /// The process ran out of file descriptors: each theme font keeps one open for the run.
    private static func tooManyOpenFiles(_ face: FontFace) -> RasterError {
        RasterError(
            "cannot load the font '\(face.family)': too many open files (each theme font keeps one open; raise the limit with ulimit -n, or run fewer scenarios at once)"
        )
    }

    /// An unnamed file holding `data`, readable at /proc/self/fd/N while the descriptor is open.
    private func memoryFile(_ data: [UInt8], face: FontFace) throws(RasterError) -> Int32 {
        let descriptor = tabstage_memory_file("tabstage-font")
        guard descriptor >= 0 else {
            if errno == EMFILE || errno == ENFILE { throw Self.tooManyOpenFiles(face) }
            throw RasterError("theme fonts need Linux's memfd_create, which this system lacks")
        }
        var written = 0
        while written < data.count {
            let count = data.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                close(descriptor)
                throw RasterError("could not hold a theme font in memory (\(String(cString: strerror(errno))))")
            }
            written += count
        }
        return descriptor
    }
}

/// The generation this thread's default Pango font map (the one librsvg lays text out with)
/// was built at.
private let threadGenerationKey = "tabstage.fontGeneration"

extension FontRegistry {
    /// Drops this thread's default Pango font map when fonts were added since it was built, so
    /// librsvg's next layout reads the configuration afresh. Call while `reading`.
    static func refreshThreadFontMap(generation: Int) {
        let dictionary = Thread.current.threadDictionary
        if dictionary[threadGenerationKey] as? Int == generation { return }
        pango_cairo_font_map_set_default(nil)
        dictionary[threadGenerationKey] = generation
    }
}
