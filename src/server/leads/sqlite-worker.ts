/**
 * The worker thread that owns the SQLite lead store (src/server/leads/sqlite-thread-store.ts starts
 * it). node:sqlite is synchronous: run on the server's main thread, every statement and every
 * fsync would stall every page being served. Here they stall only this thread.
 *
 * It opens the ordinary SQLite store and runs the LeadStore method each call names, with the
 * arguments it sent (structured clones); sqlite-thread-store.ts is the typed client that sends them.
 *
 * Group commit: calls that arrive while a transaction is being written wait in the queue; then all
 * the waiting saves run in one transaction (each in its own savepoint, so one failure undoes only
 * itself) and are committed with one fsync (synchronous=FULL), and only then is each answered.
 * Other methods run one by one, in arrival order, between groups.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openSqliteLeadStore, type SqliteLeadStore, type SqliteStoreOptions } from './sqlite-store.ts';
import type { LeadStore } from './types.ts';

/** The store methods a call can name: every LeadStore member but `kind`. */
export type StoreMethod = Exclude<keyof LeadStore, 'kind'>;

/** One call from the main thread: a store method and exactly that method's arguments. */
export type WorkerCall = {
  [M in StoreMethod]: {
    id: number;
    method: M;
    args: Parameters<LeadStore[M]>;
    /** With an injected clock: what it said when the main thread made the call (ms since the epoch). */
    at?: number;
  };
}[StoreMethod];
export type WorkerReply =
  | { id: number; ok: true; value: unknown }
  | {
      id: number;
      ok: false;
      /** The error's fields that cross the thread; `errstr`: node:sqlite's name for SQLite's result code. */
      error: { name: string; message: string; code?: unknown; errstr?: unknown; stack?: string | undefined };
    };
export type WorkerStatus =
  | { ready: true }
  | { ready: false; error: WorkerReply & { ok: false } }
  | { narrowed: string[] }
  | { sharedDirectory: string };

/** What the main thread sends along: the store's options without their functions. */
export interface WorkerOptions extends Omit<SqliteStoreOptions, 'now' | 'onNarrowed' | 'onSharedDirectory'> {
  /** Set when the main thread injected a clock: its time at open (calls carry theirs in `at`). */
  openedAt?: number;
}

/** Methods whose calls arriving together share one transaction. */
const GROUPED = new Set<StoreMethod>(['save']);
/** Most calls in one transaction: bounds how long the first of them waits for its commit. */
const MAX_GROUP = 500;

const port = parentPort;
if (!port) throw new Error('sqlite-worker.ts runs as a worker thread (see sqlite-thread-store.ts).');
const { file, options } = workerData as { file: string; options: WorkerOptions };

// An injected clock cannot cross threads: each call brings the time it was made instead, and the
// store reads it through this clock. Without one, the store uses the real time.
let callTime: number | undefined = options.openedAt;
const injected = options.openedAt !== undefined;
const { openedAt: _openedAt, ...storeOptions } = options;

const failure = (id: number, error: unknown): WorkerReply & { ok: false } => {
  const e = error instanceof Error ? error : new Error(String(error));
  return {
    id,
    ok: false,
    error: {
      name: e.name,
      message: e.message,
      code: (e as { code?: unknown }).code,
      errstr: (e as { errstr?: unknown }).errstr,
      stack: e.stack,
    },
  };
};

let store: SqliteLeadStore;
try {
  store = openSqliteLeadStore(file, {
    ...storeOptions,
    ...(injected ? { now: () => new Date(callTime ?? Date.now()) } : {}),
    onNarrowed: (paths) => port.postMessage({ narrowed: paths } satisfies WorkerStatus),
    onSharedDirectory: (dir) => port.postMessage({ sharedDirectory: dir } satisfies WorkerStatus),
  });
  port.postMessage({ ready: true } satisfies WorkerStatus);
} catch (error) {
  port.postMessage({ ready: false, error: failure(0, error) } satisfies WorkerStatus);
  process.exit(1);
}

// Async, so a store method that throws rejects like one that fails later.
const invoke = async (call: WorkerCall): Promise<unknown> => {
  if (injected) callTime = call.at;
  // WorkerCall ties each method to its own arguments; TypeScript cannot follow that through the
  // union to one call, so the method is typed by hand here.
  const method = store[call.method] as (...args: WorkerCall['args']) => Promise<unknown>;
  return method.apply(store, call.args);
};

async function runGroup(calls: WorkerCall[]): Promise<WorkerReply[]> {
  const outcomes: WorkerReply[] = [];
  try {
    await store.inTransaction(async () => {
      for (const call of calls) {
        try {
          outcomes.push({ id: call.id, ok: true, value: await store.inSavepoint(() => invoke(call)) });
        } catch (error) {
          outcomes.push(failure(call.id, error));
        }
      }
    });
    return outcomes;
  } catch (error) {
    // The commit failed (or the transaction could not start): nothing of the group is stored.
    return calls.map((call) => failure(call.id, error));
  }
}

async function runOne(call: WorkerCall): Promise<WorkerReply> {
  try {
    return { id: call.id, ok: true, value: await invoke(call) };
  } catch (error) {
    return failure(call.id, error);
  }
}

const queue: WorkerCall[] = [];
let draining = false;

async function drain(): Promise<void> {
  draining = true;
  while (queue.length > 0) {
    const first = queue[0] as WorkerCall;
    if (GROUPED.has(first.method)) {
      let end = 1;
      while (end < queue.length && end < MAX_GROUP && GROUPED.has((queue[end] as WorkerCall).method)) end += 1;
      for (const reply of await runGroup(queue.splice(0, end))) port?.postMessage(reply);
    } else {
      const call = queue.shift() as WorkerCall;
      port?.postMessage(await runOne(call));
      if (call.method === 'close') process.exit(0);
    }
    // Let messages that arrived meanwhile join the queue before the next group is formed.
    if (queue.length > 0) await new Promise((resolve) => setImmediate(resolve));
  }
  draining = false;
}

port.on('message', (call: WorkerCall) => {
  queue.push(call);
  // setImmediate: every message already delivered joins the queue before it is drained.
  if (!draining) {
    draining = true;
    setImmediate(() => void drain());
  }
});
