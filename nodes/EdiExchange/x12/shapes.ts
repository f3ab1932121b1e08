/**
 * Keeping the reader fast from one read to the next. V8 compiles the reader's hot functions
 * against the hidden classes of its objects (the splitter, the walk, a Segment…) and holds those
 * classes weakly: a full collection that finds no object of a class alive (after a read, as n8n's
 * process collects when idle) drops the class and every function compiled against it, and the
 * next read runs slowly while they are compiled again (about a tenth of a 10 MB read:
 * docs/performance.md#x12). One object of each class, made by reading a small sample when the
 * module loads (no partner data), keeps them alive.
 */
const kept = new Map<unknown, object>();
/** The objects kept (for the tests: one of each class, none with partner data). */
export const keptShapes = (): object[] => [...kept.values()];
let sampling = false;

/** Called last in the constructor of each reader class: keeps the object during the sample read. */
export function keepShape(instance: object): void {
	if (sampling) kept.set(instance.constructor, instance);
}

/** Runs `read`, a read of a small built-in sample, keeping one object of each class it makes. */
export function keepShapesOf(read: () => unknown): void {
	sampling = true;
	try {
		read();
	} finally {
		sampling = false;
	}
}
