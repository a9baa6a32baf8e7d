/** Prints the first-start admin login to the console (the only time a generated password is shown). */
import { DEMO_SHOPPER_PASSWORD, type SeedResult } from './seed.js';
import { SEED_SHOPPERS } from './seed-data.js';

export function printSeedResult(seed: SeedResult): void {
  if (!seed.seeded || !seed.admin) return;
  const lines = [
    '',
    '  Mandi database created and seeded.',
    `  Admin login:    ${seed.admin.email}`,
    `  Admin password: ${seed.admin.password}${seed.admin.isGenerated ? '   (generated: keep it, it is shown only now)' : ''}`,
    `  Demo shopper:   ${SEED_SHOPPERS[0]?.email} / ${DEMO_SHOPPER_PASSWORD}`,
    '',
  ];
  console.log(lines.join('\n'));
}
