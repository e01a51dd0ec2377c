/// FNV-1a over UTF-8: the same text hashes the same across runs and machines (Swift's own
/// `Hasher` is seeded per process), so derived fence tags and reply choices are reproducible.
enum StableHash {
    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }
}
