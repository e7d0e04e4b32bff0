/** Jest: unit and API tests live beside the code as *.spec.ts. */
module.exports = {
  rootDir: '.',
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'js', 'json'],
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] },
  globalSetup: '<rootDir>/test/build-once.ts',
  testTimeout: 60000,
  maxWorkers: 2,
  // A worker holding more than this after a suite (in-memory PGlite databases are not all given back)
  // is replaced, so two workers stay well inside the machine's memory.
  workerIdleMemoryLimit: '2GB',
};
