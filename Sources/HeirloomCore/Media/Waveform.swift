import Foundation

/// Peaks of a recording's loudness for drawing its waveform, fed with decoded 16-bit samples.
public struct WaveformBuilder: Sendable {
    /// How many peaks are drawn.
    public static let defaultBucketCount = 200
    /// Samples in one block when the length is not known beforehand (10 ms at the hub's 4 kHz waveform rate).
    static let blockSize = 40

    /// Nil when the length is unknown (a browser's WebM recording has no duration in its header): then peaks are
    /// kept per block and gathered into buckets at the end.
    private let samplesPerBucket: Double?
    private let bucketCount: Int
    private var peaks: [Int16]
    /// How many samples were added: the recording's length is this over the sample rate.
    public private(set) var sampleCount = 0

    /// - Parameter expectedSamples: about how many samples will come (duration × rate); nil or 0 when unknown.
    public init(expectedSamples: Int?, bucketCount: Int = WaveformBuilder.defaultBucketCount) {
        self.bucketCount = bucketCount
        if let expectedSamples, expectedSamples > 0 {
            self.samplesPerBucket = max(1, Double(expectedSamples) / Double(bucketCount))
            self.peaks = Array(repeating: 0, count: bucketCount)
        } else {
            self.samplesPerBucket = nil
            self.peaks = []
        }
    }

    /// Adds signed 16-bit samples in order.
    public mutating func add(_ samples: some Sequence<Int16>) {
        for sample in samples {
            let magnitude = sample == .min ? Int16.max : abs(sample)
            let index: Int
            if let samplesPerBucket {
                index = min(bucketCount - 1, Int(Double(sampleCount) / samplesPerBucket))
            } else {
                index = sampleCount / Self.blockSize
                if index == peaks.count { peaks.append(0) }
            }
            if magnitude > peaks[index] { peaks[index] = magnitude }
            sampleCount += 1
        }
    }

    /// The peaks as fractions 0…1 of full scale, rounded to three places.
    public var normalisedPeaks: [Double] {
        gathered.map { (Double($0) / Double(Int16.max) * 1000).rounded() / 1000 }
    }

    private var gathered: [Int16] {
        guard let samplesPerBucket else {
            guard peaks.count > bucketCount else { return peaks.isEmpty ? [0] : peaks }
            return (0..<bucketCount).map { bucket in
                peaks[bucket * peaks.count / bucketCount..<(bucket + 1) * peaks.count / bucketCount].max() ?? 0
            }
        }
        let used = sampleCount == 0 ? 0 : min(bucketCount, Int((Double(sampleCount - 1) / samplesPerBucket)) + 1)
        return Array(peaks.prefix(max(used, 1)))
    }
}

extension WaveformBuilder {
    /// Peaks as stored (a JSON array of numbers), or none when there are none or they do not read.
    public static func peaks(fromJSON json: String?) -> [Double]? {
        guard let json else { return nil }
        return try? JSONDecoder().decode([Double].self, from: Data(json.utf8))
    }
}
