import nodemailer from "nodemailer";
import { SMTPServer } from "smtp-server";
import { afterEach, describe, expect, it } from "vitest";
import { i18nFor } from "~/infra/i18n.server";
import { mailServerWords, testEmailOutcome, type MailError } from "~/lib/mail-test";
import { freePort } from "../helpers/free-port";
import { smtpSink } from "../helpers/mail-sinks";

describe("what a test e-mail's failure means", () => {
  it.each<[MailError, ReturnType<typeof testEmailOutcome>]>([
    [{ code: "EAUTH", response: "535 5.7.8 Authentication credentials invalid" }, "wrongPassword"],
    [{ code: "ECONNECTION", message: "Connection closed" }, "unreachable"],
    [{ code: "ETIMEDOUT", message: "Connection timeout" }, "unreachable"],
    [{ code: "ESOCKET", originalCode: "ECONNREFUSED", message: "connect ECONNREFUSED 127.0.0.1:1" }, "unreachable"],
    [{ code: "EDNS", originalCode: "ENOTFOUND", message: "getaddrinfo ENOTFOUND smtp.nowhere" }, "unreachable"],
    [{ code: "ENOTFOUND" }, "unreachable"],
    [{ code: "ESOCKET", originalCode: "DEPTH_ZERO_SELF_SIGNED_CERT", message: "self-signed certificate" }, "certificate"],
    [{ code: "ESOCKET", originalCode: "ERR_TLS_CERT_ALTNAME_INVALID", message: "Hostname/IP does not match certificate's altnames" }, "certificate"],
    [{ code: "ETLS", message: "Error initiating TLS - certificate has expired" }, "certificate"],
    [{ code: "EENVELOPE", response: "550 5.1.1 No such user" }, "other"],
    [{ message: "something odd" }, "other"],
    [{}, "other"],
  ])("%o is %s", (error, outcome) => {
    expect(testEmailOutcome(error)).toBe(outcome);
  });

  it("quotes the server's reply line, else the message, on one bounded line", () => {
    expect(mailServerWords({ response: "250 2.0.0 Ok: queued as 12345" })).toBe("250 2.0.0 Ok: queued as 12345");
    expect(mailServerWords({ message: "connect ECONNREFUSED\n127.0.0.1:25" })).toBe("connect ECONNREFUSED 127.0.0.1:25");
    expect(mailServerWords({ message: "x".repeat(1000) })).toHaveLength(300);
  });

  it("has a sentence in both languages for each outcome, with the server's words", async () => {
    for (const lang of ["es", "en"] as const) {
      const t = (await i18nFor(lang)).getFixedT(lang, "emails");
      for (const outcome of ["accepted", "wrongPassword", "unreachable", "certificate", "other"]) {
        const text = t(`test.outcomes.${outcome}`, { reply: "535 nope" });
        expect(text).toContain("535 nope");
        expect(text).not.toContain("test.outcomes");
      }
    }
  });
});

describe("real servers' answers, as nodemailer reports them", () => {
  const stops: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const stop of stops.splice(0)) await stop();
  });
  const send = (url: string) =>
    nodemailer
      .createTransport({ url, connectionTimeout: 5000, greetingTimeout: 5000, socketTimeout: 5000 })
      .sendMail({ from: "boda@example.com", to: "ana@example.com", subject: "Prueba", text: "Hola" });
  const failureOf = async (url: string) => {
    try {
      await send(url);
    } catch (error) {
      return error as MailError;
    }
    throw new Error("the send was accepted");
  };

  it("a server that refuses the login: wrong password", async () => {
    const port = await freePort();
    const sink = smtpSink(port, { refuseAuth: true });
    await sink.start();
    stops.push(sink.stop);
    const error = await failureOf(`smtp://ana:wrong@127.0.0.1:${port}`);
    expect(testEmailOutcome(error)).toBe("wrongPassword");
    expect(mailServerWords(error)).toContain("535");
    expect(sink.received).toHaveLength(0);
  });

  it("a closed port: unreachable", async () => {
    const port = await freePort();
    expect(testEmailOutcome(await failureOf(`smtp://127.0.0.1:${port}`))).toBe("unreachable");
  });

  it("a server whose certificate is not trusted (self-signed): certificate refused", async () => {
    const port = await freePort();
    // smtp-server's own built-in certificate is self-signed.
    const server = new SMTPServer({ secure: true, authOptional: true, logger: false });
    // The client hanging up during the TLS handshake is what this case is about, not a failure.
    server.on("error", () => {});
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
    stops.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    expect(testEmailOutcome(await failureOf(`smtps://127.0.0.1:${port}`))).toBe("certificate");
  });

  it("a server that takes the message: its reply line", async () => {
    const port = await freePort();
    const sink = smtpSink(port);
    await sink.start();
    stops.push(sink.stop);
    const info = await send(`smtp://127.0.0.1:${port}`);
    expect(mailServerWords({ response: info.response })).toMatch(/^250 /);
    expect(sink.received).toHaveLength(1);
  });
});
