import Files
import Foundation
import RaceData
import RaceDataLive
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The favourites lock between copies of the app. Not on the main actor: these wait on other processes and
/// threads, and no other test should wait behind them.
@Suite("Favourites lock")
struct FavouritesLockTests {
    @Test("two processes toggling 200 favourites each at once: all 400 land, then all 400 go")
    func twoProcesses() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let folder = directory.url.appendingPathComponent("data")
        let tool = ProcessRunner.builtProduct("FavouritesStress")
        func runBoth() async throws {
            async let left = blocking {
                try ProcessRunner.run(
                    executable: tool, arguments: [folder.path, "left", "200"], environment: [:], timeout: 300)
            }
            async let right = blocking {
                try ProcessRunner.run(
                    executable: tool, arguments: [folder.path, "right", "200"], environment: [:], timeout: 300)
            }
            let runs = try await [left, right]
            #expect(runs.map(\.status) == [0, 0], "\(runs.map(\.stderr))")
        }
        let store = await FileFavourites(directory: folder, clock: ManualClock(1_748_310_000))

        try await runBoth()
        let expected = Set(["left", "right"].flatMap { prefix in (0..<200).map { "\(prefix)-\($0)" } })
        #expect(try await store.load().ids == expected)

        try await runBoth()
        #expect(try await store.load().favourites.isEmpty)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
                "favourites.json", "favourites.lock", "favourites.queue",
            ])
    }

    @Test("a copy that lets go and takes the lock straight back queues behind the copy already waiting")
    func waiterGoesFirst() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let lockPath = directory.url.appendingPathComponent("x.lock").path
        let queuePath = directory.url.appendingPathComponent("x.queue").path
        // Two copies as good as two processes: flock belongs to an open file, not to a process.
        let holder = FileLock(path: lockPath, queuePath: queuePath, patience: .seconds(60))
        let waiter = FileLock(path: lockPath, queuePath: queuePath, patience: .seconds(60))
        let order = LockedValue<[String]>([])

        let held = try holder.lock(createDirectory: {})
        let inLine = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        // A thread of its own, started here: a task could wait long for a thread on a busy machine.
        Thread {
            defer { done.signal() }
            guard let descriptor = try? waiter.lock(createDirectory: {}, whenInLine: { inLine.signal() }) else {
                return
            }
            order.update { $0.append("waiter") }
            waiter.unlock(descriptor)
        }.start()
        let wasInLine = try await blocking {
            // The waiter holds the turnstile. A lock with no turnstile never says so: the holder goes on after
            // a long wait, and the test fails on the order.
            let wasInLine = inLine.wait(timeout: .now() + 300) == .success
            holder.unlock(held)
            let again = try holder.lock(createDirectory: {})
            order.update { $0.append("holder") }
            holder.unlock(again)
            return wasInLine
        }
        try await blocking { done.wait() }
        #expect(wasInLine, "the waiter never said it was in line")
        #expect(order.value == ["waiter", "holder"])
    }

    @Test(
        "a holder that is running is 'saving; try again', a stopped one is named with `fg` advice, even next in line",
        .enabled(if: LockHolder.canRun))
    func holderMessages() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let lockPath = directory.url.appendingPathComponent("x.lock").path
        let queuePath = directory.url.appendingPathComponent("x.queue").path

        let busy = try LockHolder(file: lockPath, stopped: false)
        defer { busy.kill() }
        let impatient = FileLock(path: lockPath, queuePath: queuePath, patience: .milliseconds(200))
        let runningReason = try await Self.refusal(of: impatient)
        #expect(
            runningReason
                == "another copy of next-to-go (process \(busy.processID)) is saving the favourites and has not finished in 200 ms; try again"
        )
        busy.kill()

        // A copy stopped while it waited in line holds the turnstile: the lock itself is free.
        let stoppedInLine = try LockHolder(file: queuePath, stopped: true)
        defer { stoppedInLine.kill() }
        let other = FileLock(path: lockPath, queuePath: queuePath, patience: .milliseconds(200))
        let stoppedReason = try await Self.refusal(of: other)
        #expect(
            stoppedReason
                == "another copy of next-to-go (process \(stoppedInLine.processID), stopped) holds the favourites and has not let go in 200 ms; bring it back (`fg` in its terminal) or quit it, then try again"
        )
    }

    /// Why the lock is refused, waited for on a thread of its own ("taken" if it is not).
    private static func refusal(of lock: FileLock) async throws -> String {
        try await blocking { () -> String in
            do throws(FileLock.Failure) {
                lock.unlock(try lock.lock(createDirectory: {}))
                return "taken"
            } catch {
                return error.reason
            }
        }
    }
}
