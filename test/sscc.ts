/** An SSCC-18 for the tests: extension digit, GS1 company prefix, the serial padded to fill 17 digits, check digit. */
import { gs1CheckDigit } from '../nodes/EdiExchange/documents/gs1';

export function sscc(serial: string, prefix = '0614141', extension = '0'): string {
	const body = extension + prefix + serial.padStart(16 - prefix.length, '0');
	return body + gs1CheckDigit(body);
}
