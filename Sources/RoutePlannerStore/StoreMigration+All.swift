extension StoreMigration {
    /// The store's migrations, in order: each store's schema is these, and its version their number.
    ///
    /// A migration added later that changes the rows of a cargo (`cargo`, `itineraryLeg`, `handlingEvent`,
    /// `cargoChange`) marks those cargo written as every write of a cargo does (in SQLite the next `cargoWrite` number;
    /// in PostgreSQL `PostgresCargoRepository.markWritten`): processes that keep copies of the cargo (`CargoIndex`,
    /// `StoredCargoCache`) read only what was written after the mark their last read returned. It raises their
    /// `version` as well: PostgreSQL reads a cargo alone in two statements, and takes them as one state of it only
    /// where both read the same version.
    static let all: [StoreMigration] = [
        StoreMigration(
            "v1: cargo, customers, itineraries, handling events, offers",
            [
                .table("store_info", [Column("key", .text).primaryKey(), Column("value", .text).notNull()]),
                .table("sequence", [Column("name", .text).primaryKey(), Column("value", .integer).notNull()]),
                .table("customer", [Column("id", .identifier).primaryKey(), Column("name", .text).notNull()]),
                .table(
                    "cargo",
                    [
                        Column("trackingId", .identifier).primaryKey(), Column("customerId", .identifier).references("customer", "id"),
                        Column("teu", .integer).notNull().check("teu > 0"), Column("revenuePerTEU", .real), Column("origin", .text).notNull(),
                        Column("destination", .text).notNull(), Column("readyTime", .time).notNull(), Column("arrivalDeadline", .time).notNull(),
                        Column("version", .integer).notNull(),
                    ]),
                .table(
                    "itineraryLeg",
                    [Column("trackingId", .identifier).notNull().references("cargo", "trackingId", cascade: true), Column("position", .integer).notNull()]
                        + legColumns, primaryKey: ["trackingId", "position"]),
                .table(
                    "handlingEvent",
                    [
                        Column("id", .serial), Column("trackingId", .identifier).notNull().references("cargo", "trackingId", cascade: true),
                        Column("kind", .text).notNull(), Column("location", .text).notNull(), Column("voyage", .text),
                        Column("completionTime", .time).notNull(), Column("registrationTime", .time).notNull(),
                    ]),
                .index("handlingEvent_trackingId", on: "handlingEvent", ["trackingId"]),
                .table(
                    "offer",
                    [
                        Column("trackingId", .identifier).primaryKey().references("cargo", "trackingId", cascade: true), Column("origin", .text).notNull(),
                        Column("destination", .text).notNull(), Column("readyTime", .time).notNull(), Column("arrivalDeadline", .time).notNull(),
                    ]),
                .table(
                    "offerLeg",
                    [
                        Column("trackingId", .identifier).notNull().references("offer", "trackingId", cascade: true),
                        Column("candidate", .integer).notNull(), Column("position", .integer).notNull(),
                    ] + legColumns, primaryKey: ["trackingId", "candidate", "position"]),
            ]),
        StoreMigration(
            "v2: booking references",
            [
                .column("cargo", Column("bookingReference", .text)),
                // A reference is the customer's own: two customers may use the same one.
                .index("cargo_customer_bookingReference", on: "cargo", ["customerId", "bookingReference"], unique: true),
            ]),
        // DCSA's cargo type (DRY, REEFER) and the dangerous goods flag decide which cut-off times apply.
        StoreMigration(
            "v3: cargo types",
            ["cargo", "offer"].flatMap { table in
                [
                    .column(table, Column("cargoType", .text).notNull().defaults(to: .text("DRY"))),
                    .column(table, Column("dangerousGoods", .boolean).notNull().defaults(to: .boolean(false))),
                ]
            }),
        // No handling happens before the ready time the cargo was booked with, which re-routing (a new specification,
        // with its own ready time) does not change. Cargo booked before kept none apart: its ready time, or its first
        // event's time when that is earlier (it was re-routed after handling).
        StoreMigration(
            "v4: booked ready times",
            [
                .column("cargo", Column("bookedReadyTime", .time)),
                .sql(
                    sqlite: """
                        UPDATE cargo SET bookedReadyTime = MIN(readyTime, COALESCE(
                            (SELECT MIN(completionTime) FROM handlingEvent WHERE handlingEvent.trackingId = cargo.trackingId), readyTime))
                        """,
                    postgres: """
                        UPDATE cargo SET bookedReadyTime = LEAST(readyTime, COALESCE(
                            (SELECT MIN(completionTime) FROM handlingEvent WHERE handlingEvent.trackingId = cargo.trackingId), readyTime))
                        """),
            ]),
        // A cargo's longest transit, from loading at the origin to discharge at the destination; none before.
        StoreMigration("v5: maximum transit times", ["cargo", "offer"].map { .column($0, Column("maxTransitSeconds", .integer)) }),
        // A booking's gross weight in tonnes, when known, which assignment counts against weight capacities.
        StoreMigration("v6: weights", [.column("cargo", Column("weight", .real))]),
        // Passwords as bcrypt hashes; tokens and session ids as SHA-256 hashes, never the secrets themselves.
        StoreMigration(
            "v7: users, tokens, sessions",
            [
                .table(
                    "user",
                    [
                        Column("name", .identifier).primaryKey(), Column("role", .text).notNull().check("role IN ('planner', 'customer')"),
                        Column("customerId", .identifier).references("customer", "id"), Column("passwordHash", .text).notNull(),
                        Column("createdAt", .time).notNull(),
                    ], check: "(role = 'customer') = (customerId IS NOT NULL)"),
                .table(
                    "accessToken",
                    [
                        Column("id", .identifier).primaryKey(), Column("userName", .identifier).notNull().references("user", "name", cascade: true),
                        Column("secretHash", .text).notNull().unique(), Column("label", .text).notNull(), Column("createdAt", .time).notNull(),
                    ]),
                .index("accessToken_userName", on: "accessToken", ["userName"]),
                .table(
                    "session",
                    [
                        Column("idHash", .text).primaryKey(), Column("userName", .identifier).notNull().references("user", "name", cascade: true),
                        Column("formToken", .text).notNull(), Column("createdAt", .time).notNull(), Column("lastSeen", .time).notNull(),
                    ]),
                .index("session_userName", on: "session", ["userName"]),
                .index("session_lastSeen", on: "session", ["lastSeen"]),
            ]),
        // Each cargo's changes (booked, respecified, routed, handled), who made them and when, in order.
        StoreMigration(
            "v8: who changed each cargo",
            [
                .table(
                    "cargoChange",
                    [
                        Column("trackingId", .identifier).notNull().references("cargo", "trackingId", cascade: true), Column("position", .integer).notNull(),
                        Column("kind", .text).notNull(), Column("detail", .text).notNull(), Column("changedBy", .text).notNull(),
                        Column("changedAt", .time).notNull(),
                    ], primaryKey: ["trackingId", "position"])
            ]),
        // Failed logins by key (an account's name or an address) and attempt, which every process over the store counts,
        // so that several servers refuse a guesser as one does.
        StoreMigration(
            "v9: failed logins",
            [
                .table(
                    "loginFailure", [Column("key", .text).notNull(), Column("attempt", .text).notNull(), Column("at", .time).notNull()],
                    primaryKey: ["key", "attempt"]),
                .index("loginFailure_at", on: "loginFailure", ["at"]),
            ]),
        StoreMigration(
            "v10: carriers' events, leg positions",
            [
                // Each batch of carriers' events that moved the schedule: the schedule's versions.
                .table(
                    "scheduleVersion", [Column("version", .integer).primaryKey(), Column("source", .text).notNull(), Column("recordedAt", .time).notNull()]),
                // Every event applied, by its identifier: a transport event's call and time, an equipment event's cargo, and
                // the order events were recorded in.
                .table(
                    "carrierEvent",
                    [
                        Column("eventID", .identifier).primaryKey(), Column("version", .integer).notNull(), Column("eventType", .text).notNull(),
                        Column("code", .text).notNull(), Column("classifier", .text).notNull(), Column("createdAt", .time).notNull(),
                        Column("eventAt", .time).notNull(), Column("voyage", .text), Column("port", .text).notNull(), Column("sequence", .integer),
                        Column("bookingReference", .text), Column("trackingId", .text), Column("source", .text).notNull(),
                        Column("recordedAt", .time).notNull(), Column("position", .integer).notNull().unique(),
                    ]),
                .index("carrierEvent_eventType", on: "carrierEvent", ["eventType"]),
                // Which movements of its voyage a leg rides, so that it is found whatever its times become.
                .column("itineraryLeg", Column("firstMovement", .integer)),
                .column("itineraryLeg", Column("lastMovement", .integer)),
            ]),
        StoreMigration(
            "v11: voyages published again, leg calls",
            [
                // Each voyage a carrier published again, in the order recorded: its calls, times and cut-offs, and the calls
                // it omitted, added and moved (JSON).
                .table(
                    "schedulePublication",
                    [
                        Column("position", .integer).primaryKey(), Column("version", .integer).notNull(), Column("voyage", .text).notNull(),
                        Column("calls", .text).notNull(), Column("changes", .text).notNull(), Column("source", .text).notNull(),
                        Column("recordedAt", .time).notNull(),
                    ]),
                // Which calls at their ports a leg's load and discharge are, so that it is found whatever calls its voyage
                // comes to make.
                .column("itineraryLeg", Column("loadCall", .integer)),
                .column("itineraryLeg", Column("unloadCall", .integer)),
            ]),
        StoreMigration("v12: cancelled bookings", [.column("cargo", Column("cancelledAt", .time))]),
        // Each assignment run, its last step while it works and what it came to, for every server over the store.
        StoreMigration(
            "v13: assignment runs",
            [
                .table(
                    "assignmentRun",
                    [
                        Column("id", .identifier).primaryKey(), Column("status", .text).notNull(), Column("progress", .text),
                        Column("startedAt", .time).notNull(), Column("aliveAt", .time).notNull(),
                        Column("cancellationRequested", .boolean).notNull().defaults(to: .boolean(false)), Column("result", .text),
                    ])
            ]),
        // Each cargo's last write, marked from a sequence in the order writes commit (in PostgreSQL until v19), so that a process keeps its copy of
        // the cargo current by reading only what was written since (`CargoRepository.cargoWritten(after:)`). Cargo
        // written before are marked 1, the sequence's start.
        StoreMigration(
            "v14: write marks",
            [
                .column("cargo", Column("writeMark", .integer).notNull().defaults(to: .integer(1))),
                .index("cargo_writeMark", on: "cargo", ["writeMark"]),
                .sql(
                    sqlite: "INSERT INTO sequence (name, value) VALUES ('cargoWrite', 1)",
                    postgres: "INSERT INTO sequence (name, value) VALUES ('cargoWrite', 1)"),
            ]),
        // Whom each change was made for, which a cargo's customer sees instead of a planner's name: the event feed's
        // the carriers', a customer user's its customer's, and every other's (a planner's, the command line's, or a
        // user's no longer kept) the forwarder's. User names have no spaces, so none is taken for the event feed's.
        StoreMigration(
            "v15: the party of each change",
            [
                .column("cargoChange", Column("party", .text).notNull().defaults(to: .text("forwarder"))),
                .sql(
                    sqlite: Self.partiesOfChanges,
                    postgres: Self.partiesOfChanges),
            ]),
        // What each assignment run came to, in a line, which the list of runs shows; none for the runs before.
        StoreMigration("v16: run summaries", [.column("assignmentRun", Column("summary", .text))]),
        // Each leg's mode of transport (`barge`, `rail`, `truck`); none for a vessel's, as every leg stored before was.
        StoreMigration("v17: leg modes", ["itineraryLeg", "offerLeg"].map { .column($0, Column("mode", .text)) }),
        // PostgreSQL mints tracking ids from a sequence, which takes no row lock, rather than from the `sequence`
        // table's row, which a booking held from its first write to its commit, so that bookings ran one at a time;
        // the sequence goes on from the row's number. SQLite's one writer keeps the row.
        StoreMigration(
            "v18: tracking ids from a PostgreSQL sequence",
            [
                .postgres("CREATE SEQUENCE trackingIdNumber MINVALUE 1"),
                // The next number is the row's plus one, or 1 without a row; a counter at its end stays there.
                .postgres(
                    """
                    SELECT setval('trackingIdNumber', GREATEST(last, 1), last > 0)
                    FROM (SELECT COALESCE((SELECT value FROM sequence WHERE name = 'trackingId'), 0) AS last) AS counter
                    """),
                .postgres("DELETE FROM sequence WHERE name = 'trackingId'"),
            ]),
        // PostgreSQL marks a cargo's write with its transaction's id (`PostgresCargoRepository.markWritten`) instead of the
        // `cargoWrite` row's next number, which each write held from its mark to its commit. The row goes, so that a
        // build from before, which would mark below the readers' marks, fails to write rather than write unseen.
        // SQLite's one writer keeps the row.
        StoreMigration("v19: PostgreSQL's write marks from transaction ids", [.postgres("DELETE FROM sequence WHERE name = 'cargoWrite'")]),
    ]

    /// Sets each recorded change's party from who made it (migration v15).
    private static let partiesOfChanges = """
        UPDATE cargoChange SET party = CASE
            WHEN changedBy = 'event feed' THEN 'carrier'
            WHEN changedBy IN (SELECT name FROM "user" WHERE role = 'customer') THEN 'customer'
            ELSE 'forwarder' END
        """

    /// The columns of a leg, in `itineraryLeg` and `offerLeg`.
    private static let legColumns = [
        Column("voyage", .text).notNull(), Column("loadLocation", .text).notNull(), Column("unloadLocation", .text).notNull(),
        Column("loadTime", .time).notNull(), Column("unloadTime", .time).notNull(),
    ]
}
