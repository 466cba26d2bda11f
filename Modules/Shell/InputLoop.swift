import Core
import Dispatch
import SystemCalls

/// Feeds lines from stdin to a `ShellSession`, one at a time: each command
/// runs only after the previous one has settled, so input from a pipe
/// behaves exactly like typing.
///
/// Reading blocks, so it happens on its own thread, a read's worth of lines
/// at a time (`LineReader`); every command runs on the main actor.
@MainActor
public final class InputLoop {
    private let session: ShellSession
    private let output: StandardOutput
    private let prompt: String?
    private let finish: @MainActor (ExitStatus) -> Void
    private let afterCommand: @MainActor (CommandResult) -> Void
    private let beginTurn: (@MainActor () -> Void)?
    private let endTurn: (@MainActor () -> Void)?
    private let strict: Bool
    private let input: Int32
    /// The highest status a command ended with, for `--strict`.
    private var worst = ExitStatus.ok
    /// `quit` was run: nothing after it runs, and the end of input is no second end.
    private var hasQuit = false
    /// `watch` at a prompt that cannot redraw in place, while it runs: the reader reads on, and what it brings ends
    /// the watch and runs after what was left of the watch's own batch.
    private var lineWatch: LineWatch?
    private var watchInterrupt: WatchInterrupt?
    private var afterWatch: (lines: [String], then: BatchEnd)?

    /// What is done when a batch's lines have all run: the reader is let go on.
    private typealias BatchEnd = @MainActor () -> Void

    /// - Parameters:
    ///   - prompt: printed before each line; nil when stdin is not a terminal.
    ///   - finish: called once, on `quit` or end of input.
    ///   - strict: end with the worst status of the commands run, not 0.
    ///   - afterCommand: told each command's result as it settles (the JSON output prints then).
    ///   - beginTurn: starts a turn, as a batch of lines begins to run.
    ///   - endTurn: ends the turn the lines so far were (the favourites they changed are saved, once), before
    ///     their answers are written: when every line that was waiting has run, before a command kept waiting
    ///     has what came before it written, and at the end.
    ///   - watchesUntilTyped: `watch` runs until a line is typed or Ctrl-C (`LineWatch`): a person at a terminal
    ///     that cannot redraw in place. It handles SIGINT while it runs, so only a run that owns the process.
    ///   - interval: how often that `watch` writes the screen again (a minute for a screen reader).
    public init(
        session: ShellSession, output: StandardOutput, input: Int32 = FileDescriptorIO.standardInput, prompt: String?,
        strict: Bool = false, watchesUntilTyped: Bool = false, watchRedrawsEvery interval: TimeInterval = 1,
        afterCommand: @escaping @MainActor (CommandResult) -> Void = { _ in },
        beginTurn: (@MainActor () -> Void)? = nil, endTurn: (@MainActor () -> Void)? = nil,
        finish: @escaping @MainActor (ExitStatus) -> Void
    ) {
        self.strict = strict
        self.beginTurn = beginTurn
        self.endTurn = endTurn
        self.input = input
        self.afterCommand = afterCommand
        self.session = session
        self.output = output
        self.prompt = prompt
        self.finish = finish
        if watchesUntilTyped {
            watchInterrupt = WatchInterrupt { [weak self] in self?.lineWatch?.interrupted() }
            session.watchHandler = { [weak self] done in
                guard let self else { return }
                let watch = LineWatch(session: session, output: output, interval: interval)
                lineWatch = watch
                watchInterrupt?.watch(true)
                watch.run { [weak self] outcome in
                    self?.watchInterrupt?.watch(false)
                    self?.lineWatch = nil
                    done(outcome)
                }
            }
        }
    }

    /// - Parameter firstLine: run before any input is read (the first board, for a person at a terminal).
    public func start(firstLine: String? = nil) {
        guard let firstLine else {
            showPrompt()
            return startReading()
        }
        session.execute(line: firstLine) { [self] outcome in
            settled(outcome)
            startReading()
        }
    }

    private func startReading() {
        SystemThread.start { [self] in
            let batchDone = DispatchSemaphore(value: 0)
            var lines = LineReader(descriptor: input)
            while let batch = lines.nextBatch() {
                DispatchQueue.main.async {
                    MainActor.assumeIsolated { self.received(batch, then: { batchDone.signal() }) }
                }
                batchDone.wait()
            }
            DispatchQueue.main.async {
                MainActor.assumeIsolated { self.endOfInput() }
            }
        }
    }

    /// Runs the lines one after another, each once the one before has settled, then lets the reader go on.
    /// A loop while commands settle at once, so a read of ten thousand lines never nests ten thousand calls.
    ///
    /// The batch's output is written when it ends, after the favourites it changed are saved in one write. A
    /// command that waits (a sheet's card) holds it back a moment; one still waiting after `patience` (`watch`,
    /// a slow server) has what came before it written, and writes as it goes until it settles.
    private func run(_ batch: ArraySlice<String>, then batchEnd: @escaping BatchEnd) {
        output.batchUnderWay = true
        beginTurn?()
        var remaining = batch
        while let line = remaining.first, !hasQuit {
            remaining = remaining.dropFirst()
            let step = Step()
            let rest = remaining
            session.execute(line: line) { [self] outcome in
                step.hasSettled = true
                // A watch ended by a line typed: that line, already on the screen, runs next, with no prompt
                // before its answer.
                let typedNext = lineWatch == nil && afterWatch.map { !$0.lines.isEmpty } == true
                settled(outcome, prompting: !typedNext)
                if step.isInLoop {
                    step.settledAtOnce = true
                } else if lineWatch == nil, let (lines, then) = afterWatch {
                    afterWatch = nil
                    run(lines[...], then: then)
                } else {
                    run(rest, then: batchEnd)
                }
            }
            step.isInLoop = false
            if !step.settledAtOnce, lineWatch != nil {
                // The watch runs until a line is typed: the reader goes on meanwhile, and the rest of this batch
                // waits for the watch to end.
                afterWatch = (Array(rest), {})
                writeTurn()
                return batchEnd()
            }
            guard step.settledAtOnce else {
                DispatchQueue.main.asyncAfter(deadline: .now() + Self.patience) {
                    MainActor.assumeIsolated { [self] in
                        guard !step.hasSettled else { return }
                        writeTurn()
                    }
                }
                return
            }
        }
        // The batch read is a turn: what it changed is saved and its answers written before the next read.
        writeTurn()
        batchEnd()
    }

    /// Ends the turn (its favourite changes saved) and writes its answers, in that order.
    private func writeTurn() {
        output.batchUnderWay = false
        endTurn?()
        output.flush()
    }

    /// A batch the reader brought: run, or, while `watch` runs at a prompt, the end of the watch. `q` or an empty
    /// line only ends it; what else was typed runs once what was left of the watch's batch has.
    private func received(_ batch: [String], then batchEnd: @escaping BatchEnd) {
        guard let watch = lineWatch else { return run(batch[...], then: batchEnd) }
        var typed = batch[...]
        if let first = typed.first, ["", "q", "Q"].contains(first.trimmingSpaces()) {
            typed = typed.dropFirst()
        }
        let earlier = afterWatch
        afterWatch = (
            (earlier?.lines ?? []) + typed,
            {
                earlier?.then(); batchEnd()
            }
        )
        watch.stop()
    }

    /// How long a command may wait before the batch's output so far is written.
    static let patience = DispatchTimeInterval.milliseconds(100)

    /// Whether a command settled before `execute` returned, or at all.
    private final class Step {
        var isInLoop = true
        var settledAtOnce = false
        var hasSettled = false
    }

    private func settled(_ outcome: ShellSession.Outcome, prompting: Bool = true) {
        switch outcome {
        case .quit:
            hasQuit = true
            afterCommand(.success)
            writeTurn()
            finish(strict ? worst : .ok)
        case .finished(let result):
            afterCommand(result)
            if result.exitStatus.rawValue > worst.rawValue { worst = result.exitStatus }
            if prompting { showPrompt() }
        }
    }

    private func endOfInput() {
        guard !hasQuit else { return }
        if let lineWatch {
            // Ctrl-D while watching: the watch ends, what was left of its batch runs, then the input's end.
            let earlier = afterWatch
            afterWatch = (
                earlier?.lines ?? [],
                { [weak self] in
                    earlier?.then(); self?.endOfInput()
                }
            )
            return lineWatch.stop()
        }
        // Leave the terminal on a fresh line after the last prompt.
        if prompt != nil { output.writeLine("") }
        writeTurn()
        finish(strict ? worst : .ok)
    }

    private func showPrompt() {
        if let prompt { output.writePrompt(prompt) }
    }
}
