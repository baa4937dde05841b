import { vi } from 'vitest';

type Handler = ((event: ProgressEvent) => void) | null;

/** One upload as the fake server saw it; the test answers it when it likes. */
export class FakeXhr {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  withCredentials = false;
  body: FormData | null = null;
  status = 0;
  responseText = '';
  aborted = false;
  onload: Handler = null;
  onerror: Handler = null;
  onabort: Handler = null;
  onprogress: Handler = null;
  upload: { onprogress: Handler; onload: Handler } = { onprogress: null, onload: null };

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }

  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }

  abort() {
    this.aborted = true;
    this.onabort?.(new ProgressEvent('abort'));
  }

  /** The file sent in the multipart field `file`. */
  get file(): File | null {
    const value = this.body?.get('file');
    return value instanceof File ? value : null;
  }

  progress(loaded: number, total: number) {
    this.upload.onprogress?.(
      new ProgressEvent('progress', { lengthComputable: true, loaded, total }),
    );
  }

  /** The last byte of the body has gone; the answer is still to come. */
  uploaded() {
    this.upload.onload?.(new ProgressEvent('load'));
  }

  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.onload?.(new ProgressEvent('load'));
  }

  failNetwork() {
    this.onerror?.(new ProgressEvent('error'));
  }

  static sent: FakeXhr[] = [];
}

/** The edge of the world for uploads: XMLHttpRequest replaced, every request kept in `sent`. */
export function installFakeXhr() {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return FakeXhr.sent;
}
