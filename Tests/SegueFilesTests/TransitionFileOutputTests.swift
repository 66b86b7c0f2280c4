import Foundation
import Segue
import SegueFiles
import Testing

/// The document a transition file's program hands back is input like any other: every damaged
/// form is refused with a message, never a crash.
struct TransitionFileOutputTests {
    static let transitions = [
        Transition("slide", duration: 0.4, description: "Slides in.") { t in
            t.to.position = Point(x: t.size.width * 1.5, y: t.size.height / 2)
            t.animate { t.to.position = Point(x: t.size.width / 2, y: t.size.height / 2) }
        },
        Transition("broken", duration: -1) { _ in },
    ]

    static var document: Data { get throws { try TransitionFileOutput(transitions).jsonData() } }

    @Test func roundTrips() throws {
        let output = TransitionFileOutput(Self.transitions)
        let decoded = try TransitionFileOutput.decode(try output.jsonData())
        #expect(decoded == output)
        #expect(decoded.transitions.map(\.name) == ["slide", "broken"])
        #expect(try decoded.transitions[0].push.get() == Self.transitions[0].timeline(.push))
        #expect(decoded.transitions[1].pop.diagnostics?.first?.message.contains("positive") == true)
    }

    @Test func everyTruncationIsRefused() throws {
        let data = try Self.document
        for length in stride(from: 0, to: data.count, by: 5) {
            #expect(throws: Diagnostic.self) { try TransitionFileOutput.decode(data.prefix(length)) }
        }
    }

    @Test(arguments: [
        ("not json at all", "not Segue transition JSON"),
        ("{\"formatVersion\": 2, \"transitions\": []}", "format version 2, but this Segue reads version 1"),
        ("{\"formatVersion\": 1}", "missing 'transitions'"),
        ("{\"formatVersion\": 1, \"transitions\": [{\"name\": 3}]}", "malformed"),
        ("[1, 2]", "not Segue transition JSON"),
    ])
    func damagedDocumentsAreRefused(text: String, message: String) {
        #expect {
            try TransitionFileOutput.decode(Data(text.utf8))
        } throws: { error in
            (error as? Diagnostic)?.message.contains(message) == true
        }
    }

    @Test(arguments: ["both a timeline and diagnostics", "neither", "an old timeline"])
    func documentsBreakingTheirRulesAreRefused(damage: String) throws {
        let data = try Self.document(editingFirstTransition: { entry in
            var push = entry["push"] as! [String: Any]
            switch damage {
            case "both a timeline and diagnostics": push["diagnostics"] = [["severity": "error", "message": "x"]]
            case "neither": push = [:]
            default:
                var timeline = push["timeline"] as! [String: Any]
                timeline["formatVersion"] = 0
                push["timeline"] = timeline
            }
            entry["push"] = push
        })
        let message = damage == "an old timeline" ? "has format version 0" : "needs either a timeline or diagnostics"
        #expect(throws: Diagnostic.self, "\(damage)") { try TransitionFileOutput.decode(data) }
        do {
            _ = try TransitionFileOutput.decode(data)
        } catch {
            #expect(error.message.contains(message), "\(damage): \(error.message)")
        }
    }

    /// The document with its first transition's JSON object edited.
    static func document(editingFirstTransition edit: (inout [String: Any]) -> Void) throws -> Data {
        var object = try JSONSerialization.jsonObject(with: try document) as! [String: Any]
        var list = object["transitions"] as! [[String: Any]]
        edit(&list[0])
        object["transitions"] = list
        return try JSONSerialization.data(withJSONObject: object)
    }

    @Test func relocationMovesEveryLocationInTheFile() throws {
        let old = Self.transitions[0].location.file
        let moved = TransitionFileOutput(Self.transitions).relocated(from: old, to: "Moved.swift")
        #expect(moved.transitions.allSatisfy { $0.location.file == "Moved.swift" })
        #expect(try moved.transitions[0].push.get().layers.allSatisfy { $0.source?.file == "Moved.swift" })
        #expect(moved.transitions[1].push.diagnostics?.allSatisfy { $0.location?.file == "Moved.swift" } == true)
    }
}
