import Core
import FavouritesView
import TestSupport
import Testing

@MainActor
@Suite("Favourites text view")
struct FavouritesTextViewTests {
    let output = RecordingOutput()

    @Test("same columns as the race list, with the status text")
    func rows() {
        let rows = [
            FavouriteRowViewModel(
                position: 1, category: .greyhound, raceNumber: "R1", meetingName: "Murray Bridge Straight",
                status: "jumped 3m ago", hasJumped: true),
            FavouriteRowViewModel(
                position: 2, category: .horse, raceNumber: "R8", meetingName: "Seymour", status: "25m 0s",
                hasJumped: false),
        ]
        FavouritesTextView(output: output, style: .plain).display(
            FavouritesViewModel(title: "Favourites", content: .races(rows)))
        #expect(
            output.lines == [
                "Favourites",
                "  1  G  R1   Murray Bridge Straight  jumped 3m ago",
                "  2  T  R8   Seymour                        25m 0s",
            ])
    }

    @Test("empty message")
    func empty() {
        FavouritesTextView(output: output, style: .plain).display(
            FavouritesViewModel(title: "Favourites", content: .empty(message: "No favourites yet.")))
        #expect(output.lines == ["Favourites", "  No favourites yet."])
    }
}
