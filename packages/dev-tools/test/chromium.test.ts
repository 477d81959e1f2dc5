// The options every browser test starts Chromium with.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { chromiumLaunchOptions } from '../src/chromium.js';

describe('chromiumLaunchOptions', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  test("is Debian's Chromium, headless and without background traffic, unless CHROMIUM_PATH names another", () => {
    vi.stubEnv('CHROMIUM_PATH', undefined);
    const options = chromiumLaunchOptions();
    expect(options.executablePath).toBe('/usr/bin/chromium');
    expect(options.args).toEqual(expect.arrayContaining(['--headless', '--disable-background-networking', '--disable-component-update']));
    vi.stubEnv('CHROMIUM_PATH', '/opt/chromium/chrome');
    expect(chromiumLaunchOptions().executablePath).toBe('/opt/chromium/chrome');
  });

  test('adds the extra flags after its own', () => {
    expect(chromiumLaunchOptions(['--ignore-certificate-errors']).args.at(-1)).toBe('--ignore-certificate-errors');
  });
});
