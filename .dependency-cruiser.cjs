/**
 * The backend's import graph rules (`npm run lint:deps`, part of `npm run lint`). Production code
 * only: specs, `testing.ts` helpers and backend/test are not cruised.
 *
 * Folders of backend/src: `common`, `config` and `database` are the shared layer; every other
 * folder is a domain (inventory, outgoing, users, ...). A domain uses another through its module,
 * services, DTOs and helpers, never through its repositories (its queries) or its controllers.
 * That no two folders import each other, directly or through others, is checked on the same
 * cruise by scripts/lint-deps.mjs (dependency-cruiser's folder rules would see every subfolder as a
 * folder of its own).
 */
const SRC = '^backend/src/';
const SHARED = '(common|config|database)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-module-cycle',
      comment: 'No file imports itself through others at run time (a cycle through a type-only import is erased by the compiler).',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'shared-not-domains',
      comment: `The shared layer (${SHARED}) serves every domain and imports none: a domain it needs would import it back.`,
      severity: 'error',
      from: { path: `${SRC}${SHARED}/` },
      to: { path: SRC, pathNot: `${SRC}${SHARED}/` },
    },
    {
      name: 'no-foreign-repository',
      comment: "A domain's repositories are its own queries: another domain asks its module's services instead.",
      severity: 'error',
      from: { path: `${SRC}([^/]+)/` },
      to: { path: '\\.repository\\.ts$', pathNot: `${SRC}$1/` },
    },
    {
      name: 'no-foreign-controller',
      comment: "Controllers are a domain's HTTP edge; nothing imports another domain's.",
      severity: 'error',
      from: { path: `${SRC}([^/]+)/` },
      to: { path: '\\.controller\\.ts$', pathNot: `${SRC}$1/` },
    },
    {
      name: 'stock-ledger-internals',
      comment: "The stock ledger's collaborators (inventory/ledger) are reached through StockLedgerService only.",
      severity: 'error',
      from: { pathNot: `${SRC}inventory/` },
      to: { path: `${SRC}inventory/ledger/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '\\.spec\\.ts$', '/testing\\.ts$', '^backend/test/'] },
    // type-only imports couple folders as well
    tsPreCompilationDeps: true,
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
  },
};
