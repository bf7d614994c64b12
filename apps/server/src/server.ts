import { vitalsRealtimeHandler } from './modules/vitals/vitals-realtime.ts';
import type { HubOptions } from './platform/ws.ts';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from './platform/config.ts';
import { migrate, openPg, openPglite, type Db } from './platform/db.ts';
import { lockDataDir } from './platform/data-dir-lock.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import { loadMasterKey, openVault } from './platform/secrets.ts';
import { createSecretBox } from './platform/crypto.ts';
import { randomToken } from './platform/ids.ts';
import { TokenSigner } from './platform/tokens.ts';
import {
  RecordingMailProvider,
  SmtpMailProvider,
  type MailProvider,
  type SmsProvider,
} from './platform/providers/messaging.ts';
import { buildApp } from './platform/app.ts';
import { createFileStore } from './platform/file-store-create.ts';
import { importLocalFiles } from './platform/file-store-import.ts';
import { prepareTempRoot } from './platform/temp-files.ts';
import { startMqtt, type MqttService } from './platform/mqtt.ts';
import type { Deps, ReadingsHandler } from './platform/context.ts';
import { PLATFORM_PORTS } from './platform-ports.ts';
import { ROUTES } from './routes.ts';
import { seedDemo } from './modules/seed/demo.ts';
import path from 'node:path';
import { startJobWorker, type JobHandlers } from './platform/jobs.ts';
import { releaseAbandoned } from './platform/jobs.repo.ts';
import { LIFECYCLE_JOBS } from './modules/lifecycle/lifecycle.service.ts';
import { PATIENTS_JOBS } from './modules/patients/patients.jobs.ts';
import { APP_PROFILE_JOBS } from './modules/account/app-profile.service.ts';
import { APPOINTMENT_JOBS } from './modules/appointments/appointments.service.ts';
import { EVENT_JOBS } from './modules/appointments/app-events.service.ts';
import { ALERTS_JOBS, alertsReadingHandler } from './modules/alerts/alerts.engine.ts';
import { deliveryProviders } from './modules/delivery/delivery.providers.ts';
import { startDeliveryWorker } from './modules/delivery/delivery.worker.ts';
import { startWebhookWorker } from './modules/webhooks/webhooks.worker.ts';
import { DELIVERY_JOBS, ensureCdrJob } from './modules/delivery/logs.service.ts';
import { MEDICATION_JOBS, ensureMedicationSweep } from './modules/prescriptions/medication.jobs.ts';
import { SUBSCRIPTION_JOBS, ensureSubscriptionSweep } from './modules/subscriptions/subscriptions.jobs.ts';
import { ANNOUNCEMENT_JOBS } from './modules/announcements/announcements.jobs.ts';
import { STORAGE_JOBS, ensureStorageSweep } from './modules/vitals/measurement-storage.jobs.ts';
import { ensureFhirExportSweep, FHIR_JOBS } from './modules/fhir/fhir.jobs.ts';
import { ensureSilentDigest } from './modules/patients/silent-digest.service.ts';
import type { VoiceProvider } from './platform/providers/voice.ts';
import type { PushSender } from './platform/providers/push.ts';

/** Every durable job kind and its handler. */
export const JOB_HANDLERS: JobHandlers = {
  ...LIFECYCLE_JOBS,
  ...PATIENTS_JOBS,
  ...ALERTS_JOBS,
  ...DELIVERY_JOBS,
  ...APP_PROFILE_JOBS,
  ...APPOINTMENT_JOBS,
  ...EVENT_JOBS,
  ...MEDICATION_JOBS,
  ...SUBSCRIPTION_JOBS,
  ...ANNOUNCEMENT_JOBS,
  ...STORAGE_JOBS,
  ...FHIR_JOBS,
};

export type Started = {
  app: FastifyInstance;
  deps: Deps;
  /** MQTT ingest (embedded broker, external broker, or off). */ mqtt: MqttService;
  close: () => Promise<void>;
};
export type StartOptions = {
  config?: Partial<Config>;
  db?: Db;
  clock?: Clock;
  mail?: MailProvider;
  sms?: SmsProvider;
  voice?: VoiceProvider;
  push?: PushSender;
  logger?: boolean;
  /** Poll for due jobs (on by default; tests run them by hand with a fake clock). */ jobs?: boolean;
  /** After-commit handlers of accepted readings (issue 5: the alert engine). */ readingHandlers?: ReadingsHandler[];
  /** The realtime hub's timers (tests shorten the heartbeat). */ realtime?: HubOptions;
};

/** Composition root: config → db → migrations → secrets → providers → routes. Used by main and by tests. */
export async function createServer(opts: StartOptions = {}): Promise<Started> {
  const config: Config = { ...loadConfig(), ...opts.config };
  // Before the database opens: a missing or unreadable key stops the start with nothing to undo.
  const master = loadMasterKey(config);
  let release: (() => void) | null = null;
  let db = opts.db;
  if (!db) {
    if (config.databaseUrl) db = await openPg(config.databaseUrl);
    else {
      release = lockDataDir(config.dataDir);
      db = await openPglite(path.join(config.dataDir, 'pg'));
    }
    await migrate(db);
    // The embedded database's folder is locked to this process: a job still 'running' belongs to a process that died.
    if (db.kind === 'pglite') await releaseAbandoned(db);
  }
  const openedDb = db;
  const vault = await openVault(db, master, config).catch(async (e: unknown) => {
    if (!opts.db) await openedDb.close().catch(() => undefined);
    release?.();
    throw e;
  });
  const tokenSecret = config.tokenSecret ?? (await vault.get('token_signing_key', () => randomToken(48)));
  const pepper = await vault.get('hash_pepper', () => randomToken(48));
  const secrets = createSecretBox(await vault.get('secrets_key', () => randomToken(48)));
  const providers = await deliveryProviders(db, vault, config);
  await prepareTempRoot(config.dataDir);
  const files = await createFileStore(config, db);
  // Files an older version kept under DATA_DIR move into the store (same keys), so every process can serve them.
  const moved = await importLocalFiles(files, config.dataDir);
  const deps: Deps = {
    db,
    clock: opts.clock ?? systemClock,
    config,
    files,
    mail:
      opts.mail ??
      (config.smtpUrl ? new SmtpMailProvider(db, config.smtpUrl, config.mailFrom) : new RecordingMailProvider(db)),
    sms: opts.sms ?? providers.sms,
    voice: opts.voice ?? providers.voice,
    push: opts.push ?? providers.push,
    signer: new TokenSigner(tokenSecret, config.accessTokenTtlSeconds),
    pepper,
    secrets,
    readingHandlers: opts.readingHandlers ?? [alertsReadingHandler, vitalsRealtimeHandler],
    ports: PLATFORM_PORTS,
  };
  // Several processes started at once on one PostgreSQL database: one seeds (under a lock, in one transaction), the
  // others wait for it and find the tenants (without the lock the second died on a duplicate tenant code).
  if (config.seedDemo && db.kind === 'pg')
    await db.tx(async (t) => {
      await t.query('select pg_advisory_xact_lock(727002)');
      await seedDemo(t, { vitalsDays: config.demoVitalsDays, files });
    });
  else if (config.seedDemo) await seedDemo(db, { vitalsDays: config.demoVitalsDays, files });
  const app = await buildApp(deps, ROUTES, { logger: opts.logger ?? false, realtime: opts.realtime ?? {} });
  if (moved.moved) app.log.info(`${moved.moved} files moved from ${config.dataDir} into the ${files.kind} file store`);
  if (moved.failed)
    app.log.warn(
      `${moved.failed} files under ${config.dataDir} could not be moved into the file store (left in place; retried at the next start)`,
    );
  if (master.created) {
    app.log.warn(
      `master key of the stored secrets created in ${master.source}: back it up (without it they cannot be opened)${config.databaseUrl ? '; every server process on this database needs the same key (SECRETS_KEY_FILE)' : ''}`,
    );
  }
  const ownDb = !opts.db;
  const stopJobs = opts.jobs === false ? null : startJobWorker(deps, JOB_HANDLERS);
  const ensureJobs = async (d: Deps) => {
    await ensureCdrJob(d);
    await ensureMedicationSweep(d);
    await ensureSubscriptionSweep(d);
    await ensureStorageSweep(d);
    await ensureFhirExportSweep(d);
    await ensureSilentDigest(d);
  };
  // The periodic jobs are scheduled once per database, not once per process: processes starting at once take turns
  // (without the lock the second died on the CDR job's dedupe key, and each sweep ran twice as often).
  if (opts.jobs !== false && db.kind === 'pg')
    await db.tx(async (t) => {
      await t.query('select pg_advisory_xact_lock(727003)');
      await ensureJobs({ ...deps, db: t });
    });
  else if (opts.jobs !== false) await ensureJobs(deps);
  const stopDeliveries = opts.jobs === false ? null : startDeliveryWorker(deps);
  const stopWebhooks = opts.jobs === false ? null : startWebhookWorker(deps);
  const mqtt = await startMqtt(deps, (line) => app.log.warn(line));
  return {
    app,
    deps,
    mqtt,
    close: async () => {
      await mqtt.close();
      await stopJobs?.();
      await stopDeliveries?.();
      await stopWebhooks?.();
      await app.close();
      await files.close();
      if (ownDb) await db.close();
      release?.();
    },
  };
}
