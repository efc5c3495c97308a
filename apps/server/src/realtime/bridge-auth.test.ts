import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config';
import { ownInternalUrl, signBridge, verifyBridge } from './bridge-auth';

// The internal bridge's signatures (issue 25 item 5): what the holder accepts from the instance a page reconnected to.
const dirs: string[] = [];
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'bridge-auth-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const config = { appSecret: 'one-secret', dataDir: '/nonexistent' };
const claims = { live: '7b0c6a52-3f0e-4a7e-9f49-1d7b6f1e2a10', owner: 'user:u1', authSession: 'a'.repeat(64) };

describe('bridge signatures', () => {
  test('a signed request verifies with the same secret, with its claims; any change refuses it', () => {
    const now = Date.now();
    const header = signBridge(config, claims, now);
    expect(verifyBridge(config, header, now)).toEqual({ ...claims, exp: now + 30_000 });
    const [body, mac] = header.split('.');
    const altered = Buffer.from(JSON.stringify({ ...claims, owner: 'user:u2', exp: now + 30_000 })).toString('base64url');
    expect(verifyBridge(config, `${altered}.${mac}`, now)).toBeNull();
    expect(verifyBridge({ ...config, appSecret: 'another' }, header, now)).toBeNull();
    for (const bad of [null, '', body!, `${header}.x`, `${body}.${mac}x`, 'not-json.abc', 'x'.repeat(3000)])
      expect(verifyBridge(config, bad, now)).toBeNull();
  });

  test('it expires after 30 s, and one dated far ahead is refused too', () => {
    const now = Date.now();
    const header = signBridge(config, claims, now);
    expect(verifyBridge(config, header, now + 29_000)).not.toBeNull();
    expect(verifyBridge(config, header, now + 31_000)).toBeNull();
    expect(verifyBridge(config, signBridge(config, claims, now + 60_000), now)).toBeNull();
  });

  test('without APP_SECRET one is generated once in DATA_DIR (mode 600): instances sharing it agree, others do not', () => {
    const dir = scratch();
    const header = signBridge({ dataDir: dir }, claims);
    expect(verifyBridge({ dataDir: dir }, header)).not.toBeNull();
    expect(statSync(join(dir, 'app-secret')).mode & 0o777).toBe(0o600);
    expect(verifyBridge({ dataDir: scratch() }, header)).toBeNull();
  });
});

describe('INTERNAL_URL', () => {
  test('set: it is used as given (without a trailing slash); anything but http(s) stops the start', () => {
    const set = loadConfig({ INTERNAL_URL: 'http://10.0.0.5:3000/', DATA_DIR: '/tmp/unused' });
    expect(set.internalUrl).toBe('http://10.0.0.5:3000');
    expect(ownInternalUrl(set, 4000)).toBe('http://10.0.0.5:3000');
    expect(() => loadConfig({ INTERNAL_URL: 'ftp://10.0.0.5', DATA_DIR: '/tmp/unused' })).toThrow(
      'INTERNAL_URL must be an http:// or https://',
    );
  });

  test('unset: loopback for a loopback or every-interface HOST, else the HOST itself, on the port listened on', () => {
    for (const host of ['127.0.0.1', 'localhost', '0.0.0.0', '::']) expect(ownInternalUrl({ host }, 4100)).toBe('http://127.0.0.1:4100');
    expect(ownInternalUrl({ host: '10.0.0.7' }, 3000)).toBe('http://10.0.0.7:3000');
    expect(ownInternalUrl({ host: 'fd00::7' }, 3000)).toBe('http://[fd00::7]:3000');
  });

  test('BRIDGE=off turns the bridge off; anything else leaves it on', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/unused' }).bridge).toBe(true);
    expect(loadConfig({ BRIDGE: 'off', DATA_DIR: '/tmp/unused' }).bridge).toBe(false);
  });
});
