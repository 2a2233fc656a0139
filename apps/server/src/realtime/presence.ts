import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * Who has a device on the other server processes, kept in this process's memory (ADR 038). Each process says on
 * one Redis channel when a person's first device connects to it ('on') and when their last one leaves ('off'); the
 * others keep, per process, the set of people it holds. So "is the receiver online?" is answered without a round
 * trip: asking every process through the adapter (fetchSockets) cost a Redis request, the other processes' work
 * and a wait for their answers on every message.
 *
 * A process that starts (or gets Redis back) says 'hello' and its whole list ('all'), and every other one answers
 * with its own list. Every note carries
 * the sender's change counter `v`: a note that does not follow the last one seen (one lost while Redis was away),
 * or a heartbeat with another counter, makes the listener ask that process for its whole list again ('want').
 * A process that stops says 'bye'; one that dies says nothing, and its people are forgotten once three of its
 * heartbeats (every 5 s) have not come.
 */

type Note =
  | { s: string; t: 'on' | 'off'; u: string; v: number }
  | { s: string; t: 'all'; u: string[]; v: number }
  | { s: string; t: 'beat'; v: number }
  | { s: string; t: 'want'; to: string }
  | { s: string; t: 'hello' | 'bye' };

interface Other {
  users: Set<string>;
  v: number;
  seen: number;
}

export class RemotePresence {
  readonly id = randomBytes(6).toString('hex');
  private readonly others = new Map<string, Other>();
  private v = 0;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly onMessage = (channel: string, text: string) => {
    if (channel === this.channel) this.receive(text);
  };
  // after Redis comes back the subscription is renewed by ioredis, but what was said meanwhile is lost
  private readonly onReady = () => {
    this.publish({ s: this.id, t: 'hello' });
    this.publishAll();
  };

  constructor(
    private readonly pub: Redis,
    private readonly sub: Redis,
    private readonly channel: string,
    /** The people with a device on this process now. */
    private readonly localUsers: () => Iterable<string>,
    private readonly beatMs = 5_000,
  ) {}

  async start(): Promise<void> {
    this.sub.on('message', this.onMessage);
    await this.sub.subscribe(this.channel);
    this.sub.on('ready', this.onReady);
    this.onReady();
    this.timer = setInterval(() => {
      this.publish({ s: this.id, t: 'beat', v: this.v });
      const before = Date.now() - 3 * this.beatMs;
      for (const [id, o] of this.others) if (o.seen < before) this.others.delete(id);
    }, this.beatMs);
    this.timer.unref();
  }

  /** Whether another process holds a device of `userId`. */
  has(userId: string): boolean {
    for (const o of this.others.values()) if (o.users.has(userId)) return true;
    return false;
  }

  /** The first device of `userId` connected to this process. */
  joined(userId: string): void {
    this.publish({ s: this.id, t: 'on', u: userId, v: ++this.v });
  }

  /** The last device of `userId` on this process left. */
  left(userId: string): void {
    this.publish({ s: this.id, t: 'off', u: userId, v: ++this.v });
  }

  async stop(): Promise<void> {
    // the sockets closing after this would say 'off' for each person: 'bye' says it for all
    this.stopped = true;
    clearInterval(this.timer);
    this.sub.off('ready', this.onReady);
    this.sub.off('message', this.onMessage);
    this.others.clear();
    await this.pub.publish(this.channel, JSON.stringify({ s: this.id, t: 'bye' } satisfies Note)).catch(() => {});
  }

  private publish(note: Note): void {
    if (this.stopped) return;
    // a note lost here is noticed by the listeners at the next heartbeat (its counter moved on)
    this.pub.publish(this.channel, JSON.stringify(note)).catch(() => {});
  }

  private publishAll(): void {
    this.publish({ s: this.id, t: 'all', u: [...this.localUsers()], v: this.v });
  }

  private receive(text: string): void {
    let note: Note;
    try {
      note = JSON.parse(text) as Note;
    } catch {
      return;
    }
    if (note.s === this.id) return;
    const now = Date.now();
    let other = this.others.get(note.s);
    const known = other !== undefined;
    if (note.t === 'bye') {
      this.others.delete(note.s);
      return;
    }
    if (!other) this.others.set(note.s, (other = { users: new Set(), v: -1, seen: now }));
    other.seen = now;
    switch (note.t) {
      case 'hello':
        // its own list follows
        this.publishAll();
        break;
      case 'want':
        if (note.to === this.id) this.publishAll();
        break;
      case 'all':
        other.users = new Set(note.u);
        other.v = note.v;
        break;
      case 'on':
      case 'off':
        if (note.t === 'on') other.users.add(note.u);
        else other.users.delete(note.u);
        if (!known || note.v !== other.v + 1) this.want(note.s);
        other.v = note.v;
        break;
      case 'beat':
        if (note.v !== other.v) this.want(note.s);
        break;
    }
  }

  private want(from: string): void {
    this.publish({ s: this.id, t: 'want', to: from });
  }
}
