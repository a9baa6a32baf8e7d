/**
 * Complaint tickets across two real server processes on one PostgreSQL database (decision 0030):
 * 40 complaints made at once, half on each server, get 40 different tickets, consecutive from one
 * sequence (no gaps: nothing rolls back), every one stored once. Runs only when TEST_DATABASE_URL
 * is set (PGlite is one process).
 */
import { describe, expect, it } from 'vitest';
import { complaints } from '../../src/db/schema.js';
import { createUser, TEST_PASSWORD } from '../factories.js';
import { call, login, type ServerProcess, useServerGroup } from '../server-process.js';

const COMPLAINTS = 40;
const ticketNumber = (ticket: string) => Number(ticket.replace(/^C-/, ''));

describe.skipIf(!process.env.TEST_DATABASE_URL)('complaint tickets shared by two server processes', () => {
  const group = useServerGroup(2);

  it(`gives ${COMPLAINTS} complaints made at once on two servers ${COMPLAINTS} different tickets`, async () => {
    const servers = group.servers as [ServerProcess, ServerProcess];
    const shoppers = await Promise.all(Array.from({ length: 2 }, () => createUser(group.db.db)));
    const cookies = await Promise.all(
      servers.flatMap((server) => shoppers.map((shopper) => login(server.url, shopper.email, TEST_PASSWORD))),
    );
    const make = (i: number) =>
      call((servers[i % 2] as ServerProcess).url, 'POST', '/api/user/complaints', {
        cookie: cookies[(i % 2) * shoppers.length + (Math.floor(i / 2) % shoppers.length)],
        json: { subject: `Problem ${i}`, message: `Something went wrong with delivery ${i}.` },
        timeoutMs: 60_000,
      });

    const made = await Promise.all(Array.from({ length: COMPLAINTS }, (_, i) => make(i)));
    expect(made.map((answer) => answer.status)).toEqual(Array(COMPLAINTS).fill(201));
    const tickets = made.map((answer) => (answer.body.complaint as { ticket: string }).ticket);
    expect(tickets.every((ticket) => /^C-\d{6}$/.test(ticket))).toBe(true);
    const numbers = tickets.map(ticketNumber).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(COMPLAINTS);
    // One sequence, nothing rolled back: consecutive.
    expect(numbers).toEqual(Array.from({ length: COMPLAINTS }, (_, i) => (numbers[0] ?? 0) + i));

    const stored = await group.db.db.select({ ticketNumber: complaints.ticketNumber }).from(complaints);
    expect(stored.map((row) => row.ticketNumber).sort((a, b) => a - b)).toEqual(numbers);

    const after = await make(1);
    expect(after.status).toBe(201);
    expect(ticketNumber((after.body.complaint as { ticket: string }).ticket)).toBe((numbers.at(-1) ?? 0) + 1);
  }, 180_000);
});
