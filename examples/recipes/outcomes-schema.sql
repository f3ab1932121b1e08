-- The table the "What became of what you sent → Postgres" recipe writes: one row per outcome the
-- EDI Exchange Trigger (source: Outcomes) emits for a document you sent. A document can have two
-- outcomes (OVERDUE, then the partner's late REJECTED): each is its own row. The same outcome
-- written twice (a run retried by hand) stays one row.
CREATE TABLE IF NOT EXISTS document_outcomes (
	transaction_id text NOT NULL,
	status text NOT NULL, -- REJECTED, ACCEPTED_WITH_ERRORS, OVERDUE (or ACCEPTED, if you ask for it)
	document_type text NOT NULL, -- 810, 856, 855, 865, 846
	business_number text, -- the invoice number, shipment id, report number, …
	purchase_order_number text,
	partner_id text NOT NULL, -- who received it (receiverId)
	reasons jsonb NOT NULL DEFAULT '[]', -- [{ "message", "path"?, "code"? }], the partner's own words
	message text, -- what the recipe tells a person
	sent_at timestamptz,
	recorded_at timestamptz NOT NULL DEFAULT now(),
	handled_at timestamptz, -- yours to set once someone dealt with it
	PRIMARY KEY (transaction_id, status)
);
CREATE INDEX IF NOT EXISTS document_outcomes_open ON document_outcomes (recorded_at) WHERE handled_at IS NULL;
