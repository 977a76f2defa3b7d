// The sender against a real SMTP conversation: a minimal SMTP server on a local port receives what
// nodemailer sends through smtpTransport(SMTP_URL); while it is down, mail waits in the outbox.
import { createServer, type Server } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseFactories, type TestDatabase } from "../../../tests/support/databases.ts";
import { enqueueMail, getMail } from "./outbox.server.ts";
import { smtpTransport, startMailSender } from "./sender.server.ts";

interface Received {
  from: string;
  to: string[];
  data: string;
}

function smtpServer(received: Received[]): Server {
  return createServer((socket) => {
    let current: Received = { from: "", to: [], data: "" };
    let inData = false;
    let buffer = "";
    socket.write("220 test ESMTP\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: "", to: [], data: "" };
          socket.write("250 OK queued\r\n");
          continue;
        }
        const nl = buffer.indexOf("\r\n");
        if (nl < 0) return;
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") socket.write("250-test\r\n250 8BITMIME\r\n");
        else if (verb === "MAIL") {
          current.from = line;
          socket.write("250 OK\r\n");
        } else if (verb === "RCPT") {
          current.to.push(line);
          socket.write("250 OK\r\n");
        } else if (verb === "DATA") {
          inData = true;
          socket.write("354 go ahead\r\n");
        } else if (verb === "QUIT") socket.end("221 bye\r\n");
        else socket.write("250 OK\r\n");
      }
    });
  });
}

const [factory] = testDatabaseFactories();

describe("mail sender over SMTP", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await factory!.create();
  });
  afterAll(async () => {
    await t?.drop();
  });

  it("keeps mail while the SMTP server is down and delivers it once it is up", async () => {
    const received: Received[] = [];
    const server = smtpServer(received);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as { port: number }).port;
    await new Promise<void>((resolve) => server.close(() => resolve()));

    const { id } = await enqueueMail(t.db, { to: "dealer@example.com", subject: "New lead: 2021 Toyota RAV4", text: "Is it available?", kind: "lead" });
    const transport = smtpTransport(`smtp://127.0.0.1:${port}?ignoreTLS=true`);
    const sender = startMailSender({ db: t.db, transport, from: "Forecourt <no-reply@forecourt.local>", intervalMs: 60_000 });
    // Down: the attempt fails and the mail stays pending for a retry.
    await sender.tick();
    await expect.poll(async () => (await getMail(t.db, id))?.attempts).toBeGreaterThanOrEqual(1);
    let row = await getMail(t.db, id);
    expect(row?.status).toBe("pending");
    expect(row?.lastError).toMatch(/ECONNREFUSED|ECONNECTION/);

    // Up again: make the retry due now and let the sender run.
    server.listen(port, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    await t.db.kysely.updateTable("mail_outbox").set({ next_attempt_at: 0 }).where("id", "=", id).execute();
    await sender.tick();
    row = await getMail(t.db, id);
    expect(row?.status).toBe("sent");
    expect(received).toHaveLength(1);
    expect(received[0]!.to.join()).toContain("dealer@example.com");
    expect(received[0]!.data).toContain("Subject: New lead: 2021 Toyota RAV4");
    expect(received[0]!.data).toContain("Is it available?");
    expect(received[0]!.data.toLowerCase()).toContain(`x-forecourt-mail-id: ${id}`);

    // A new mail goes out without waiting for the poll.
    const second = await enqueueMail(t.db, { to: "other@example.com", subject: "Second", text: "2", kind: "lead" });
    await expect.poll(async () => (await getMail(t.db, second.id))?.status, { timeout: 5000 }).toBe("sent");

    // An alert mail carries its one-click unsubscribe URL as RFC 8058 headers; other mail none.
    const link = "https://cars.example/account/unsubscribe?token=abc.def";
    const alert = await enqueueMail(t.db, {
      to: "shopper@example.com",
      subject: "Price drop",
      text: `Unsubscribe: ${link}`,
      kind: "price-drop",
      listUnsubscribe: link,
    });
    await expect.poll(async () => (await getMail(t.db, alert.id))?.status, { timeout: 5000 }).toBe("sent");
    const alertData = received.find((r) => r.to.join().includes("shopper@example.com"))!.data;
    expect(alertData).toMatch(new RegExp(`^List-Unsubscribe: <${link.replace(/[.?]/g, "\\$&")}>\r?$`, "m"));
    expect(alertData).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(received[0]!.data).not.toMatch(/List-Unsubscribe/i);
    await sender.stop();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});
