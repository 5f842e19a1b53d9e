// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { allMessages } from '../src/testing/messages.ts';
import { webAppManifest } from './web-app-manifest.ts';

describe('the web app manifest', () => {
  it('is written in the source language and carries every other interface language’s description', () => {
    const { en, ...others } = allMessages;
    expect(webAppManifest.lang).toBe('en');
    expect(webAppManifest.description).toBe(en?.manifest.description);
    expect(webAppManifest.description_localized).toEqual(
      Object.fromEntries(
        Object.entries(others).map(([code, messages]) => [code, messages.manifest.description]),
      ),
    );
    expect(Object.keys(webAppManifest.description_localized)).toContain('hr');
  });
});
