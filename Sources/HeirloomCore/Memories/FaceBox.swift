/// A face marked on a photo: a box in fractions 0…1 of the photo as displayed, origin top left.
public struct FaceBox: Hashable, Sendable {
    public var photoIndex: Int
    public var personID: Int?
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(photoIndex: Int, personID: Int?, x: Double, y: Double, width: Double, height: Double) {
        self.photoIndex = photoIndex
        self.personID = personID
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The most face tags one memory holds, as the API document says.
    public static let maximumPerMemory = 500

    /// Allows for rounding in what apps send: a box may overshoot the edge by this much.
    static let tolerance = 0.001

    /// Throws unless the box lies within the photo, has a size, and names one of the memory's photos.
    public func validate(photoCount: Int) throws(FieldError) {
        let numbers = [x, y, width, height]
        guard numbers.allSatisfy(\.isFinite) else { throw Self.invalid("A face box needs four numbers.") }
        guard width > 0, height > 0 else { throw Self.invalid("A face box must have a width and a height.") }
        guard x >= 0, y >= 0, x < 1, y < 1, x + width <= 1 + Self.tolerance, y + height <= 1 + Self.tolerance
        else {
            throw Self.invalid("A face box must lie within the photo (fractions from 0 to 1).")
        }
        guard photoCount > 0, (0..<photoCount).contains(photoIndex) else {
            throw Self.invalid(
                photoCount == 0
                    ? "Faces can only be tagged on photo memories."
                    : "A face box names photo \(photoIndex), but the memory has \(photoCount) photo\(photoCount == 1 ? "" : "s") (counted from 0)."
            )
        }
    }

    /// The box clamped to the photo, for storing after validation.
    public var clamped: FaceBox {
        var box = self
        box.width = min(width, 1 - x)
        box.height = min(height, 1 - y)
        return box
    }

    private static func invalid(_ message: String) -> FieldError { FieldError(field: "faceTags", message: message) }
}
