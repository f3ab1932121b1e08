/** The writer of each document type the registry says can be written (`write`), by X12 code. */
import type { ShipNoticeWriteOptions } from './write856';
import { write810 } from './write810';
import { write846 } from './write846';
import { write855 } from './write855';
import { write856 } from './write856';
import { write865 } from './write865';

export const DOCUMENT_WRITERS: Readonly<
	Record<string, (message: unknown, options?: ShipNoticeWriteOptions) => string[][]>
> = {
	'855': write855,
	'856': write856,
	'810': write810,
	'865': write865,
	'846': write846,
};
