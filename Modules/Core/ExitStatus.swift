/// Process exit codes, from BSD's sysexits so scripts can tell failures apart.
public enum ExitStatus: Int32, Sendable, Equatable {
    case ok = 0
    /// The command line was wrong: unknown option, bad value, unknown command.
    case usage = 64
    /// The race feed was read but is not a usable feed.
    case dataError = 65
    /// The race feed could not be read at all.
    case unavailable = 69
    /// Favourites or settings could not be saved (disk full, permissions…); nothing saved was lost.
    case cannotSave = 73
    /// Stdout could not be written: a full disk, a closed descriptor, a reader that went away.
    case outputFailed = 74
}

/// How one REPL command ended. The shell turns a failure into the exit status
/// when it runs a single command for a script.
public enum CommandResult: Sendable, Equatable {
    case success
    case failure(ExitStatus)

    public var exitStatus: ExitStatus {
        switch self {
        case .success: .ok
        case .failure(let status): status
        }
    }
}

/// What a module calls when the command it was handed has finished, including
/// any fetch it had to wait for.
public typealias CommandCompletion = @MainActor (CommandResult) -> Void
