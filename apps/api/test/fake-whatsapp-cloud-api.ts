/**
 * A local HTTP server that answers as the WhatsApp Business Cloud API documents its messages
 * endpoint (decision 0045): `POST /{version}/{phone-number-id}/messages` with a Bearer token and a
 * template body; success `{ messaging_product, contacts, messages: [{ id }] }`; failures
 * `{ error: { message, type, code, error_data, fbtrace_id } }` with the HTTP status the Cloud API
 * uses (401 for a bad token, 400 for a bad request, 429 with Retry-After for a rate limit). Tests
 * queue the answers of the next calls; each call's request is kept.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CloudApiRequest {
  path: string;
  authorization: string | undefined;
  body: {
    messaging_product?: string;
    to?: string;
    type?: string;
    template?: {
      name?: string;
      language?: { code?: string };
      components?: { type?: string; parameters?: { type?: string; text?: string }[] }[];
    };
  };
}

export interface CannedAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export const cloudError = (status: number, code: number, message: string, headers?: Record<string, string>) => ({
  status,
  body: {
    error: {
      message,
      type: 'OAuthException',
      code,
      error_data: { messaging_product: 'whatsapp', details: message },
      fbtrace_id: 'AbCdEf',
    },
  },
  ...(headers ? { headers } : {}),
});

export interface FakeCloudApi {
  /** WHATSAPP_API_URL for the app: the server's address with the version. */
  url: string;
  token: string;
  phoneNumberId: string;
  requests: CloudApiRequest[];
  /** The answers of the next calls, in order; when none is queued, a success. */
  answers: CannedAnswer[];
  close(): Promise<void>;
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      text += chunk;
    });
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });

export async function startFakeCloudApi(): Promise<FakeCloudApi> {
  const token = 'test-token-EAAG';
  const phoneNumberId = '106540352242922';
  const requests: CloudApiRequest[] = [];
  const answers: CannedAnswer[] = [];
  let sent = 0;
  const server: Server = createServer(async (request, response) => {
    const send = ({ status, body, headers }: CannedAnswer) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(body === undefined ? '' : JSON.stringify(body));
    };
    const text = await readBody(request);
    let body: CloudApiRequest['body'] = {};
    try {
      body = JSON.parse(text);
    } catch {
      send(cloudError(400, 100, 'Invalid parameter'));
      return;
    }
    requests.push({ path: request.url ?? '', authorization: request.headers.authorization, body });
    if (request.method !== 'POST' || request.url !== `/v21.0/${phoneNumberId}/messages`) {
      send(cloudError(400, 100, 'Unsupported post request'));
      return;
    }
    if (request.headers.authorization !== `Bearer ${token}`) {
      send(cloudError(401, 190, 'Invalid OAuth access token'));
      return;
    }
    const template = body.template;
    const parameters = template?.components?.find((component) => component.type === 'body')?.parameters ?? [];
    if (
      body.messaging_product !== 'whatsapp' ||
      !/^\d{12}$/.test(body.to ?? '') ||
      body.type !== 'template' ||
      !template?.name ||
      !['en', 'hi'].includes(template.language?.code ?? '') ||
      parameters.some((parameter) => parameter.type !== 'text' || !parameter.text)
    ) {
      send(cloudError(400, 100, 'Invalid parameter'));
      return;
    }
    const canned = answers.shift();
    if (canned) {
      send(canned);
      return;
    }
    sent += 1;
    send({
      status: 200,
      body: {
        messaging_product: 'whatsapp',
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id: `wamid.TEST${String(sent).padStart(6, '0')}`, message_status: 'accepted' }],
      },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v21.0`,
    token,
    phoneNumberId,
    requests,
    answers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
