/// What every feature's view says besides its own screen: a complaint about the command, and a warning.
/// Declared once here; a text or JSON view has both by saying which it is.
@MainActor
public protocol FeedbackView: AnyObject {
    /// A one-line complaint about the user's command; the screen is unchanged.
    func displayCommandError(_ message: String)
    /// Something the user should know that did not stop the command.
    func displayWarning(_ message: String)
}

/// A view that writes lines (a terminal, a pipe): errors and warnings as lines of their own, in its style.
@MainActor
public protocol TextFeedbackView: FeedbackView {
    var output: any TextOutput { get }
    var style: DisplayStyle { get }
}

extension TextFeedbackView {
    public func displayCommandError(_ message: String) { output.writeCommandError(message, style: style) }
    public func displayWarning(_ message: String) { output.writeWarning(message, style: style) }
}

/// A view that writes JSON documents: errors and warnings as documents of their own, on stderr.
@MainActor
public protocol JSONFeedbackView: FeedbackView {
    var output: any JSONDocumentOutput { get }
}

extension JSONFeedbackView {
    public func displayCommandError(_ message: String) { output.writeError(message) }
    public func displayWarning(_ message: String) { output.warn(message) }
}
