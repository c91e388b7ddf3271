import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { Coordination } from './lib/coordination.ts';
import type { ImageWork } from './lib/image-pool.ts';
import type { AccountCache, TokenService } from './modules/auth/index.ts';
import type { DashboardCache } from './modules/dashboard/index.ts';
import type { GeoService } from './modules/geo/index.ts';
import type { InsightsCache } from './modules/insights/index.ts';
import type { LiveEvents } from './modules/live-events/index.ts';
import type { MailOutbox } from './modules/notifications/index.ts';
import type { CatalogueCache, QuestParticipation, ViewCounter } from './modules/quests/index.ts';
import type { FileAddresses } from './plugins/file-addresses.ts';
import type { Mailer } from './plugins/mail.ts';
import type { PrivateFileUrls } from './plugins/private-files.ts';
import type { Storage } from './plugins/storage.ts';

/** The context of a route whose reads a replica may answer: `reads` in place of `db` (db/read-routing.ts). */
export function replicaReads(ctx: AppContext): AppContext {
  return { ...ctx, db: ctx.reads };
}

/** What every module's handlers and services are given; built once per app. */
export type AppContext = {
  config: AppConfig;
  database: Database;
  db: Db;
  /**
   * Reads a read replica may answer (db/read-routing.ts): the primary unless the request is a GET by a caller
   * who has not just written, and replicas are configured. Only for routes that may show data a moment old.
   */
  reads: Db;
  mailer: Mailer;
  storage: Storage;
  /** Uploads' image work (re-encoding, photo metadata, perceptual hashes) on worker threads. */
  images: ImageWork;
  /** Signs and checks the addresses of proof photos and bug screenshots (used through `files`). */
  privateFiles: PrivateFileUrls;
  /** Turns a stored file's path into the absolute address an answer carries, signed for private kinds. */
  files: FileAddresses;
  tokens: TokenService;
  /** Accounts and sessions read by authentication; revoking a session forgets its account here. */
  accounts: AccountCache;
  log: FastifyBaseLogger;
  /** Rate limits, provider spacing and cache invalidations every API instance shares (Redis, or this process). */
  coordination: Coordination;
  /** Geocoding, place search and directions: one cache, provider queue and per-user place-search window. */
  geo: GeoService;
  /** The approved catalogue's shared reads; any write to a quest clears it. */
  catalogue: CatalogueCache;
  /** The admin dashboard's and analytics' figures, shared for INSIGHTS_CACHE_MS. */
  insights: InsightsCache;
  /** Each explorer's quest dashboard, kept until they or the catalogue change. */
  dashboards: DashboardCache;
  /** Quest page views, tallied here and written in batches. */
  views: ViewCounter;
  /** Explorers' records as quests reads them: progress owns the rows, and quests, below it, cannot import it. */
  participation: QuestParticipation;
  /** Sends the notification mail notify() queues, after the writing transaction commits. */
  mailOutbox: MailOutbox;
  /** The live events this instance hears from the database, fanned out to its open event streams. */
  liveEvents: LiveEvents;
};
