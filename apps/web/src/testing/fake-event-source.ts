/**
 * jsdom has no EventSource. This one records every stream the app opens, so a test can
 * read the address it asked for and send it events as the server would.
 */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];

  readonly url: string;
  readyState = FakeEventSource.OPEN;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(url: string | URL) {
    super();
    this.url = String(url);
    FakeEventSource.opened.push(this);
  }

  /** The stream the screen has open now. */
  static current(): FakeEventSource | undefined {
    return FakeEventSource.opened.findLast((source) => source.readyState !== FakeEventSource.CLOSED);
  }

  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }

  /** An event as the server sends it: `event: <name>` with JSON data. */
  send(name: string, data: unknown): void {
    this.dispatchEvent(new MessageEvent(name, { data: JSON.stringify(data) }));
  }
}
