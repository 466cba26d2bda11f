import CZlib
import Platform

/// Bytes kept deflated (zlib's format), given back whole: how the snapshot's cards are carried.
enum Inflated {
    /// `compressed` inflated to exactly `size` bytes; nil when it is not that (damaged, or another size).
    static func bytes(of compressed: Data, size: Int) -> Data? {
        guard size > 0, size < 1 << 30 else { return nil }
        var output = Data(count: size)
        var length = uLongf(size)
        let status = output.withUnsafeMutableBytes { target in
            compressed.withUnsafeBytes { source in
                uncompress(
                    target.baseAddress!.assumingMemoryBound(to: Bytef.self), &length,
                    source.baseAddress?.assumingMemoryBound(to: Bytef.self), uLong(source.count))
            }
        }
        return status == Z_OK && Int(length) == size ? output : nil
    }
}
