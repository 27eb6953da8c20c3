/// A position in a ``Table``, typed by what it indexes, so that a group's position cannot be passed where a
/// column's is expected.
protocol TableIndex: Strideable, Hashable, CustomStringConvertible where Stride == Int {
    /// The position, from 0.
    var rawValue: Int { get }
    init(rawValue: Int)
}

extension TableIndex {
    func distance(to other: Self) -> Int { other.rawValue - rawValue }
    func advanced(by offset: Int) -> Self { Self(rawValue: rawValue + offset) }
    var description: String { "#\(rawValue)" }
}

/// An array indexed by a typed position: `Table<GroupID, Group>` is read with a `GroupID` only.
struct Table<Index: TableIndex, Element>: RandomAccessCollection, MutableCollection {
    private var elements: [Element]

    /// An empty table.
    init() { elements = [] }

    /// A table of `count` copies of `value`.
    init(repeating value: Element, count: Int) { elements = Array(repeating: value, count: count) }

    typealias Indices = Range<Index>

    var startIndex: Index { Index(rawValue: 0) }
    var endIndex: Index { Index(rawValue: elements.count) }

    subscript(position: Index) -> Element {
        get { elements[position.rawValue] }
        set { elements[position.rawValue] = newValue }
    }

    /// Adds an element at the end and returns its position.
    @discardableResult
    mutating func append(_ element: Element) -> Index {
        elements.append(element)
        return Index(rawValue: elements.count - 1)
    }
}
