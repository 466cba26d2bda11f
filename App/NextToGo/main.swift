import AppComposition
import SystemCalls

ProcessEnd.now(await NextToGoApp.run(arguments: Array(CommandLine.arguments.dropFirst()), io: .process).rawValue)
