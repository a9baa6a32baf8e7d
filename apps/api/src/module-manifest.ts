/**
 * A module's manifest, `modules/<name>/<name>.module.ts`: what the app, the cache registry and the
 * layering check know of a module, in one place, and `modules.ts` lists the manifests, one line a
 * module. Like app-deps.ts this file imports no module, so every manifest can import it without
 * importing the others. The order seam's own types (an order participant, an order event
 * subscriber) belong to the orders and order-events modules: they are the manifest's type
 * parameters, and the services modules hand each other are declared by the modules that make them
 * (`ModuleServices`).
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppDeps } from './app-deps.js';
import type { ModuleCache } from './lib/response-cache.js';
import type { PageHeads } from './lib/web-app.js';

/**
 * What modules make once per app and hand to each other by name (the catalogue's prepared reads,
 * the WhatsApp dispatcher, the order lifecycle...). Each entry is declared beside the manifest of
 * the module that makes it, by `declare module '../../module-manifest.js' { interface
 * ModuleServices { ... } }`, and made by that manifest's `services` (the order seam's two, the
 * lifecycle and the outbox of order events, by buildApp, since they gather every module's
 * participants and subscribers).
 */
// biome-ignore lint/suspicious/noEmptyInterface: the modules that make a service declare it here (see above).
export interface ModuleServices {}

/** What a manifest's parts are made from, once per app. */
export interface ModuleContext {
  /** What every module receives (app-deps.ts). */
  deps: AppDeps;
  /** The clock for shop dates, slot cut-offs and schedules (tests set it). */
  now: () => Date;
  /** Read ahead as the app gets ready (the server does; tests need not). */
  warmUp: boolean;
  log: FastifyBaseLogger;
  /** The services the modules make (filled before any participant, subscriber or route is made). */
  services: ModuleServices;
}

/** A routes plugin of the module and the options it is registered with. */
export interface ModuleRoutes<Options extends object = object> {
  plugin(app: FastifyInstance, options: Options): Promise<void>;
  options(context: ModuleContext): Options;
}

/** A routes plugin and its options, typed together. */
export function moduleRoutes<Options extends object>(
  plugin: (app: FastifyInstance, options: Options) => Promise<void>,
  options: (context: ModuleContext) => Options,
): ModuleRoutes<Options> {
  return { plugin, options };
}

/**
 * An order participant a module contributes, with its place among all of them: every moment of an
 * order runs them by rank, lowest first (decision 0017). buildApp checks the resulting order at
 * start against the one the order seam was designed for.
 */
export interface RankedParticipant<Participant> {
  rank: number;
  participant: Participant;
}

/** The rank of the participants a caller of buildApp supplies (tests): after every module's but the round-off. */
export const SUPPLIED_PARTICIPANTS_RANK = 900;

/**
 * Work a module runs on its own while the app is up. A `timer` (scheduled rate changes) stops
 * first when the app closes; an `outbox` (WhatsApp messages) is drained: it stops after the order
 * events, whose subscribers may queue work for it, have gone out.
 */
export interface ScheduledJob {
  kind: 'timer' | 'outbox';
  start(): void;
  close(): Promise<void>;
}

export interface ModuleManifest<Participant = never, Subscriber = never> {
  /** The module's folder under modules/. */
  name: string;
  /**
   * The modules it may import; the graph must stay free of cycles. scripts/check-api-layers.mjs
   * reads this list from the file itself, so it is written out as string literals.
   */
  dependsOn: readonly string[];
  /** The tables it owns (declared in its `<name>.schema.ts`): no other module writes them. */
  tables: readonly string[];
  /** Its cached reads and the writes that drop them (decision 0016), gathered in cache-registry.ts. */
  cache?: ModuleCache;
  /** The services it makes for the others (`ModuleServices`), in the order of `modules.ts`. */
  services?: (context: ModuleContext) => Partial<ModuleServices>;
  /** The order participants it contributes, each with its rank. */
  participants?: (context: ModuleContext) => readonly RankedParticipant<Participant>[];
  /** The order event subscribers it registers (their names are kept on outbox rows: keep them stable). */
  subscribers?: (context: ModuleContext) => readonly Subscriber[];
  /** Its HTTP routes. */
  routes?: readonly ModuleRoutes[];
  /** Work it runs while the app is up (started when the app is ready, stopped when it closes). */
  jobs?: (context: ModuleContext) => readonly ScheduledJob[];
  /** The web app's pages that carry a head of its own (a product's page). */
  pageHeads?: (context: ModuleContext) => PageHeads;
}
