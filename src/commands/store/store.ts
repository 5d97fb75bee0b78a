/**
 * `svcctl store export | import`: a JSON snapshot of every resource of a store, to move a state between the
 * SQLite store of $SVCCTL_HOME and a PostgreSQL one. The work loads only when one runs.
 */
import { type CommandSpec, option } from '../../models/commands.js';

const WHICH =
  'The store is the SQLite file of $SVCCTL_HOME, or the PostgreSQL database of --store postgres://… (also SVCCTL_STORE_URL, ' +
  'or store_url in the profile), the one svcctl serve --store shares between instances. Never an endpoint: --endpoint-url is refused (252), as are --query and an --output other than json, ' +
  "and SVCCTL_ENDPOINT_URL or the profile's endpoint_url (where the other commands go) is not read.";

/** The work, given its options object built here, where commander's flags are read (export-import.ts's SnapshotOptions). */
function runWith(name: 'storeExport' | 'storeImport'): CommandSpec['run'] {
  return async ({ ctx, opts, args, all }) =>
    (await import('./export-import.js'))[name]({
      ctx,
      words: args,
      raw: all,
      store: opts.store as string | undefined,
      file: opts.file as string | undefined,
      replace: opts.replace as boolean | undefined,
    });
}

export const storeCommand: CommandSpec = {
  name: 'store',
  description: 'Export and import the state of a store (SQLite or PostgreSQL) as a JSON snapshot.',
  passUnknownOptions: true,
  complete: (words) => (words.length === 0 ? ['export', 'import'] : []),
  subcommands: [
    {
      name: 'export',
      description: 'Write a JSON snapshot of every resource of the store.',
      options: [
        option('--store <url>', 'A PostgreSQL store (postgres://…) instead of the SQLite file of $SVCCTL_HOME.'),
        option('--file <path>', 'Write the snapshot to this file (created 0600) instead of stdout.'),
      ],
      run: runWith('storeExport'),
      docs: {
        details: [
          'The snapshot holds every resource of every account (repositories, launch configurations, account tokens, accounts, ' +
            'meter event adjustments), the v2 idempotency keys and the service settings (the page-token secret among them, so ' +
            "that page tokens stay valid), read in one transaction; not the request journal, and not the images of serve's registry " +
            '(their manifests, tags and blobs stay in the store they were pushed to: docs/operating-serve.md; the export says so on stderr when the store holds any). ' +
            WHICH,
        ],
        examples: [{ title: 'The SQLite store into a file', argv: ['store', 'export', '--file', 'state.json'] }],
      },
    },
    {
      name: 'import',
      description: 'Write a snapshot made by svcctl store export into the store, in one transaction.',
      options: [
        option('--store <url>', 'A PostgreSQL store (postgres://…) instead of the SQLite file of $SVCCTL_HOME.'),
        option('--file <path>', 'The snapshot to import.', { required: true }),
        option(
          '--replace',
          "Empty the store first (its resources, idempotency keys and settings, and the images of serve's registry), so that it holds the snapshot's state alone. " +
            'Without it, a store that holds any resource is refused (253); one that holds none keeps the settings the snapshot does not set.',
        ),
      ],
      run: runWith('storeImport'),
      docs: {
        details: [
          "All or nothing: every row is checked before any is written (each column of its type, each document of its resource's shape, no key twice, no JSON member given twice in one object). " +
            'A snapshot that is not one or has a row that is not right (252, naming the table, the row and the column) or a store that already holds ' +
            'resources without --replace (253) leaves the store as it was. ' +
            WHICH,
        ],
        examples: [
          {
            title: 'A SQLite state into a PostgreSQL store',
            argv: ['store', 'import', '--file', 'state.json', '--store', 'postgres://svcctl@db.internal/svcctl'],
          },
        ],
      },
    },
  ],
};
