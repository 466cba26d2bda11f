import AppComposition
import Fetch
import Platform
import RaceDataLive

// The app's own child for one fetch (`ChildProcessHTTPTransport`): nothing of the app is set up for it.
if CommandLine.arguments.count > 1, CommandLine.arguments[1] == FetchRequest.helperArgument {
    FetchHelper.run(arguments: Array(CommandLine.arguments.dropFirst(2)))
}
ProcessEnd.now(await NextToGoApp.run(arguments: Array(CommandLine.arguments.dropFirst()), io: .process).rawValue)
