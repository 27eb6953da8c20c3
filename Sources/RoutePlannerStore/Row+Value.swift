import GRDB

extension Row {
    /// The value of a column, or the store's error naming the column when the row holds no value of that type there
    /// (a row edited by hand, say), rather than the trap of the row's subscript.
    func value<Value: DatabaseValueConvertible>(_ column: String, store: String) throws(StoreError) -> Value {
        do {
            return try decode(Value.self, forColumn: column)
        } catch {
            throw .database(path: store, message: "a row's \(column) cannot be read")
        }
    }
}
