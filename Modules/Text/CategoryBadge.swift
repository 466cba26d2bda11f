import Core

/// How a category is drawn: an emoji in a UTF-8 terminal, otherwise its
/// letter (`RaceCategory.letter`: T thoroughbred, H harness, G greyhound).
public enum CategoryBadge {
    public static func text(for category: RaceCategory, style: DisplayStyle) -> String {
        style.usesGlyphs ? glyph(for: category) : category.letter
    }

    public static func glyph(for category: RaceCategory) -> String {
        switch category {
        case .horse: "🏇"
        case .greyhound: "🐕"
        case .harness: "🐎"
        }
    }

    /// Every badge takes this many columns, so rows line up.
    public static func columns(style: DisplayStyle) -> Int { style.usesGlyphs ? 2 : 1 }
}
