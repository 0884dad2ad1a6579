// The WebSocket to the gateway: ws(s)://<this host>/stream, binary messages in. Reconnects by
// itself, forever, with backoff (0.5 s doubling to 5 s, ±25 % jitter); a socket that stays silent
// for 2 s counts as lost. Sends a small keep-alive now and then (the gateway may ignore it).

export const kSilenceMs = 2000;
const kBackoffMinMs = 500;
const kBackoffMaxMs = 5000;
const kKeepAliveMs = 5000;

export interface StreamEvents {
  onOpen(reconnect: boolean): void;
  onMessage(data: ArrayBuffer): void;
  onLost(why: string): void;
}

export function streamUrl(loc: Location = window.location): string {
  const proto = loc.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${proto}//${loc.host}/stream`;
}

export class Stream {
  private ws: WebSocket | null = null;
  private backoff = kBackoffMinMs;
  private retryTimer: number | null = null;
  private watchdog: number | null = null;
  private keepAlive: number | null = null;
  private lastMessage = 0;
  private everOpened = false;
  private lost = false;

  constructor(
    private readonly url: string,
    private readonly events: StreamEvents,
  ) {}

  start(): void {
    this.connect();
    this.watchdog = window.setInterval(() => this.checkSilence(), 250);
  }

  private connect(): void {
    this.retryTimer = null;
    let ws: WebSocket;
    try {
      ws = new WebSocket(this.url);
    } catch (e) {
      this.fail(`cannot open ${this.url}: ${String(e)}`);
      return;
    }
    ws.binaryType = 'arraybuffer';
    this.ws = ws;
    ws.onopen = () => {
      if (this.ws !== ws) return;
      this.lastMessage = performance.now();
    };
    ws.onmessage = (ev: MessageEvent) => {
      if (this.ws !== ws) return;
      this.lastMessage = performance.now();
      if (!(ev.data instanceof ArrayBuffer)) return; // text frames are not part of the protocol
      if (this.lost || !this.opened) {
        // The first message of a connection: the stream is back.
        const reconnect = this.everOpened;
        this.everOpened = true;
        this.opened = true;
        this.lost = false;
        this.backoff = kBackoffMinMs;
        this.events.onOpen(reconnect);
      }
      this.events.onMessage(ev.data);
    };
    ws.onclose = (ev: CloseEvent) => {
      if (this.ws !== ws) return;
      this.fail(`socket closed (${ev.code}${ev.reason ? ': ' + ev.reason : ''})`);
    };
    ws.onerror = () => {
      /* onclose follows */
    };
    this.opened = false;
    if (this.keepAlive === null) {
      this.keepAlive = window.setInterval(() => {
        if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send('ping');
      }, kKeepAliveMs);
    }
  }

  private opened = false;

  private checkSilence(): void {
    if (!this.ws || !this.opened || this.lost) return;
    if (performance.now() - this.lastMessage > kSilenceMs) this.fail('no message for 2 s');
  }

  private fail(why: string): void {
    const ws = this.ws;
    this.ws = null;
    this.opened = false;
    if (ws) {
      ws.onopen = ws.onmessage = ws.onclose = ws.onerror = null;
      try {
        ws.close();
      } catch {
        /* already closed */
      }
    }
    if (!this.lost) {
      this.lost = true;
      this.events.onLost(why);
    }
    if (this.retryTimer !== null) return;
    const delay = this.backoff * (0.75 + 0.5 * Math.random());
    this.backoff = Math.min(this.backoff * 2, kBackoffMaxMs);
    this.retryTimer = window.setTimeout(() => this.connect(), delay);
  }
}
