/**
 * How the demo partner lays out the X12 it sends (PUT /_sandbox/config {x12Layout}, --x12-layout):
 * real partners differ in separators, line breaks, a byte-order mark and indentation, so the
 * organization's reading is proven on each. The ISA still declares the separators; only the
 * layout around the segments changes.
 */

export interface X12Layout {
	/** The terminator (its first character, the one the ISA declares), optionally followed by a line break: "~\n", "~", "\n", "|". */
	segmentTerminator: string;
	/** One character, e.g. "*" or "|". */
	elementSeparator: string;
	/** A UTF-8 byte-order mark before the ISA. */
	bom: boolean;
	/** Spaces or tabs before every segment after the ISA (pretty-printed files). */
	indent: string;
}

export const X12_LAYOUT_PRESETS: Readonly<Record<string, X12Layout>> = {
	'tilde-newline': { segmentTerminator: '~\n', elementSeparator: '*', bom: false, indent: '' },
	pipe: { segmentTerminator: '~', elementSeparator: '|', bom: false, indent: '' },
	newline: { segmentTerminator: '\n', elementSeparator: '*', bom: false, indent: '' },
	bom: { segmentTerminator: '~\n', elementSeparator: '*', bom: true, indent: '' },
	indented: { segmentTerminator: '~\n', elementSeparator: '*', bom: false, indent: '  ' },
};

export const DEFAULT_X12_LAYOUT: X12Layout = X12_LAYOUT_PRESETS['tilde-newline'];
const PRESET_NAMES = Object.keys(X12_LAYOUT_PRESETS).join(', ');

/** The component separator the partner declares in ISA16 (distinct from every layout's separators). */
export const COMPONENT_SEPARATOR = '>';

const LINE_BREAKS = /^(\r?\n)?$/;
/** Letters, digits, spaces and the punctuation of numbers and names appear in data; a separator must not be one of them. */
const DATA_CHARACTER = /[A-Za-z0-9 .,-]/;

/** Every problem of a layout given as JSON (a preset name, or fields over the default), as [field, message] pairs; [] = usable. */
export function layoutProblems(value: unknown): Array<[string, string]> {
	if (typeof value === 'string')
		return X12_LAYOUT_PRESETS[value]
			? []
			: [['x12Layout', `x12Layout must be one of ${PRESET_NAMES} or an object`]];
	if (typeof value !== 'object' || value === null || Array.isArray(value))
		return [
			[
				'x12Layout',
				`x12Layout must be an object { segmentTerminator, elementSeparator, bom, indent } or one of ${PRESET_NAMES}`,
			],
		];
	const layout: Record<string, unknown> = { ...DEFAULT_X12_LAYOUT, ...value };
	const problems: Array<[string, string]> = [];
	const known = ['segmentTerminator', 'elementSeparator', 'bom', 'indent'];
	for (const key of Object.keys(layout))
		if (!known.includes(key))
			problems.push([`x12Layout.${key}`, `property x12Layout.${key} should not exist`]);
	const { segmentTerminator: terminator, elementSeparator: element, bom, indent } = layout;
	const terminatorOk =
		typeof terminator === 'string' &&
		terminator.length > 0 &&
		!DATA_CHARACTER.test(terminator[0]) &&
		(terminator[0] === '\n' ? terminator.length === 1 : LINE_BREAKS.test(terminator.slice(1)));
	if (!terminatorOk)
		problems.push([
			'x12Layout.segmentTerminator',
			'x12Layout.segmentTerminator must be one character that is not a letter, digit, space, "." "," or "-", optionally followed by a line break ("~\\n", "~", "\\n", "|")',
		]);
	if (
		typeof element !== 'string' ||
		element.length !== 1 ||
		DATA_CHARACTER.test(element) ||
		/[\r\n]/.test(element)
	)
		problems.push([
			'x12Layout.elementSeparator',
			'x12Layout.elementSeparator must be one character that is not a letter, digit, space, line break, "." "," or "-" ("*", "|")',
		]);
	else if (
		terminatorOk &&
		(element === (terminator as string)[0] || element === COMPONENT_SEPARATOR)
	)
		problems.push([
			'x12Layout.elementSeparator',
			`x12Layout.elementSeparator must differ from the segment terminator and from the component separator "${COMPONENT_SEPARATOR}"`,
		]);
	if (terminatorOk && (terminator as string)[0] === COMPONENT_SEPARATOR)
		problems.push([
			'x12Layout.segmentTerminator',
			`x12Layout.segmentTerminator must differ from the component separator "${COMPONENT_SEPARATOR}"`,
		]);
	if (typeof bom !== 'boolean')
		problems.push(['x12Layout.bom', 'x12Layout.bom must be true or false']);
	if (typeof indent !== 'string' || !/^[ \t]{0,8}$/.test(indent))
		problems.push([
			'x12Layout.indent',
			'x12Layout.indent must be up to 8 spaces or tabs ("" for none)',
		]);
	return problems;
}

/** A preset by name, or the fields given over the default; undefined when layoutProblems finds any. */
export function layoutOf(value: unknown): X12Layout | undefined {
	if (layoutProblems(value).length) return undefined;
	return typeof value === 'string'
		? X12_LAYOUT_PRESETS[value]
		: { ...DEFAULT_X12_LAYOUT, ...(value as Partial<X12Layout>) };
}

/** Segments as text in this layout: the BOM, then each segment, indented after the ISA, with the terminator. */
export function joinInLayout(segments: string[][], layout: X12Layout): string {
	const body = segments
		.map((segment, i) => (i > 0 ? layout.indent : '') + segment.join(layout.elementSeparator))
		.join(layout.segmentTerminator);
	return (layout.bom ? '\uFEFF' : '') + body + layout.segmentTerminator;
}
