/** Test data straight into the database: users (with a logged-in cookie), categories, products. */
import { randomBytes } from 'node:crypto';
import type { Unit } from '@mandi/shared/kernel';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client.js';
import { categories, products, users } from '../src/db/schema.js';
import { hashPassword } from '../src/lib/passwords.js';

let sequence = 0;
const unique = () => `${Date.now().toString(36)}${(sequence++).toString(36)}${randomBytes(2).toString('hex')}`;

export const TEST_PASSWORD = 'correct-horse-42';
let passwordHash: Promise<string> | undefined;

export async function createUser(
  db: Db,
  overrides: Partial<{
    firstName: string;
    lastName: string;
    email: string;
    role: 'Admin' | 'User';
    password: string;
    /** Whether the address is confirmed (decision 0055); true unless a test is about confirming. */
    emailConfirmed: boolean;
  }> = {},
) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const hash = overrides.password ? hashPassword(overrides.password) : passwordHash;
  const [user] = await db
    .insert(users)
    .values({
      firstName: overrides.firstName ?? 'Asha',
      lastName: overrides.lastName ?? 'Patel',
      email: overrides.email ?? `shopper-${unique()}@example.com`,
      role: overrides.role ?? 'User',
      passwordHash: await hash,
      emailConfirmedAt: overrides.emailConfirmed === false ? null : new Date(),
    })
    .returning();
  if (!user) throw new Error('user insert failed');
  return { ...user, password: overrides.password ?? TEST_PASSWORD };
}

/** Logs in through the API and returns the Cookie header value to send. */
export async function loginAs(app: FastifyInstance, email: string, password = TEST_PASSWORD): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password } });
  const cookie = response.cookies.find((c) => c.name === 'token');
  if (!cookie) throw new Error(`login failed for ${email}: ${response.statusCode} ${response.body}`);
  return `token=${cookie.value}`;
}

export async function createCategory(db: Db, name = `Category ${unique()}`) {
  const [category] = await db.insert(categories).values({ name }).returning();
  if (!category) throw new Error('category insert failed');
  return category;
}

export async function createProduct(
  db: Db,
  overrides: Partial<{
    name: string;
    aliases: string[];
    rate: number;
    stockKg: number;
    weightsKg: number[];
    categoryId: string;
    createdAt: Date;
    hsnCode: string;
    gstRate: number;
    /** kg when absent; `stockKg` and `weightsKg` are then in this unit. */
    unit: Unit;
  }> = {},
) {
  const categoryId = overrides.categoryId ?? (await createCategory(db)).id;
  const [product] = await db
    .insert(products)
    .values({
      name: overrides.name ?? `Product ${unique()}`,
      ...(overrides.aliases ? { aliases: overrides.aliases } : {}),
      ratePaise: Math.round((overrides.rate ?? 50) * 100),
      stockGrams: Math.round((overrides.stockKg ?? 10) * 1000),
      weightOptionsGrams: (overrides.weightsKg ?? [0.5, 1, 1.5, 2]).map((kg) => Math.round(kg * 1000)),
      categoryId,
      ...(overrides.createdAt ? { createdAt: overrides.createdAt } : {}),
      ...(overrides.hsnCode ? { hsnCode: overrides.hsnCode } : {}),
      ...(overrides.gstRate !== undefined ? { gstRate: overrides.gstRate } : {}),
      ...(overrides.unit ? { unit: overrides.unit } : {}),
    })
    .returning();
  if (!product) throw new Error('product insert failed');
  return product;
}
