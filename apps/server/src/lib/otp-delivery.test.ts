import { createServer as createHttpServer, type IncomingMessage } from 'node:http';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { PRODUCTION_ENV } from '../test/production-env.ts';
import { SmtpMailer } from './mail-smtp.ts';
import { ChannelOtpDelivery, LoggingOtpDelivery, maskContact, otpDeliveryFor, type OtpDelivery, type OtpMessage } from './otp-delivery.ts';
import { Msg91Sms } from './sms-msg91.ts';

const sms: OtpMessage = { channel: 'mobile', to: '9876543210', code: '482913', purpose: 'login', validMinutes: 10 };
const mail: OtpMessage = { channel: 'email', to: 'asha@example.in', code: '715204', purpose: 'reset', validMinutes: 10 };

const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closers) await close();
});

/** A stand-in for MSG91's API on a local port: records each request and answers with `reply`. */
async function fakeMsg91(reply: { status: number; body: object }) {
  const seen: Array<{ url: string; headers: IncomingMessage['headers']; body: unknown }> = [];
  const server = createHttpServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      seen.push({ url: req.url ?? '', headers: req.headers, body: JSON.parse(raw) });
      res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(() => new Promise((r) => server.close(() => r())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

/** Just enough of an SMTP server to accept one message and keep what it was given. */
async function fakeSmtp() {
  const received: { from?: string; to: string[]; data: string } = { to: [], data: '' };
  const server = createTcpServer((socket) => {
    let inData = false;
    let buffer = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      let nl: number;
      while ((nl = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            socket.write('250 queued\r\n');
          } else received.data += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-fake\r\n250 AUTH PLAIN LOGIN\r\n');
        else if (verb === 'AUTH') socket.write('235 ok\r\n');
        else if (verb === 'MAIL') {
          received.from = line;
          socket.write('250 ok\r\n');
        } else if (verb === 'RCPT') {
          received.to.push(line);
          socket.write('250 ok\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go\r\n');
        }
        else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(() => new Promise((r) => server.close(() => r())));
  return { url: `smtp://mailer:secret@127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

function capturedLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write: (chunk, _enc, done) => {
      lines.push(String(chunk));
      done();
    },
  });
  return { log: pino({ level: 'trace' }, stream), lines };
}

describe('Msg91Sms', () => {
  it('sends the code to the number with the 91 prefix through the OTP template', async () => {
    const api = await fakeMsg91({ status: 200, body: { type: 'success', message: 'queued' } });
    await new Msg91Sms({ authKey: 'key-1', templateId: 'tpl-9', apiUrl: api.url }).send(sms);
    expect(api.seen).toHaveLength(1);
    expect(api.seen[0]!.url).toBe('/api/v5/flow/');
    expect(api.seen[0]!.headers.authkey).toBe('key-1');
    expect(api.seen[0]!.body).toEqual({ template_id: 'tpl-9', short_url: '0', recipients: [{ mobiles: '919876543210', otp: '482913', minutes: '10' }] });
  });

  it('throws when the provider refuses, so the caller does not claim the code went out', async () => {
    const refused = await fakeMsg91({ status: 200, body: { type: 'error', message: 'Invalid template' } });
    await expect(new Msg91Sms({ authKey: 'k', templateId: 't', apiUrl: refused.url }).send(sms)).rejects.toThrow(/Invalid template/);
    const down = await fakeMsg91({ status: 503, body: {} });
    await expect(new Msg91Sms({ authKey: 'k', templateId: 't', apiUrl: down.url }).send(sms)).rejects.toThrow(/503/);
  });
});

describe('SmtpMailer', () => {
  it('mails the code with a subject naming what it is for', async () => {
    const server = await fakeSmtp();
    await new SmtpMailer({ smtpUrl: server.url, from: 'Statewise <no-reply@statewise.test>' }).send(mail);
    expect(server.received.to.join()).toContain('asha@example.in');
    expect(server.received.data).toContain('Subject: Your Statewise password reset code');
    expect(server.received.data).toContain('715204 is your one-time code to reset your Statewise password');
  });
});

describe('LoggingOtpDelivery', () => {
  it('never writes the code to the log, and masks the recipient', async () => {
    const { log, lines } = capturedLogger();
    const delivery = new LoggingOtpDelivery(log);
    await delivery.send(sms);
    await delivery.send(mail);
    const all = lines.join('');
    expect(lines).toHaveLength(2);
    expect(all).not.toContain('482913');
    expect(all).not.toContain('715204');
    expect(all).not.toContain('9876543210');
    expect(all).toContain(maskContact('mobile', '9876543210'));
    expect(all).toContain('a***@example.in');
  });
});

describe('otpDeliveryFor', () => {
  const recorder = () => {
    const sent: OtpMessage[] = [];
    return { delivery: { name: 'rec', send: async (m: OtpMessage) => void sent.push(m) } satisfies OtpDelivery, sent };
  };

  it('routes mobiles to SMS and e-mails to mail', async () => {
    const a = recorder();
    const b = recorder();
    const routed = new ChannelOtpDelivery({ mobile: a.delivery, email: b.delivery }, null);
    await routed.send(sms);
    await routed.send(mail);
    expect(a.sent).toEqual([sms]);
    expect(b.sent).toEqual([mail]);
  });

  it('has no log-only fallback outside demo mode', async () => {
    await expect(new ChannelOtpDelivery({}, null).send(sms)).rejects.toThrow(/No delivery is configured for mobile codes/);
    const { log } = capturedLogger();
    const production = otpDeliveryFor(loadConfig({ ...PRODUCTION_ENV, DATA_DIR: '/tmp/statewise-otp-delivery-test' }), log);
    expect(production.name).toBe('mobile:msg91,email:smtp');
    const demo = otpDeliveryFor(loadConfig({ DATA_DIR: '/tmp/statewise-otp-delivery-test' }), log);
    expect(demo.name).toBe('mobile:log,email:log');
  });
});
