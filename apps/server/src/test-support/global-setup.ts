import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate, openPg, openPgliteRaw } from '../platform/db.ts';
import { seedDemo } from '../modules/seed/demo.ts';
import { ALERT_TIMER_JOB } from '../modules/alerts/alerts.engine.ts';
import { SWEEP_JOB } from '../modules/prescriptions/medication.jobs.ts';
import type { Db } from '../platform/db.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    cwTemplate: { kind: 'pg'; adminUrl: string; template: string } | { kind: 'pglite'; dumpFile: string };
  }
}

/** Demo seed of the template: 2 days of vitals ending at the test clock's start (test-app.ts), so tests see a stable series. */
const TEMPLATE_SEED = { vitalsDays: 2, now: new Date('2026-11-22T08:00:00Z') };

/**
 * The demo seed sends its unwell patients' last readings through the alert engine (issue 13), which queues their
 * notifications and timers as in use (an `npm start` delivers them). Tests start from a quiet template: those are
 * marked done, so a test counts only what it causes. The alerts, SOS cases, tickets and statuses stay. The same holds
 * for the reminders of the demo appointments (issue 15): a test moving the clock by days would otherwise run them.
 */
async function settleSeedAlerts(db: Db): Promise<void> {
  await db.query("update deliveries set status = 'sent' where status in ('pending', 'sending')");
  await db.query(
    "update jobs set status = 'done', done_at = now() where status = 'pending' and kind = any($1::text[])",
    [[ALERT_TIMER_JOB, 'appointment.reminder', SWEEP_JOB]],
  );
}

/** Migrates and seeds one template database; each test file then gets its own copy. */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `cw_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${template}`;
    const db = await openPg(u.toString(), 2);
    await migrate(db);
    await seedDemo(db, TEMPLATE_SEED);
    await settleSeedAlerts(db);
    await db.close();
    project.provide('cwTemplate', { kind: 'pg', adminUrl: url, template });
    return async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${template}`);
      await c.end();
    };
  }
  const { db, raw } = await openPgliteRaw(undefined);
  await migrate(db);
  await seedDemo(db, TEMPLATE_SEED);
  await settleSeedAlerts(db);
  const dump = await raw.dumpDataDir('none');
  const dumpFile = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'cw-tpl-')), 'template.tar');
  await fs.writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()));
  await db.close();
  project.provide('cwTemplate', { kind: 'pglite', dumpFile });
  return async () => {
    await fs.rm(path.dirname(dumpFile), { recursive: true, force: true });
  };
}
