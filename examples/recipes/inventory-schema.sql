-- The table the "Postgres → 846 inventory feed" recipe reads: what each warehouse has of each item,
-- one row per item and location (the feed's lines). Keep `location` to the codes your retailer knows.
CREATE TABLE IF NOT EXISTS inventory (
	location text NOT NULL,
	vendor_item_number text NOT NULL,
	buyer_item_number text,
	upc text,
	description text,
	-- What the retailer may order now; whole units (many retailers refuse fractions).
	available numeric NOT NULL CHECK (available >= 0),
	on_hand numeric,
	on_order numeric,
	on_order_date date,
	unit_of_measure text NOT NULL DEFAULT 'each',
	next_available_date date,
	PRIMARY KEY (location, vendor_item_number)
);
