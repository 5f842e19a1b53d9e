import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  // A test's fake API (see fake-api.ts) must not answer the next test's requests.
  vi.unstubAllGlobals();
});
