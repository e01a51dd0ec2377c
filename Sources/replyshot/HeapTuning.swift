import CMalloc

/// glibc serves blocks of a few megabytes from its heap once it has freed one mapped
/// separately (it raises its mapping threshold each time), and a heap keeps freed space
/// resident. Each worker frees a decoded screenshot and a reading canvas per shot, so peak
/// memory would grow by those buffers. A fixed threshold maps such blocks on their own and
/// gives them back to the system as soon as they are freed.
enum HeapTuning {
    static func apply() {
        #if os(Linux)
            _ = mallopt(M_MMAP_THRESHOLD, 128 * 1024)
        #endif
    }
}
