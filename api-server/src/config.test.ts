import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CONFIG_DEFINITION } from './config/definition.ts';
import { ConfigError, loadConfig } from './config.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'cityquest-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const SECRET = 'a-deployment-secret-of-at-least-32-characters';
/** What a deployment sets at the least: a secret and a mail server. */
const production = { DATA_DIR: dataDir, JWT_SECRET: SECRET, SMTP_URL: 'smtp://mail.example.com:587' };

describe('the default start is production', () => {
  it('is production, binds 127.0.0.1 and trusts no proxy when nothing says otherwise', () => {
    const config = loadConfig(production);
    expect(config).toMatchObject({
      env: 'production',
      devMode: false,
      host: '127.0.0.1',
      trustProxy: false,
      mailTransport: 'smtp',
      seedDemo: false,
    });
  });

  it('ignores NODE_ENV=development: only DEV_MODE=1 turns on development mode', () => {
    expect(loadConfig({ ...production, NODE_ENV: 'development' })).toMatchObject({
      env: 'production',
      devMode: false,
    });
    expect(loadConfig({ ...production, DEV_MODE: '0' }).devMode).toBe(false);
    expect(() => loadConfig({ ...production, DEV_MODE: 'yes' })).toThrow(/DEV_MODE must be 1 or 0/);
  });

  it('requires two-factor sign-in of admins unless REQUIRE_ADMIN_2FA=0 or DEV_MODE=1 says otherwise', () => {
    expect(loadConfig(production).requireAdminTwoFactor).toBe(true);
    expect(loadConfig({ ...production, REQUIRE_ADMIN_2FA: '0' }).requireAdminTwoFactor).toBe(false);
    expect(loadConfig({ ...production, DEV_MODE: '1' }).requireAdminTwoFactor).toBe(false);
    expect(loadConfig({ ...production, DEV_MODE: '1', REQUIRE_ADMIN_2FA: '1' }).requireAdminTwoFactor).toBe(
      true,
    );
    expect(() => loadConfig({ ...production, REQUIRE_ADMIN_2FA: 'maybe' })).toThrow(
      /REQUIRE_ADMIN_2FA must be 1 or 0/,
    );
  });

  it('binds the HOST it is given', () => {
    expect(loadConfig({ ...production, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('refuses to start without JWT_SECRET, and generates none', () => {
    const fresh = mkdtempSync(join(tmpdir(), 'cityquest-config-'));
    const { JWT_SECRET: _unused, ...withoutSecret } = production;
    expect(() => loadConfig({ ...withoutSecret, DATA_DIR: fresh })).toThrow(ConfigError);
    expect(() => loadConfig({ ...withoutSecret, DATA_DIR: fresh })).toThrow(/JWT_SECRET is required/);
    expect(existsSync(join(fresh, 'secrets.json'))).toBe(false);
    rmSync(fresh, { recursive: true, force: true });
  });

  it('refuses SEED_DEMO, whose accounts have published passwords', () => {
    expect(() => loadConfig({ ...production, SEED_DEMO: '1' })).toThrow(/SEED_DEMO=1 .* needs DEV_MODE=1/);
  });

  it('refuses a METRICS_TOKEN shorter than 32 characters, since /metrics may share the public port', () => {
    expect(() => loadConfig({ ...production, METRICS_TOKEN: 'x'.repeat(31) })).toThrow(
      /METRICS_TOKEN must be at least 32 characters/,
    );
    expect(loadConfig({ ...production, METRICS_TOKEN: 'x'.repeat(32) }).metricsToken).toBe('x'.repeat(32));
  });

  it('refuses to start without SMTP_URL, naming SMTP_URL and MAIL_TRANSPORT', () => {
    const { SMTP_URL: _unused, ...withoutSmtp } = production;
    expect(() => loadConfig(withoutSmtp)).toThrow(ConfigError);
    expect(() => loadConfig(withoutSmtp)).toThrow(/SMTP_URL is required.*MAIL_TRANSPORT=log/);
    expect(() => loadConfig({ ...withoutSmtp, NODE_ENV: 'test' })).toThrow(/SMTP_URL is required/);
  });

  it('starts without SMTP_URL when MAIL_TRANSPORT=log says so, and accepts no other transport name', () => {
    const { SMTP_URL: _unused, ...withoutSmtp } = production;
    expect(loadConfig({ ...withoutSmtp, MAIL_TRANSPORT: 'log' }).mailTransport).toBe('log');
    expect(() => loadConfig({ ...withoutSmtp, MAIL_TRANSPORT: 'outbox' })).toThrow(
      /MAIL_TRANSPORT accepts only 'log'/,
    );
    // SMTP_URL, when set, is always the transport.
    expect(loadConfig({ ...production, MAIL_TRANSPORT: 'log' }).mailTransport).toBe('smtp');
  });

  it('needs SUPER_ADMIN_EMAIL and SUPER_ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ ...production, SUPER_ADMIN_EMAIL: 'chief@example.com' })).toThrow(
      /SUPER_ADMIN_EMAIL and SUPER_ADMIN_PASSWORD/,
    );
  });
});

describe('DEV_MODE=1', () => {
  it('keeps mail in the dev outbox, generates a JWT secret in DATA_DIR once, and may seed the demo', () => {
    const fresh = mkdtempSync(join(tmpdir(), 'cityquest-config-'));
    const config = loadConfig({ DATA_DIR: fresh, DEV_MODE: '1', SEED_DEMO: '1' });
    expect(config).toMatchObject({
      env: 'development',
      devMode: true,
      mailTransport: 'outbox',
      seedDemo: true,
    });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(existsSync(join(fresh, 'secrets.json'))).toBe(true);
    expect(loadConfig({ DATA_DIR: fresh, DEV_MODE: 'true' }).jwtSecret).toBe(config.jwtSecret);
    rmSync(fresh, { recursive: true, force: true });
  });

  it('seeds the demo, whose passwords are public, only while listening on this machine alone', () => {
    const demo = { DATA_DIR: dataDir, DEV_MODE: '1', SEED_DEMO: '1' };
    for (const host of ['0.0.0.0', '::', '192.168.1.20', '10.0.0.5', 'cityquest.example']) {
      expect(() => loadConfig({ ...demo, HOST: host }), host).toThrow(
        new RegExp(`SEED_DEMO=1 .* HOST must be a loopback address .*got '${host}'.*SEED_DEMO=0`),
      );
    }
    for (const host of ['127.0.0.1', '127.0.0.53', '::1', 'localhost'])
      expect(loadConfig({ ...demo, HOST: host }), host).toMatchObject({ host, seedDemo: true });
    expect(loadConfig({ ...demo, SEED_DEMO: '0', HOST: '0.0.0.0' })).toMatchObject({ seedDemo: false });
  });

  it('still binds 127.0.0.1 and sends mail over SMTP_URL when it is set', () => {
    const config = loadConfig({ ...production, DEV_MODE: '1' });
    expect(config).toMatchObject({ host: '127.0.0.1', mailTransport: 'smtp' });
  });

  it('is also what the test suites run in, as env test', () => {
    expect(loadConfig({ DATA_DIR: dataDir, DEV_MODE: '1', NODE_ENV: 'test' })).toMatchObject({
      env: 'test',
      devMode: true,
      mailTransport: 'outbox',
    });
  });
});

describe('TRUST_PROXY', () => {
  const trustProxy = (value: string) => loadConfig({ ...production, TRUST_PROXY: value }).trustProxy;

  it('is off when unset, empty, 0 or false', () => {
    for (const value of ['', '0', 'false']) expect(trustProxy(value)).toBe(false);
  });

  it('reads a hop count', () => {
    expect(trustProxy('1')).toBe(1);
    expect(trustProxy('2')).toBe(2);
  });

  it("reads proxies' addresses, CIDR ranges and proxy-addr's names, comma-separated", () => {
    expect(trustProxy('10.0.0.5, 10.0.1.0/24,::1,fd00::/8,loopback')).toEqual([
      '10.0.0.5',
      '10.0.1.0/24',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses true, which would believe X-Forwarded-For from anyone', () => {
    expect(() => trustProxy('true')).toThrow(/TRUST_PROXY=true would take X-Forwarded-For from any client/);
  });

  it('refuses what is neither a count nor an address', () => {
    for (const value of ['nginx', '10.0.0.0/33', '10.0.0.1/8/1', '-1', '1.5'])
      expect(() => trustProxy(value), value).toThrow(/TRUST_PROXY: '.*' is not a hop count/);
  });
});

describe('STORAGE_URL and PUBLIC_FILES_URL', () => {
  it('keeps files in the local folder by default, read through the API at its public address', () => {
    const config = loadConfig({ ...production, API_PUBLIC_URL: 'https://api.example.com/api/v1' });
    expect(config.bucket).toBeUndefined();
    expect(config.storageDir).toBe(join(dataDir, 'uploads'));
    expect(config.publicFilesUrl).toBe('https://api.example.com/uploads');
  });

  it('takes a folder as a file: URL', () => {
    const folder = join(dataDir, 'elsewhere');
    expect(loadConfig({ ...production, STORAGE_URL: `file://${folder}` }).storageDir).toBe(folder);
  });

  it('names a MinIO-style bucket with its endpoint, credentials and path-style addresses', () => {
    const config = loadConfig({
      ...production,
      STORAGE_URL:
        's3://minio%2Fkey:s%40cret@city-files?endpoint=http://minio.internal:9000/&region=eu-west-1',
    });
    expect(config.bucket).toEqual({
      bucket: 'city-files',
      endpoint: 'http://minio.internal:9000',
      region: 'eu-west-1',
      pathStyle: true,
      credentials: { accessKeyId: 'minio/key', secretAccessKey: 's@cret' },
    });
    expect(config.publicFilesUrl).toBe('http://minio.internal:9000/city-files');
  });

  it('reads AWS S3 at its virtual-hosted address, with credentials from the SDK chain, unless a CDN is named', () => {
    const aws = loadConfig({ ...production, STORAGE_URL: 's3://city-files?region=ap-south-1' });
    expect(aws.bucket).toMatchObject({ endpoint: undefined, pathStyle: false, credentials: undefined });
    expect(aws.publicFilesUrl).toBe('https://city-files.s3.ap-south-1.amazonaws.com');
    const r2 = loadConfig({
      ...production,
      STORAGE_URL:
        's3://city-files?endpoint=https://acct.r2.cloudflarestorage.com&region=auto&pathStyle=false',
      PUBLIC_FILES_URL: 'https://files.example.com/',
    });
    expect(r2.bucket?.pathStyle).toBe(false);
    expect(r2.publicFilesUrl).toBe('https://files.example.com');
  });

  it('refuses what it cannot use, saying what it expected', () => {
    const refused = (STORAGE_URL: string) => () => loadConfig({ ...production, STORAGE_URL });
    expect(refused('ftp://files')).toThrow(/s3:\/\//);
    expect(refused('s3://Bad_Bucket')).toThrow(/bucket name/);
    expect(refused('s3://city-files?endpoint=minio:9000')).toThrow(/endpoint must be an http/);
    expect(refused('s3://city-files?pathstyle=true')).toThrow(/unknown option 'pathstyle'/);
    expect(refused('s3://city-files?pathStyle=yes')).toThrow(/pathStyle must be true or false/);
    expect(refused('s3://key@city-files')).toThrow(/both the access key and the secret/);
    expect(() => loadConfig({ ...production, PUBLIC_FILES_URL: 'files.example.com' })).toThrow(ConfigError);
  });
});

describe('DATABASE_REPLICA_URL', () => {
  const primary = 'postgres://app@db-primary:5432/cityquest';

  it('lists none by default, and takes comma-separated replicas of DATABASE_URL with their allowed lag', () => {
    expect(loadConfig({ ...production, DATABASE_URL: primary }).databaseReplicaUrls).toEqual([]);
    const config = loadConfig({
      ...production,
      DATABASE_URL: primary,
      DATABASE_REPLICA_URL: 'postgres://app@replica-a/cityquest, postgresql://app@replica-b:5433/cityquest',
      DATABASE_REPLICA_MAX_LAG_MS: '500',
    });
    expect(config.databaseReplicaUrls).toEqual([
      'postgres://app@replica-a/cityquest',
      'postgresql://app@replica-b:5433/cityquest',
    ]);
    expect(config.databaseReplicaMaxLagMs).toBe(500);
    expect(loadConfig({ ...production, DATABASE_URL: primary }).databaseReplicaMaxLagMs).toBe(2000);
  });

  it('refuses replicas without a primary server, and what is not a postgres:// URL', () => {
    const replica = 'postgres://app@replica-a/cityquest';
    expect(() => loadConfig({ ...production, DATABASE_REPLICA_URL: replica })).toThrow(/needs DATABASE_URL/);
    expect(() =>
      loadConfig({ ...production, DATABASE_URL: primary, DATABASE_REPLICA_URL: 'replica-a:5432' }),
    ).toThrow(/postgres:\/\/ URLs/);
  });
});

describe('the definition', () => {
  it('describes every variable, so the configuration reference can be written from it', () => {
    for (const [name, variable] of Object.entries(CONFIG_DEFINITION.properties))
      expect(variable.description, name).toMatch(/\S/);
  });

  it('names every wrong variable at once, with what it expected', () => {
    expect(() => loadConfig({ ...production, PORT: 'eighty', SESSION_MAX_DAYS: '0' })).toThrow(
      /PORT must be a non-negative number, got 'eighty'; SESSION_MAX_DAYS must be more than 0, got '0'/,
    );
  });

  it('repeats no secret in its messages', () => {
    expect(() => loadConfig({ ...production, JWT_SECRET: 'short-secret' })).toThrow(
      /^JWT_SECRET must be at least 32 characters$/,
    );
  });
});
