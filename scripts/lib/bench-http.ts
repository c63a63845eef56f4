import net from 'node:net';
import { serverMs } from './bench-load';

/**
 * A lean HTTP/1.1 client for benchmarks that share the machine with the server they measure: raw keep-alive sockets,
 * requests written as one string, answers read by Content-Length. node:http's client costs several times the server's
 * own work per request (an agent queue scanned on every free socket, header objects, events), so a load generator built
 * on it measures its own lag. One request at a time per connection, as a browser's tab sends them; a request that
 * finds no idle connection opens one (up to `maxConnections`, then waits for one to come free).
 */

export interface LeanAnswer {
  /** The HTTP status; 0 when the connection failed or closed before the answer was complete. */
  status: number;
  body: Buffer;
  /** The server's own time (its Server-Timing header), NaN when it did not say. */
  serverMs: number;
  /** From the moment the request was written to the socket until the answer's last byte was read. */
  roundTripMs: number;
  /** When the request was written (performance.now()): how late a scheduled request really left. */
  writtenAt: number;
}

interface Pending {
  text: string;
  resolve: (answer: LeanAnswer) => void;
}

const HEADER_END = Buffer.from('\r\n\r\n');

/** One keep-alive connection: writes a request, parses its answer, then is free again. */
class Connection {
  readonly socket: net.Socket;
  private chunks: Buffer[] = [];
  private received = 0;
  private bodyStart = -1;
  private bodyLength = 0;
  private status = 0;
  private serverTiming = '';
  private current: (Pending & { writtenAt: number }) | undefined;
  closed = false;

  constructor(
    port: number,
    host: string,
    private readonly onFree: (connection: Connection) => void,
    private readonly onClose: (connection: Connection) => void,
  ) {
    this.socket = net.connect({ port, host, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => this.read(chunk));
    this.socket.on('error', () => this.socket.destroy());
    this.socket.on('close', () => {
      this.closed = true;
      this.finish(0);
      this.onClose(this);
    });
  }

  send(pending: Pending): void {
    this.current = { ...pending, writtenAt: performance.now() };
    this.socket.write(pending.text, 'latin1');
  }

  private read(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.received += chunk.length;
    if (this.bodyStart < 0) {
      const head = this.chunks.length === 1 ? chunk : Buffer.concat(this.chunks);
      this.chunks = [head];
      const end = head.indexOf(HEADER_END);
      if (end < 0) return;
      this.parseHead(head.toString('latin1', 0, end));
      this.bodyStart = end + HEADER_END.length;
    }
    if (this.received >= this.bodyStart + this.bodyLength) this.finish(this.status);
  }

  private parseHead(head: string): void {
    this.status = Number(head.slice(9, 12));
    this.bodyLength = 0;
    this.serverTiming = '';
    for (const line of head.split('\r\n')) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).toLowerCase();
      if (name === 'content-length') this.bodyLength = Number(line.slice(colon + 1));
      else if (name === 'server-timing') this.serverTiming = line.slice(colon + 1);
      else if (name === 'transfer-encoding') throw new Error('bench-http reads answers by Content-Length only');
    }
  }

  /** Hands the answer (or a failure, status 0) to its caller and frees the connection for the next request. */
  private finish(status: number): void {
    const current = this.current;
    if (!current) return;
    const whole = this.chunks.length === 1 ? (this.chunks[0] as Buffer) : Buffer.concat(this.chunks);
    const body = status === 0 ? Buffer.alloc(0) : whole.subarray(this.bodyStart, this.bodyStart + this.bodyLength);
    this.current = undefined;
    this.chunks = [];
    this.received = 0;
    this.bodyStart = -1;
    current.resolve({
      status,
      body,
      serverMs: status === 0 ? Number.NaN : serverMs(this.serverTiming),
      roundTripMs: performance.now() - current.writtenAt,
      writtenAt: current.writtenAt,
    });
    if (!this.closed) this.onFree(this);
  }
}

/** Keep-alive connections to one server, opened as needed up to `maxConnections`. */
export class LeanHttp {
  private readonly idle: Connection[] = [];
  private readonly all = new Set<Connection>();
  private readonly waiting: Pending[] = [];
  private waitingFrom = 0;
  private readonly host: string;
  private readonly port: number;
  private stopped = false;

  constructor(
    url: URL,
    private readonly maxConnections: number,
  ) {
    this.host = url.hostname;
    this.port = Number(url.port);
  }

  /** `method path` with `headers` (and a JSON body), written as one string. */
  static request(method: string, path: string, headers: Record<string, string>, body?: unknown): string {
    let text = `${method} ${path} HTTP/1.1\r\nHost: bench\r\n`;
    for (const [name, value] of Object.entries(headers)) text += `${name}: ${value}\r\n`;
    if (body === undefined) return `${text}\r\n`;
    const json = Buffer.from(JSON.stringify(body));
    return `${text}Content-Type: application/json\r\nContent-Length: ${json.length}\r\n\r\n${json.toString('latin1')}`;
  }

  /** Opens `count` connections ahead of the load, as the browsers of a crowd already on the page have theirs. */
  async open(count: number): Promise<void> {
    const opening: Promise<void>[] = [];
    for (let i = 0; i < count && this.all.size < this.maxConnections; i += 1) {
      const connection = this.connect();
      opening.push(new Promise((resolve) => connection.socket.once('connect', () => resolve())));
      this.idle.push(connection);
    }
    await Promise.all(opening);
  }

  send(text: string): Promise<LeanAnswer> {
    return new Promise((resolve) => {
      const pending = { text, resolve };
      const connection = this.idle.pop() ?? (this.all.size < this.maxConnections ? this.connect() : undefined);
      if (connection) connection.send(pending);
      else this.waiting.push(pending);
    });
  }

  /** Closes every connection; requests still unanswered resolve as failed (status 0). */
  close(): void {
    this.stopped = true;
    for (const connection of this.all) connection.socket.destroy();
  }

  private connect(): Connection {
    const connection = new Connection(
      this.port,
      this.host,
      (free) => this.free(free),
      (gone) => {
        this.all.delete(gone);
        const at = this.idle.indexOf(gone);
        if (at >= 0) this.idle.splice(at, 1);
      },
    );
    this.all.add(connection);
    return connection;
  }

  private free(connection: Connection): void {
    if (this.stopped) return;
    if (this.waitingFrom < this.waiting.length) {
      const next = this.waiting[this.waitingFrom] as Pending;
      this.waitingFrom += 1;
      if (this.waitingFrom > 1024 && this.waitingFrom * 2 > this.waiting.length) {
        this.waiting.splice(0, this.waitingFrom);
        this.waitingFrom = 0;
      }
      connection.send(next);
    } else this.idle.push(connection);
  }
}
