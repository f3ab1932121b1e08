import {
	addDecimal,
	formatAmount,
	formatQuantity,
	multiplyDecimal,
	parseDecimal,
	subtractDecimal,
} from '../../nodes/EdiExchange/documents';
import {
	count,
	exceeds,
	minus,
	money,
	plus,
	readExact,
	sameValue,
	times,
	toCents,
	type Exact,
} from '../../sandbox/partner/amounts';

/** The demo partner's own arithmetic: exact, half away from zero, and agreeing with the node's builders only by result. */
const x = (text: string): Exact => {
	const value = readExact(text);
	if (!value) throw new Error(`not a decimal: ${text}`);
	return value;
};

describe('partner amounts', () => {
	it('reads decimal strings and JSON numbers, and refuses everything else', () => {
		expect(
			['5', '-0.25', '19.99', ' 7 ', '5.', '.5', '+3', 12.5, 0].map((v) => count(readExact(v)!)),
		).toEqual(['5', '-0.25', '19.99', '7', '5', '0.5', '3', '12.5', '0']);
		for (const bad of [
			'',
			'.',
			'+',
			'1e3',
			'1,5',
			'1.2.3',
			'abc',
			1e21,
			NaN,
			Infinity,
			null,
			undefined,
			{},
			[1],
			true,
		]) {
			expect(readExact(bad)).toBeUndefined();
		}
	});

	it('adds, subtracts and multiplies exactly (no binary fractions)', () => {
		expect(money(plus(x('0.1'), x('0.2')))).toBe('0.30');
		expect(sameValue(plus(x('0.1'), x('0.2')), x('0.3'))).toBe(true);
		expect(count(times(x('2.5'), x('2.125')))).toBe('5.3125');
		expect(count(minus(x('10'), x('10.50')))).toBe('-0.5');
		const many = Array.from({ length: 1000 }, () => x('19.99')).reduce(plus);
		expect(money(many)).toBe('19990.00');
		expect(count(times(x('123456789012345678.9'), x('1000')))).toBe('123456789012345678900');
	});

	it('rounds to cents half away from zero', () => {
		expect(
			['0.125', '-0.125', '0.124', '2.675', '0.005', '-0.005', '1.999', '7'].map((v) =>
				money(x(v)),
			),
		).toEqual(['0.13', '-0.13', '0.12', '2.68', '0.01', '-0.01', '2.00', '7.00']);
		expect(sameValue(toCents(x('5.3125')), x('5.31'))).toBe(true);
	});

	it('compares by value whatever the number of decimals', () => {
		expect(sameValue(x('5'), x('5.000'))).toBe(true);
		expect(exceeds(x('5.001'), x('5'))).toBe(true);
		expect(exceeds(x('5'), x('5.00'))).toBe(false);
		expect(exceeds(x('-1'), x('-2'))).toBe(true);
	});

	it("agrees with the node builders' decimal module on the same sums (two independent implementations)", () => {
		let seed = 7;
		const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
		for (let i = 0; i < 500; i++) {
			const a = `${next() % 100000}.${String(next() % 1000).padStart(3, '0')}`;
			const b = `${next() % 100}.${String(next() % 100).padStart(2, '0')}`;
			const mine = minus(plus(times(x(a), x(b)), x(b)), x(a));
			const theirs = subtractDecimal(
				addDecimal(multiplyDecimal(parseDecimal(a), parseDecimal(b)), parseDecimal(b)),
				parseDecimal(a),
			);
			expect([money(mine), count(mine)]).toEqual([formatAmount(theirs), formatQuantity(theirs)]);
		}
	});
});
