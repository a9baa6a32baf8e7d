/**
 * The WhatsApp Business Cloud API client (decision 0045): one template message per call,
 * `POST {WHATSAPP_API_URL}/{phone-number-id}/messages` with the Bearer token. It never throws: a
 * network failure or a timeout is a transient outcome, every answer is judged by the rules.
 */
import type { ShopLanguage } from '@mandi/shared';
import type { NotificationTemplate } from '@mandi/shared/schemas';
import { judgeAnswer, type SendOutcome, templateRequestBody } from './notifications.rules.js';

export interface WhatsAppSender {
  send(message: {
    recipient: string;
    template: NotificationTemplate;
    language: ShopLanguage;
    parameters: readonly string[];
  }): Promise<SendOutcome>;
}

export interface WhatsAppClientOptions {
  apiUrl: string;
  token: string;
  phoneNumberId: string;
  /** A request that has not answered by then is a transient failure. */
  timeoutMs?: number;
  now?: () => Date;
}

export function createWhatsAppClient({
  apiUrl,
  token,
  phoneNumberId,
  timeoutMs = 15_000,
  now = () => new Date(),
}: WhatsAppClientOptions): WhatsAppSender {
  const url = `${apiUrl}/${encodeURIComponent(phoneNumberId)}/messages`;
  return {
    async send(message) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(templateRequestBody(message)),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        return { kind: 'transient', error: `no answer: ${error instanceof Error ? error.message : String(error)}` };
      }
      const text = await response.text().catch(() => '');
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = null;
      }
      return judgeAnswer(response.status, body, response.headers.get('retry-after'), now());
    },
  };
}
