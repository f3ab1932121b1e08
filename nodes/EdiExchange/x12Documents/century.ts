/**
 * Dates written without their century (YYMMDD: ISA09, and every date of versions before 004010):
 * read in the century that puts them nearest the interchange's date, never a fixed 20YY (980131 is
 * 1998-01-31 in a 1998 interchange). The interchange's own date is GS04 when it has its century
 * (CCYYMMDD, 004010 and later); otherwise ISA09, read in the century nearest today.
 */
import type { X12Group, X12Interchange } from '../x12';

/** The date a reader judges century-less dates by: its year, and as a message shows it. */
export interface ReferenceDate {
	year: number;
	/** YYYY-MM-DD, and where it came from, e.g. "GS04 2026-11-22". */
	shown: string;
}

/** The year ending in `yy` nearest `reference` (the earlier one on a tie). */
export function nearestYear(yy: number, reference: number): number {
	const base = reference - (reference % 100) + yy;
	const candidates = [base - 100, base, base + 100];
	return candidates.reduce((best, year) =>
		Math.abs(year - reference) < Math.abs(best - reference) ? year : best,
	);
}

/** The interchange date of a group: GS04 when it has its century, else ISA09 nearest `today`. */
export function referenceDate(
	interchange: X12Interchange,
	group: X12Group,
	today: Date,
): ReferenceDate | undefined {
	const full = /^(\d{4})(\d{2})(\d{2})$/.exec(group.date);
	if (full) return { year: Number(full[1]), shown: `GS04 ${full[1]}-${full[2]}-${full[3]}` };
	const short = /^(\d{2})(\d{2})(\d{2})$/.exec(interchange.date.trim());
	if (!short) return undefined;
	const year = nearestYear(Number(short[1]), today.getUTCFullYear());
	return { year, shown: `ISA09 ${year}-${short[2]}-${short[3]}` };
}
