import Core

extension CommandTable {
    /// The commands of the shell itself, on every screen.
    public static let shellCommands: [CommandEntry] = [
        CommandEntry(
            "help", aliases: ["h", "?"], arguments: [CommandArgument("COMMAND", .commandName, optional: true)],
            usage: "help [COMMAND]", summary: "show this list, or one command's help",
            details: "Lists the commands that work where you are; with a command, what it does and an example.",
            example: "help watch", screens: nil),
        CommandEntry(
            "back", aliases: ["b"], summary: "close this screen",
            details: "Closes the details or the favourites; the screen under it is drawn again.", example: "back",
            screens: nil, needsScreenBelow: true),
        CommandEntry(
            "quit", aliases: ["q", "exit"], summary: "leave; end of input does too",
            details: "Ends the app with status 0; Ctrl-D or the end of a pipe does the same.", example: "quit",
            screens: nil),
    ]
}

extension CommandEntry {
    /// What to tell someone who gave `command` something other than a position on `list`.
    public static func positionMisuse(_ command: String, on list: String) -> String {
        "Usage: \(command) N, where N is a race's position on the \(list)."
    }

    /// What to tell someone who gave a number to `command` on a screen of one race.
    public static func takesNoNumber(_ command: String) -> String {
        "Here `\(command)` works on this race and takes no number. Type `back` first to pick another race."
    }
}
