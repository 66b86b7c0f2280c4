import Segue

extension LayerNode {
    /// The layer as an export error names it: "layer 'card' (made at Wobble.swift:4:16)", with
    /// where the transition made it when that is known, so the message leads to the line.
    var named: String {
        guard let source else { return "layer '\(id)'" }
        return "layer '\(id)' (made at \(source))"
    }
}
