import Foundation
import Segue
import SegueCompiler
import Testing

/// Random transitions that once replayed beyond the tolerance, each kept as the choices that built
/// it (see `RandomTransition`) and replayed as the property test does.
struct ReplayRegressionTests {
    /// The worst distance between the replayed SVG and the model on the judged layers.
    static func worstDeviation(_ choices: [UInt32]) throws -> Double {
        let timeline = try RandomTransition(choices, index: 0).transition.timeline(.push)
        let svg = try Exporter.render(timeline, as: .svg)
        let judged = TransitionPropertyTests.judgedLayers(timeline)
        return try SMILReplay(svg: svg, timeline: timeline)
            .deviations(times: TransitionPropertyTests.replayTimes(timeline))
            .filter { judged.contains($0.layer) }.map(\.distance).max() ?? 0
    }

    /// A Core Animation spring moving `from` by about 1,000 pt: sampled to 0.0005 of its progress
    /// only, it strayed 0.62 px; now also to 0.35 px.
    @Test func aLongSpringIsSampledInPixels() throws {
        let choices: [UInt32] = [
            1789451284, 2819230340, 2969335191, 1612741992, 1051810667, 2087405750, 3160056684, 3837786638,
            3059206899, 1249326800, 3827534198, 171263080, 3285961727, 3751736099, 1245269422, 3179873459,
            2576673222, 3284630927, 94481879, 2311320863, 3011910900, 1079949931, 515828023, 2910243397, 3903262973,
            1229044939, 2636391680, 2887772930, 4239202303, 2580304274, 3113205516, 3886304496, 2272695701,
            2044840889, 200996097, 70765202, 1274486757, 279556558, 696971291, 1800887810, 1838949704, 424904193,
            1737702283, 641031904, 2453838507, 1425296956, 1002215475, 346198409, 1879329263, 4093299708, 2207875308,
            1271852794, 1956533674, 3548686051, 1519763776, 3975262479, 1317950860, 2457436709, 3959365037,
            594504474, 2192311636, 3591221522, 1566691021, 3159918285, 1067843381, 3743626117
        ]
        #expect(try Self.worstDeviation(choices) <= TransitionPropertyTests.tolerance)
    }

    /// A 1 ns transition hiding a projected layer: the switch was looked for to 10 µs and held from
    /// 1 µs before, both outside the transition, and the polygon slid 567 px while shown.
    @Test func aSwitchInANanosecondTransitionIsHeld() throws {
        let choices: [UInt32] = [
            717507961, 1486428288, 3538372485, 3260587014, 762710399, 3749970847, 2545296853, 2062967414, 3512180188,
            1080202025, 3713706208, 3570461655, 1566738398, 3145341514, 2284790421, 1638056423, 2599298199,
            3522520363, 1513642762, 118299779, 1807368232, 398236762, 3888404327, 112723793, 1858321505, 3692421490,
            2861553023, 2730669134, 2777764979, 1258324615, 1137556649, 403027087, 1005777560, 3242871443,
            3053331929, 3387114838, 1560358870, 1512128393, 1030682042, 4223861757, 2042758634, 2390309457,
            808837164, 2527438838, 3014532287, 2780076122, 2860709043, 183553998, 2839162033, 1236968121, 485347033,
            132476341, 2052223258, 432619950, 299949102, 3812175187, 2656034195, 2403341166
        ]
        #expect(try Self.worstDeviation(choices) <= TransitionPropertyTests.tolerance)
    }

    /// A 300 pt move over 0.27 % of the cycle: `keyTimes` rounded to 5 decimals moved it 0.7 px.
    @Test func aShortFastSegmentGetsPreciseKeyTimes() throws {
        let choices: [UInt32] = [
            1465474057, 1486008043, 2664577622, 3508847514, 624971294, 2925082082, 1668019974, 274173742, 1283490749,
            1995885478, 4132770896, 3490709016, 4189710917, 2285510840, 4212225697, 3231046682, 1812464211,
            589001674, 46139488, 1559489379, 2504632568, 2332076831, 200112043, 2546150444, 954340248, 3181882401,
            2322580425, 3946951815, 1383518069, 1316235005, 1379356725, 3952924799, 2899698008, 614311224,
            1525153574, 1906495243, 2366208857, 1795816592, 2519606785, 3943414748, 4188132194, 3200227213,
            4116572023, 3694802635, 1940757870, 3613687530, 3121134651, 819236747, 2898724181, 1007558596,
            3847138815, 1647669264, 4267373641, 2754967130, 3013449326, 2966591919, 4092338029, 3180304150,
            1597528850, 4208635055, 2695435201, 484279826, 3037809018, 3757918211, 2875167608, 782949248, 167626175,
            2728669209, 2971099415, 1012329753, 1282517484, 3428898042, 2821034960, 2241638527, 25709565, 1838959953,
            2840617567, 3093150268, 1092666846, 733162750, 3109118732, 1271733624, 1604000538, 2598479628,
            2876013696
        ]
        #expect(try Self.worstDeviation(choices) <= TransitionPropertyTests.tolerance)
    }
}
