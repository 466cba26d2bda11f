import Core
import Testing

@Suite("Price ladder")
struct PriceLadderTests {
    @Test("places paid as the field has them: none with 4 starters or fewer, 2 up to 7, 3 from 8")
    func placesPaid() {
        #expect((0...4).allSatisfy { PriceLadder.placesPaid(starters: $0) == 0 })
        #expect((5...7).allSatisfy { PriceLadder.placesPaid(starters: $0) == 2 })
        #expect((8...24).allSatisfy { PriceLadder.placesPaid(starters: $0) == 3 })
        #expect(
            PriceLadder.placePrice(fromWin: 6, runners: 8) > PriceLadder.placePrice(fromWin: 6, runners: 7),
            "a fifth of the odds for three places, an eighth for two")
    }
}
