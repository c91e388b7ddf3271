import closeWithGrace from 'close-with-grace';
import { buildAdminSite } from './admin-site.ts';
import { buildApp, fileAddressesFor, privateFileUrlsFor, storageFor } from './app.ts';
import { type AppConfig, ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createProcessCoordination } from './lib/coordination.ts';
import { createImagePool } from './lib/image-pool.ts';
import { ensureBadgeCatalogue } from './modules/badges/index.ts';
import { createCatalogueCache } from './modules/quests/index.ts';
import { bootstrapSuperAdmin, seedDemoAccounts } from './seed/accounts.ts';
import { seedDemoCity } from './seed/demo-city.ts';

/** A setting the server refuses ends the start with its message alone, and a non-zero exit code. */
function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`CityQuest API cannot start: ${error.message}`);
    process.exit(1);
  }
}

const config = loadConfigOrExit();
const database = await openDatabase(config);
await database.migrate();
const storage = await storageFor(config);
const privateFiles = privateFileUrlsFor(config);
const images = createImagePool(config.imageWork);
const app = await buildApp({ config, database, storage, images, privateFiles });
const seedDeps = {
  db: database.db,
  // The seed runs before the app answers anyone, so nothing it changes can be cached yet.
  catalogue: createCatalogueCache(0, createProcessCoordination()),
  storage,
  files: fileAddressesFor(config, privateFiles),
  images,
  log: {
    info: (message: string) => app.log.info(message),
    warn: (message: string) => app.log.warn(message),
  },
};
if (config.devMode)
  app.log.warn(
    'DEV_MODE=1: development mode (dev outbox, generated secrets, demo data); never for a deployment',
  );
if (config.mailTransport === 'log')
  app.log.warn('MAIL_TRANSPORT=log: no mail is delivered, so nobody receives verification or reset codes');
// Instances starting together take turns: the second finds the catalogue, the super admin and the demo in place.
await database.exclusively('cityquest:start-up', async () => {
  await ensureBadgeCatalogue(database.db, storage);
  if (config.superAdmin) await bootstrapSuperAdmin(seedDeps, config.superAdmin);
  if (config.seedDemo) {
    await seedDemoAccounts(seedDeps);
    await seedDemoCity(seedDeps);
  }
});

await app.listen({ port: config.port, host: config.host });
const adminSite = config.adminDist ? await buildAdminSite(config, config.adminDist) : undefined;
if (adminSite) await adminSite.listen({ port: config.adminPort, host: config.host });

closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
  if (err) app.log.error({ err }, 'closing after an error');
  else app.log.info(`closing on ${signal}`);
  await adminSite?.close();
  await app.close();
  await database.close();
});
