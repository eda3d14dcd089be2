import CSpng

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
    /// ~3,000 page faults and zeroed pages, which took half of the time (measured with perf
    /// in BENCHMARKS.md). Memory stays flat: the same few buffers are reused pair after pair.
    package static func reuseImageBuffers() {
        #if canImport(Glibc)
        _ = mallopt(M_MMAP_THRESHOLD, 32 << 20)
        _ = mallopt(M_TRIM_THRESHOLD, 256 << 20)
        #endif
    }
}
