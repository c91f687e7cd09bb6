/// Cuts a recording (16 kHz mono samples) into stretches of sound separated by silence, for the offline engine:
/// each stretch is decoded on its own, so its words' times count from a known place, long recordings are never
/// decoded in one piece, and silence (where the engine would imagine words) is never decoded at all.
public enum SpeechChunker {
    /// Samples a second.
    public static let sampleRate = 16_000
    /// The length of one analysis frame: 30 ms.
    static let frame = 480

    /// The sample ranges to decode, in order. A stretch ends at a silence of at least `pause` seconds; one longer
    /// than `longest` seconds is cut at its quietest frame. Each keeps `margin` seconds of the silence around it.
    public static func chunks(
        _ samples: [Int16], pause: Double = 0.3, longest: Double = 25, margin: Double = 0.15
    ) -> [Range<Int>] {
        let energies = stride(from: 0, to: samples.count, by: frame).map { start in
            rms(samples[start..<min(start + frame, samples.count)])
        }
        guard let loudest = energies.max(), loudest > 0 else { return [] }
        // Sound is what is well above the quietest tenth of the recording (its background), and above a floor that
        // hiss never reaches; in a recording loud throughout, what is above a third of its loudest.
        let quiet = energies.sorted()[energies.count / 10]
        let threshold = max(150, min(quiet * 3, loudest * 0.3))
        let pauseFrames = max(1, Int(pause * Double(sampleRate) / Double(frame)))
        let longestFrames = max(pauseFrames * 2, Int(longest * Double(sampleRate) / Double(frame)))
        var stretches: [Range<Int>] = []
        var start: Int?
        var lastLoud = 0
        for (index, energy) in energies.enumerated() {
            if energy >= threshold {
                if start == nil { start = index }
                lastLoud = index
            } else if let begun = start, index - lastLoud >= pauseFrames {
                stretches.append(begun..<(lastLoud + 1))
                start = nil
            }
        }
        if let begun = start { stretches.append(begun..<(lastLoud + 1)) }
        let pieces = stretches.flatMap { split($0, energies: energies, longest: longestFrames) }
        let marginFrames = Int(margin * Double(sampleRate) / Double(frame))
        return pieces.filter { $0.count >= 3 }.map { piece in
            let from = max(0, (piece.lowerBound - marginFrames) * frame)
            let to = min(samples.count, (piece.upperBound + marginFrames) * frame)
            return from..<to
        }
    }

    /// Cuts a stretch longer than `longest` frames at its quietest frame, again and again.
    static func split(_ stretch: Range<Int>, energies: [Double], longest: Int) -> [Range<Int>] {
        guard stretch.count > longest else { return [stretch] }
        let middle = stretch.lowerBound + longest / 4..<stretch.upperBound - longest / 4
        let cut = middle.min { energies[$0] < energies[$1] } ?? stretch.lowerBound + stretch.count / 2
        return split(stretch.lowerBound..<cut, energies: energies, longest: longest)
            + split(cut..<stretch.upperBound, energies: energies, longest: longest)
    }

    static func rms(_ samples: ArraySlice<Int16>) -> Double {
        guard !samples.isEmpty else { return 0 }
        var sum = 0.0
        for sample in samples { sum += Double(sample) * Double(sample) }
        return (sum / Double(samples.count)).squareRoot()
    }
}
