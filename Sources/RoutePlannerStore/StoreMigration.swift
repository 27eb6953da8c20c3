/// A migration of the store's schema, written once and rendered as SQLite's SQL (``CargoStore``) and PostgreSQL's
/// (``PostgresStore``): both stores are built by the same list, ``all``, in the same order, under the same identifiers.
///
/// Never edit a migration that shipped; add the next. A store records the identifiers it has, so a migration runs once.
struct StoreMigration {
    let identifier: String
    let steps: [Step]

    init(_ identifier: String, _ steps: [Step]) {
        self.identifier = identifier
        self.steps = steps
    }

    /// A change to the schema.
    enum Step {
        /// A table, its columns, the columns of its primary key when it has several, and a check of its rows.
        case table(String, [Column], primaryKey: [String] = [], check: String? = nil)
        /// A column added to a table.
        case column(String, Column)
        /// An index of a table's columns.
        case index(String, on: String, [String], unique: Bool = false)
        /// A statement each store writes in its own dialect.
        case sql(sqlite: String, postgres: String)
        /// A statement for PostgreSQL alone, whose store does in its own way what SQLite's does without it.
        case postgres(String)
    }

    /// A column of a table.
    struct Column {
        /// What a column holds.
        enum Kind {
            /// An identifier: text compared byte by byte, as both stores compare it (PostgreSQL's `"C"` collation).
            case identifier
            case text, integer, real, time, boolean
            /// A number each new row is given, the next one: the table's primary key.
            case serial
        }

        /// A column's value when a row gives none.
        enum Default {
            case text(String)
            case integer(Int)
            case boolean(Bool)
        }

        let name: String
        let kind: Kind
        var isNotNull = false
        var isPrimaryKey = false
        var isUnique = false
        var defaultValue: Default?
        /// A check of each value, an SQL expression both dialects read.
        var checked: String?
        /// The table and column it refers to, and whether a row goes with the row it refers to.
        var reference: (table: String, column: String, cascade: Bool)?

        init(_ name: String, _ kind: Kind) {
            self.name = name
            self.kind = kind
        }

        func notNull() -> Column { with { $0.isNotNull = true } }
        func primaryKey() -> Column { with { $0.isPrimaryKey = true } }
        func unique() -> Column { with { $0.isUnique = true } }
        func defaults(to value: Default) -> Column { with { $0.defaultValue = value } }
        func check(_ expression: String) -> Column { with { $0.checked = expression } }
        func references(_ table: String, _ column: String, cascade: Bool = false) -> Column { with { $0.reference = (table, column, cascade) } }

        private func with(_ change: (inout Column) -> Void) -> Column {
            var column = self
            change(&column)
            return column
        }
    }

    /// The migration as SQLite statements.
    var sqlite: [String] { steps.flatMap { Self.sqlite($0) } }

    /// The migration as PostgreSQL statements.
    var postgres: [String] { steps.flatMap { Self.postgres($0) } }

    private static func sqlite(_ step: Step) -> [String] {
        /// SQLite takes every name quoted, whatever its case.
        func name(_ text: String) -> String { "\"\(text)\"" }
        func column(_ column: Column) -> String {
            let type =
                switch column.kind {
                case .identifier, .text: "TEXT"
                case .integer, .serial: "INTEGER"
                case .real: "DOUBLE"
                case .time: "DATETIME"
                case .boolean: "BOOLEAN"
                }
            var parts = [name(column.name), type]
            if column.kind == .serial { parts.append("PRIMARY KEY AUTOINCREMENT") }
            if column.isPrimaryKey { parts.append("PRIMARY KEY") }
            // A key of text may not be null; an integer key is the row's id, which SQLite gives a row written without one.
            if column.isNotNull || column.isPrimaryKey && column.kind != .integer { parts.append("NOT NULL") }
            if column.isUnique { parts.append("UNIQUE") }
            switch column.defaultValue {
            case .text(let text)?: parts.append("DEFAULT '\(text)'")
            case .integer(let value)?: parts.append("DEFAULT \(value)")
            case .boolean(let value)?: parts.append("DEFAULT \(value ? 1 : 0)")
            case nil: break
            }
            if let check = column.checked { parts.append("CHECK (\(check))") }
            if let reference = column.reference {
                parts.append("REFERENCES \(name(reference.table))(\(name(reference.column)))" + (reference.cascade ? " ON DELETE CASCADE" : ""))
            }
            return parts.joined(separator: " ")
        }
        switch step {
        case .table(let table, let columns, let key, let check):
            var parts = columns.map(column)
            if !key.isEmpty { parts.append("PRIMARY KEY (\(key.map(name).joined(separator: ", ")))") }
            if let check { parts.append("CHECK (\(check))") }
            return ["CREATE TABLE \(name(table)) (\(parts.joined(separator: ", ")))"]
        case .column(let table, let added): return ["ALTER TABLE \(name(table)) ADD COLUMN \(column(added))"]
        case .index(let index, let table, let columns, let unique):
            return ["CREATE \(unique ? "UNIQUE " : "")INDEX \(name(index)) ON \(name(table)) (\(columns.map(name).joined(separator: ", ")))"]
        case .sql(let sqlite, _): return [sqlite]
        case .postgres: return []
        }
    }

    private static func postgres(_ step: Step) -> [String] {
        /// PostgreSQL folds a name not quoted to lower case, as the stores' statements write them; a reserved word is quoted.
        func name(_ text: String) -> String { text == "user" ? "\"user\"" : text }
        func column(_ column: Column) -> String {
            let type =
                switch column.kind {
                case .identifier: #"TEXT COLLATE "C""#
                case .text: "TEXT"
                case .integer: "BIGINT"
                case .serial: "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY"
                case .real: "DOUBLE PRECISION"
                case .time: "TIMESTAMPTZ"
                case .boolean: "BOOLEAN"
                }
            var parts = [name(column.name), type]
            if column.isPrimaryKey { parts.append("PRIMARY KEY") }
            if column.isNotNull { parts.append("NOT NULL") }
            if column.isUnique { parts.append("UNIQUE") }
            switch column.defaultValue {
            case .text(let text)?: parts.append("DEFAULT '\(text)'")
            case .integer(let value)?: parts.append("DEFAULT \(value)")
            case .boolean(let value)?: parts.append("DEFAULT \(value ? "TRUE" : "FALSE")")
            case nil: break
            }
            if let check = column.checked { parts.append("CHECK (\(check))") }
            if let reference = column.reference {
                parts.append("REFERENCES \(name(reference.table)) (\(reference.column))" + (reference.cascade ? " ON DELETE CASCADE" : ""))
            }
            return parts.joined(separator: " ")
        }
        switch step {
        case .table(let table, let columns, let key, let check):
            var parts = columns.map(column)
            if !key.isEmpty { parts.append("PRIMARY KEY (\(key.joined(separator: ", ")))") }
            if let check { parts.append("CHECK (\(check))") }
            return ["CREATE TABLE \(name(table)) (\(parts.joined(separator: ", ")))"]
        case .column(let table, let added): return ["ALTER TABLE \(name(table)) ADD COLUMN \(column(added))"]
        case .index(let index, let table, let columns, let unique):
            return ["CREATE \(unique ? "UNIQUE " : "")INDEX \(index) ON \(name(table)) (\(columns.joined(separator: ", ")))"]
        case .sql(_, let postgres), .postgres(let postgres): return [postgres]
        }
    }
}
