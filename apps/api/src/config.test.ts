import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultTokenIssuer, loadConfig, StartupError } from './config';

describe('configuration', () => {
  it('runs with no settings at all: port 3000, embedded database in ./data', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: './data',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      logLevel: 'info',
      serveWeb: true,
    });
  });

  it('reads every documented variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'https://clinic.example.in/',
      DATA_DIR: '/var/lib/vaidya',
      DATABASE_URL: 'postgres://vaidya@db:5432/vaidya',
      DATABASE_POOL_SIZE: '25',
      LOG_LEVEL: 'warn',
      SEED_DEMO: '1',
      TRUST_PROXY: 'true',
      SERVE_WEB: '0',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      publicUrl: 'https://clinic.example.in',
      dataDir: '/var/lib/vaidya',
      databaseUrl: 'postgres://vaidya@db:5432/vaidya',
      databasePoolSize: 25,
      logLevel: 'warn',
      seedDemo: true,
      trustProxy: 1,
      serveWeb: false,
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it.each([
    ['PORT', 'abc', /^Invalid PORT="abc": /],
    ['PORT', '70000', /^Invalid PORT="70000": /],
    ['DATABASE_URL', 'mysql://x', /^Invalid DATABASE_URL="mysql:\/\/x": must start with postgres:\/\//],
    ['LOG_LEVEL', 'loud', /^Invalid LOG_LEVEL="loud": /],
    ['PUBLIC_URL', 'not a url', /^Invalid PUBLIC_URL="not a url": /],
    ['SEED_DEMO', 'yes', /^Invalid SEED_DEMO="yes": /],
    ['IDENTITY_ISSUER', 'cognito-idp.ap-south-1.amazonaws.com/ap-south-1_Ab12', /^Invalid IDENTITY_ISSUER=/],
    [
      'IDENTITY_ISSUER',
      'http://cognito-idp.ap-south-1.amazonaws.com/ap-south-1_Ab12',
      /https:\/\/cognito-idp/,
    ],
    ['IDENTITY_ISSUER', 'https://cognito-idp.ap-south-1.amazonaws.com/', /^Invalid IDENTITY_ISSUER=/],
    [
      'IDENTITY_ISSUER',
      'https://cognito-idp.ap-south-1.amazonaws.com/pool/extra',
      /^Invalid IDENTITY_ISSUER=/,
    ],
    [
      'IDENTITY_ISSUER',
      'https://cognito-idp.ap-south-1.amazonaws.com/ap-south-1_Ab12',
      /^IDENTITY_ISSUER needs IDENTITY_CLIENT_ID/,
    ],
  ])('stops on a wrong %s with one line naming it', (name, value, message) => {
    const load = () => loadConfig({ [name]: value });
    expect(load).toThrow(StartupError);
    expect(load).toThrow(message);
    try {
      load();
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
    }
  });

  describe('who signs people in', () => {
    it('our own identity service by default, its token issuer the same whatever the port', () => {
      const onePort = loadConfig({ PORT: '3111' }).identity;
      expect(onePort).toEqual({ kind: 'built-in', issuer: defaultTokenIssuer, clientId: 'vaidya-web' });
      expect(loadConfig({ PORT: '3112' }).identity).toEqual(onePort);
    });

    it('with PUBLIC_URL the tokens name the deployment’s address', () => {
      expect(loadConfig({ PORT: '3111', PUBLIC_URL: 'https://clinic.example.in/' }).identity).toEqual({
        kind: 'built-in',
        issuer: 'https://clinic.example.in/api/identity',
        clientId: 'vaidya-web',
      });
    });

    it('IDENTITY_ISSUER and IDENTITY_CLIENT_ID name a Cognito user pool and its app client', () => {
      const config = loadConfig({
        IDENTITY_ISSUER: 'https://cognito-idp.ap-south-1.amazonaws.com/ap-south-1_Ab12CdEf3/',
        IDENTITY_CLIENT_ID: '4k2j9a8sd7f6g5h4j3k2l1m0n9',
      });
      expect(config.identity).toEqual({
        kind: 'cognito',
        issuer: 'https://cognito-idp.ap-south-1.amazonaws.com/ap-south-1_Ab12CdEf3',
        clientId: '4k2j9a8sd7f6g5h4j3k2l1m0n9',
      });
    });

    it('a local Cognito emulator may speak plain http on this machine', () => {
      const config = loadConfig({
        IDENTITY_ISSUER: 'http://localhost:9229/local_5aVvPqbK',
        IDENTITY_CLIENT_ID: 'local-client',
      });
      expect(config.identity.issuer).toBe('http://localhost:9229/local_5aVvPqbK');
    });
  });

  it('keeps backups of the embedded database under DATA_DIR/backups by default, or BACKUP_DIR', () => {
    expect(loadConfig({ DATA_DIR: '/var/lib/vaidya' }).backupDir).toBe(join('/var/lib/vaidya', 'backups'));
    expect(loadConfig({ DATA_DIR: '/var/lib/vaidya', BACKUP_DIR: '/mnt/usb/vaidya' }).backupDir).toBe(
      '/mnt/usb/vaidya',
    );
  });

  describe('where uploaded images go', () => {
    it('under DATA_DIR/uploads by default, or UPLOADS_DIR', () => {
      expect(loadConfig({ DATA_DIR: '/var/lib/vaidya' }).storage).toEqual({
        kind: 'local',
        dir: join('/var/lib/vaidya', 'uploads'),
      });
      expect(
        loadConfig({ DATABASE_URL: 'postgres://db/vaidya', UPLOADS_DIR: '/srv/uploads' }).storage,
      ).toEqual({ kind: 'local', dir: '/srv/uploads' });
    });

    it('an S3 bucket when S3_BUCKET is set, with its region, endpoint and credentials', () => {
      const config = loadConfig({
        S3_BUCKET: 'clinic-images',
        S3_REGION: 'ap-south-1',
        S3_ENDPOINT: 'https://s3.example.com/',
        AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE',
        AWS_SECRET_ACCESS_KEY: 'secret',
        AWS_SESSION_TOKEN: 'session',
      });
      expect(config.storage).toEqual({
        kind: 's3',
        bucket: 'clinic-images',
        region: 'ap-south-1',
        endpoint: 'https://s3.example.com',
        credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret', sessionToken: 'session' },
      });
    });

    it.each([
      [{ S3_BUCKET: 'clinic-images' }, /^S3_BUCKET needs S3_REGION/],
      [{ S3_BUCKET: 'clinic-images', S3_REGION: 'ap-south-1' }, /^S3_BUCKET needs AWS_ACCESS_KEY_ID/],
      [{ S3_BUCKET: 'Clinic_Images' }, /^Invalid S3_BUCKET=/],
      [{ S3_REGION: 'mumbai' }, /^Invalid S3_REGION=/],
      [{ S3_ENDPOINT: 'https://s3.example.com/bucket' }, /^Invalid S3_ENDPOINT=/],
    ])('stops on an incomplete or wrong S3 setting: %o', (env, message) => {
      expect(() => loadConfig(env)).toThrow(StartupError);
      expect(() => loadConfig(env)).toThrow(message);
    });
  });

  describe('where WhatsApp messages go', () => {
    it('the outbox only by default', () => {
      expect(loadConfig({}).whatsapp).toBeNull();
    });

    it('the Cloud API when a token and a phone number id are set, with the prescription, bill and booking-cancelled templates', () => {
      expect(
        loadConfig({ WHATSAPP_ACCESS_TOKEN: 'EAAGtoken', WHATSAPP_PHONE_NUMBER_ID: '109876543210987' })
          .whatsapp,
      ).toEqual({
        apiUrl: 'https://graph.facebook.com/v21.0',
        phoneNumberId: '109876543210987',
        accessToken: 'EAAGtoken',
        templates: {
          prescription: { name: 'prescription_link', language: 'en' },
          bill: { name: 'bill_link', language: 'en' },
          estimate: { name: 'estimate_link', language: 'en' },
          booking_cancelled: { name: 'booking_cancelled', language: 'en' },
          day_summary: { name: 'day_summary', language: 'en' },
          dues_reminder: { name: 'dues_reminder', language: 'en' },
        },
      });
      expect(
        loadConfig({
          WHATSAPP_ACCESS_TOKEN: 'EAAGtoken',
          WHATSAPP_PHONE_NUMBER_ID: '109876543210987',
          WHATSAPP_PRESCRIPTION_TEMPLATE: 'clinic_prescription_2',
          WHATSAPP_BILL_TEMPLATE: 'clinic_bill_2',
          WHATSAPP_ESTIMATE_TEMPLATE: 'clinic_estimate_2',
          WHATSAPP_BOOKING_CANCELLED_TEMPLATE: 'clinic_booking_cancelled_2',
          WHATSAPP_TEMPLATE_LANGUAGE: 'en_US',
          WHATSAPP_API_URL: 'http://127.0.0.1:4010/v21.0/',
        }).whatsapp,
      ).toEqual({
        apiUrl: 'http://127.0.0.1:4010/v21.0',
        phoneNumberId: '109876543210987',
        accessToken: 'EAAGtoken',
        templates: {
          prescription: { name: 'clinic_prescription_2', language: 'en_US' },
          bill: { name: 'clinic_bill_2', language: 'en_US' },
          estimate: { name: 'clinic_estimate_2', language: 'en_US' },
          booking_cancelled: { name: 'clinic_booking_cancelled_2', language: 'en_US' },
          day_summary: { name: 'day_summary', language: 'en_US' },
          dues_reminder: { name: 'dues_reminder', language: 'en_US' },
        },
      });
    });

    it.each([
      [{ WHATSAPP_ACCESS_TOKEN: 'EAAGtoken' }, /^WHATSAPP_ACCESS_TOKEN needs WHATSAPP_PHONE_NUMBER_ID/],
      [
        { WHATSAPP_PHONE_NUMBER_ID: '109876543210987' },
        /^WHATSAPP_PHONE_NUMBER_ID needs WHATSAPP_ACCESS_TOKEN/,
      ],
      [{ WHATSAPP_PHONE_NUMBER_ID: '+91 98765 43210' }, /^Invalid WHATSAPP_PHONE_NUMBER_ID=.*digits only/],
      [{ WHATSAPP_PRESCRIPTION_TEMPLATE: 'Prescription Link' }, /^Invalid WHATSAPP_PRESCRIPTION_TEMPLATE=/],
      [{ WHATSAPP_BILL_TEMPLATE: 'Bill Link' }, /^Invalid WHATSAPP_BILL_TEMPLATE=/],
      [{ WHATSAPP_ESTIMATE_TEMPLATE: 'Estimate Link' }, /^Invalid WHATSAPP_ESTIMATE_TEMPLATE=/],
      [
        { WHATSAPP_BOOKING_CANCELLED_TEMPLATE: 'Booking Cancelled' },
        /^Invalid WHATSAPP_BOOKING_CANCELLED_TEMPLATE=/,
      ],
      [{ WHATSAPP_TEMPLATE_LANGUAGE: 'English' }, /^Invalid WHATSAPP_TEMPLATE_LANGUAGE=/],
      [{ WHATSAPP_API_URL: 'graph.facebook.com' }, /^Invalid WHATSAPP_API_URL=/],
      [{ WHATSAPP_API_URL: 'http://graph.facebook.com/v21.0' }, /^Invalid WHATSAPP_API_URL=.*https URL/],
    ])('stops on an incomplete or wrong WhatsApp setting: %o', (env, message) => {
      expect(() => loadConfig(env)).toThrow(StartupError);
      expect(() => loadConfig(env)).toThrow(message);
    });

    it.each([
      { WHATSAPP_ACCESS_TOKEN: 'EAAGsecret', WHATSAPP_PHONE_NUMBER_ID: 'not-a-number' },
      { WHATSAPP_ACCESS_TOKEN: 'EAAGsecret' },
    ])('never prints the access token when it stops: %#', (env) => {
      expect(() => loadConfig(env)).toThrow(StartupError);
      expect(() => loadConfig(env)).not.toThrow(/EAAGsecret/);
    });
  });
  describe('where wallet recharges are paid', () => {
    const razorpay = {
      RAZORPAY_KEY_ID: 'rzp_test_abc123',
      RAZORPAY_KEY_SECRET: 'keysecret',
      RAZORPAY_WEBHOOK_SECRET: 'hooksecret',
    };

    it('none by default: no Razorpay, and the test gateway only when chosen', () => {
      expect(loadConfig({}).razorpay).toBeNull();
      expect(loadConfig({}).testPaymentGateway).toBe(false);
      expect(loadConfig({ NODE_ENV: 'production' }).testPaymentGateway).toBe(false);
      expect(loadConfig({ NODE_ENV: 'test' }).testPaymentGateway).toBe(false);
      expect(loadConfig({ PAYMENT_GATEWAY: 'test' }).testPaymentGateway).toBe(true);
      expect(loadConfig({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'test' }).testPaymentGateway).toBe(true);
      expect(loadConfig({ NODE_ENV: 'development' }).testPaymentGateway).toBe(true);
    });

    it.each(['razorpay', 'TEST', 'none'])('stops on PAYMENT_GATEWAY=%s', (value) => {
      expect(() => loadConfig({ PAYMENT_GATEWAY: value })).toThrow(
        `Invalid PAYMENT_GATEWAY="${value}": must be test (the labelled test gateway, no real money)`,
      );
    });

    it('Razorpay when its three settings are set', () => {
      expect(loadConfig(razorpay).razorpay).toEqual({
        apiUrl: 'https://api.razorpay.com/v1',
        keyId: 'rzp_test_abc123',
        keySecret: 'keysecret',
        webhookSecret: 'hooksecret',
      });
      expect(
        loadConfig({ ...razorpay, RAZORPAY_API_URL: 'http://127.0.0.1:4020/v1/' }).razorpay?.apiUrl,
      ).toBe('http://127.0.0.1:4020/v1');
    });

    it.each([
      [
        { RAZORPAY_KEY_ID: 'rzp_test_abc123' },
        /^Razorpay needs .*missing: RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET/,
      ],
      [{ ...razorpay, RAZORPAY_WEBHOOK_SECRET: '' }, /missing: RAZORPAY_WEBHOOK_SECRET$/],
      [
        { ...razorpay, RAZORPAY_API_URL: 'http://api.razorpay.com/v1' },
        /^Invalid RAZORPAY_API_URL=.*https URL/,
      ],
    ])('stops on an incomplete or wrong Razorpay setting: %o', (env, message) => {
      expect(() => loadConfig(env)).toThrow(StartupError);
      expect(() => loadConfig(env)).toThrow(message);
    });

    it('never prints a secret when it stops', () => {
      const env = { RAZORPAY_KEY_SECRET: 'keysecret', RAZORPAY_WEBHOOK_SECRET: 'hooksecret' };
      expect(() => loadConfig(env)).toThrow(StartupError);
      expect(() => loadConfig(env)).not.toThrow(/keysecret|hooksecret/);
    });
  });

  describe('the heartbeat of live streams', () => {
    it('every 25 s by default, or every EVENT_STREAM_HEARTBEAT_SECONDS', () => {
      expect(loadConfig({}).eventStreamHeartbeatMs).toBe(25_000);
      expect(loadConfig({ EVENT_STREAM_HEARTBEAT_SECONDS: '3600' }).eventStreamHeartbeatMs).toBe(3_600_000);
    });

    it.each(['0', '1.5', 'often', '86401'])('stops on EVENT_STREAM_HEARTBEAT_SECONDS=%s', (value) => {
      expect(() => loadConfig({ EVENT_STREAM_HEARTBEAT_SECONDS: value })).toThrow(
        /^Invalid EVENT_STREAM_HEARTBEAT_SECONDS=/,
      );
    });
  });

  describe('how long a clean shutdown may take', () => {
    it('10 s by default, or SHUTDOWN_TIMEOUT_SECONDS', () => {
      expect(loadConfig({}).shutdownDeadlineMs).toBe(10_000);
      expect(loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: '60' }).shutdownDeadlineMs).toBe(60_000);
    });

    it.each(['0', '2.5', 'soon', '601'])('stops on SHUTDOWN_TIMEOUT_SECONDS=%s', (value) => {
      expect(() => loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: value })).toThrow(
        /^Invalid SHUTDOWN_TIMEOUT_SECONDS=/,
      );
    });
  });

  describe("what a referrer's wallet gets", () => {
    it('500 rupees by default, or REFERRAL_REWARD', () => {
      expect(loadConfig({}).referralRewardRupees).toBe(500);
      expect(loadConfig({ REFERRAL_REWARD: '250.50' }).referralRewardRupees).toBe(250.5);
      expect(loadConfig({ REFERRAL_REWARD: '0' }).referralRewardRupees).toBe(0);
    });

    it.each(['-1', 'ten', '10.005', '100001'])('stops on REFERRAL_REWARD=%s', (value) => {
      expect(() => loadConfig({ REFERRAL_REWARD: value })).toThrow(/^Invalid REFERRAL_REWARD=/);
    });
  });
});
