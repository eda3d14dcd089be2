import CSpng

#if canImport(Glibc)
import Glibc
#endif

/// How the process's allocator treats image-sized buffers. A process-wide setting, so only a
/// command-line entry point calls it, once, before any work.
package enum ImageMemory {
    /// Gives every buffer of 1 MiB or more its own mapping, returned to the system when freed.
    /// glibc's default raises that threshold after the first such buffer is freed and then keeps
    /// full-size images (12 MB at 1170×2532) in per-thread arenas, so a long run that allocates
    /// and frees several per snapshot on several threads slowly grows its peak memory.
    package static func returnLargeBuffersWhenFreed() {
        #if canImport(Glibc)
        _ = mallopt(M_MMAP_THRESHOLD, 1 << 20)
        #endif
    }

    /// Keeps freed image-sized buffers in the heap for the next image of the same size. A
    /// folder diff decodes and frees two 12 MB images per pair; as fresh mappings, each costs
    /// thousands of page faults and zeroed pages (one pair: 11,800 faults and 102 ms with 4 KiB
    /// pages, BENCHMARKS.md, "Do 2 MiB pages speed up a diff?"). Reused buffers fault once.
    /// Memory stays flat: the same few buffers are reused pair after pair.
    package static func reuseImageBuffers() {
        #if canImport(Glibc)
        _ = mallopt(M_MMAP_THRESHOLD, 32 << 20)
        _ = mallopt(M_TRIM_THRESHOLD, 256 << 20)
        #endif
    }

    /// Asks the kernel to back a fresh image-sized buffer with 2 MiB pages where it can, before
    /// anything is written to it. A one-pair diff first-touches two 12 MB images; with 4 KiB
    /// pages that is some 6,000 page faults, the largest share of its time after start-up
    /// (measured in BENCHMARKS.md). Only a hint: where transparent huge pages are off, nothing
    /// changes. Not for buffers that are reused: there it costs more than it saves.
    static func preferLargePages(_ buffer: UnsafeMutableRawPointer, count: Int) {
        #if os(Linux)
        let huge = 2 << 20
        let start = (Int(bitPattern: buffer) + huge - 1) & ~(huge - 1)
        let end = (Int(bitPattern: buffer) + count) & ~(huge - 1)
        guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(aligned, end - start, MADV_HUGEPAGE)
        #endif
    }
}
