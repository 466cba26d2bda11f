import CZlib
import Platform

/// Bytes kept deflated (zlib's format), given back whole: how the snapshot's cards are carried.
enum Inflated {
    /// `compressed` inflated to exactly `size` bytes; nil when it is not that (damaged, or another size).
    /// `dictionary`: the preset dictionary it was deflated with, if any (the snapshot's cards share one: each card
    /// deflated alone repeats what every card says, and a shared dictionary saves a quarter of their bytes).
    static func bytes(of compressed: Data, size: Int, dictionary: Data? = nil) -> Data? {
        guard size > 0, size < 1 << 30, compressed.count < 1 << 30 else { return nil }
        var output = Data(count: size)
        var stream = z_stream()
        guard inflateInit_(&stream, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        let finished = output.withUnsafeMutableBytes { target -> Bool in
            compressed.withUnsafeBytes { source -> Bool in
                guard let into = target.baseAddress, let from = source.baseAddress else { return false }
                stream.next_in = UnsafeMutablePointer(mutating: from.assumingMemoryBound(to: Bytef.self))
                stream.avail_in = uInt(source.count)
                stream.next_out = into.assumingMemoryBound(to: Bytef.self)
                stream.avail_out = uInt(target.count)
                var status = inflate(&stream, Z_FINISH)
                if status == Z_NEED_DICT {
                    guard let dictionary, !dictionary.isEmpty else { return false }
                    let set = dictionary.withUnsafeBytes { words in
                        inflateSetDictionary(
                            &stream, words.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt(words.count))
                    }
                    guard set == Z_OK else { return false }
                    status = inflate(&stream, Z_FINISH)
                }
                return status == Z_STREAM_END
            }
        }
        return finished && Int(stream.total_out) == size ? output : nil
    }
}
