import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../config.js';
import { createMailer } from './mail.js';

const silentLog = { info() {} } as unknown as Parameters<typeof createMailer>[1];

describe('the file outbox (no SMTP_URL)', () => {
  let dataDir = '';
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('writes each mail as a private .eml file and makes the outbox again if it was removed', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandi-mail-'));
    const outboxDir = path.join(dataDir, 'outbox');
    const mailer = createMailer({ mailFrom: 'Mandi <shop@mandi.local>', outboxDir } as Config, silentLog);

    await mailer.send({ to: 'asha@example.com', subject: 'Order placed', text: 'Thank you' });
    expect(fs.readdirSync(outboxDir)).toHaveLength(1);
    expect(fs.statSync(outboxDir).mode & 0o777).toBe(0o700);

    fs.rmSync(outboxDir, { recursive: true });
    await mailer.send({ to: 'asha@example.com', subject: 'Order packed', text: 'Your bill' });
    const [file = ''] = fs.readdirSync(outboxDir);
    expect(fs.readFileSync(path.join(outboxDir, file), 'utf8')).toContain('Subject: Order packed');
    expect(fs.statSync(path.join(outboxDir, file)).mode & 0o777).toBe(0o600);
    expect(fs.statSync(outboxDir).mode & 0o777).toBe(0o700);
  });
});
