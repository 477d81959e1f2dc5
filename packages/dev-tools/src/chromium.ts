// How the repository's browser tests and checks start Chromium: Debian's (playwright's own browser downloads do not
// work here) or the one CHROMIUM_PATH names, headless, and without its background traffic to Google's servers.

/** What to pass to playwright's `chromium.launch()`; `extraArgs` are added to the flags. */
export function chromiumLaunchOptions(extraArgs: readonly string[] = []): { executablePath: string; args: string[] } {
  return {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...extraArgs,
    ],
  };
}
