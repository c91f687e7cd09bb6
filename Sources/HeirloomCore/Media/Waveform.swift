import Foundation

/// Builds the peaks a player draws: the loudest sample in each of a fixed number of slices of a recording.
public struct WaveformBuilder: Sendable {
    /// How many peaks are drawn.
    public static let defaultBucketCount = 200

    private let samplesPerBucket: Double
    private let bucketCount: Int
    private var peaks: [Int16]
    private var seen = 0

    /// - Parameter expectedSamples: about how many samples will come (duration × rate).
    public init(expectedSamples: Int, bucketCount: Int = WaveformBuilder.defaultBucketCount) {
        self.bucketCount = bucketCount
        self.samplesPerBucket = max(1, Double(expectedSamples) / Double(bucketCount))
        self.peaks = Array(repeating: 0, count: bucketCount)
    }

    /// Adds signed 16-bit samples in order.
    public mutating func add(_ samples: some Sequence<Int16>) {
        for sample in samples {
            let bucket = min(bucketCount - 1, Int(Double(seen) / samplesPerBucket))
            let magnitude = sample == .min ? Int16.max : abs(sample)
            if magnitude > peaks[bucket] { peaks[bucket] = magnitude }
            seen += 1
        }
    }

    /// The peaks as fractions 0…1 of full scale, rounded to three places.
    public var normalisedPeaks: [Double] {
        let used = seen == 0 ? 0 : min(bucketCount, Int((Double(seen - 1) / samplesPerBucket)) + 1)
        return peaks.prefix(max(used, 1)).map { (Double($0) / Double(Int16.max) * 1000).rounded() / 1000 }
    }
}

extension WaveformBuilder {
    /// Peaks as stored (a JSON array of numbers), or none when there are none or they do not read.
    public static func peaks(fromJSON json: String?) -> [Double]? {
        guard let json else { return nil }
        return try? JSONDecoder().decode([Double].self, from: Data(json.utf8))
    }
}
