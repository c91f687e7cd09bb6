import Foundation
import HeirloomCore
import Testing

@Suite("Time zones by place")
struct TimeZonePlacesTests {
    @Test("zones are places in plain words, by part of the world; offsets and aliases are left out; UTC is last")
    func regions() {
        let regions = TimeZonePlaces.regions(
            ["Europe/London", "America/Argentina/Buenos_Aires", "America/Chicago", "Etc/GMT+5", "US/Eastern"])
        #expect(regions.map(\.name) == ["The Americas", "Europe", "Other"])
        #expect(
            regions[0].places.map(\.label) == ["Buenos Aires · Argentina Standard Time", "Chicago · Central Time"])
        #expect(regions[1].places == [.init(id: "Europe/London", label: "London · United Kingdom Time")])
        #expect(regions[2].places.map(\.id) == ["UTC"])
    }

    @Test("a zone the list leaves out is kept, so that saving the form never changes it unasked")
    func keepsTheCurrentZone() {
        let regions = TimeZonePlaces.regions(["Europe/London"])
        #expect(TimeZonePlaces.regions(regions, keeping: "Europe/London") == regions)
        let kept = TimeZonePlaces.regions(regions, keeping: "US/Eastern")
        #expect(kept.last?.places.first == .init(id: "US/Eastern", label: "US/Eastern"))
    }
}
