import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { compiledMessages } from './build/compile-messages.ts';
import { FIRST_VIEW_MESSAGES } from './src/lib/i18n/first-view-messages.ts';

export default defineConfig({
  // Components get the messages compiled and split as the build does it (the parser stays for tests).
  plugins: [compiledMessages({ firstView: FIRST_VIEW_MESSAGES }), react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    css: false,
  },
});
