/**
 * GS1 check digits: the mod-10 digit that ends an SSCC-18 (and a GTIN). A retail fact, not an X12
 * one: the builders, the shield and the 856 writer all check labels with it.
 */

/** GS1 mod-10 check digit of a digit string: weights 3, 1, 3… from the rightmost digit. */
export function gs1CheckDigit(digits: string): number {
	if (!/^\d+$/.test(digits)) throw new Error(`GS1 check digit of non-digits: ${digits}`);
	let sum = 0;
	for (let i = digits.length - 1, weight = 3; i >= 0; i--, weight = 4 - weight)
		sum += (digits.charCodeAt(i) - 48) * weight;
	return (10 - (sum % 10)) % 10;
}

/** True when `code` is 18 digits whose last one is the GS1 check digit of the first 17. */
export function isValidSscc(code: string): boolean {
	return /^\d{18}$/.test(code) && gs1CheckDigit(code.slice(0, 17)) === Number(code[17]);
}
