import Foundation
@testable import SegueCompiler
import Testing

/// A layer that hides its back is looked at closely enough to find each time it turns, however
/// briefly, and no closer where it keeps facing one way.
struct FacingProbeTests {
    /// Every instant where `facing` changes sign between neighbouring times of `probes`.
    static func switches(_ probes: [Double], _ facing: (Double) -> Double) -> [Double] {
        ProjectionSampler.switches(at: probes, precision: 1e-12) { facing($0) >= 0 }
    }

    /// Facing the viewer at both probes, it turns its back for 2.2 µs between them (a spring
    /// swinging it through edge-on and back): both turns are found.
    @Test func aBriefTurnBetweenProbesIsFound() {
        let dip = { (t: Double) in 50 - 66 * exp(-pow((t - 0.0002) / 0.0000015, 2)) }
        let probes = [0, 0.0001, 0.0003, 0.0004]
        #expect(Self.switches(probes, dip).isEmpty, "the probes alone miss it")
        let found = Self.switches(ProjectionSampler.facingProbes(probes, minimumStep: 1e-9) { dip($0) }, dip)
        #expect(found.count == 2)
        #expect(found.allSatisfy { abs(dip($0)) < 0.01 }, "each turn is found where the layer is edge-on: \(found)")
    }

    /// A layer turning slowly, or always well to one side, is not looked at more often.
    @Test func steadyFacingAddsNoProbes() {
        let probes = (0...16).map { Double($0) / 16 }
        #expect(ProjectionSampler.facingProbes(probes, minimumStep: 1e-9) { 100 + 20 * sin($0) } == probes)
        // Turning once, straight through edge-on: the times added lie around the turn only, a
        // few at each halving.
        let added = Set(ProjectionSampler.facingProbes(probes, minimumStep: 1e-6) { $0 - 0.3 }).subtracting(probes)
        #expect(!added.isEmpty && added.allSatisfy { abs($0 - 0.3) < 2.0 / 16 }, "\(added.sorted())")
        #expect(added.count < 4 * 16, "\(added.count) times added")
    }

    /// Behind the camera (no facing), nothing is refined.
    @Test func noFacingNoProbes() {
        let probes = [0.0, 0.5, 1]
        #expect(ProjectionSampler.facingProbes(probes, minimumStep: 1e-9) { _ in nil } == probes)
    }
}
