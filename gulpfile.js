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

exports['build:icons'] = buildIcons;
