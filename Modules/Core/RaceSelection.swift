import Platform

/// What `meetings`, `results` and `scratchings` are narrowed to by the words after them: codes (`horse`, `dogs`, or the list's
/// letters `T`, `H`, `G`), regions (`aus`, `nz`, `intl`), places as the meetings list's headings name them (`wa`,
/// `vic`, `uk`, `sweden`), and any other words as part of a meeting's name (`meetings park`). Words of one kind add
/// up (`aus nz`); `all` takes back what came before it.
public struct RaceSelection: Sendable, Equatable {
    public var categories: Set<RaceCategory> = []
    public var regions: Set<RaceRegion> = []
    /// State and country codes, as `MeetingPlace` spells them.
    public var places: Set<String> = []
    /// Folded as search folds it; empty for any name.
    public var name = ""

    public init() {}

    public init(words text: String) {
        var nameWords: [String] = []
        for word in text.split(whereSeparator: \.isWhitespace).map(String.init) {
            if let category = Self.category(word) {
                categories.insert(category)
            } else if let region = RaceRegion(userInput: word) {
                regions.insert(region)
            } else if let place = PlaceNames.code(named: word) {
                places.insert(place)
            } else if word.lowercased() == "all" {
                self = RaceSelection()
                nameWords = []
            } else {
                nameWords.append(word)
            }
        }
        name = Race.searchFolded(nameWords.joined(separator: " "))
    }

    /// A code as typed: its names, or the letter the list shows for it.
    public static func category(_ word: String) -> RaceCategory? {
        RaceCategory(userInput: word) ?? RaceCategory(letter: word)
    }

    public var isEverything: Bool { categories.isEmpty && regions.isEmpty && places.isEmpty && name.isEmpty }

    public func admits(_ race: Race) -> Bool {
        let place = MeetingPlace(of: race)
        return (categories.isEmpty || categories.contains(race.category))
            && (regions.isEmpty || regions.contains(race.region))
            && (places.isEmpty || places.contains(place.state ?? "") || places.contains(place.country ?? ""))
            && (name.isEmpty || race.matches(search: name))
    }

    /// `horse, greyhound · Australia · WA · "park"`: what the list shows, said after its title.
    public var description: String {
        var parts: [String] = []
        if !categories.isEmpty { parts.append(categories.sorted().map(\.displayName).joined(separator: ", ")) }
        if !regions.isEmpty {
            parts.append(RaceRegion.allCases.filter(regions.contains).map(\.displayName).joined(separator: ", "))
        }
        if !places.isEmpty {
            parts.append(places.sorted().map { PlaceNames.countryNames[$0] ?? $0 }.joined(separator: ", "))
        }
        if !name.isEmpty { parts.append("\"\(name)\"") }
        return parts.joined(separator: " · ")
    }
}
