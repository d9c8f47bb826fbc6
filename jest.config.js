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
	testTimeout: 60000,
	maxWorkers: 2,
};
