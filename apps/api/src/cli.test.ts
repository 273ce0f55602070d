import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { identityMessages } from '@vaidya/contract/identity';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQueueWithTimings } from '../test/schedule-fixtures';
import { createTestApp, type TestApp } from '../test/test-app';
import { type CliIo, runCli, usage } from './cli';
import { BackupError } from './db/backups/backup-file';
import { locations, partners, patients, userLocations, users, walletMovements } from './db/schema';
import { newDevice } from './modules/identity/identity-test-client';

describe('the operators’ command line', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** Runs the CLI against the test database and collects what it prints. */
  const cli = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    let openedDatabase = false;
    const io: CliIo = {
      db: async () => {
        openedDatabase = true;
        return t.database.db;
      },
      clock: t.clock.now,
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    };
    const code = await runCli(argv, io);
    return { code, out: out.join('\n'), err: err.join('\n'), openedDatabase };
  };

  const ownerPassword = 'Aundh-physio-owner-2026';
  const createPartner = (email: string, ...extra: string[]) =>
    cli(
      'create-partner',
      '--name',
      'Aundh Physio Centre',
      '--email',
      email,
      '--password',
      ownerPassword,
      ...extra,
    );

  it('an operator creates a wallet clinic whose owner signs in at once', async () => {
    const result = await createPartner(
      'Nikhil.Bapat@Aundh-Physio.in',
      '--speciality',
      'physiotherapist',
      '--subscription',
      'wallet',
      '--wallet-balance',
      '1500.5',
      '--charge-per-booking',
      '25',
      '--time-zone',
      'Asia/Dubai',
      '--owner-name',
      ' Dr. Nikhil Bapat ',
    );
    expect(result).toMatchObject({ code: 0, err: '' });
    expect(result.out).toMatch(
      /^Created Aundh Physio Centre \(partner [\da-f-]{36}\)\. Its owner nikhil\.bapat@aundh-physio\.in can sign in now\.$/,
    );

    const [owner] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'nikhil.bapat@aundh-physio.in'));
    expect(owner).toMatchObject({ role: 'owner', status: 'CONFIRMED', name: 'Dr. Nikhil Bapat' });
    const [partner] = await t.database.db
      .select()
      .from(partners)
      .where(eq(partners.id, owner?.partner_id as string));
    expect(partner).toMatchObject({
      name: 'Aundh Physio Centre',
      speciality_type: 'PHYSIOTHERAPIST',
      subscription_type: 'wallet',
      wallet_balance: '1500.50',
      charge_per_booking: '25.00',
      time_zone: 'Asia/Dubai',
    });
    // The wallet's history starts with the balance it was given, so the two always agree.
    const movements = await t.database.db
      .select({ amount: walletMovements.amount, kind: walletMovements.kind })
      .from(walletMovements)
      .where(eq(walletMovements.partner_id, partner?.id as string));
    expect(movements).toEqual([{ amount: '1500.50', kind: 'opening' }]);
    const clinicLocations = await t.database.db
      .select()
      .from(locations)
      .where(eq(locations.partner_id, partner?.id as string));
    expect(clinicLocations.map((location) => location.location_name)).toEqual(['Aundh Physio Centre']);

    const signIn = await newDevice(t).signIn('nikhil.bapat@aundh-physio.in', ownerPassword);
    expect(signIn.status).toBe(200);
    expect(signIn.body.AuthenticationResult.IdToken).toEqual(expect.any(String));
  });

  it('a clinic created with no options is a standard doctor’s clinic with nothing in the wallet', async () => {
    expect((await createPartner('plain@clinic.test')).code).toBe(0);
    const [row] = await t.database.db
      .select({ partner: partners })
      .from(users)
      .innerJoin(partners, eq(partners.id, users.partner_id))
      .where(eq(users.email, 'plain@clinic.test'));
    expect(row?.partner).toMatchObject({
      speciality_type: 'DOCTOR',
      subscription_type: 'standard',
      wallet_balance: '0.00',
      charge_per_booking: '0.00',
      time_zone: 'Asia/Kolkata',
    });
  });

  it('the owner adds a receptionist, who must choose her own password at the first sign-in', async () => {
    await cli(
      'create-partner',
      '--name',
      'Baner Dental Studio',
      '--email',
      'owner@baner-dental.in',
      '--password',
      ownerPassword,
    );
    const result = await cli(
      'create-staff',
      '--partner-email',
      'OWNER@baner-dental.in',
      '--email',
      'front.desk@baner-dental.in',
      '--temporary-password',
      'First-day-at-Baner-1',
      '--name',
      'Sunita Pawar',
    );
    expect(result).toMatchObject({
      code: 0,
      out: 'Added front.desk@baner-dental.in to Baner Dental Studio as doctor. At the first sign-in, within 7 days, they must choose a new password.',
    });
    const [staff] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'front.desk@baner-dental.in'));
    const [owner] = await t.database.db.select().from(users).where(eq(users.email, 'owner@baner-dental.in'));
    expect(staff).toMatchObject({
      role: 'doctor',
      status: 'FORCE_CHANGE_PASSWORD',
      name: 'Sunita Pawar',
      partner_id: owner?.partner_id,
      temporary_password_expires_at: new Date(t.clock.now().getTime() + 7 * 24 * 60 * 60 * 1000),
    });
    // Named no locations, she works at all the clinic has.
    const worksAt = await t.database.db
      .select()
      .from(userLocations)
      .where(eq(userLocations.user_id, staff?.id as string));
    const [clinicLocation] = await t.database.db
      .select()
      .from(locations)
      .where(eq(locations.partner_id, owner?.partner_id as string));
    expect(worksAt.map((row) => row.location_id)).toEqual([clinicLocation?.id]);

    const signIn = await newDevice(t).signIn('front.desk@baner-dental.in', 'First-day-at-Baner-1');
    expect(signIn.body.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
  });

  it('--role chooses what the new member may do; an owner works everywhere, stored with no locations', async () => {
    await createPartner('owner@wakad-dental.in');
    const add = (email: string, role: string) =>
      cli(
        'create-staff',
        '--partner-email',
        'owner@wakad-dental.in',
        '--email',
        email,
        '--temporary-password',
        'First-day-at-Wakad-1',
        '--role',
        role,
      );
    expect((await add('desk@wakad-dental.in', 'front_desk')).out).toContain(' as front desk.');
    expect((await add('partner@wakad-dental.in', 'OWNER')).out).toContain(' as owner.');
    const roleOf = async (email: string) => {
      const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
      const stored = await t.database.db
        .select()
        .from(userLocations)
        .where(eq(userLocations.user_id, row?.id as string));
      return { role: row?.role, locations: stored.length };
    };
    expect(await roleOf('desk@wakad-dental.in')).toEqual({ role: 'front_desk', locations: 1 });
    expect(await roleOf('partner@wakad-dental.in')).toEqual({ role: 'owner', locations: 0 });
    const refused = await add('boss@wakad-dental.in', 'boss');
    expect(refused.code).toBe(2);
    expect(refused.err.split('\n')[0]).toBe('error: --role must be one of owner, doctor, front_desk');
  });

  it('--help prints the usage and succeeds; no command prints it and fails', async () => {
    expect(await cli('--help')).toMatchObject({ code: 0, out: usage, openedDatabase: false });
    expect(await cli()).toMatchObject({ code: 2, err: usage, openedDatabase: false });
  });

  it.each([
    [['make-coffee'], 'error: unknown command "make-coffee"'],
    [['create-partner', '--name', 'X Clinic', '--password', ownerPassword], 'error: --email is required'],
    [['create-partner', '--nmae', 'X Clinic'], "error: Unknown option '--nmae'"],
    [['create-partner', '--name'], "error: Option '--name <value>' argument missing"],
    [['create-partner', 'X Clinic'], "error: Unexpected argument 'X Clinic'"],
    [
      ['create-staff', '--email', 'a@b.in', '--temporary-password', 'x'],
      'error: --partner-email is required',
    ],
  ])('%j is refused with one clear line and the usage', async (argv, message) => {
    const result = await cli(...argv);
    expect(result.code).toBe(2);
    expect(result.err.split('\n')[0]).toBe(message);
    expect(result.err).toContain(usage);
    expect(result.openedDatabase).toBe(false);
  });

  it.each([
    [['--wallet-balance=-100'], '--wallet-balance must be an amount in rupees like 500 or 499.50'],
    [['--wallet-balance', '-100'], '--wallet-balance needs a value; for one that starts with a dash write'],
    [['--wallet-balance', '10.555'], '--wallet-balance must be an amount'],
    [['--charge-per-booking', '1e3'], '--charge-per-booking must be an amount'],
    [['--charge-per-booking', '1,000'], '--charge-per-booking must be an amount'],
    [['--speciality', 'ASTROLOGER'], '--speciality must be one of DOCTOR, DENTIST'],
    [['--subscription', 'free'], '--subscription must be standard or wallet'],
    [['--time-zone', 'Mars/Olympus'], '--time-zone must be an IANA time zone like Asia/Kolkata'],
  ])('%j is refused', async (options, message) => {
    const result = await createPartner('refused@clinic.test', ...options);
    expect(result.code).toBe(2);
    expect(result.err).toContain(`error: ${message}`);
  });

  it('amounts are kept exactly, to the paisa', async () => {
    await createPartner('exact@clinic.test', '--wallet-balance', '0.1', '--charge-per-booking', '0099.99');
    const [row] = await t.database.db
      .select({ wallet: partners.wallet_balance, charge: partners.charge_per_booking })
      .from(users)
      .innerJoin(partners, eq(partners.id, users.partner_id))
      .where(eq(users.email, 'exact@clinic.test'));
    expect(row).toEqual({ wallet: '0.10', charge: '99.99' });
  });

  it('the password policy applies: a short, guessable or email password is refused', async () => {
    const withPassword = (password: string) =>
      cli('create-partner', '--name', 'Weak Clinic', '--email', 'weak@clinic.test', '--password', password);
    expect(await withPassword('short-pass')).toMatchObject({
      code: 1,
      err: 'error: Password did not conform with policy: Password not long enough',
    });
    expect((await withPassword('qwerty123456')).err).toBe(`error: ${identityMessages.passwordEasyToGuess}`);
    expect((await withPassword('weak@clinic.test')).code).toBe(1);
    const staff = await cli(
      'create-staff',
      '--partner-email',
      'plain@clinic.test',
      '--email',
      'new.staff@clinic.test',
      '--temporary-password',
      'password1234',
    );
    expect(staff).toMatchObject({ code: 1, err: `error: ${identityMessages.passwordEasyToGuess}` });
  });

  it('an email that already has an account, a bad email or an unknown owner is refused', async () => {
    await createPartner('taken@clinic.test');
    expect(await createPartner('Taken@Clinic.test')).toMatchObject({
      code: 1,
      err: 'error: An account with the given email already exists.',
    });
    expect(await createPartner('not-an-email')).toMatchObject({
      code: 1,
      err: 'error: not-an-email is not an email address',
    });
    const staff = (partnerEmail: string, email: string) =>
      cli(
        'create-staff',
        '--partner-email',
        partnerEmail,
        '--email',
        email,
        '--temporary-password',
        ownerPassword,
      );
    expect(await staff('nobody@clinic.test', 'new@clinic.test')).toMatchObject({
      code: 1,
      err: 'error: No clinic owner has the email nobody@clinic.test',
    });
    expect((await staff('taken@clinic.test', 'taken@clinic.test')).err).toBe(
      'error: An account with the given email already exists.',
    );
  });

  it('disable-partner stops a clinic: no sign-in, no online booking; enable-partner undoes it', async () => {
    await createPartner('owner@kothrud-eye.in');
    const [owner] = await t.database.db.select().from(users).where(eq(users.email, 'owner@kothrud-eye.in'));
    const partnerId = owner?.partner_id as string;
    const [location] = await t.database.db
      .select()
      .from(locations)
      .where(eq(locations.partner_id, partnerId));
    const queueId = await createQueueWithTimings(t.database.db, {
      partnerId,
      locationId: location?.id as string,
    });
    let visitor = 0;
    const bookOnline = () => {
      visitor += 1;
      return t.app.inject({
        method: 'POST',
        url: '/api/public/book-slot',
        payload: {
          queueId,
          date: '2026-11-03',
          startTime: `1${visitor}:00`,
          customerName: `Visitor ${visitor}`,
          customerMobile: `981111000${visitor}`,
        },
      });
    };
    const signIn = () => newDevice(t).signIn('owner@kothrud-eye.in', ownerPassword);

    expect(await cli('disable-partner', '--email', 'Owner@Kothrud-Eye.in')).toMatchObject({
      code: 0,
      err: '',
      out: "Disabled Aundh Physio Centre: its users cannot sign in and its booking website takes no bookings. Its patients' prescription and bill pages stay readable.",
    });
    expect((await signIn()).body).toEqual({ __type: 'NotAuthorizedException', message: 'User is disabled.' });
    expect((await bookOnline()).statusCode).toBe(403);
    // Disabling again changes nothing, not even the date.
    t.clock.advance(60_000);
    expect((await cli('disable-partner', '--email', 'owner@kothrud-eye.in')).out).toBe(
      'Aundh Physio Centre was already disabled, since 2026-11-02T04:30:00.000Z.',
    );

    expect(await cli('enable-partner', '--email', 'owner@kothrud-eye.in')).toMatchObject({
      code: 0,
      out: 'Enabled Aundh Physio Centre: its users can sign in and its booking website takes bookings again.',
    });
    expect((await signIn()).status).toBe(200);
    expect((await bookOnline()).statusCode).toBe(201);
    expect((await cli('enable-partner', '--email', 'owner@kothrud-eye.in')).out).toBe(
      'Aundh Physio Centre is not disabled.',
    );
  });

  it('disable-partner and enable-partner need the email of a clinic owner', async () => {
    expect(await cli('disable-partner', '--email', 'nobody@clinic.test')).toMatchObject({
      code: 1,
      err: 'error: No clinic owner has the email nobody@clinic.test',
    });
    const missing = await cli('enable-partner');
    expect(missing.code).toBe(2);
    expect(missing.err.split('\n')[0]).toBe('error: --email is required');
    expect(missing.openedDatabase).toBe(false);
  });

  it('link-identity links a Cognito user to an existing user, once per sub', async () => {
    await createPartner('linked.owner@clinic.test');
    await createPartner('second.owner@clinic.test');
    const subject = '3f0c4a52-5b1e-4c2a-9d8e-1a2b3c4d5e6f';
    const link = (email: string, sub: string) => cli('link-identity', '--email', email, '--subject', sub);
    const subjectOf = async (email: string) => {
      const [row] = await t.database.db
        .select({ subject: users.identity_subject })
        .from(users)
        .where(eq(users.email, email));
      return row?.subject;
    };

    expect(await link('Linked.Owner@clinic.test', subject.toUpperCase())).toMatchObject({
      code: 0,
      out: `Linked linked.owner@clinic.test of Aundh Physio Centre to the Cognito user ${subject}.`,
    });
    expect(await subjectOf('linked.owner@clinic.test')).toBe(subject);
    expect((await link('linked.owner@clinic.test', subject)).out).toBe(
      `linked.owner@clinic.test of Aundh Physio Centre was already linked to the Cognito user ${subject}.`,
    );

    expect(await link('second.owner@clinic.test', subject)).toMatchObject({
      code: 1,
      err: `error: The Cognito user ${subject} is already linked to linked.owner@clinic.test`,
    });
    expect(await subjectOf('second.owner@clinic.test')).toBeNull();

    const replacement = '0d6f1e2a-7c3b-4e5f-8a9b-0c1d2e3f4a5b';
    expect((await link('linked.owner@clinic.test', replacement)).out).toBe(
      `Linked linked.owner@clinic.test of Aundh Physio Centre to the Cognito user ${replacement} (it was linked to ${subject}).`,
    );
    expect(await subjectOf('linked.owner@clinic.test')).toBe(replacement);
  });

  it('link-identity refuses an unknown email, a sub that is not one, and a missing option', async () => {
    expect(
      await cli('link-identity', '--email', 'nobody@clinic.test', '--subject', crypto.randomUUID()),
    ).toMatchObject({ code: 1, err: 'error: No user has the email nobody@clinic.test' });
    expect(await cli('link-identity', '--email', 'plain@clinic.test', '--subject', 'dr.mehta')).toMatchObject(
      {
        code: 1,
        err: 'error: dr.mehta is not a Cognito sub (a UUID like 3f0c4a52-5b1e-4c2a-9d8e-1a2b3c4d5e6f)',
      },
    );
    const missing = await cli('link-identity', '--email', 'plain@clinic.test');
    expect(missing.code).toBe(2);
    expect(missing.err.split('\n')[0]).toBe('error: --subject is required');
    expect(missing.openedDatabase).toBe(false);
  });

  it('import-patients adds a file’s patients to the owner’s clinic once, listing the rows refused', async () => {
    await createPartner('import.owner@clinic.test');
    const file = join(await mkdtemp(join(tmpdir(), 'vaidya-import-')), 'patients.csv');
    await writeFile(
      file,
      '\uFEFFName,Mobile,Age\r\nAsha Verma,9822014001,34\r\nRavi Kumar,12345,\r\nSita Devi,9822014003,\r\n',
    );
    const imported = await cli('import-patients', file, '--partner-email', 'Import.Owner@clinic.test');
    expect(imported).toMatchObject({ code: 0, err: '' });
    expect(imported.out.split('\n')).toEqual([
      expect.stringMatching(/^line 3: /),
      'Imported into Aundh Physio Centre: 2 added, 0 already there, 1 refused.',
    ]);
    const again = await cli('import-patients', file, '--partner-email', 'import.owner@clinic.test');
    expect(again.out.split('\n').at(-1)).toBe(
      'Imported into Aundh Physio Centre: 0 added, 2 already there, 1 refused.',
    );
    const [owner] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'import.owner@clinic.test'));
    const names = await t.database.db
      .select({ name: patients.name })
      .from(patients)
      .where(eq(patients.partner_id, owner?.partner_id as string));
    expect(names.map((row) => row.name).sort()).toEqual(['Asha Verma', 'Sita Devi']);
  });

  it('import-patients needs a file it can read and a clinic owner’s email', async () => {
    const unknown = await cli(
      'import-patients',
      '/nonexistent/patients.csv',
      '--partner-email',
      'x@clinic.test',
    );
    expect(unknown).toMatchObject({ code: 1 });
    expect(unknown.err).toMatch(/^error: cannot read \/nonexistent\/patients\.csv: /);
    const file = join(await mkdtemp(join(tmpdir(), 'vaidya-import-')), 'patients.csv');
    await writeFile(file, 'Name,Mobile\nAsha,9822014001\n');
    expect(await cli('import-patients', file, '--partner-email', 'nobody@clinic.test')).toMatchObject({
      code: 1,
      err: `error: ${identityMessages.noSuchOwner('nobody@clinic.test')}`,
    });
    const missing = await cli('import-patients', file);
    expect(missing.code).toBe(2);
    expect(missing.err.split('\n')[0]).toBe('error: --partner-email is required');
  });
});

describe('backup and restore from the command line', () => {
  /** Runs the CLI with the given backup commands (none: PostgreSQL) and collects what it prints. */
  const cli = async (backups: CliIo['backups'], ...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const io: CliIo = {
      db: () => Promise.reject(new Error('backup and restore never open the database through io.db')),
      clock: () => new Date('2026-11-23T10:00:00Z'),
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      backups,
    };
    const code = await runCli(argv, io);
    return { code, out: out.join('\n'), err: err.join('\n') };
  };
  const header = {
    format: 2,
    createdAt: '2026-11-23T10:00:00.000Z',
    kind: 'manual' as const,
    migration: { tag: '0012_refresh_token_rotation', when: 1 },
    uploads: { files: 3, bytes: 30_000 },
    size: 10,
    sha256: 'f'.repeat(64),
  };
  const fake = {
    backup: async (file: string | undefined) => file ?? '/data/backups/vaidya-manual.backup',
    restore: async () => ({ header, uploadsDir: '/data/uploads' }),
  };

  it('backup writes one and says where, into the backup folder or the given file', async () => {
    expect(await cli(fake, 'backup')).toEqual({
      code: 0,
      out: 'Backup written: /data/backups/vaidya-manual.backup',
      err: '',
    });
    expect((await cli(fake, 'backup', '/mnt/usb/today.backup')).out).toBe(
      'Backup written: /mnt/usb/today.backup',
    );
  });

  it('restore names the backup it restored and where its uploaded files went', async () => {
    expect(await cli(fake, 'restore', '/mnt/usb/today.backup')).toEqual({
      code: 0,
      out: 'Restored the backup of 2026-11-23T10:00:00.000Z (manual, migration 0012_refresh_token_rotation) and its 3 uploaded files, into /data/uploads. Start the server on this DATA_DIR.',
      err: '',
    });
  });

  it('restore says when the backup holds no uploaded files, or they were left out for S3', async () => {
    const { uploads: _none, ...withoutUploads } = header;
    const older = {
      ...fake,
      restore: async () => ({ header: { ...withoutUploads, format: 1 }, uploadsDir: undefined }),
    };
    expect((await cli(older, 'restore', 'old.backup')).out).toBe(
      'Restored the backup of 2026-11-23T10:00:00.000Z (manual, migration 0012_refresh_token_rotation). It holds no uploaded files (it was made with S3 storage, or by a version that left them out: copy them into UPLOADS_DIR yourself). Start the server on this DATA_DIR.',
    );
    const onS3 = { ...fake, restore: async () => ({ header, uploadsDir: undefined }) };
    expect((await cli(onS3, 'restore', 'today.backup')).out).toBe(
      'Restored the backup of 2026-11-23T10:00:00.000Z (manual, migration 0012_refresh_token_rotation). Its 3 uploaded files were left out: this server keeps uploaded files in S3 (S3_BUCKET). Start the server on this DATA_DIR.',
    );
  });

  it('a refused file is one line naming the problem', async () => {
    const refusing = {
      ...fake,
      restore: () => Promise.reject(new BackupError('today.backup is cut short: it holds 5 of 10 bytes.')),
    };
    expect(await cli(refusing, 'restore', 'today.backup')).toEqual({
      code: 1,
      out: '',
      err: 'error: today.backup is cut short: it holds 5 of 10 bytes.',
    });
  });

  it('restore needs one file name, backup at most one', async () => {
    const missing = await cli(fake, 'restore');
    expect(missing.code).toBe(2);
    expect(missing.err.split('\n')[0]).toBe('error: a file name is required');
    expect((await cli(fake, 'backup', 'a', 'b')).err.split('\n')[0]).toBe('error: too many file names');
  });

  it('on PostgreSQL both refuse with a pointer to its own tools', async () => {
    for (const argv of [['backup'], ['restore', 'today.backup']]) {
      expect(await cli(undefined, ...argv)).toEqual({
        code: 1,
        out: '',
        err: 'error: DATABASE_URL is set: back up PostgreSQL with its own tools (pg_dump and pg_restore, or base backups with WAL archiving); see README, "Operating it", "Backups".',
      });
    }
  });
});
