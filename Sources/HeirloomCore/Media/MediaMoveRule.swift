/// Where a hub reads and writes media while `heirloom media migrate` moves them from one store to another.
///
/// A move copies every blob while the hubs go on using the old store, then switches: from then on hubs write
/// to the new store and read from it, falling back to the old one for anything written there just before
/// they noticed the switch; a second pass then copies those too, and the move is done.
public enum MediaMoveState: String, Sendable, CaseIterable {
    /// Copying; hubs still use the old store.
    case copying
    /// Switched; the last blobs written to the old store are being copied.
    case switched
    /// Every blob is in the new store.
    case done
}

/// The latest move as the database records it.
public struct MediaMoveRecord: Sendable, Equatable {
    public var from: String
    public var to: String
    public var state: MediaMoveState

    public init(from: String, to: String, state: MediaMoveState) {
        self.from = from
        self.to = to
        self.state = state
    }
}

/// Which stores a hub uses: it writes to and reads from `primary`, and reads from `fallback` what is not there.
public struct MediaStoreChoice: Sendable, Equatable {
    public var primary: String
    public var fallback: String?

    public init(primary: String, fallback: String? = nil) {
        self.primary = primary
        self.fallback = fallback
    }

    /// The stores for a hub configured with `configured` (HEIRLOOM_MEDIA_URL), given the latest move.
    ///
    /// A move that has switched wins over the configuration, so hubs started before the move keep finding
    /// every file until they are restarted with the new setting; a configuration that names the old store of
    /// a finished move is therefore never a reason to lose sight of the media.
    public static func choose(configured: String, latestMove move: MediaMoveRecord?) -> MediaStoreChoice {
        guard let move else { return MediaStoreChoice(primary: configured) }
        switch move.state {
        case .copying:
            // Still copying: the old store is the one in use; a hub already configured for the new one reads
            // the old one too, so nothing is out of its sight.
            return configured == move.to
                ? MediaStoreChoice(primary: move.from, fallback: move.to)
                : MediaStoreChoice(primary: configured)
        case .switched, .done:
            guard configured == move.from || configured == move.to else { return MediaStoreChoice(primary: configured) }
            return MediaStoreChoice(primary: move.to, fallback: move.from)
        }
    }
}
