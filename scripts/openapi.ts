// `npm run openapi`: writes docs/openapi.json (the document the server serves at /api/docs/json, built from the route
// table) and packages/api-client/src/generated/openapi.ts (its types, for the typed client). `--check` writes nothing
// and fails when either is stale.
import path from 'node:path';
import { writeOpenApiFiles } from '../apps/server/src/openapi-files.ts';

const check = process.argv.includes('--check');
const { stale, operations, schemas } = await writeOpenApiFiles({ check });
console.log(`OpenAPI: ${operations} operations, ${schemas} component schemas`);
for (const f of stale) console.log(`${check ? 'stale' : 'written'}: ${f}`);
if (!stale.length) console.log('up to date');
if (check && stale.length) {
  console.log(`run \`npm run openapi\` (from ${path.basename(process.cwd())}) and commit the result`);
  process.exit(1);
}
