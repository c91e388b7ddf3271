/**
 * Copies the local uploads folder (STORAGE_DIR, or DATA_DIR/uploads) into the bucket STORAGE_URL names, under the
 * same keys, so every stored file path stays valid once the API runs with STORAGE_URL. Safe to run again: files
 * already in the bucket are left alone. The local folder is kept; remove it once the API serves from the bucket.
 *
 *   STORAGE_URL=s3://… [STORAGE_DIR=…] npm run files:to-bucket
 */
import { ConfigError, loadConfig } from '../src/config.ts';
import { copyFolderToBucket } from '../src/plugins/bucket-storage.ts';

let config: ReturnType<typeof loadConfig>;
try {
  // Only the storage settings matter here; a development config spares the script the production checks.
  config = loadConfig({ ...process.env, DEV_MODE: '1' });
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`Cannot move files: ${error.message}`);
  process.exit(1);
}
if (!config.bucket) {
  console.error('Cannot move files: STORAGE_URL must name the bucket to copy into (s3://bucket?endpoint=…).');
  process.exit(1);
}
console.log(`Copying ${config.storageDir} into bucket ${config.bucket.bucket}…`);
const result = await copyFolderToBucket(config.storageDir, config.bucket, (key, outcome) => {
  if (outcome === 'copied') console.log(`  ${key}`);
});
console.log(
  `Done: ${result.copied} copied, ${result.present} already in the bucket` +
    (result.ignored.length ? `, ${result.ignored.length} not made by CityQuest and left out:` : '.'),
);
for (const name of result.ignored) console.log(`  left out: ${name}`);
