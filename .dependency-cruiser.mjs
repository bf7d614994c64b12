/**
 * Import rules checked by `npm run lint:deps` (dependency-cruiser, part of `npm run lint`): no import cycle, between
 * files or between server modules, and the layering of ARCHITECTURE.md. Type-only imports count (they bind the code
 * together just the same). Tests are not cruised: nothing imports a test, so a test is never part of a cycle, and tests
 * may reach across layers to set things up. The rules a file pattern can say (a module reaching another module's
 * repository, routes without SQL) are in eslint.config.js.
 *
 * Known cycles are listed edge by edge with why they stay; each is debt to remove. Any other edge in a cycle fails,
 * so no new cycle can appear, and an edge removed from a list cannot come back.
 */

/**
 * File-level edges allowed to stay in a cycle (regular expressions over paths from the repository root): none left.
 * An entry here is debt: { from, to } with a comment saying why it stays and how to remove it.
 */
const KNOWN_FILE_CYCLES = [];

/** Module-level edges (apps/server/src/modules/<name>) allowed to stay in a cycle: none left. */
const KNOWN_MODULE_CYCLES = [];

const anchored = (re) => `^${re}$`;

/** One rule per allowed source (its allowed targets excepted), and one for every other source. */
function cycleRules(name, scope, comment, fromPath, known) {
  const byFrom = new Map();
  for (const k of known) byFrom.set(k.from, [...(byFrom.get(k.from) ?? []), anchored(k.to)]);
  return [
    ...[...byFrom].map(([from, tos]) => ({
      name,
      comment,
      severity: 'error',
      scope,
      from: { path: anchored(from) },
      to: { circular: true, pathNot: tos },
    })),
    {
      name,
      comment,
      severity: 'error',
      scope,
      from: { path: fromPath, pathNot: [...byFrom.keys()].map(anchored) },
      to: { circular: true },
    },
  ];
}

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    ...cycleRules(
      'no-circular',
      'module',
      'Import cycle between files: extract the shared piece into a third file, or pass a function in.',
      '',
      KNOWN_FILE_CYCLES,
    ),
    // Folders: a server module (or platform) must not depend on itself through others. The web apps' shell (app/)
    // and their features use each other by design (routes and menus in, shared hooks out), so only files count there.
    ...cycleRules(
      'no-circular-modules',
      'folder',
      'Import cycle between server modules: one of them should reach the other through a function passed in, or the shared piece should move.',
      '^(apps/server/src|packages)/',
      KNOWN_MODULE_CYCLES,
    ),
    {
      name: 'platform-imports-no-module',
      comment:
        'platform/ is below the domain modules: it gets what it needs from them through Deps.ports (wired in platform-ports.ts).',
      severity: 'error',
      from: { path: '^apps/server/src/platform/' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'web-never-imports-server',
      comment: 'The web apps and the packages never import the server: share through packages/contracts.',
      severity: 'error',
      from: { path: '^(apps/(portal|mobile)|packages)/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'apps-never-import-each-other',
      comment: 'An app never imports the other app: share it through a package.',
      severity: 'error',
      from: { path: '^apps/(portal|mobile)/' },
      to: { path: '^apps/(portal|mobile)/', pathNot: '^apps/$1/' },
    },
    {
      name: 'packages-never-import-apps',
      comment: 'Packages never import an app.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'clinical-is-pure',
      comment: 'packages/clinical imports only packages/contracts.',
      severity: 'error',
      from: { path: '^packages/clinical/' },
      to: { path: '^(apps|packages)/', pathNot: '^packages/(clinical|contracts)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)node_modules/', '(^|/)dist/', '\\.test\\.tsx?$', '\\.crash\\.ts$', '\\.e2e\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
