-- The tables the "850 → Postgres → 855 from stock" recipe writes and reads.
-- An order and its lines are keyed by what the retailer sent (PO number, line id): a redelivered
-- or resent purchase order updates its rows instead of adding new ones.
CREATE TABLE IF NOT EXISTS orders (
	purchase_order_number text PRIMARY KEY,
	purchase_order_date date NOT NULL,
	sender_id text,
	transaction_id text NOT NULL,
	received_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS order_lines (
	purchase_order_number text NOT NULL,
	line_id text NOT NULL,
	buyer_item_number text,
	quantity numeric NOT NULL,
	unit_of_measure text,
	unit_price numeric,
	description text,
	PRIMARY KEY (purchase_order_number, line_id)
);
-- What the warehouse has: the 855 accepts up to this and backorders the rest.
CREATE TABLE IF NOT EXISTS stock (
	buyer_item_number text PRIMARY KEY,
	on_hand numeric NOT NULL
);
-- The "860 → Apply Change → Postgres → 865" recipe: what has shipped of a line decides whether a
-- change to it can be taken (your warehouse sets it); a line an 860 deleted is kept, marked.
ALTER TABLE order_lines ADD COLUMN IF NOT EXISTS shipped_quantity numeric NOT NULL DEFAULT 0;
ALTER TABLE order_lines ADD COLUMN IF NOT EXISTS status text NOT NULL DEFAULT 'open';
