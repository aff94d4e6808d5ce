/**
 * The SQLite lead store, run on a worker thread (src/server/leads/sqlite-worker.ts) so that its
 * synchronous statements and fsyncs never block the server's main thread: pages keep answering
 * while leads are written, and leads arriving together are committed together (group commit).
 *
 * A typed client: each LeadStore method is written out below and sends its name and arguments
 * (plain data and Dates, which cross threads as structured clones) to the worker, which runs the
 * same method on the SQLite store and answers. A method added to the LeadStore interface is a
 * type error here until it is forwarded.
 *
 * Options that are functions cannot cross threads: `onNarrowed` and `onSharedDirectory` are called
 * here when the worker reports, and an injected clock (`now`) is read here at each call and its
 * time sent along, so the store sees the time the call was made, as it would in-thread.
 */
import { Worker } from 'node:worker_threads';
import type { SqliteStoreOptions } from './sqlite-store.ts';
import type { StoreMethod, WorkerCall, WorkerOptions, WorkerReply, WorkerStatus } from './sqlite-worker.ts';
import type { LeadStore } from './types.ts';

const revive = ({ error }: WorkerReply & { ok: false }) =>
  Object.assign(new Error(error.message), {
    name: error.name,
    ...(error.code !== undefined && { code: error.code }),
    ...(error.errstr !== undefined && { errstr: error.errstr }),
    ...(error.stack && { stack: error.stack }),
  });

export async function openSqliteThreadStore(file: string, options: SqliteStoreOptions = {}): Promise<LeadStore> {
  const { now, onNarrowed, onSharedDirectory, ...plain } = options;
  /** The worker's reports on the store's permissions; true when `message` was one. */
  const permissionReport = (
    message: WorkerReply | WorkerStatus,
  ): message is { narrowed: string[] } | { sharedDirectory: string } => {
    if ('narrowed' in message) onNarrowed?.(message.narrowed);
    else if ('sharedDirectory' in message) onSharedDirectory?.(message.sharedDirectory);
    else return false;
    return true;
  };
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
      if (permissionReport(status)) return;
      worker.off('message', onStatus);
      worker.off('error', reject);
      worker.off('exit', onExit);
      if (status.ready) resolve();
      else reject(revive(status.error));
    };
    worker.on('message', onStatus);
  });

  worker.on('message', (reply: WorkerReply | WorkerStatus) => {
    if (permissionReport(reply)) return;
    if (!('id' in reply)) return;
    const waiter = pending.get(reply.id);
    if (!waiter) return;
    pending.delete(reply.id);
    if (reply.ok) waiter.resolve(reply.value);
    else waiter.reject(revive(reply));
  });
  worker.on('error', (error) => failAll(error));
  worker.on('exit', (code) => failAll(new Error(`The SQLite worker stopped (code ${code}).`)));

  /** Sends one call to the worker; the promise settles with the worker's answer. */
  const call = <M extends StoreMethod>(method: M, args: Parameters<LeadStore[M]>) =>
    new Promise<Awaited<ReturnType<LeadStore[M]>>>((resolve, reject) => {
      if (closed) return reject(new Error('The lead store is closed.'));
      if (failure) return reject(failure);
      const id = nextId++;
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      // A generic method's call is one member of the WorkerCall union, which TypeScript cannot
      // narrow to: the signature above already ties `args` to `method`.
      const message = { id, method, args, ...(now ? { at: now().getTime() } : {}) } as WorkerCall;
      worker.postMessage(message);
    });

  return {
    kind: 'sqlite',
    save: (lead, idempotencyKey, options) => call('save', [lead, idempotencyKey, options]),
    list: (options) => call('list', [options]),
    count: () => call('count', []),
    get: (id) => call('get', [id]),
    findByEmail: (email) => call('findByEmail', [email]),
    deleteByEmail: (email) => call('deleteByEmail', [email]),
    correct: (id, values) => call('correct', [id, values]),
    purge: (before) => call('purge', [before]),
    claimDeliveries: (limit, leaseMs) => call('claimDeliveries', [limit, leaseMs]),
    completeDelivery: (id) => call('completeDelivery', [id]),
    failDelivery: (id, leaseToken, error, retryAt) => call('failDelivery', [id, leaseToken, error, retryAt]),
    refuseDelivery: (id, leaseToken, error) => call('refuseDelivery', [id, leaseToken, error]),
    listDeliveries: () => call('listDeliveries', []),
    deliveryHealth: () => call('deliveryHealth', []),
    retryDead: () => call('retryDead', []),
    backfill: (channels, since) => call('backfill', [channels, since]),
    ping: () => call('ping', []),
    checkIntegrity: () => call('checkIntegrity', []),
    async close(): Promise<void> {
      if (closed) return;
      // Sent last, so every call already sent is answered first; the worker then exits.
      const done = call('close', []);
      closed = true;
      await done.catch(() => {});
      await worker.terminate();
    },
  };
}
