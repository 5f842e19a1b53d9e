import { vi } from 'vitest';

/** One upload the screen sent: method, path with query, headers and the body as text. */
export interface RecordedUpload {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** An answer: a status and a JSON body, or `'offline'` for a request that never reaches the server. */
export type UploadAnswer = { status: number; body?: unknown } | 'offline';

/**
 * Stands in for the browser's XMLHttpRequest in component tests (jsdom's would go to the network):
 * records each upload, reports its progress (half, then all of it), then answers with
 * `answer(upload)`. The stub is removed after each test with the other stubbed globals.
 */
export function fakeUploadServer(answer: (upload: RecordedUpload) => UploadAnswer): RecordedUpload[] {
  const uploads: RecordedUpload[] = [];

  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: ProgressEvent) => void) | null; onload: (() => void) | null } = {
      onprogress: null,
      onload: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};
    private aborted = false;

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    }

    abort() {
      this.aborted = true;
      this.onabort?.();
    }

    async send(body: Blob | string) {
      const text = typeof body === 'string' ? body : await body.text();
      const upload: RecordedUpload = {
        method: this.method,
        path: this.url,
        headers: this.headers,
        body: text,
      };
      uploads.push(upload);
      const total = text.length;
      this.upload.onprogress?.(
        new ProgressEvent('progress', { lengthComputable: true, loaded: total / 2, total }),
      );
      this.upload.onprogress?.(
        new ProgressEvent('progress', { lengthComputable: true, loaded: total, total }),
      );
      this.upload.onload?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (this.aborted) return;
      const result = answer(upload);
      if (result === 'offline') {
        this.onerror?.();
        return;
      }
      this.status = result.status;
      this.responseText = result.body === undefined ? '' : JSON.stringify(result.body);
      this.onload?.();
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return uploads;
}
