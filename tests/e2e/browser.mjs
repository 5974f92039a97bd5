// How the e2e tests and `./dev bench-browser` start Chromium: Debian's Chromium, never a
// Playwright-downloaded browser (no `channel`): this machine cannot download one, and the system
// browser is what the wasm-bindgen tests use too.

export const BROWSER = {
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  viewport: { width: 1440, height: 900 },
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};
