export * from './cluster-style.ts';
export * from './types.ts';
