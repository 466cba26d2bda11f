import Core
import TestSupport
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

    @Test("the ladder: cents to 2, wider steps to 10, whole numbers to 21, then only the long prices books use")
    func ladder() {
        for price in [1.01, 1.99, 2.05, 3.1, 4.2, 9.5, 10, 15, 21, 23, 26, 34, 41, 51, 81, 101, 151, 1001] {
            #expect(PriceLadder.isOnLadder(price), "\(price)")
        }
        for price in [1.015, 2.02, 3.05, 9.2, 15.5, 22, 25, 56, 57, 73, 100, 102] {
            #expect(!PriceLadder.isOnLadder(price), "\(price)")
        }
        #expect(PriceLadder.downToLadder(57) == 51 && PriceLadder.downToLadder(100) == 91)
        #expect(PriceLadder.downToLadder(22.9) == 21 && PriceLadder.downToLadder(5000) == 1001)
        #expect(PriceLadder.downToLadder(7.3) == 7)
    }
}
