/// The day's conditions as a punter reads them. Entain's feeds mix words ("Showers", "Overcast", "Good") with
/// the codes of their data suppliers ("OCAST", "SHWRY", "FINE", "Heavy8"): a code is spelt out, a word in
/// capitals is put in sentence case, a going's rating stands apart from its word (as the cards' form has it:
/// "Heavy 8"), and anything else is shown as the feed has it.
enum ConditionWording {
    /// The weather codes seen in the feeds, and what they stand for.
    private static let weatherCodes = ["OCAST": "Overcast", "SHWRY": "Showery"]

    static func weather(_ text: String) -> String {
        weatherCodes[text] ?? sentenceCase(text)
    }

    /// `Heavy8` is `Heavy 8`, `GOOD4` `Good 4`; `Synthetic` and `Good` stay.
    static func going(_ text: String) -> String {
        let digits = text.utf8.reversed().prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }.count
        let word = text.utf8.dropLast(digits)
        guard digits > 0, digits <= 2, word.count > 1, word.allSatisfy(isLetter) else { return sentenceCase(text) }
        return sentenceCase(String(text.dropLast(digits))) + " " + text.suffix(digits)
    }

    /// A word or two in ASCII capitals in sentence case (`HEAVY RAIN`: `Heavy rain`); anything else as it is.
    private static func sentenceCase(_ text: String) -> String {
        let letters = text.utf8
        let isShouted =
            letters.count > 1
            && letters.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) || $0 == UInt8(ascii: " ") }
        guard isShouted else { return text }
        return text.prefix(1) + text.dropFirst().lowercased()
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
    }
}
