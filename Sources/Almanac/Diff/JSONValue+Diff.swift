extension JSONValue {
    /// Every value that differs between `self` (old) and `other` (new), deepest first found:
    /// members of objects by name, items of arrays by index, anything else as a whole.
    func differences(to other: JSONValue, at pointer: String = "") -> [StoreDiff.FieldChange] {
        switch (self, other) {
        case (.object(let old), .object(let new)):
            return Set(old.keys).union(new.keys).sorted().flatMap { key -> [StoreDiff.FieldChange] in
                let path = JSONFileReader.pointer(pointer, key)
                switch (old[key], new[key]) {
                case (let a?, let b?): return a.differences(to: b, at: path)
                case (let a, let b): return [StoreDiff.FieldChange(pointer: path, old: a, new: b)]
                }
            }
        case (.array(let old), .array(let new)):
            return (0..<max(old.count, new.count)).flatMap { index -> [StoreDiff.FieldChange] in
                let path = JSONFileReader.pointer(pointer, index)
                switch (index < old.count ? old[index] : nil, index < new.count ? new[index] : nil) {
                case (let a?, let b?): return a.differences(to: b, at: path)
                case (let a, let b): return [StoreDiff.FieldChange(pointer: path, old: a, new: b)]
                }
            }
        default:
            return self == other ? [] : [StoreDiff.FieldChange(pointer: pointer, old: self, new: other)]
        }
    }
}
