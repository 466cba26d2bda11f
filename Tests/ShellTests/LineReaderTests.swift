import Foundation
import Shell
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Line reader")
struct LineReaderTests {
    /// Everything `bytes` gives, read back through a pipe.
    private func lines(_ bytes: [UInt8]) -> [String] {
        var ends: [Int32] = [0, 0]
        _ = pipe(&ends)
        let writeEnd = ends[1]
        let writer = Thread {
            bytes.withUnsafeBytes { buffer in
                var sent = 0
                while sent < buffer.count {
                    let count = write(writeEnd, buffer.baseAddress! + sent, buffer.count - sent)
                    if count <= 0 { break }
                    sent += count
                }
            }
            close(writeEnd)
        }
        writer.start()
        var reader = LineReader(descriptor: ends[0])
        var all: [String] = []
        while let batch = reader.nextBatch() { all += batch }
        close(ends[0])
        return all
    }

    @Test("\\n and \\r\\n end lines; a last line without a break counts; bad UTF-8 is replaced")
    func lines() {
        #expect(lines(Array("list\r\nshow 1\n\nfavs".utf8)) == ["list", "show 1", "", "favs"])
        #expect(lines([0x61, 0xFF, 0x62, 0x0A]) == ["a\u{FFFD}b"])
        #expect(lines([]).isEmpty)
    }

    @Test("a line over a megabyte is cut there, its rest dropped, and the next line read as usual")
    func hugeLine() {
        let huge = [UInt8](repeating: UInt8(ascii: "x"), count: LineReader.maximumLineBytes + 5000)
        let read = lines(huge + Array("\nquit\n".utf8))
        #expect(read.count == 2)
        #expect(read.first?.utf8.count == LineReader.maximumLineBytes)
        #expect(read.last == "quit")
    }
}
