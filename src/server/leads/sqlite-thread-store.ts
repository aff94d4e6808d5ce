/**
 * The SQLite lead store, run on a worker thread (src/server/leads/sqlite-worker.ts) so that its
 * synchronous statements and fsyncs never block the server's main thread: pages keep answering
 * while leads are written, and leads arriving together are committed together (group commit).
 *
 * A generic proxy: any method called on the returned store is sent to the worker by name with its
 * arguments (which must be structured-clone-able: plain data, Dates) and answered by a promise, so
 * store methods added to sqlite-store.ts work here without code of their own.
 *
 * Options that are functions cannot cross threads: `onNarrowed` is called here when the worker
 * reports, and an injected clock (`now`) is read here at each call and its time sent along, so
 * the store sees the time the call was made, as it would in-thread.
 */
import { Worker } from 'node:worker_threads';
import type { SqliteStoreOptions } from './sqlite-store.ts';
import type { WorkerCall, WorkerOptions, WorkerReply, WorkerStatus } from './sqlite-worker.ts';
import type { LeadStore } from './types.ts';

const revive = ({ error }: WorkerReply & { ok: false }) =>
  Object.assign(new Error(error.message), {
    name: error.name,
    ...(error.code !== undefined && { code: error.code }),
    ...(error.stack && { stack: error.stack }),
  });

export async function openSqliteThreadStore(file: string, options: SqliteStoreOptions = {}): Promise<LeadStore> {
  const { now, onNarrowed, ...plain } = options;
  const workerOptions: WorkerOptions = { ...plain, ...(now ? { openedAt: now().getTime() } : {}) };
  const worker = new Worker(new URL('./sqlite-worker.ts', import.meta.url), {
    workerData: { file, options: workerOptions },
  });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let failure: Error | null = null;
  let closed = false;
  let nextId = 1;

  const failAll = (error: Error) => {
    failure ??= error;
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };

  await new Promise<void>((resolve, reject) => {
    const onExit = (code: number) =>
      reject(new Error(`The SQLite worker exited (code ${code}) before opening the store.`));
    worker.once('error', reject);
    worker.once('exit', onExit);
    const onStatus = (status: WorkerStatus) => {
      if ('narrowed' in status) return void onNarrowed?.(status.narrowed);
      worker.off('message', onStatus);
      worker.off('error', reject);
      worker.off('exit', onExit);
      if (status.ready) resolve();
      else reject(revive(status.error));
    };
    worker.on('message', onStatus);
  });

  worker.on('message', (reply: WorkerReply | WorkerStatus) => {
    if ('narrowed' in reply) return void onNarrowed?.(reply.narrowed);
    if (!('id' in reply)) return;
    const waiter = pending.get(reply.id);
    if (!waiter) return;
    pending.delete(reply.id);
    if (reply.ok) waiter.resolve(reply.value);
    else waiter.reject(revive(reply));
  });
  worker.on('error', (error) => failAll(error));
  worker.on('exit', (code) => failAll(new Error(`The SQLite worker stopped (code ${code}).`)));

  const call = (method: string, args: unknown[]) =>
    new Promise<unknown>((resolve, reject) => {
      if (closed) return reject(new Error('The lead store is closed.'));
      if (failure) return reject(failure);
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, method, args, ...(now ? { at: now().getTime() } : {}) } satisfies WorkerCall);
    });

  const own = {
    kind: 'sqlite' as const,
    async close(): Promise<void> {
      if (closed) return;
      // Sent last, so every call already sent is answered first; the worker then exits.
      const done = call('close', []);
      closed = true;
      await done.catch(() => {});
      await worker.terminate();
    },
  };

  return new Proxy(own, {
    get(target, property) {
      if (property in target) return target[property as keyof typeof target];
      // Not a thenable (so `await` of the store is the store), and no symbols over the wire.
      if (typeof property !== 'string' || property === 'then') return undefined;
      return (...args: unknown[]) => call(property, args);
    },
  }) as unknown as LeadStore;
}
