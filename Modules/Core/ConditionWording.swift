/// The day's conditions as a punter reads them. Entain's feeds mix words ("Showers", "Overcast", "Good") with
/// the codes of their data suppliers ("OCAST", "SHWRY", "FINE", "Heavy8"): a code is spelt out, a word in
/// capitals is put in sentence case, a going's rating stands apart from its word (as the cards' form has it:
/// "Heavy 8"), and anything else is shown as the feed has it.
public enum ConditionWording {
    /// The weather codes seen in the feeds, and what they stand for.
    private static let weatherCodes = ["OCAST": "Overcast", "SHWRY": "Showery"]

    public static func weather(_ text: String) -> String {
        weatherCodes[text] ?? sentenceCase(text)
    }

    /// `Heavy8` is `Heavy 8`, `GOOD4` `Good 4`; `Synthetic` and `Good` stay.
    public static func going(_ text: String) -> String {
        let rating = text.reversed().prefix { $0.isASCII && $0.isNumber }.count
        let word = text.dropLast(rating)
        guard (1...2).contains(rating), word.count > 1, word.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            return sentenceCase(text)
        }
        return sentenceCase(String(word)) + " " + text.suffix(rating)
    }

    /// A word or two in ASCII capitals in sentence case (`HEAVY RAIN`: `Heavy rain`); anything else as it is.
    private static func sentenceCase(_ text: String) -> String {
        let isShouted = text.count > 1 && text.allSatisfy { $0 == " " || ($0.isASCII && $0.isUppercase) }
        guard isShouted else { return text }
        return text.prefix(1) + text.dropFirst().lowercased()
    }
}
