import Core

/// How a category is drawn: an emoji in a UTF-8 terminal, otherwise one
/// letter (H horse, G greyhound, T harness — "trots").
public enum CategoryBadge {
    public static func text(for category: RaceCategory, style: DisplayStyle) -> String {
        style.usesGlyphs ? glyph(for: category) : letter(for: category)
    }

    public static func glyph(for category: RaceCategory) -> String {
        switch category {
        case .horse: "🏇"
        case .greyhound: "🐕"
        case .harness: "🐎"
        }
    }

    public static func letter(for category: RaceCategory) -> String {
        switch category {
        case .horse: "H"
        case .greyhound: "G"
        case .harness: "T"
        }
    }

    /// Every badge takes this many columns, so rows line up.
    public static func columns(style: DisplayStyle) -> Int { style.usesGlyphs ? 2 : 1 }
}
