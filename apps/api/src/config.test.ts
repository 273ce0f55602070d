import { describe, expect, it } from 'vitest';
import { loadConfig, StartupError } from './config';

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
      trustProxy: true,
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
});
