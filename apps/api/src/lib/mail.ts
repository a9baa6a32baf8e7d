/**
 * Outgoing mail. With SMTP_URL set, real mail through nodemailer; without it (the embedded
 * default) each message is written to DATA_DIR/outbox as an .eml file, so a reset can still be
 * finished on a fresh machine.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config.js';
import { makePrivateDir, PRIVATE_FILE_MODE } from './private-files.js';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  /** The sender; without it MAIL_FROM (`withShopSender` gives every mail the shop's name). */
  from?: { name: string; address: string };
  /** Where a reply goes: the shop's own address, when its profile has one. */
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the mail (the final bill's PDF); nodemailer takes them as they are. */
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** The address part of MAIL_FROM (`Name <address>` or a bare address). */
export function mailAddressOf(from: string): string {
  return /<([^<>]+)>\s*$/.exec(from)?.[1]?.trim() ?? from.trim();
}

/**
 * Every mail sent in the shop's name as its profile says it now, from MAIL_FROM's address (the
 * one the mail server accepts), replies to the shop's own address (decision 0056): a shop renamed
 * in its settings is renamed in its mails' sender at once, never "Mandi".
 */
export function withShopSender(
  mailer: Mailer,
  currentShop: () => Promise<{ name: string; email: string | null }>,
  mailFrom: string,
): Mailer {
  const address = mailAddressOf(mailFrom);
  return {
    async send(message) {
      const shop = await currentShop();
      await mailer.send({
        from: { name: shop.name, address },
        ...(shop.email ? { replyTo: shop.email } : {}),
        ...message,
      });
    },
  };
}

/** nodemailer is loaded with the first mail: most processes send none for a long time (memory). */
function lazyTransport(
  options: Parameters<typeof import('nodemailer')['createTransport']>[0],
): () => Promise<Transporter> {
  let transport: Promise<Transporter> | undefined;
  return () => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(options));
    return transport;
  };
}

export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) {
    const transport = lazyTransport(config.smtpUrl);
    return {
      async send(message) {
        await (await transport()).sendMail({ from: config.mailFrom, ...message });
      },
    };
  }
  const fileTransport = lazyTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  // The outbox is made (and made private) once, not per mail: at checkout rates creating and
  // checking it cost a good part of each order's CPU. If someone removes it while the shop runs,
  // the next mail makes it again.
  let outboxReady: Promise<void> | null = null;
  const ensureOutbox = () => {
    outboxReady ??= makePrivateDir(config.outboxDir).catch((error: unknown) => {
      outboxReady = null;
      throw error;
    });
    return outboxReady;
  };
  return {
    async send(message) {
      const info = await (await fileTransport()).sendMail({ from: config.mailFrom, ...message });
      await ensureOutbox();
      const file = path.join(
        config.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`,
      );
      const write = () => writeFileOffLoop(file, info.message as Buffer);
      try {
        await write();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        outboxReady = null;
        await ensureOutbox();
        await write();
      }
      // The file name, never the link: a reset link in the log would be a working credential.
      log.info({ to: message.to, file }, `mail written to the outbox: ${message.subject}`);
    },
  };
}

/**
 * open, write, close on the thread pool, with one promise for the three: fs/promises' FileHandle
 * costs 0.27 ms of CPU a file, these plain calls 0.19 ms. Not synchronously: creating a file can
 * wait on the file system's journal while the database flushes its log (0.6 ms an open, measured at
 * checkout rates), which must not hold up the event loop.
 */
function writeFileOffLoop(file: string, bytes: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    fs.open(file, 'w', PRIVATE_FILE_MODE, (openError, fd) => {
      if (openError) return reject(openError);
      // writeFile on a descriptor writes every byte, however many calls that takes.
      fs.writeFile(fd, bytes, (writeError) => {
        fs.close(fd, (closeError) => {
          const error = writeError ?? closeError;
          if (error) reject(error);
          else resolve();
        });
      });
    });
  });
}
