import Core
import Foundation
import RaceData
import RaceDataLive

// Test helper, not part of the app: toggles favourites in a data directory as
// fast as it can, so tests can run two of these processes against one file.
//
//   FavouritesStress DIR PREFIX COUNT
//
// Toggles COUNT distinct races with ids PREFIX-0 … PREFIX-(COUNT-1), each once.

let arguments = CommandLine.arguments
guard arguments.count == 4, let count = Int(arguments[3]) else {
    FileHandle.standardError.write(Data("usage: FavouritesStress DIR PREFIX COUNT\n".utf8))
    exit(64)
}
let store = FileFavourites(
    directory: URL(fileURLWithPath: arguments[1], isDirectory: true), clock: SystemClock())
for index in 0..<count {
    let favourite = FavouriteRace(
        id: "\(arguments[2])-\(index)", meetingName: "Stress \(arguments[2])", number: index % 12 + 1,
        category: .greyhound, advertisedStart: Date())
    do {
        _ = try store.toggle(favourite)
    } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        exit(1)
    }
}
