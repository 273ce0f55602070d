import { readFileSync, realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { identityMessages } from '@vaidya/contract/identity';
import { userRoleSchema } from '@vaidya/contract/partner';
import { roleLabels, type UserRole, userRoles } from '@vaidya/contract/roles';
import { type Speciality, specialities, specialitySchema } from '@vaidya/contract/specialities';
import { temporaryPasswordDays } from '@vaidya/contract/staff';
import { type Clock, systemClock } from './clock';
import { loadConfig, StartupError } from './config';
import { BackupError, type BackupHeader } from './db/backups/backup-file';
import { type BackupCommands, backedUpUploadsDir, createBackupCommands } from './db/backups/backups';
import { lockDataDir } from './db/data-dir-lock';
import { type Database, type Db, openDatabase } from './db/database';
import { AppError } from './http/app-error';
import { createIdentityLinkService } from './modules/access/access.identity-links.service';
import { createAccountsService } from './modules/identity/identity.accounts.service';
import { findPartnerOfOwner } from './modules/identity/identity.repository';
import { IdentityError } from './modules/identity/identity-error';
import { createPatientCsvService } from './modules/patients/patients.csv.service';

export const usage = `Usage: npm run cli -- <command> [options]   (or: node apps/api/dist/cli.js <command> [options])

  create-partner --name <clinic> --email <owner email> --password <password> [--owner-name <name>]
                 [--speciality ${specialities.join('|')}]
                 [--subscription standard|wallet] [--wallet-balance <amount>] [--charge-per-booking <amount>]
                 [--time-zone <IANA zone, default Asia/Kolkata>]
  create-staff   --partner-email <owner email> --email <staff email> --temporary-password <password>
                 [--name <staff name>] [--role owner|doctor|front_desk (default doctor)]
  link-identity  --email <user email> --subject <Cognito sub>
  disable-partner --email <owner email>
  enable-partner  --email <owner email>
  import-patients <file.csv> --partner-email <owner email>
  backup         [file]
  restore        <file>

create-partner makes a clinic, its first location and a confirmed owner who can sign in at once.
create-staff adds a user with that role to the owner's clinic, working at all its locations, who must
choose a new password at the first sign-in, within the temporary password's 7 days.
link-identity lets the Cognito user with that sub (IDENTITY_ISSUER) act as this user, in their clinic.
disable-partner stops the owner's clinic: its users cannot sign in and its booking website takes no
bookings; its patients' prescription and bill pages stay readable. enable-partner undoes it.
import-patients adds the patients of a CSV file of any size to the owner's clinic, as the Patients
screen's Import CSV does (columns Name, Mobile, Gender, Age or Date of birth, Patient number, Email,
Address), skipping those already there, in one transaction, and lists each row refused.
backup writes a backup of the embedded database and the uploaded files now, to the file or into
BACKUP_DIR (through the running server, or directly when it is stopped). restore checks a backup file
and restores it into an empty or new DATA_DIR (its files into an empty UPLOADS_DIR), never over a
database. On PostgreSQL use its own tools (README, "Backups").
Passwords: at least 12 characters and hard to guess (no common words, names or the email). Amounts: like 500 or 499.50.`;

export interface CliIo {
  /** Opened on first use, so a usage mistake never touches the database. */
  db: () => Promise<Db>;
  clock: Clock;
  out: (line: string) => void;
  err: (line: string) => void;
  /** The embedded database's backup and restore; undefined on PostgreSQL (DATABASE_URL). */
  backups?: BackupCommands;
}

/** A mistake in the command line: the message, then the usage text. */
class UsageError extends Error {}

/** A command that cannot be done as asked: the message alone. */
class RefusedError extends Error {}

const commands = {
  'create-partner': {
    options: {
      name: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      'owner-name': { type: 'string' },
      speciality: { type: 'string' },
      subscription: { type: 'string' },
      'wallet-balance': { type: 'string' },
      'charge-per-booking': { type: 'string' },
      'time-zone': { type: 'string' },
    },
    async run(values: Record<string, string | undefined>, io: CliIo) {
      const clinicName = required(values, 'name').trim();
      if (!clinicName) throw new UsageError('--name must not be blank');
      const input = {
        clinicName,
        email: required(values, 'email'),
        password: required(values, 'password'),
        ownerName: values['owner-name']?.trim() || undefined,
        speciality: speciality(values.speciality),
        subscription: subscription(values.subscription),
        walletBalance: amount(values, 'wallet-balance'),
        chargePerBooking: amount(values, 'charge-per-booking'),
        timeZone: timeZone(values['time-zone']),
      };
      const clinic = await createAccountsService({ db: await io.db(), clock: io.clock }).createClinic(input);
      io.out(
        `Created ${clinicName} (partner ${clinic.partnerId}). Its owner ${clinic.email} can sign in now.`,
      );
    },
  },
  'create-staff': {
    options: {
      'partner-email': { type: 'string' },
      email: { type: 'string' },
      'temporary-password': { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string' },
    },
    async run(values: Record<string, string | undefined>, io: CliIo) {
      const input = {
        partnerEmail: required(values, 'partner-email'),
        email: required(values, 'email'),
        temporaryPassword: required(values, 'temporary-password'),
        name: values.name?.trim(),
        role: role(values.role),
      };
      const staff = await createAccountsService({ db: await io.db(), clock: io.clock }).createStaff(input);
      io.out(
        `Added ${staff.email} to ${staff.partner.name} as ${roleLabels[staff.role].toLowerCase()}. At the first sign-in, within ${temporaryPasswordDays} days, they must choose a new password.`,
      );
    },
  },
  'link-identity': {
    options: {
      email: { type: 'string' },
      subject: { type: 'string' },
    },
    async run(values: Record<string, string | undefined>, io: CliIo) {
      const input = { email: required(values, 'email'), subject: required(values, 'subject') };
      const links = createIdentityLinkService({ db: await io.db(), clock: io.clock });
      const link = await links.linkIdentity(input);
      const replaced = link.replacedSubject ? ` (it was linked to ${link.replacedSubject})` : '';
      io.out(
        link.alreadyLinked
          ? `${link.email} of ${link.partnerName} was already linked to the Cognito user ${link.subject}.`
          : `Linked ${link.email} of ${link.partnerName} to the Cognito user ${link.subject}${replaced}.`,
      );
    },
  },
  'import-patients': {
    options: { 'partner-email': { type: 'string' } },
    positionals: { min: 1, max: 1 },
    async run(values: Record<string, string | undefined>, io: CliIo, [file]: string[]) {
      const partnerEmail = required(values, 'partner-email');
      let csv: string;
      try {
        csv = readFileSync(file as string, 'utf8');
      } catch (error) {
        throw new RefusedError(`cannot read ${file}: ${(error as Error).message}`);
      }
      const db = await io.db();
      const partner = await findPartnerOfOwner(db, partnerEmail.trim().toLowerCase());
      if (!partner) throw new RefusedError(identityMessages.noSuchOwner(partnerEmail));
      const result = await createPatientCsvService({ db, clock: io.clock }).importCsv({
        partnerId: partner.id,
        csv,
        dryRun: false,
      });
      for (const row of result.rows) {
        if (row.status === 'error') io.out(`line ${row.line}: ${row.message}`);
      }
      io.out(
        `Imported into ${partner.name}: ${result.added} added, ${result.skipped} already there, ${result.errors} refused.`,
      );
    },
  },
  'disable-partner': clinicSwitch(true),
  'enable-partner': clinicSwitch(false),
  backup: {
    options: {},
    positionals: { min: 0, max: 1 },
    async run(_values: Record<string, string | undefined>, io: CliIo, [file]: string[]) {
      const path = await embeddedBackups(io).backup(file);
      io.out(`Backup written: ${path}`);
    },
  },
  restore: {
    options: {},
    positionals: { min: 1, max: 1 },
    async run(_values: Record<string, string | undefined>, io: CliIo, [file]: string[]) {
      const { header, uploadsDir } = await embeddedBackups(io).restore(file as string);
      io.out(`${restoredMessage(header, uploadsDir)} Start the server on this DATA_DIR.`);
    },
  },
} as const;

/** What a restore brought back: the database, and the uploaded files when the backup holds them. */
function restoredMessage(header: BackupHeader, uploadsDir: string | undefined): string {
  const restored = `Restored the backup of ${header.createdAt} (${header.kind}, migration ${header.migration.tag})`;
  if (!header.uploads) {
    return `${restored}. It holds no uploaded files (it was made with S3 storage, or by a version that left them out: copy them into UPLOADS_DIR yourself).`;
  }
  if (!uploadsDir) {
    return `${restored}. Its ${header.uploads.files} uploaded files were left out: this server keeps uploaded files in S3 (S3_BUCKET).`;
  }
  return `${restored} and its ${header.uploads.files} uploaded files, into ${uploadsDir}.`;
}

/** disable-partner (`disabled`) and enable-partner: the clinic of the owner `--email` names. */
function clinicSwitch(disabled: boolean) {
  return {
    options: { email: { type: 'string' } },
    async run(values: Record<string, string | undefined>, io: CliIo) {
      const ownerEmail = required(values, 'email');
      const accounts = createAccountsService({ db: await io.db(), clock: io.clock });
      const clinic = await accounts.setClinicDisabled({ ownerEmail, disabled });
      if (disabled) {
        io.out(
          clinic.changed
            ? `Disabled ${clinic.name}: its users cannot sign in and its booking website takes no bookings. Its patients' prescription and bill pages stay readable.`
            : `${clinic.name} was already disabled, since ${clinic.disabledAt?.toISOString()}.`,
        );
      } else {
        io.out(
          clinic.changed
            ? `Enabled ${clinic.name}: its users can sign in and its booking website takes bookings again.`
            : `${clinic.name} is not disabled.`,
        );
      }
    },
  } as const;
}

const postgresBackups =
  'DATABASE_URL is set: back up PostgreSQL with its own tools (pg_dump and pg_restore, or base backups with WAL archiving); see README, "Operating it", "Backups".';

function embeddedBackups(io: CliIo): BackupCommands {
  if (!io.backups) throw new RefusedError(postgresBackups);
  return io.backups;
}

/** Runs one command; returns the process exit code (0 done, 1 refused, 2 wrong command line). */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    (name === undefined ? io.err : io.out)(usage);
    return name === undefined ? 2 : 0;
  }
  try {
    if (!Object.hasOwn(commands, name)) throw new UsageError(`unknown command "${name}"`);
    const command: Command = commands[name as keyof typeof commands];
    const { values, positionals } = parse(rest, command.options, command.positionals ?? { min: 0, max: 0 });
    await command.run(values, io, positionals);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`error: ${error.message}\n\n${usage}`);
      return 2;
    }
    if (
      error instanceof IdentityError ||
      error instanceof AppError ||
      error instanceof RefusedError ||
      error instanceof BackupError ||
      error instanceof StartupError
    ) {
      io.err(`error: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

interface Command {
  options: Record<string, { type: 'string' }>;
  /** How many plain arguments (file names) it takes; none when absent. */
  positionals?: { min: number; max: number };
  run(values: Record<string, string | undefined>, io: CliIo, positionals: string[]): Promise<void>;
}

function parse(
  args: string[],
  options: Record<string, { type: 'string' }>,
  count: { min: number; max: number },
) {
  let parsed: { values: Record<string, string | undefined>; positionals: string[] };
  try {
    parsed = parseArgs({ args, options, strict: true, allowPositionals: count.max > 0 }) as typeof parsed;
  } catch (error) {
    const message = (error as Error).message;
    // A value that starts with a dash ("--wallet-balance -100") reads to node:util as another option.
    const ambiguous = /^Option '(--[\w-]+)'.* argument is ambiguous/.exec(message);
    if (ambiguous) {
      throw new UsageError(
        `${ambiguous[1]} needs a value; for one that starts with a dash write ${ambiguous[1]}=<value>`,
      );
    }
    // Otherwise node:util's first sentence names the option: "Unknown option '--nmae'", "… argument missing".
    throw new UsageError(message.split(/\.\s/)[0] ?? message);
  }
  if (parsed.positionals.length < count.min) throw new UsageError('a file name is required');
  if (parsed.positionals.length > count.max) throw new UsageError('too many file names');
  return parsed;
}

function required(values: Record<string, string | undefined>, option: string): string {
  const value = values[option];
  if (value === undefined || value === '') throw new UsageError(`--${option} is required`);
  return value;
}

function speciality(value: string | undefined): Speciality {
  if (value === undefined) return 'DOCTOR';
  const parsed = specialitySchema.safeParse(value.toUpperCase());
  if (!parsed.success) throw new UsageError(`--speciality must be one of ${specialities.join(', ')}`);
  return parsed.data;
}

/** The clinic's "today" and every date it shows are in this zone. */
function timeZone(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    // Intl knows every zone, links like Asia/Kolkata included, and refuses anything else.
    new Intl.DateTimeFormat('en', { timeZone: value });
  } catch {
    throw new UsageError(`--time-zone must be an IANA time zone like Asia/Kolkata, not ${value}`);
  }
  return value;
}

function role(value: string | undefined): UserRole {
  if (value === undefined) return 'doctor';
  const parsed = userRoleSchema.safeParse(value.toLowerCase());
  if (!parsed.success) throw new UsageError(`--role must be one of ${userRoles.join(', ')}`);
  return parsed.data;
}

function subscription(value: string | undefined): 'standard' | 'wallet' {
  if (value === undefined) return 'standard';
  if (value !== 'standard' && value !== 'wallet')
    throw new UsageError('--subscription must be standard or wallet');
  return value;
}

/**
 * Money stays a decimal string from the command line to numeric(12,2):
 * parsing through a float would turn 0.1 + 0.2 into 0.30000000000000004.
 */
function amount(values: Record<string, string | undefined>, option: string): string {
  const value = values[option];
  if (value === undefined) return '0.00';
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) {
    throw new UsageError(
      `--${option} must be an amount in rupees like 500 or 499.50 (not negative, at most two decimals)`,
    );
  }
  return `${BigInt(match[1] as string)}.${(match[2] ?? '').padEnd(2, '0')}`;
}

// The same relative path holds from src/cli.ts (development) and dist/cli.js (built).
const migrationsDir = fileURLToPath(new URL('../src/db/migrations', import.meta.url));

async function main() {
  const config = loadConfig(process.env);
  let database: Database | undefined;
  let releaseLock = () => {};
  const io: CliIo = {
    db: async () => {
      if (!database) {
        const dataDir = resolve(config.dataDir);
        if (!config.databaseUrl) releaseLock = lockDataDir(dataDir);
        database = await openDatabase(
          config.databaseUrl
            ? { engine: 'postgres', url: config.databaseUrl, poolSize: 2, migrationsDir }
            : { engine: 'pglite', dataDir, migrationsDir },
        );
        await database.migrate();
      }
      return database.db;
    },
    clock: systemClock,
    out: (line) => console.log(line),
    err: (line) => console.error(line),
    backups: config.databaseUrl
      ? undefined
      : createBackupCommands({
          dataDir: config.dataDir,
          dir: config.backupDir,
          uploadsDir: backedUpUploadsDir(config.storage),
          migrationsDir,
          clock: systemClock,
        }),
  };
  try {
    process.exitCode = await runCli(process.argv.slice(2), io);
  } finally {
    await database?.close();
    releaseLock();
  }
}

const invokedDirectly =
  process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  main().catch((error: unknown) => {
    console.error(error instanceof StartupError ? `error: ${error.message}` : error);
    process.exitCode = 1;
  });
}
