import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { compiledMessages } from './build/compile-messages.ts';

export default defineConfig({
  // Components get the messages compiled as the build compiles them (the parser stays for tests).
  plugins: [compiledMessages(), react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    css: false,
  },
});
