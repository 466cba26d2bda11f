/// The feed's weather as a punter reads it. Entain's feeds mix words ("Showers", "Overcast") with the codes of
/// their data suppliers ("OCAST", "SHWRY", "FINE"): a code is spelt out, a word in capitals is put in sentence
/// case, and anything else is shown as the feed has it.
enum WeatherWording {
    /// The codes seen in the feeds, and what they stand for.
    private static let codes = ["OCAST": "Overcast", "SHWRY": "Showery"]

    static func text(_ weather: String) -> String {
        if let word = codes[weather] { return word }
        let letters = weather.utf8
        let isShouted =
            letters.count > 1
            && letters.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) || $0 == UInt8(ascii: " ") }
        guard isShouted else { return weather }
        return weather.prefix(1) + weather.dropFirst().lowercased()
    }
}
