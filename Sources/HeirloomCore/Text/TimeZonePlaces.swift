import Foundation

/// Time zones as a family chooses one: by a place and its time in plain words ("London · United Kingdom Time"),
/// grouped by part of the world, instead of by the database's names (Europe/London).
public enum TimeZonePlaces {
    public struct Place: Sendable, Equatable, Encodable {
        /// The IANA name the hub stores, such as "Europe/London".
        public var id: String
        /// "London · United Kingdom Time".
        public var label: String

        public init(id: String, label: String) {
            self.id = id
            self.label = label
        }
    }

    public struct Region: Sendable, Equatable, Encodable {
        public var name: String
        public var places: [Place]

        public init(name: String, places: [Place]) {
            self.name = name
            self.places = places
        }
    }

    /// The parts of the world in the order a list shows them, by the first part of a zone's name.
    static let regions: [(prefix: String, name: String)] = [
        ("America", "The Americas"), ("Europe", "Europe"), ("Africa", "Africa"), ("Asia", "Asia"),
        ("Australia", "Australia"), ("Pacific", "Pacific islands"), ("Atlantic", "Atlantic islands"),
        ("Indian", "Indian Ocean islands"), ("Antarctica", "Antarctica"),
    ]

    /// Every zone of `identifiers` under its part of the world, each sorted by place; UTC last, under "Other".
    /// Names that are only offsets or aliases (Etc/GMT+5, US/Eastern) are left out.
    public static func regions(_ identifiers: [String], locale: Locale = Locale(identifier: "en_US")) -> [Region] {
        var byRegion: [String: [Place]] = [:]
        for id in identifiers {
            let parts = id.split(separator: "/")
            guard parts.count >= 2, let region = regions.first(where: { $0.prefix == parts[0] }),
                let zone = TimeZone(identifier: id)
            else { continue }
            byRegion[region.name, default: []].append(Place(id: id, label: label(id, zone: zone, locale: locale)))
        }
        var result = regions.compactMap { region in
            byRegion[region.name].map { Region(name: region.name, places: $0.sorted { $0.label < $1.label }) }
        }
        result.append(Region(name: "Other", places: [Place(id: "UTC", label: "UTC · Coordinated Universal Time")]))
        return result
    }

    /// The regions with `current` among them: a zone the list leaves out (an alias an owner typed once, the
    /// server's own) is offered under "Other", so that saving the form never changes it unasked.
    public static func regions(_ regions: [Region], keeping current: String) -> [Region] {
        guard !regions.contains(where: { $0.places.contains { $0.id == current } }) else { return regions }
        var regions = regions
        let place = Place(id: current, label: current.replacingOccurrences(of: "_", with: " "))
        if let other = regions.firstIndex(where: { $0.name == "Other" }) {
            regions[other].places.insert(place, at: 0)
        } else {
            regions.append(Region(name: "Other", places: [place]))
        }
        return regions
    }

    /// "Buenos Aires · Argentina Standard Time" for America/Argentina/Buenos_Aires.
    public static func label(_ id: String, zone: TimeZone, locale: Locale) -> String {
        let place = (id.split(separator: "/").last.map(String.init) ?? id).replacingOccurrences(of: "_", with: " ")
        guard let time = zone.localizedName(for: .generic, locale: locale), !time.hasPrefix("GMT") else {
            return place
        }
        return "\(place) · \(time)"
    }
}
