/**
 * The shop profile (decision 0028): written from the SHOP_* settings on first start, read through
 * the response cache by every bill, mail and page, saved by the admin in parts.
 */
import { canonicalStateName, gstinProblemOf } from '@mandi/shared/kernel';
import type { PolicyKey, Shop, ShopUpdate } from '@mandi/shared/schemas';
import { serverMessage } from '@mandi/shared/server-messages';
import type { ShopProfileSource } from '../../app-deps.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { ResponseCache } from '../../lib/response-cache.js';
import type { UnitOfWork } from '../../platform/unit-of-work.js';
import { shopCache } from './shop.cache.js';
import { DEFAULT_ABOUT_HI, DEFAULT_POLICIES_HI } from './shop.default-texts.hi.js';
import { DEFAULT_ABOUT_EN, DEFAULT_POLICIES_EN } from './shop.default-texts.js';
import { presentShop } from './shop.presenter.js';
import * as repo from './shop.repository.js';

type ShopConfig = Pick<Config, 'shop' | 'seed'>;

/** The first profile: the settings, the default texts, and `demo` as asked. */
export function initialShopProfile(config: Pick<Config, 'shop'>, demo: boolean): repo.ShopProfileValues {
  const { shop } = config;
  return {
    name: shop.name,
    legalName: shop.legalName,
    address: shop.address,
    state: shop.state,
    phone: shop.phone ?? null,
    email: shop.email ?? null,
    fssaiNumber: shop.fssaiNumber ?? null,
    gstin: shop.gstin ?? null,
    upiId: shop.upiId ?? null,
    grievanceName: null,
    grievanceEmail: null,
    grievancePhone: null,
    // Kept with `{shop}`: read as the name of the moment, so renaming the shop renames its texts.
    policies: DEFAULT_POLICIES_EN,
    policiesHi: DEFAULT_POLICIES_HI,
    about: DEFAULT_ABOUT_EN,
    aboutHi: DEFAULT_ABOUT_HI,
    demo,
  };
}

/**
 * Writes the profile from the settings unless the database has one: at every start (after seeding)
 * and on the first read of a database that has none. `demo` follows SEED: a database seeded with
 * the demo data shows the demo identity until the first save; `SEED=none` starts as the shop itself.
 * Two processes starting at once write one row (the second insert does nothing).
 */
export async function ensureShopProfile(
  db: Db,
  config: ShopConfig,
  demo: boolean = config.seed === 'demo',
): Promise<void> {
  await repo.insertShopProfileIfMissing(db, initialShopProfile(config, demo));
}

export async function loadShop(db: Db, config: ShopConfig): Promise<Shop> {
  let row = await repo.findShopProfile(db);
  if (!row) {
    await ensureShopProfile(db, config);
    row = await repo.findShopProfile(db);
  }
  if (!row) throw new Error('the shop profile could not be written');
  return presentShop(row);
}

/**
 * The profile through the response cache (one entry, the answer of `GET /api/shop`): a hot read
 * costs no query, a save drops it on every process. The parsed profile is kept beside the entry's
 * text, so many readers of the same entry parse it once.
 */
export function createShopProfileSource(db: Db, cache: ResponseCache, config: ShopConfig): ShopProfileSource {
  let known: { answer: string; shop: Shop; shopJson: string } | null = null;
  const answerJson = () =>
    cache.json(shopCache.reads.profile, undefined, async () => ({ success: true, shop: await loadShop(db, config) }));
  const read = async () => {
    const answer = await answerJson();
    if (known?.answer !== answer) {
      const shop = (JSON.parse(answer) as { shop: Shop }).shop;
      // The pages carry the identity without the policies: those are read by their own pages.
      const { policies: _policies, policiesHi: _policiesHi, ...identity } = shop;
      known = { answer, shop, shopJson: JSON.stringify(identity) };
    }
    return known;
  };
  return {
    answerJson,
    current: async () => (await read()).shop,
    shopJson: async () => (await read()).shopJson,
  };
}

/** Checks the saved state and GSTIN together: the GSTIN's first two digits are its state's code. */
function checkGstin(gstin: string | null, state: string): void {
  if (!gstin) return;
  const problem = gstinProblemOf(gstin, state);
  if (!problem) return;
  if (problem.kind === 'format') throw new AppError('invalid', serverMessage('gstinFormat'));
  if (problem.kind === 'checkCharacter') throw new AppError('invalid', serverMessage('gstinCheckCharacter'));
  throw new AppError(
    'invalid',
    serverMessage('gstinStateCode', { code: problem.code, state: problem.state, stateCode: problem.stateCode }),
  );
}

/**
 * Saves the fields given (the others keep their values), checked together with the saved ones
 * (a GSTIN against the state), and ends the demo identity. Every process drops its copy.
 */
export async function saveShop(work: UnitOfWork, config: ShopConfig, update: ShopUpdate): Promise<Shop> {
  let state: string | undefined;
  if (update.state !== undefined) {
    state = canonicalStateName(update.state);
    if (!state) throw new AppError('invalid', serverMessage('shopStateUnknown'));
  }
  await ensureShopProfile(work.db, config);
  const row = await work.transaction(async (tx, touch) => {
    const saved = await repo.lockShopProfile(tx);
    if (!saved) throw new Error('the shop profile row is missing');
    const gstin = update.gstin !== undefined ? update.gstin : saved.gstin;
    checkGstin(gstin, state ?? saved.state);
    const officer = update.grievanceOfficer ?? {};
    const values: Partial<repo.ShopProfileValues> = {
      ...(update.name !== undefined ? { name: update.name } : {}),
      ...(update.legalName !== undefined ? { legalName: update.legalName } : {}),
      ...(update.address !== undefined ? { address: update.address } : {}),
      ...(state !== undefined ? { state } : {}),
      ...(update.phone !== undefined ? { phone: update.phone } : {}),
      ...(update.email !== undefined ? { email: update.email } : {}),
      ...(update.fssaiNumber !== undefined ? { fssaiNumber: update.fssaiNumber } : {}),
      ...(update.gstin !== undefined ? { gstin: update.gstin } : {}),
      ...(update.upiId !== undefined ? { upiId: update.upiId } : {}),
      ...(officer.name !== undefined ? { grievanceName: officer.name } : {}),
      ...(officer.email !== undefined ? { grievanceEmail: officer.email } : {}),
      ...(officer.phone !== undefined ? { grievancePhone: officer.phone } : {}),
      ...(update.policies ? { policies: { ...saved.policies, ...definedOnly(update.policies) } } : {}),
      ...(update.policiesHi ? { policiesHi: { ...saved.policiesHi, ...definedOnly(update.policiesHi) } } : {}),
      ...(update.about !== undefined ? { about: update.about } : {}),
      ...(update.aboutHi !== undefined ? { aboutHi: update.aboutHi } : {}),
      ...(update.tagline !== undefined ? { tagline: update.tagline } : {}),
      ...(update.taglineHi !== undefined ? { taglineHi: update.taglineHi } : {}),
      ...(update.subscriptionCutoff !== undefined ? { subscriptionCutoff: update.subscriptionCutoff } : {}),
      demo: false,
    };
    touch(...shopCache.writes.saved.tags());
    return repo.updateShopProfile(tx, values);
  });
  return presentShop(row);
}

const definedOnly = (texts: Partial<Record<PolicyKey, string | undefined>>): Record<string, string> =>
  Object.fromEntries(Object.entries(texts).filter((entry): entry is [string, string] => entry[1] !== undefined));
