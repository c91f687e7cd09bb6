/// What a reader is told of the typed copy of a recording: words the computer typed say so until a person
/// corrects them, on every page, printed book and export that shows them.
public enum TranscriptNote {
    /// Said beside words the speech engine typed that nobody has corrected yet.
    public static let machine = "Typed by the computer; it may have mistakes."

    /// The note for a copy: the machine's while nobody corrected it, none once a person did.
    public static func note(corrected: Bool) -> String? { corrected ? nil : machine }
}
