import type { BrowserContext } from 'playwright-core';

/** The browser may tell this site where the user is: at `position`. */
export async function allowLocation(
  context: BrowserContext,
  origin: string,
  position: { latitude: number; longitude: number },
): Promise<void> {
  await context.grantPermissions(['geolocation'], { origin });
  await context.setGeolocation(position);
}

/** The browser refuses to tell where the user is (headless Chromium refuses what was not granted). */
export async function refuseLocation(context: BrowserContext): Promise<void> {
  await context.clearPermissions();
}
