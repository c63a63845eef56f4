import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { createServer, type Socket } from 'node:net';
import { test } from 'node:test';
import { consoleEmail, smtpEmail } from '.';

test('the console e-mail prints [email] to=<address> subject=<subject>, then the body', async () => {
  const out: string[] = [];
  await consoleEmail((text) => out.push(text)).send({
    to: 'li@example.cn',
    subject: '报名成功',
    text: '您已成功支付。',
  });
  assert.deepEqual(out, ['[email] to=li@example.cn subject=报名成功\n您已成功支付。\n']);
});

/** A minimal SMTP server on 127.0.0.1 that accepts every message and keeps the envelope and the data. */
async function fakeSmtp() {
  const messages: { from: string; to: string[]; data: string }[] = [];
  const server = createServer((socket: Socket) => {
    let buffer = '';
    let inData = false;
    let current = { from: '', to: [] as string[], data: '' };
    socket.write('220 fake.smtp ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          messages.push(current);
          current = { from: '', to: [], data: '' };
          socket.write('250 OK queued\r\n');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 fake.smtp\r\n');
        else if (verb === 'MAIL') {
          current.from = line.replace(/^MAIL FROM:\s*/i, '');
          socket.write('250 OK\r\n');
        } else if (verb === 'RCPT') {
          current.to.push(line.replace(/^RCPT TO:\s*/i, ''));
          socket.write('250 OK\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { port, messages, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

test('SMTP: the message goes to the server in SMTP_URL from MAIL_FROM, its Chinese subject and body intact', async () => {
  const smtp = await fakeSmtp();
  try {
    const email = smtpEmail({ url: `smtp://127.0.0.1:${smtp.port}`, from: '考试能力 <notify@exam.example.cn>' });
    await email.send({ to: 'li@example.cn', subject: '考试已取消', text: '您报名的考试已被考点取消。' });
    assert.equal(smtp.messages.length, 1);
    const [message] = smtp.messages;
    assert.match(message?.from ?? '', /<notify@exam\.example\.cn>/);
    assert.deepEqual(message?.to, ['<li@example.cn>']);
    const data = message?.data ?? '';
    assert.match(data, /^To: li@example\.cn$/m);
    const subject = /^Subject: =\?UTF-8\?B\?([^?]+)\?=$/m.exec(data)?.[1] ?? '';
    assert.equal(Buffer.from(subject, 'base64').toString('utf8'), '考试已取消');
    assert.match(data, /^Content-Type: text\/plain; charset=utf-8$/m);
    assert.match(data, /^Content-Transfer-Encoding: base64$/m);
    const body = data.slice(data.indexOf('\r\n\r\n') + 4).replace(/\s+/g, '');
    assert.equal(Buffer.from(body, 'base64').toString('utf8'), '您报名的考试已被考点取消。');
  } finally {
    await smtp.close();
  }
});
