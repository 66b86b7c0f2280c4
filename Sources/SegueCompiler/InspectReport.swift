import Segue

/// Prints a frame of the model for people (a table) and for programs (JSON): the debug walker.
public enum InspectReport {
    /// Pretty JSON with sorted keys.
    public static func json(_ state: FrameState) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = (try? encoder.encode(state)) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// One row per layer in paint order; corners and circles in points, rounded to 0.1.
    public static func table(_ state: FrameState) -> String {
        func n(_ v: Double) -> String { SVGFormat.decimal(v, decimals: 1) }
        var rows = [["layer", "shown", "opacity", "corners (tl tr br bl)", "mask"]]
        for layer in state.layers {
            let corners = layer.corners.map { $0.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ") } ?? "behind viewer"
            var mask = ""
            if let m = layer.mask {
                if let c = m.center, let r = m.radius {
                    mask = "\(m.kind) c=\(n(c.x)),\(n(c.y)) r=\(n(r))"
                } else {
                    mask = m.kind
                }
            }
            let shown = layer.visible ? "yes" : (layer.isHidden ? "hidden" : layer.isBackFacing ? "back" : "no")
            rows.append([layer.id, shown, n(layer.effectiveOpacity), corners, mask])
        }
        let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max() ?? 0 }
        let header = "\(state.transition) (\(state.direction.rawValue)) at \(n(state.time * 1000) ) ms, progress \(SVGFormat.decimal(state.progress, decimals: 3))"
        let body = rows.map { row in
            zip(row, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  ")
                .trimmingCharacters(in: .whitespaces)
        }
        return ([header] + body).joined(separator: "\n")
    }
}
