import HeirloomCore
import Testing

/// Where a hub keeps media while a move runs, and after it, whichever store its HEIRLOOM_MEDIA_URL names.
@Suite("The store a hub uses during a move")
struct MediaStoreChoiceTests {
    let old = "file:///srv/heirloom/media"
    let new = "s3://family/media"

    @Test("Without a move, the configured store alone")
    func noMove() {
        #expect(MediaStoreChoice.choose(configured: old, latestMove: nil) == MediaStoreChoice(primary: old))
    }

    @Test("While copying, the old store; a hub already set to the new one reads the old one first")
    func copying() {
        let move = MediaMoveRecord(from: old, to: new, state: .copying)
        #expect(MediaStoreChoice.choose(configured: old, latestMove: move) == MediaStoreChoice(primary: old))
        #expect(
            MediaStoreChoice.choose(configured: new, latestMove: move)
                == MediaStoreChoice(primary: old, fallback: new))
    }

    @Test("After the switch, the new store with the old one behind it, whether the hub was set to either")
    func switched() {
        for state in [MediaMoveState.switched, .done] {
            let move = MediaMoveRecord(from: old, to: new, state: state)
            for configured in [old, new] {
                #expect(
                    MediaStoreChoice.choose(configured: configured, latestMove: move)
                        == MediaStoreChoice(primary: new, fallback: old))
            }
        }
    }

    @Test("A hub set to a third store that no move names uses it as it is told")
    func unrelated() {
        let move = MediaMoveRecord(from: old, to: new, state: .done)
        let third = "file:///mnt/other"
        #expect(MediaStoreChoice.choose(configured: third, latestMove: move) == MediaStoreChoice(primary: third))
    }
}
