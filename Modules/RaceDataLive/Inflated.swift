import CZlib
import Platform

/// Bytes kept deflated (zlib's format), given back whole: how the snapshot's cards are carried.
enum Inflated {
    /// `compressed` inflated to exactly `size` bytes; nil when it is not that (damaged, or another size).
    /// `dictionary`: the preset dictionary it was deflated with, if any (the snapshot's cards share one: each card
    /// deflated alone repeats what every card says, and a shared dictionary saves a quarter of their bytes).
    static func bytes(of compressed: Data, size: Int, dictionary: Data? = nil) -> Data? {
        guard size > 0, size < 1 << 30, compressed.count < 1 << 30, let header = Header(compressed) else { return nil }
        guard !header.needsDictionary || !(dictionary?.isEmpty ?? true) else { return nil }
        var output = Data(count: size)
        var stream = z_stream()
        // The deflate data alone (zlib's header and checksums left out): setting a preset dictionary on a zlib
        // stream checksums the whole dictionary first, for every card (two thirds of reading the day's fields);
        // the program's own bytes need no checksum, and a damaged card still fails to inflate to its size.
        guard inflateInit2_(&stream, -15, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            return nil
        }
        defer { inflateEnd(&stream) }
        let finished = output.withUnsafeMutableBytes { target -> Bool in
            compressed.withUnsafeBytes { source -> Bool in
                guard let into = target.baseAddress, let from = source.baseAddress else { return false }
                if header.needsDictionary, let dictionary {
                    let set = dictionary.withUnsafeBytes { words in
                        inflateSetDictionary(
                            &stream, words.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt(words.count))
                    }
                    guard set == Z_OK else { return false }
                }
                stream.next_in = UnsafeMutablePointer(
                    mutating: (from + header.length).assumingMemoryBound(to: Bytef.self))
                stream.avail_in = uInt(source.count - header.length)
                stream.next_out = into.assumingMemoryBound(to: Bytef.self)
                stream.avail_out = uInt(target.count)
                return inflate(&stream, Z_FINISH) == Z_STREAM_END
            }
        }
        return finished && Int(stream.total_out) == size ? output : nil
    }

    /// zlib's header (RFC 1950): deflate, its check, and whether a preset dictionary's id follows.
    private struct Header {
        let length: Int
        let needsDictionary: Bool

        init?(_ bytes: Data) {
            guard bytes.count >= 2 else { return nil }
            let method = bytes[bytes.startIndex]
            let flags = bytes[bytes.startIndex + 1]
            guard method & 0x0F == 8, (Int(method) << 8 | Int(flags)) % 31 == 0 else { return nil }
            needsDictionary = flags & 0x20 != 0
            length = needsDictionary ? 6 : 2
            guard bytes.count > length else { return nil }
        }
    }
}
