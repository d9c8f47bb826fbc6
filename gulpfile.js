const { src, dest } = require('gulp');

// tsc compiles the TypeScript; icons and codex files are copied next to the compiled nodes and credentials.
function copyAssets() {
	return src(['nodes/**/*.{png,svg,json}', 'credentials/**/*.{png,svg}', 'icons/**/*.{png,svg}'], {
		base: '.',
		encoding: false,
	}).pipe(dest('dist'));
}

exports['build:assets'] = copyAssets;
