import BlackbookInteractor
import BlackbookView
import Core
import RaceData

/// A change to the book made and said: the warning a repair gave and the line saying what changed; the store's
/// error and the command's end with a failed save's status when it could not be saved.
@MainActor
enum BookChange {
    /// The book after the change (the caller ends the command), nil when it failed (the user told, `completion`
    /// called).
    static func make(
        _ change: KeptListChange<BlackbookEntry>, interactor: any BlackbookInteractorInput,
        view: (any BlackbookViewInput)?, completion: CommandCompletion, said: () -> BlackbookChangeViewModel
    ) -> KeptListState<BlackbookEntry>? {
        switch interactor.change(change) {
        case .success(let state):
            if let warning = state.warning { view?.displayWarning(warning) }
            view?.displayChange(said())
            return state
        case .failure(let error):
            view?.displayCommandError(error.description)
            completion(.failure(.cannotSave))
            return nil
        }
    }
}
