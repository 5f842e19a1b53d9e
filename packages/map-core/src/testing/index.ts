// Test helpers shared by the adapters' tests (not part of the runtime API).
export * from './adapter-contract.ts';
export * from './adapter-fixtures.ts';
