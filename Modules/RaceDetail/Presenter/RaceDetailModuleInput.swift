import Core

/// What the shell may ask of the detail sheet.
@MainActor
public protocol RaceDetailModuleInput: AnyObject {
    /// Draws the sheet as it is now (countdown, expiry, favourite status).
    func show(completion: @escaping CommandCompletion)
    /// Draws the sheet again at once, countdown moved on; its favourite mark follows the store a second later.
    func showLive()
    /// `fav`: adds the race to favourites, or removes it.
    func toggleFavourite(completion: @escaping CommandCompletion)
    /// `form [N]`: every runner's last starts and records in place of the field, or runner N's.
    func showForm(runner: Int?, completion: @escaping CommandCompletion)
    /// `map`: the speed map in place of the field.
    func showSpeedMap(completion: @escaping CommandCompletion)
    /// `runner N`: one runner in full in place of the field.
    func showRunner(_ number: Int, completion: @escaping CommandCompletion)
    /// The race and its card as the sheet has them, for other features' commands on it (`follow 3`).
    var subject: ScreenSubject { get }
}

/// The navigation the sheet needs; its router provides it. None yet: `back` and `list` close it in the shell.
@MainActor
public protocol RaceDetailRouterInput: AnyObject {}
