const { rmSync } = require('fs');
const { src, dest } = require('gulp');

/**
 * Copies what tsc does not emit next to the compiled files that reference it: the node and
 * credential icons, and the nodes' codex files (*.node.json).
 */
function buildIcons() {
	return src(['nodes/**/*.{png,svg}', 'nodes/**/*.node.json', 'credentials/**/*.{png,svg}'], {
		base: '.',
		encoding: false,
	}).pipe(dest('dist'));
}

/** dist/ is rebuilt from scratch: a file removed from the sources must not linger in the package. */
async function clean() {
	rmSync('dist', { recursive: true, force: true });
}

exports['build:icons'] = buildIcons;
exports.clean = clean;
