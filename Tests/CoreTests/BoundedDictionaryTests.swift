import Core
import Testing

@Suite("Bounded dictionaries")
struct BoundedDictionaryTests {
    @Test("a new key at the limit starts the dictionary again; a known key is changed in place")
    func keepsAtMost() {
        var kept: [String: Int] = [:]
        for index in 0..<3 { kept.set(index, forKey: "r\(index)", keepingAtMost: 3) }
        kept.set(9, forKey: "r1", keepingAtMost: 3)
        #expect(kept == ["r0": 0, "r1": 9, "r2": 2])
        kept.set(3, forKey: "r3", keepingAtMost: 3)
        #expect(kept == ["r3": 3])
    }

    @Test("an endless stream of new ids never holds more than the limit")
    func endless() {
        var kept: [Int: String] = [:]
        var most = 0
        for id in 0..<100_000 {
            kept.set("race", forKey: id, keepingAtMost: RaceKeyedLimit.races)
            most = max(most, kept.count)
        }
        #expect(most == RaceKeyedLimit.races)
    }
}
