/**
 * The first-start report on the console: the admin login, with the password only when it was
 * generated (the only time it is shown); a configured ADMIN_PASSWORD is never printed.
 */
import { DEMO_SHOPPER_PASSWORD, type SeedResult } from './seed.js';
import { SEED_SHOPPERS } from './seed-data.js';

export function seedReportLines(seed: SeedResult): string[] {
  if (!seed.seeded || !seed.admin) return [];
  const { email, generatedPassword } = seed.admin;
  return [
    '',
    '  Mandi database created and seeded.',
    `  Admin login:    ${email}`,
    generatedPassword
      ? `  Admin password: ${generatedPassword}   (generated: keep it, it is shown only now)`
      : '  Admin password: the one set in ADMIN_PASSWORD',
    ...(seed.withDemoData ? [`  Demo shopper:   ${SEED_SHOPPERS[0]?.email} / ${DEMO_SHOPPER_PASSWORD}`] : []),
    '',
  ];
}

export function printSeedResult(seed: SeedResult): void {
  const lines = seedReportLines(seed);
  if (lines.length > 0) console.log(lines.join('\n'));
}
