import AppComposition
import Foundation

exit(await NextToGoApp.run(arguments: Array(CommandLine.arguments.dropFirst()), io: .process).rawValue)
