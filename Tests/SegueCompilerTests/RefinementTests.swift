import Foundation
@testable import SegueCompiler
import Segue
import Testing

/// Refinement tells which intervals it had no times left to look at, and the walk confirms the
/// interval it takes between grid times.
struct RefinementTests {
    /// Motion that misses at every scale uses up the budget: the intervals left unlooked at are
    /// reported, each between neighbouring times of the refined grid.
    @Test func theIntervalsTheBudgetLeavesAreReported() {
        let grid = (0...10).map { Double($0) / 10 }
        let refined = ProjectionSampler.refined(grid, samples: grid, minimumStep: 1e-12) { a, _, b, _ in (a + b) / 2 }
        #expect(refined.times.count == grid.count + ProjectionSampler.refinementBudget)
        #expect(!refined.unlooked.isEmpty)
        let times = Set(refined.times)
        for gap in refined.unlooked {
            #expect(times.contains(gap.start) && times.contains(gap.end) && gap.startSample == gap.start && gap.endSample == gap.end)
            #expect(!refined.times.contains { $0 > gap.start && $0 < gap.end }, "\(gap.start)…\(gap.end) has a time inside")
        }
    }

    /// Motion refined to the end within the budget leaves nothing unlooked at.
    @Test func refinementWithinTheBudgetLeavesNothing() {
        let grid = (0...10).map { Double($0) / 10 }
        let refined = ProjectionSampler.refined(grid, samples: grid, minimumStep: 1e-6) { a, _, b, _ in
            a < 0.35 && b > 0.35 ? (a + b) / 2 : nil
        }
        #expect(refined.times.count > grid.count)
        #expect(refined.unlooked.isEmpty)
    }

    /// The walk takes the farthest interval that holds at the grid times, and shortens it until it
    /// also holds between them; without that check it takes the whole span.
    @Test func theWalkShortensAnIntervalThatDoesNotHoldBetweenGridTimes() {
        let sampler = ProjectionSampler(tolerance: 0.5)
        let grid = (0...10).map(Double.init)
        let anything = { (_: Int, _: Int) -> Easing? in .linear }
        let whole = sampler.keyframes(grid: grid, isBase: { _ in false }, fit: anything)
        #expect(whole.map(\.index) == [0, 10])
        let short = sampler.keyframes(grid: grid, isBase: { _ in false }, fit: anything) { a, b, _ in b - a <= 3 }
        #expect(short.map(\.index) == [0, 3, 6, 9, 10])
    }

    /// A walk asked to give up stops at the keyframe it gives up on and returns nothing; one
    /// never asked to walks to the end, with what it was shown each time being what it chose so far.
    @Test func theWalkGivesUpWhenAsked() {
        let sampler = ProjectionSampler(tolerance: 0.5)
        let grid = (0...10).map(Double.init)
        let short = { (a: Int, b: Int, _: Easing) in b - a <= 3 }
        var shown: [[Int]] = []
        let whole = sampler.keyframes(grid: grid, isBase: { _ in false }, fit: { _, _ in .linear }, confirms: short) { chosen in
            shown.append(chosen.map(\.index))
            return false
        }
        #expect(whole?.map(\.index) == [0, 3, 6, 9, 10])
        #expect(shown == [[0, 3], [0, 3, 6], [0, 3, 6, 9], [0, 3, 6, 9, 10]])
        var asked = 0
        let givenUp = sampler.keyframes(grid: grid, isBase: { _ in false }, fit: { _, _ in .linear }, confirms: short) { chosen in
            asked += 1
            return chosen.count == 3
        }
        #expect(givenUp == nil)
        #expect(asked == 2)
    }
}
