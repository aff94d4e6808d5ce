import type { FeedServer } from '../../support/feed-server.ts';
import type { Report } from '../report.ts';
import { startServer, type RunningServer, type ServerOptions } from '../server-process.ts';
import type { StoreInstance, StoreTarget } from '../stores.ts';

export interface ScenarioContext {
  target: StoreTarget;
  report: Report;
  feed: FeedServer;
  /** fast-check seed for the generated inputs (printed, so a failure can be replayed). */
  seed: number;
  /** Servers started through `launch` are stopped when the scenario ends, whatever happened. */
  launch(store: StoreInstance, options?: Partial<ServerOptions>): Promise<RunningServer>;
  /** A short tag unique to this scenario, used in e-mail addresses. */
  tag: string;
}

export interface Scenario {
  title: string;
  run(ctx: ScenarioContext): Promise<void>;
}

export function launcher(feed: FeedServer, servers: RunningServer[]) {
  return async (store: StoreInstance, options: Partial<ServerOptions> = {}): Promise<RunningServer> => {
    const server = await startServer({ storeEnv: store.env, feedUrl: `${feed.base}/feed.xml`, ...options });
    servers.push(server);
    return server;
  };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
