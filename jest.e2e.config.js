/** End-to-end tests against a real n8n (`npm run test:e2e`): one file at a time, each starts what it needs. */
const unit = require('./jest.config');

/** @type {import('jest').Config} */
module.exports = {
	...unit,
	roots: ['<rootDir>/test/e2e'],
	testMatch: ['**/*.e2e.ts'],
	globalSetup: '<rootDir>/test/e2e/globalSetup.ts',
	testTimeout: 10 * 60 * 1000,
	maxWorkers: 1,
};
