import Core
import Foundation
import TestSupport
import Testing

@Suite("Started clock")
struct StartedClockTests {
    @Test("starts at the instant given and runs on as its base runs; set by hand, it says nothing about today")
    func runsFromTheStart() {
        let base = ManualClock(1_800_000_000)
        let clock = StartedClock(startingAt: Date(timeIntervalSince1970: 1_764_310_000), base: base)
        #expect(clock.now().timeIntervalSince1970 == 1_764_310_000)
        base.advance(by: 2.5)
        #expect(clock.now().timeIntervalSince1970 == 1_764_310_002.5)
        base.advance(by: 60)
        #expect(clock.now().timeIntervalSince1970 == 1_764_310_062.5)
        #expect(clock.isSetByHand)
        #expect(!SystemClock().isSetByHand)
    }
}
