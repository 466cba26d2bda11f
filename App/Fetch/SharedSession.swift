import Foundation
import RaceData
import RaceDataLive
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One URL session for the life of a service, with its callbacks routed to the exchange of each task.
///
/// One session rather than one per fetch: FoundationNetworking on Linux never frees a session, so a session
/// per fetch kept its curl handles and sockets for good (66 sockets and 4 MB after 100 fetches, measured);
/// with one, memory stays flat over hundreds of fetches. Made on the first fetch, so a run that never goes
/// to the network never pays for it.
final class SharedSession: Sendable {
    private let limits: HTTPRaceService.Limits
    private let router = TaskRouter()
    private let session = Mutex<URLSession?>(nil)

    init(limits: HTTPRaceService.Limits) {
        self.limits = limits
    }

    /// A task for `request`, its callbacks going to `exchange`. Not resumed.
    func task(for request: URLRequest, reportingTo exchange: Exchange) -> URLSessionDataTask {
        let session = self.session.withLock { session in
            if let session { return session }
            let made = URLSession(
                configuration: Self.configuration(limits), delegate: router, delegateQueue: nil)
            session = made
            return made
        }
        let task = session.dataTask(with: request)
        router.route(task, to: exchange)
        return task
    }

    private static func configuration(_ limits: HTTPRaceService.Limits) -> URLSessionConfiguration {
        let configuration = FoundationFootprint.leavingNoFolders { URLSessionConfiguration.ephemeral }
        // Backstops only: the exchange's own watchdog enforces both limits
        // and knows which one ran out.
        configuration.timeoutIntervalForRequest = limits.totalTimeout + 1
        configuration.timeoutIntervalForResource = limits.totalTimeout + 1
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.urlCredentialStorage = nil
        return configuration
    }
}

/// The session's delegate: hands each callback to the exchange its task belongs to, and forgets the task
/// when it ends, so a late callback of an old task never reaches a newer exchange.
private final class TaskRouter: NSObject, URLSessionDataDelegate, Sendable {
    private let exchanges = Mutex<[Int: Exchange]>([:])

    func route(_ task: URLSessionTask, to exchange: Exchange) {
        exchanges.withLock { $0[task.taskIdentifier] = exchange }
    }

    private func exchange(for task: URLSessionTask) -> Exchange? {
        exchanges.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        exchange(for: dataTask)?.didReceive(response)
        // `.allow` either way: FoundationNetworking ignores the disposition, and the exchange decides.
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        exchange(for: dataTask)?.didReceive(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let exchange = exchanges.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        exchange?.didComplete(error: error)
    }
}

/// FoundationNetworking makes two folders the moment a session configuration is first built, whatever the
/// configuration then says: `~/.local/share/<folder of the binary>` (the shared cookie store) and
/// `~/.cache/org.swift.foundation.URLCache/<program>` (the shared URL cache). The app keeps no cookies and
/// no URL cache, so it removes the ones that call made, if they are still empty; folders that were there
/// before are never touched.
enum FoundationFootprint {
    static func leavingNoFolders<T>(_ make: () -> T) -> T {
        let made = strayFolders().flatMap(missingAncestors)
        let result = make()
        for folder in made { rmdir(folder.path) }  // rmdir removes only an empty folder
        return result
    }

    private static func strayFolders() -> [URL] {
        let manager = FileManager.default
        var binaryFolder = URL(fileURLWithPath: Bundle.main.bundlePath).lastPathComponent
        if let dot = binaryFolder.lastIndex(of: ".") { binaryFolder = String(binaryFolder[..<dot]) }
        let program = (Bundle.main.bundleIdentifier ?? ProcessInfo.processInfo.processName)
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "\\", with: "_")
            .replacingOccurrences(of: ":", with: "_")
        var folders: [URL] = []
        if let support = manager.urls(for: .applicationSupportDirectory, in: .userDomainMask).first {
            folders.append(support.appendingPathComponent(binaryFolder, isDirectory: true))
        }
        if let caches = manager.urls(for: .cachesDirectory, in: .userDomainMask).first {
            folders.append(
                caches.appendingPathComponent("org.swift.foundation.URLCache", isDirectory: true)
                    .appendingPathComponent(program, isDirectory: true))
        }
        return folders
    }

    /// The folder and those above it that do not exist yet, deepest first.
    private static func missingAncestors(of folder: URL) -> [URL] {
        var missing: [URL] = []
        var current = folder.standardizedFileURL
        while current.path != "/", !FileManager.default.fileExists(atPath: current.path) {
            missing.append(current)
            current = current.deletingLastPathComponent()
        }
        return missing
    }
}
