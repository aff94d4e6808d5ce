/**
 * Versioned schema migrations, applied in order at start-up, each one once, inside a transaction,
 * and recorded in `schema_migrations(version, applied_at)`. Never edit a released migration: add a
 * new one with the next version number.
 */
export interface Migration {
  version: number;
  description: string;
  sqlite: string;
  postgres: string;
}

const migrations: readonly Migration[] = [
  {
    version: 1,
    description: 'leads table',
    sqlite: `
      CREATE TABLE leads (
        id              TEXT    PRIMARY KEY NOT NULL,
        created_at      TEXT    NOT NULL,
        source_program  TEXT,
        idempotency_key TEXT    NOT NULL UNIQUE,
        name            TEXT    NOT NULL,
        email           TEXT    NOT NULL,
        company_name    TEXT    NOT NULL,
        role            TEXT    NOT NULL,
        role_other      TEXT,
        goal            TEXT    NOT NULL,
        frustrations    TEXT    NOT NULL,
        investment      TEXT    NOT NULL,
        additional_info TEXT,
        early_access    INTEGER CHECK (early_access IN (0, 1))
      );
      CREATE INDEX leads_created_at ON leads (created_at);
    `,
    postgres: `
      CREATE TABLE leads (
        id              uuid        PRIMARY KEY,
        created_at      timestamptz NOT NULL,
        source_program  text,
        idempotency_key text        NOT NULL UNIQUE,
        name            text        NOT NULL,
        email           text        NOT NULL,
        company_name    text        NOT NULL,
        role            text        NOT NULL,
        role_other      text,
        goal            text        NOT NULL,
        frustrations    text        NOT NULL,
        investment      text        NOT NULL,
        additional_info text,
        early_access    boolean
      );
      CREATE INDEX leads_created_at ON leads (created_at);
    `,
  },
  {
    version: 2,
    description: 'delivery outbox; leads found by e-mail address ignoring case',
    // The outbox references the lead and copies none of its data: messages are built from the lead
    // when they are sent, and deleting a lead deletes its deliveries (ON DELETE CASCADE).
    // next_attempt_at doubles as the lease: a claim moves it past the lease's end, so a delivery
    // whose sender died becomes due again by itself.
    sqlite: `
      CREATE TABLE lead_deliveries (
        id               TEXT    PRIMARY KEY NOT NULL,
        lead_id          TEXT    NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
        channel          TEXT    NOT NULL CHECK (channel IN ('team-email', 'webhook', 'visitor-email')),
        status           TEXT    NOT NULL CHECK (status IN ('pending', 'sent', 'dead')),
        attempts         INTEGER NOT NULL DEFAULT 0,
        created_at       TEXT    NOT NULL,
        next_attempt_at  TEXT    NOT NULL,
        first_attempt_at TEXT,
        lease_token      TEXT,
        last_error       TEXT,
        sent_at          TEXT,
        UNIQUE (lead_id, channel)
      );
      CREATE INDEX lead_deliveries_due ON lead_deliveries (status, next_attempt_at);
      CREATE INDEX leads_email_lower ON leads (lower(email));
    `,
    postgres: `
      CREATE TABLE lead_deliveries (
        id               uuid        PRIMARY KEY,
        lead_id          uuid        NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
        channel          text        NOT NULL CHECK (channel IN ('team-email', 'webhook', 'visitor-email')),
        status           text        NOT NULL CHECK (status IN ('pending', 'sent', 'dead')),
        attempts         integer     NOT NULL DEFAULT 0,
        created_at       timestamptz NOT NULL,
        next_attempt_at  timestamptz NOT NULL,
        first_attempt_at timestamptz,
        lease_token      uuid,
        last_error       text,
        sent_at          timestamptz,
        UNIQUE (lead_id, channel)
      );
      CREATE INDEX lead_deliveries_due ON lead_deliveries (status, next_attempt_at);
      CREATE INDEX leads_email_lower ON leads (lower(email));
    `,
  },
  {
    version: 3,
    description: 'visitor confirmations counted by canonical address; a refused delivery is final',
    // recipient_key: a hash of the canonical address of a visitor confirmation (see
    // canonical-address.ts), so `Ada+1@Example.com` counts as `ada@example.com` and the outbox
    // still copies no personal data. `refused`: the mail server refused a visitor confirmation
    // permanently (SMTP 5xx); it is not retried and is not dead. SQLite cannot change a CHECK in
    // place, so its table is rebuilt.
    sqlite: `
      CREATE TABLE lead_deliveries_v3 (
        id               TEXT    PRIMARY KEY NOT NULL,
        lead_id          TEXT    NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
        channel          TEXT    NOT NULL CHECK (channel IN ('team-email', 'webhook', 'visitor-email')),
        status           TEXT    NOT NULL CHECK (status IN ('pending', 'sent', 'dead', 'refused')),
        attempts         INTEGER NOT NULL DEFAULT 0,
        created_at       TEXT    NOT NULL,
        next_attempt_at  TEXT    NOT NULL,
        first_attempt_at TEXT,
        lease_token      TEXT,
        last_error       TEXT,
        sent_at          TEXT,
        recipient_key    TEXT,
        UNIQUE (lead_id, channel)
      );
      INSERT INTO lead_deliveries_v3 (id, lead_id, channel, status, attempts, created_at, next_attempt_at,
                                      first_attempt_at, lease_token, last_error, sent_at)
        SELECT id, lead_id, channel, status, attempts, created_at, next_attempt_at,
               first_attempt_at, lease_token, last_error, sent_at
        FROM lead_deliveries;
      DROP TABLE lead_deliveries;
      ALTER TABLE lead_deliveries_v3 RENAME TO lead_deliveries;
      CREATE INDEX lead_deliveries_due ON lead_deliveries (status, next_attempt_at);
      CREATE INDEX lead_deliveries_recent ON lead_deliveries (channel, created_at);
      CREATE INDEX lead_deliveries_recipient ON lead_deliveries (recipient_key, created_at);
    `,
    postgres: `
      ALTER TABLE lead_deliveries DROP CONSTRAINT lead_deliveries_status_check;
      ALTER TABLE lead_deliveries ADD CONSTRAINT lead_deliveries_status_check
        CHECK (status IN ('pending', 'sent', 'dead', 'refused'));
      ALTER TABLE lead_deliveries ADD COLUMN recipient_key text;
      CREATE INDEX lead_deliveries_recent ON lead_deliveries (channel, created_at);
      CREATE INDEX lead_deliveries_recipient ON lead_deliveries (recipient_key, created_at);
    `,
  },
];

const LATEST_SCHEMA_VERSION = migrations.reduce((max, m) => Math.max(max, m.version), 0);

/** Migrations not yet applied, in order. Refuses to run against a schema newer than this code. */
export function pendingMigrations(applied: Iterable<number>): Migration[] {
  const done = new Set(applied);
  for (const version of done) {
    if (version > LATEST_SCHEMA_VERSION) {
      throw new Error(
        `The lead store has schema version ${version}, newer than this server knows (${LATEST_SCHEMA_VERSION}). Deploy the newer server.`,
      );
    }
  }
  return [...migrations].sort((a, b) => a.version - b.version).filter((m) => !done.has(m.version));
}
