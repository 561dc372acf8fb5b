import type { Knex } from 'knex';

/**
 * SEPA collections (docs/architecture/money.md, "SEPA direct debit"): one row per collection day
 * of a club (a second request for the day collects nothing), and one per debit in it, holding what
 * the bank's file says of it. The file is made again from these rows on every download, the same
 * bytes each time. A debit names the member's IBAN as it was collected from, so its row goes with
 * the member (ON DELETE CASCADE): erasure leaves no IBAN behind (docs/privacy.md, "SEPA mandates").
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE sepa_collections (
      id uuid PRIMARY KEY,
      club_id uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
      collection_date date NOT NULL,
      message_id text NOT NULL,
      created_at timestamptz NOT NULL,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      CONSTRAINT sepa_collections_one_per_day UNIQUE (club_id, collection_date)
    );

    CREATE TABLE sepa_collection_debits (
      payment_id uuid PRIMARY KEY,
      collection_id uuid NOT NULL REFERENCES sepa_collections(id) ON DELETE CASCADE,
      club_id uuid NOT NULL,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      end_to_end_id text NOT NULL,
      cents bigint NOT NULL CHECK (cents > 0),
      sequence text NOT NULL CHECK (sequence IN ('FRST', 'RCUR')),
      mandate_reference text NOT NULL,
      mandate_signed_on date NOT NULL,
      account_holder text NOT NULL,
      iban text NOT NULL
    );
    CREATE INDEX sepa_collection_debits_collection ON sepa_collection_debits (collection_id);
    CREATE INDEX sepa_collection_debits_user ON sepa_collection_debits (user_id);
    COMMENT ON TABLE sepa_collection_debits IS 'Each debit of a SEPA collection as its file says it; holds the IBAN collected from.';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`DROP TABLE sepa_collection_debits; DROP TABLE sepa_collections;`);
}
