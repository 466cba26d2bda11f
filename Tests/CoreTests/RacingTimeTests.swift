import Core
import Foundation
import Testing

@Suite("Racing time")
struct RacingTimeTests {
    @Test("a 515 m dog race is over first, then a 1000 m sprint, then a 2200 m trot; each in real racing's range")
    func codesAndDistances() {
        let dogs = RacingTime(category: .greyhound, metres: 515)
        let sprint = RacingTime(category: .horse, metres: 1_000)
        let trot = RacingTime(category: .harness, metres: 2_200, gait: .trot)
        #expect(dogs.running < sprint.running && sprint.running < trot.running)
        #expect(dogs.interim < sprint.interim && sprint.interim < trot.interim)
        #expect(dogs.final < sprint.final && dogs.final < trot.final)
        #expect(sprint.final - sprint.interim > trot.final - trot.interim, "correct weight takes longer than all clear")
        #expect((28...31).contains(dogs.running))
        #expect((57...61).contains(sprint.running))
        #expect((155...175).contains(trot.running), "a mile rate of about 2:01")
        for time in [dogs, sprint, trot] {
            #expect(time.running < time.interim && time.interim < time.final)
            #expect(time.running.rounded() == time.running && time.final.rounded() == time.final, "whole seconds")
            #expect(time.interim - time.running <= 45, "placings and the photo: under a minute")
        }
        #expect(
            sprint.interim > Race.boardExpiryDelay && trot.interim > Race.boardExpiryDelay, "the last minute: Closed")
        #expect(dogs.final > Race.boardExpiryDelay, "a dog race's placings may show; its result comes after")
        #expect((15...25).contains(dogs.interim - dogs.running))
        #expect((90...120).contains(dogs.final - dogs.interim))
        #expect((240...300).contains(sprint.final - sprint.interim))
        #expect((150...210).contains(trot.final - trot.interim))
    }

    @Test("gallops ease with the trip; pacers outrun trotters; a distance not known is the code's typical one")
    func paces() {
        let gallop = { RacingTime(category: .horse, metres: $0).running }
        #expect((68...72).contains(gallop(1_200)))
        #expect((145...150).contains(gallop(2_400)), "about 2:28")
        #expect(gallop(1_600) / 1_600 < gallop(2_400) / 2_400, "a stayer's pace is slower")
        let mile = RacingTime(category: .harness, metres: 1_609, gait: .pace)
        #expect((113...117).contains(mile.running), "a 1:55 mile rate")
        #expect(RacingTime(category: .harness, metres: 1_609, gait: .trot).running > mile.running)
        #expect(RacingTime(category: .harness, metres: 1_609) == mile, "harness not said: paced")
        #expect(RacingTime(category: .horse, metres: nil) == RacingTime(category: .horse, metres: 1_200))
        #expect(RacingTime(category: .greyhound, metres: nil) == RacingTime(category: .greyhound, metres: 515))
        #expect(RacingTime(category: .harness, metres: 0) == RacingTime(category: .harness, metres: 2_100))
        #expect(RacingTime(category: .horse, metres: 99_999) == RacingTime(category: .horse, metres: 1_200))
    }

    @Test("a race's own code, distance and gait: its name says trot or pace; a distance not in metres is not used")
    func ofARace() {
        func race(_ category: RaceCategory, _ name: String?, _ distance: Distance?) -> Race {
            Race(
                id: "r", number: 1, name: name, meetingName: "M", category: category,
                advertisedStart: Date(timeIntervalSince1970: 0), form: RaceForm(distance: distance))
        }
        let metres = Distance(value: 2_200, unit: "m")
        #expect(
            RacingTime(of: race(.harness, "Vicbred Super Series Trot", metres))
                == RacingTime(category: .harness, metres: 2_200, gait: .trot))
        #expect(
            RacingTime(of: race(.harness, "Mobile Pace", metres))
                == RacingTime(category: .harness, metres: 2_200, gait: .pace))
        #expect(RacingTime.gait(ofRaceNamed: "Trotters Handicap") == .trot)
        // France and Sweden only trot: "Prix de Vire" need not say so.
        for country in ["FR", "SWE"] {
            let prix = Race(
                id: "r", number: 1, name: "Prix de Vire", meetingName: "M", category: .harness,
                advertisedStart: Date(timeIntervalSince1970: 0), venue: Venue(country: country),
                form: RaceForm(distance: metres))
            #expect(RacingTime(of: prix) == RacingTime(category: .harness, metres: 2_200, gait: .trot), "\(country)")
        }
        #expect(RacingTime.gait(ofRaceNamed: "Pace and Trot Championship") == nil, "both: not known")
        #expect(RacingTime.gait(ofRaceNamed: "Trotwood Maiden") == nil, "a word, not part of one")
        #expect(
            RacingTime(of: race(.horse, "Maiden Plate", Distance(value: 1_000, unit: nil)))
                == RacingTime(category: .horse, metres: 1_000))
        #expect(
            RacingTime(of: race(.horse, nil, Distance(value: 6, unit: "f")))
                == RacingTime(category: .horse, metres: nil), "furlongs: the typical trip")
        #expect(RacingTime(of: race(.greyhound, nil, nil)) == RacingTime(category: .greyhound, metres: 515))
    }
}
