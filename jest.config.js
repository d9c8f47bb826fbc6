/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test', '<rootDir>/devkit'],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
	},
	globalSetup: '<rootDir>/test/globalSetup.ts',
	globalTeardown: '<rootDir>/test/globalTeardown.ts',
	setupFiles: ['<rootDir>/devkit/setupEnv.ts'],
	setupFilesAfterEnv: ['<rootDir>/test/cleanupEnv.ts'],
	// A ceiling that catches a hang, never a measure of speed: on two cores shared with other work a test runs ten or
	// twenty times slower than alone, and no test may fail on the clock. One value for every test: none sets its own.
	testTimeout: 15 * 60_000,
	maxWorkers: 2,
};
