/// What the terminal in front of the user can show. Views decide glyphs,
/// colour and wrapping from this alone, so they render the same in tests.
public struct DisplayStyle: Sendable, Equatable {
    /// Stdout is a terminal a person is watching: transient lines such as
    /// "Loading…" are worth printing.
    public var isInteractive: Bool
    /// Emoji and other non-ASCII decoration may be used (UTF-8 terminal).
    public var usesGlyphs: Bool
    /// ANSI colour may be used.
    public var usesColour: Bool
    /// For a screen reader (`--accessible`): a screen that would be a table may be said in sentences instead.
    public var isAccessible = false
    /// Columns available for a line: asked of `liveWidth` at each use, so a terminal resized between commands
    /// gets boards that fit it; `fallbackWidth` when it has no answer.
    public var width: Int { max(liveWidth?() ?? fallbackWidth, DisplayStyle.minimumWidth) }
    private let fallbackWidth: Int
    private let liveWidth: (@Sendable () -> Int?)?

    public init(
        isInteractive: Bool, usesGlyphs: Bool, usesColour: Bool, width: Int, liveWidth: (@Sendable () -> Int?)? = nil
    ) {
        self.isInteractive = isInteractive
        self.usesGlyphs = usesGlyphs
        self.usesColour = usesColour
        self.fallbackWidth = width
        self.liveWidth = liveWidth
    }

    /// Same look, width compared as it is now.
    public static func == (lhs: DisplayStyle, rhs: DisplayStyle) -> Bool {
        lhs.isInteractive == rhs.isInteractive && lhs.usesGlyphs == rhs.usesGlyphs
            && lhs.usesColour == rhs.usesColour && lhs.width == rhs.width && lhs.isAccessible == rhs.isAccessible
    }

    /// Pipes, files and `TERM=dumb`: ASCII only, no colour, nothing transient.
    public static let plain = DisplayStyle(isInteractive: false, usesGlyphs: false, usesColour: false, width: 80)

    public static let minimumWidth = 40

    public func paint(_ text: String, _ tone: Tone) -> String {
        guard usesColour, !text.isEmpty else { return text }
        return "\u{1B}[\(tone.sgrCode)m\(text)\u{1B}[0m"
    }

    /// Text that came from the data, made safe for this terminal.
    public func clean(_ text: String) -> String {
        TerminalText.clean(text, asciiOnly: !usesGlyphs)
    }

    public enum Tone: Sendable {
        case bold, dim, red, yellow, green, cyan

        var sgrCode: String {
            switch self {
            case .bold: "1"
            case .dim: "2"
            case .red: "31"
            case .yellow: "33"
            case .green: "32"
            case .cyan: "36"
            }
        }
    }
}
