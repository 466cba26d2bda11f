import Core
import Foundation

/// Feeds lines from stdin to a `ShellSession`, one at a time: the next line
/// is read only after the previous command has settled, so input from a
/// pipe behaves exactly like typing.
///
/// Reading blocks, so it happens on its own thread; every command runs on
/// the main actor.
@MainActor
public final class InputLoop {
    private let session: ShellSession
    private let output: StandardOutput
    private let prompt: String?
    private let finish: @MainActor (ExitStatus) -> Void
    private let afterCommand: @MainActor (CommandResult) -> Void
    private let strict: Bool
    /// The highest status a command ended with, for `--strict`.
    private var worst = ExitStatus.ok

    /// - Parameters:
    ///   - prompt: printed before each line; nil when stdin is not a terminal.
    ///   - finish: called once, on `quit` or end of input.
    ///   - strict: end with the worst status of the commands run, not 0.
    ///   - afterCommand: told each command's result as it settles (the JSON output prints then).
    public init(
        session: ShellSession, output: StandardOutput, prompt: String?, strict: Bool = false,
        afterCommand: @escaping @MainActor (CommandResult) -> Void = { _ in },
        finish: @escaping @MainActor (ExitStatus) -> Void
    ) {
        self.strict = strict
        self.afterCommand = afterCommand
        self.session = session
        self.output = output
        self.prompt = prompt
        self.finish = finish
    }

    public func start() {
        showPrompt()
        let reader = Thread { [self] in
            let commandDone = DispatchSemaphore(value: 0)
            while let line = readLine(strippingNewline: true) {
                DispatchQueue.main.async {
                    MainActor.assumeIsolated { self.run(line, then: commandDone) }
                }
                commandDone.wait()
            }
            DispatchQueue.main.async {
                MainActor.assumeIsolated { self.endOfInput() }
            }
        }
        reader.start()
    }

    private func run(_ line: String, then commandDone: DispatchSemaphore) {
        session.execute(line: line) { [self] outcome in
            switch outcome {
            case .quit:
                afterCommand(.success)
                finish(strict ? worst : .ok)
            case .finished(let result):
                afterCommand(result)
                if result.exitStatus.rawValue > worst.rawValue { worst = result.exitStatus }
                showPrompt()
                commandDone.signal()
            }
        }
    }

    private func endOfInput() {
        // Leave the terminal on a fresh line after the last prompt.
        if prompt != nil { output.writeLine("") }
        finish(strict ? worst : .ok)
    }

    private func showPrompt() {
        if let prompt { output.writePrompt(prompt) }
    }
}
