/** Tests are TypeScript (ts-jest); node classes are loaded from the compiled dist/ that ships. */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.dev.json', diagnostics: false }] },
	setupFiles: ['<rootDir>/test/setup.ts'],
	// Engine tests load dist/: a build older than the sources is rebuilt before any test runs.
	globalSetup: '<rootDir>/test/build/globalSetup.ts',
	testTimeout: 60000,
	// Much of the suite waits (on retries' backoff, on the sandbox): two workers overlap that.
	maxWorkers: 2,
};
