import Core
import Foundation
import TestSupport
import Testing

@Suite("Race order")
struct RaceOrderTests {
    @Test("the first few of each category, in the order given, the rest left out")
    func firstOfEachCategory() {
        let clock = FixedClock(Date(timeIntervalSince1970: 1_764_310_000))
        let codes: [RaceCategory] = [.horse, .greyhound, .horse, .horse, .harness, .greyhound, .greyhound]
        let races = codes.enumerated().map { index, code in
            Race.make("r\(index)", category: code, startsIn: Double(index) * 60, from: clock)
        }
        #expect(RaceOrder.firstOfEachCategory(races, count: 2).map(\.id) == ["r0", "r1", "r2", "r4", "r5"])
        #expect(RaceOrder.firstOfEachCategory(races, count: 0).isEmpty)
        #expect(RaceOrder.firstOfEachCategory([], count: 3).isEmpty)
    }
}
