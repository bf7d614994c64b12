import { createServer } from './server.ts';
import { StartupError } from './platform/config.ts';

const started = await createServer({ logger: true }).catch((e: unknown) => {
  // A configuration problem (e.g. the wrong master key) is said plainly, without a stack trace.
  if (!(e instanceof StartupError)) throw e;
  console.error(`CareWatch cannot start: ${e.message}`);
  process.exit(1);
});
const { app, deps } = started;
await app.listen({ port: deps.config.port, host: deps.config.host });
app.log.info(
  `CareWatch on http://localhost:${deps.config.port} (database: ${deps.db.kind === 'pglite' ? `embedded in ${deps.config.dataDir}` : 'PostgreSQL'})`,
);

let stopping = false;
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    if (stopping) return;
    stopping = true;
    void started.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
