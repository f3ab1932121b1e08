/** X12 850s typed for the tests: segment for segment what a VICS retail purchase order carries. */
/** A VICS-style retail 850 with every segment the reader maps, and some it does not. */
export const RETAIL_850 = [
	'ISA*00*          *00*          *ZZ*DEMORETAIL     *ZZ*YOURCOMPANY    *261122*1030*U*00401*000000042*0*T*>~',
	'GS*PO*DEMORETAIL*YOURCOMPANY*20261122*1030*42*X*004010~',
	'ST*850*0001~',
	'BEG*00*SA*PO-4711*R2*20261122~',
	'CUR*BY*USD~',
	'REF*DP*011~',
	'REF*IA*4875905~',
	'REF*XX*UNKNOWN QUALIFIER~',
	'PER*BD*JANE BUYER*TE*555-0100*EM*jane@example.com~',
	'FOB*PP~',
	'ITD*01*3*1**45**46*****NET 46~',
	'DTM*037*20261125~',
	'DTM*038*20261130~',
	'TD5*O*2*UPSN*M*ROUTING GUIDE 7~',
	'MSG*DELIVER TO DOCK 4~',
	'SAC*C*D240***78499**********FREIGHT CHARGE~',
	'SAC*A*C310***19625**********DISCOUNT~',
	'N1*ST*DEMO STORE 42*UL*0012345000017~',
	'N3*4055 MAIN ST*SUITE 9~',
	'N4*NEW YORK*NY*10001*US~',
	'PER*DC*DOCK OFFICE*TE*555-0199~',
	'N1*BT*DEMO RETAIL HQ*92*5438~',
	'N3*1 HEADQUARTERS WAY~',
	'N4*NEW YORK*NY*10002*US~',
	'PO1*1*5*EA*101.00**BP*10000002*UP*028374658310*VN*V-1~',
	'PID*F****GREEN TOOTHPASTE~',
	'PID*F*73***GREEN~',
	'PO4*10*************12~',
	'PO1*2*20*CA*88.5**EN*4006381333931*UK*10028374658327*ZZ*MYSTERY~',
	'PID*F*08***ORANGE TOOTHPASTE~',
	'DTM*010*20261126~',
	'SAC*A*C000***500**********PROMO~',
	'CTT*2*25~',
	'AMT*1*2285.00~',
	'SE*33*0001~',
	'GE*1*42~',
	'IEA*1*000000042~',
].join('\n');

/** The fixture with its purchase order number and control numbers replaced (several distinct orders). */
export const retail850 = (purchaseOrderNumber: string, control = 42): string =>
	RETAIL_850.replace('BEG*00*SA*PO-4711*', `BEG*00*SA*${purchaseOrderNumber}*`)
		.replace(/000000042/g, String(control).padStart(9, '0'))
		.replace(/\*42\*X\*/, `*${control}*X*`)
		.replace('GE*1*42~', `GE*1*${control}~`);

/**
 * The fixture in the standard's order, as a 997 accepts it without noting anything: its SACs
 * before ITD, no MSG outside an N9 loop, line 2's SAC before its DTM (SE counts 32).
 */
export const retail850InOrder = (purchaseOrderNumber: string, control = 42): string =>
	retail850(purchaseOrderNumber, control)
		.replace('MSG*DELIVER TO DOCK 4~\n', '')
		.replace(/(SAC\*C\*D240[^\n]*\n)(SAC\*A\*C310[^\n]*\n)/, '')
		.replace(
			'FOB*PP~\n',
			'FOB*PP~\nSAC*C*D240***78499**********FREIGHT CHARGE~\nSAC*A*C310***19625**********DISCOUNT~\n',
		)
		.replace(
			'DTM*010*20261126~\nSAC*A*C000***500**********PROMO~',
			'SAC*A*C000***500**********PROMO~\nDTM*010*20261126~',
		)
		.replace('SE*33*', 'SE*32*');

/** The fixture's 850 body: its segments between ST and SE, as arrays of elements. */
export const retail850Segments = (): string[][] =>
	RETAIL_850.split('~\n')
		.map((line) => line.replace(/~$/, '').split('*'))
		.filter(([id]) => !['ISA', 'GS', 'ST', 'SE', 'GE', 'IEA'].includes(id));

/** One interchange holding an 850 per purchase order number. */
export function interchangeOf850s(numbers: string[], control: number): string {
	const lines = retail850('PO-X', control).split('\n');
	const st = lines.findIndex((l) => l.startsWith('ST*'));
	const se = lines.findIndex((l) => l.startsWith('SE*'));
	const sets = numbers.flatMap((number, i) =>
		lines
			.slice(st, se + 1)
			.map((l) =>
				l
					.replace('BEG*00*SA*PO-X*', `BEG*00*SA*${number}*`)
					.replace(/^(ST\*850\*|SE\*\d+\*)0001/, `$1${String(i + 1).padStart(4, '0')}`),
			),
	);
	const tail = lines.slice(se + 1).map((l) => l.replace(/^GE\*1\*/, `GE*${numbers.length}*`));
	return [...lines.slice(0, st), ...sets, ...tail].join('\n');
}
