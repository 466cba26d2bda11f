import BlackbookInteractor
import BlackbookView
import Core
import RaceData

/// A change to the book made: the warning a repair gave said, and what to say of the change worked out from the
/// book it left; the store's error, or the change's refusal, said and the command ended when it did not stand.
@MainActor
enum BookChange {
    /// What a change made comes to: a line to say, or why it did not do what was asked (nothing to save).
    enum Outcome {
        case said(BlackbookChangeViewModel)
        case refused(String)
    }

    /// The book after the change and what to say of it (the caller says it and ends the command); nil when it
    /// failed or was refused (the user told, `completion` called).
    static func make(
        _ change: KeptListChange<BlackbookEntry>, interactor: any BlackbookInteractorInput,
        view: (any BlackbookViewInput)?, completion: CommandCompletion,
        outcome: (KeptListState<BlackbookEntry>) -> Outcome
    ) -> (state: KeptListState<BlackbookEntry>, said: BlackbookChangeViewModel)? {
        switch interactor.change(change) {
        case .success(let state):
            if let warning = state.warning { view?.displayWarning(warning) }
            switch outcome(state) {
            case .said(let said):
                return (state, said)
            case .refused(let reason):
                view?.displayCommandError(reason)
                completion(.failure(.usage))
                return nil
            }
        case .failure(let error):
            view?.displayCommandError(error.description)
            completion(.failure(.cannotSave))
            return nil
        }
    }
}
