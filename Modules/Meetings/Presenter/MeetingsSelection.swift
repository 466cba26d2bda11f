import Core

/// What `meetings` is narrowed to by the words after it: codes (`horse`, `dogs`), a region (`aus`, `nz`, `intl`)
/// and any other words as part of a meeting's name (`meetings park`). `all` takes back what came before it.
public struct MeetingsSelection: Sendable, Equatable {
    public var categories: Set<RaceCategory> = []
    public var region: RaceRegion?
    /// Folded as search folds it; empty for any name.
    public var name = ""

    public init() {}

    public init(words text: String) {
        var nameWords: [String] = []
        for word in text.split(whereSeparator: \.isWhitespace).map(String.init) {
            if let category = RaceCategory(userInput: word) {
                categories.insert(category)
            } else if let region = RaceRegion(userInput: word) {
                self.region = region
            } else if word.lowercased() == "all" {
                self = MeetingsSelection()
                nameWords = []
            } else {
                nameWords.append(word)
            }
        }
        name = Race.searchFolded(nameWords.joined(separator: " "))
    }

    public var isEverything: Bool { categories.isEmpty && region == nil && name.isEmpty }

    func admits(_ race: Race) -> Bool {
        (categories.isEmpty || categories.contains(race.category)) && (region == nil || race.region == region)
            && (name.isEmpty || race.matches(search: name))
    }

    /// `horse, greyhound · Australia · "park"`: what the list shows, said after its title.
    var description: String {
        var parts: [String] = []
        if !categories.isEmpty { parts.append(categories.sorted().map(\.displayName).joined(separator: ", ")) }
        if let region { parts.append(region.displayName) }
        if !name.isEmpty { parts.append("\"\(name)\"") }
        return parts.joined(separator: " · ")
    }
}
