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
  /**
   * Times its servers against a bound close to what they are set to (an answer within 6 s of a 5 s
   * deadline, a connection taken within nginx's 2 s): the harness and the servers and proxy it starts
   * run at a raised priority (tests/reliability/priority.ts).
   */
  timed?: boolean;
  run(ctx: ScenarioContext): Promise<void>;
}

/** `defaults`: what every server of the scenario gets unless `launch` says otherwise. */
export function launcher(feed: FeedServer, servers: RunningServer[], defaults: Partial<ServerOptions> = {}) {
  return async (store: StoreInstance, options: Partial<ServerOptions> = {}): Promise<RunningServer> => {
    const server = await startServer({
      storeEnv: store.env,
      feedUrl: `${feed.base}/feed.xml`,
      ...defaults,
      ...options,
    });
    servers.push(server);
    return server;
  };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
