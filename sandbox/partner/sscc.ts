/** The partner's check of an SSCC-18 (MAN*GM): 18 digits whose last is the GS1 mod-10 check digit of the first 17. */
import { say } from './reasons';

/** GS1 mod-10: weights 3, 1, 3, … from the rightmost digit. */
export function gs1CheckDigit(digits: string): number {
	let sum = 0;
	for (let i = 0; i < digits.length; i++)
		sum += Number(digits[digits.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
	return (10 - (sum % 10)) % 10;
}

/** Why `value` (MAN*GM of HL `level`) is no SSCC-18 (an application identifier 00 before it is allowed), or undefined. */
export function ssccReason(level: string, value: string): string | undefined {
	const code = value.length === 20 && value.startsWith('00') ? value.slice(2) : value;
	if (!/^\d{18}$/.test(code)) return say.ssccDigits(level, value);
	const expected = gs1CheckDigit(code.slice(0, 17));
	if (Number(code[17]) !== expected) return say.ssccCheckDigit(level, value, code[17], expected);
	return undefined;
}
