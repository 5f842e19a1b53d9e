/**
 * The browser's geolocation as a page sees it: `navigator.geolocation` with `getCurrentPosition`.
 * Each request waits until the test answers it, as a real browser waits for the user or the fix.
 */
export class BrowserGeolocation {
  readonly requests: Array<{
    success: PositionCallback;
    failure: PositionErrorCallback | null | undefined;
    options: PositionOptions | undefined;
  }> = [];

  getCurrentPosition(
    success: PositionCallback,
    failure?: PositionErrorCallback | null,
    options?: PositionOptions,
  ) {
    this.requests.push({ success, failure, options });
  }

  /** The last request gets a position. */
  answer(latitude: number, longitude: number) {
    const coords = { latitude, longitude, accuracy: 20 } as GeolocationCoordinates;
    this.last().success({ coords, timestamp: Date.now() } as GeolocationPosition);
  }

  /** The last request fails as the browser reports it: 1 denied, 2 unavailable, 3 timed out. */
  fail(code: 1 | 2 | 3) {
    this.last().failure?.({
      code,
      message: 'from the browser',
      PERMISSION_DENIED: 1,
      POSITION_UNAVAILABLE: 2,
      TIMEOUT: 3,
    } as GeolocationPositionError);
  }

  private last() {
    const request = this.requests.at(-1);
    if (!request) throw new Error('The page asked for no position');
    return request;
  }
}

/** Gives the page this geolocation (none: a browser without it), on a secure origin unless told. */
export function installGeolocation(value: BrowserGeolocation | undefined, secure = true) {
  if (value) Object.defineProperty(window.navigator, 'geolocation', { value, configurable: true });
  else Reflect.deleteProperty(window.navigator, 'geolocation');
  Object.defineProperty(window, 'isSecureContext', { value: secure, configurable: true });
}

/** Takes away what `installGeolocation` gave. */
export function removeGeolocation() {
  Reflect.deleteProperty(window.navigator, 'geolocation');
  Reflect.deleteProperty(window, 'isSecureContext');
}
