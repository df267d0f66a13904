import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
} from "kysely";

// SQLite starts a plain `begin` as a reader. A transaction that reads and then writes (most of
// ours: check, then change) asks for the write lock only at its first write, and if another
// process committed in between, its snapshot is stale: SQLite fails that write with SQLITE_BUSY at
// once, without waiting out the busy timeout. Another process is real here: a second server on the
// same file, a script, a backup, the browser tests writing sessions. `begin immediate` takes the
// write lock first, waiting the busy timeout for it, so a transaction never finds its snapshot
// stale. In one process it costs nothing: the app's one connection already runs one transaction
// at a time.

class ImmediateTransactionDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

/** Kysely's SQLite dialect whose transactions take the write lock when they begin. */
export class ImmediateTransactionSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateTransactionDriver(this.#config);
  }
}
