import CommandKit
import Core
import Testing

@testable import AppComposition

@Suite("The feature list")
struct FeatureListTests {
    @Test("every destination a feature opens is a feature in the list, and no two share a name")
    func destinationsResolve() {
        let names = AppFeatures.all.map(\.destination)
        #expect(Set(names).count == names.count)
        for feature in AppFeatures.all {
            for destination in feature.opens {
                #expect(AppFeatures.named(destination) != nil, "\(feature.destination.name) opens \(destination.name)")
            }
        }
    }

    @Test("the command table is every feature's commands, its commands on others' screens, and the shell's own")
    func commands() {
        let expected =
            AppFeatures.all.flatMap(\.commands).count + AppFeatures.all.flatMap(\.actions).count
            + CommandTable.shellCommands.count
        #expect(AppFeatures.commands.entries.count == expected)
    }
}
