/** End-to-end tests against a real n8n (`npm run test:e2e`): one file at a time, each starts what it needs. */
/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test/e2e'],
	testMatch: ['**/*.e2e.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
	},
	globalSetup: '<rootDir>/test/e2e/globalSetup.ts',
	globalTeardown: '<rootDir>/test/globalTeardown.ts',
	setupFiles: ['<rootDir>/test/setupEnv.ts'],
	setupFilesAfterEnv: ['<rootDir>/test/cleanupEnv.ts'],
	testTimeout: 10 * 60 * 1000,
	maxWorkers: 1,
};
