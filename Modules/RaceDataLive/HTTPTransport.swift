import Foundation
import RaceData

/// Gets the body at a URL within limits, or a typed error naming it. `HTTPRaceService` decodes what it gets.
public protocol HTTPTransport: Sendable {
    func get(_ url: URL) throws(RaceDataError) -> Data
}
