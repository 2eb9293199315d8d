extension Array {
    /// The indices of the elements, grouped by `key`, the groups in the order of their first
    /// element: writers use it to finish one folder before they open the next.
    func indicesGrouped<Key: Hashable>(by key: (Element) -> Key) -> [(key: Key, indices: [Int])] {
        var order: [Key] = []
        var groups: [Key: [Int]] = [:]
        for (index, element) in enumerated() {
            let group = key(element)
            if groups[group] == nil { order.append(group) }
            groups[group, default: []].append(index)
        }
        return order.map { ($0, groups[$0]!) }
    }
}
