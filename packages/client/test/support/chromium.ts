// What the browser tests share: the client bundled for the browser as users bundle it, and Chromium started as every
// browser test of the repository starts it.
import { fileURLToPath } from 'node:url';
import { chromiumLaunchOptions } from '@thumbnail-api/dev-tools/chromium';
import { build } from 'esbuild';
import { type Browser, chromium } from 'playwright-core';

/** The client's source bundled as one ES module for the browser platform, as a user's bundler makes it. */
export async function bundleClientForBrowser(): Promise<string> {
  const entry = fileURLToPath(new URL('../../src/index.ts', import.meta.url));
  const bundle = await build({ entryPoints: [entry], bundle: true, format: 'esm', platform: 'browser', write: false });
  return bundle.outputFiles[0]?.text ?? '';
}

/** Starts Chromium as every browser test of the repository does; `extraArgs` are added to its flags. */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions(extraArgs));
}
