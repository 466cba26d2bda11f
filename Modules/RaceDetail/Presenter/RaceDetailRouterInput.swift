/// The navigation the sheet needs; its router provides it. None yet: `back` and `list` close it in the shell.
@MainActor
public protocol RaceDetailRouterInput: AnyObject {}
