import Segue

extension TransitionFileOutput {
    /// The same document with every location in the file `old` moved to `new`: a cached program
    /// reports the path its file was compiled at, which may differ from how the file is named now
    /// (another working directory, a copy of the file elsewhere).
    public func relocated(from old: String, to new: String) -> TransitionFileOutput {
        guard old != new else { return self }
        func move(_ location: SourceLocation) -> SourceLocation {
            var moved = location
            if moved.file == old { moved.file = new }
            return moved
        }
        func move(_ outcome: Outcome) -> Outcome {
            var moved = outcome
            moved.diagnostics = outcome.diagnostics?.map { diagnostic in
                var copy = diagnostic
                copy.location = diagnostic.location.map(move)
                return copy
            }
            if var timeline = outcome.timeline {
                for index in timeline.layers.indices {
                    timeline.layers[index].source = timeline.layers[index].source.map(move)
                }
                moved.timeline = timeline
            }
            return moved
        }
        var copy = self
        copy.transitions = transitions.map { entry in
            var moved = entry
            moved.location = move(entry.location)
            moved.push = move(entry.push)
            moved.pop = move(entry.pop)
            return moved
        }
        return copy
    }
}
