/**
 * Every failure the API sends carries the code of its message (decision 0018): `code` a key of
 * SERVER_MESSAGES, `values` that fill that message back to the English `message` exactly, and
 * for a list, `errors` with the same for every line. The test app checks each answer it sends.
 */
import { fillMessage, SERVER_MESSAGES } from '@mandi/shared/server-messages';

type Coded = { code?: unknown; values?: unknown; message?: unknown };

function problemOf(entry: Coded, where: string): string | null {
  if (typeof entry.code !== 'string' || !Object.hasOwn(SERVER_MESSAGES, entry.code)) {
    return `${where}: code ${JSON.stringify(entry.code)} is not a key of SERVER_MESSAGES`;
  }
  if (typeof entry.values !== 'object' || entry.values === null || Array.isArray(entry.values)) {
    return `${where}: values ${JSON.stringify(entry.values)} is not an object`;
  }
  const template = SERVER_MESSAGES[entry.code as keyof typeof SERVER_MESSAGES] as string;
  const missing = [...template.matchAll(/\{(\w+)\}/g)]
    .map((match) => match[1] ?? '')
    .filter((name) => !Object.hasOwn(entry.values as object, name));
  if (missing.length) return `${where}: ${entry.code} has no value for ${missing.join(', ')}`;
  const filled = fillMessage(template, entry.values as Record<string, string | number>);
  if (filled !== entry.message) {
    return `${where}: ${entry.code} with ${JSON.stringify(entry.values)} reads "${filled}", not "${String(entry.message)}"`;
  }
  return null;
}

/** What is wrong with the codes of a failure's JSON body, or null when nothing is (or it is no failure). */
export function messageCodeProblem(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const answer = body as Coded & { success?: unknown; errors?: unknown };
  // The spec's "no session" answer carries an empty message and nothing to translate.
  if (answer.success !== false || answer.message === '') return null;
  if (Array.isArray(answer.message)) {
    if (!Array.isArray(answer.errors) || answer.errors.length !== answer.message.length) {
      return 'a list of messages without one entry per line in errors';
    }
    const errors = answer.errors as Coded[];
    for (const [index, entry] of errors.entries()) {
      const problem =
        problemOf(entry, `errors[${index}]`) ??
        (entry.message === answer.message[index] ? null : `errors[${index}] is not message[${index}]`);
      if (problem) return problem;
    }
    return problemOf({ ...answer, message: answer.message[0] }, 'the first message');
  }
  return problemOf(answer, 'the message');
}
