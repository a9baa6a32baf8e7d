/** The child process of first-start.ts: prepares the database named by the config it is sent, then exits. */
import type { Config } from '../config.js';
import { type FirstStartAnswer, prepareDatabase } from './first-start.js';

process.once('message', async (config: Config) => {
  let answer: FirstStartAnswer;
  try {
    const { database, seed } = await prepareDatabase(config);
    await database.close();
    answer = { seed };
  } catch (error) {
    answer = { error: error instanceof Error ? error.message : String(error) };
  }
  process.send?.(answer, () => process.exit('seed' in answer ? 0 : 1));
});
