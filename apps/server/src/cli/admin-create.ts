// `npm run admin:create -- --mobile 98XXXXXXXX --email ops@example.in`: the first admin of a production database
// (which holds no account: ADR 044), with a password the operator types. Opens the database the server would use.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { fail, readArgs } from './args.ts';
import { AdminCreateRefusal, checkAdminDetails, checkAdminPassword, createFirstAdmin } from './first-admin.ts';

const USAGE = `Usage: npm run admin:create -- --mobile 98XXXXXXXX --email ops@example.in [--firstname A --lastname B] [--password-stdin]

Creates the first admin account of a database, once: refused when an admin exists already. The password is
asked twice without echo on a terminal, or read as the first line of standard input when it is piped or
--password-stdin is given; never from the command line. It must have at least 8 characters with a letter and
a digit.

Uses DATABASE_URL when set, else the embedded database in DATA_DIR (default ./.data), like the server.
`;

/** The first line of standard input, without its line ending. */
async function readLine(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) {
    chunks.push(chunk as Buffer);
    if ((chunk as Buffer).includes(10)) break;
  }
  return (Buffer.concat(chunks).toString('utf8').split('\n')[0] ?? '').replace(/\r$/, '');
}

/** Asks on the terminal with echo off: the characters typed never reach the screen or the shell history. */
function askHidden(prompt: string): Promise<string> {
  const stdin = process.stdin;
  process.stderr.write(prompt);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let typed = '';
    const done = (err?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      process.stderr.write('\n');
      if (err) reject(err);
      else resolve(typed);
    };
    const onData = (data: string) => {
      for (const ch of data) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') return done();
        if (ch === '\u0003') return done(new AdminCreateRefusal('Cancelled; no account was made.'));
        if (ch === '\u007f' || ch === '\b') typed = typed.slice(0, -1);
        else if (ch >= ' ') typed += ch;
      }
    };
    stdin.on('data', onData);
  });
}

async function readPassword(fromStdin: boolean): Promise<string> {
  if (fromStdin || !process.stdin.isTTY) return readLine();
  const first = await askHidden('Password for the new admin: ');
  // Checked before the second prompt, so a weak password is not typed twice for nothing.
  checkAdminPassword(first);
  const again = await askHidden('The same password again: ');
  if (again !== first) throw new AdminCreateRefusal('The two passwords differ; no account was made.');
  return first;
}

async function main(): Promise<void> {
  if (process.argv.some((a) => a === '--password' || a.startsWith('--password='))) {
    fail('The password is never taken from the command line, where the shell history and the process list keep it: pipe it in, or type it when asked.');
  }
  const args = readArgs(
    () =>
      parseArgs({
        options: {
          mobile: { type: 'string' },
          email: { type: 'string' },
          firstname: { type: 'string' },
          lastname: { type: 'string' },
          'password-stdin': { type: 'boolean', default: false },
          help: { type: 'boolean', short: 'h', default: false },
        },
        strict: true,
        allowPositionals: false,
      }).values,
    USAGE,
  );
  if (!args) return;
  if (!args.mobile || !args.email) fail(`--mobile and --email are both needed.\n\n${USAGE}`);
  const given = { mobile: args.mobile, email: args.email, firstname: args.firstname, lastname: args.lastname };
  // Contacts and names are checked before the password is asked for, and everything before the database is opened.
  checkAdminDetails(given);
  const password = await readPassword(args['password-stdin']);
  if (!password) throw new AdminCreateRefusal('No password was given; no account was made.');
  checkAdminPassword(password);

  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const admin = await createFirstAdmin(database.db, { ...given, password });
    process.stdout.write(
      [
        `Created the first admin: mobile ${admin.mobile}, e-mail ${admin.email}.`,
        `Next: start the server (npm start), open ${config.publicUrl}/admin and sign in with that mobile or e-mail and`,
        'the password you chose (or a one-time code sent to either). This command will not make another admin.',
        '',
      ].join('\n'),
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof AdminCreateRefusal) fail(err.message);
  fail(`The admin could not be created: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
});
