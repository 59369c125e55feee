import { describe, expect, it } from "vitest";
import { parseConfig } from "~/infra/config.server";

/** E-mail and the couple's notifications are optional, and checked at boot when set. */
const mail = { SMTP_URL: "smtp://user:pass@mail.example.com:587", MAIL_FROM: "Valeria y Sebastián <boda@example.com>", PUBLIC_URL: "https://boda.example.com" };

describe("configuration of e-mail and notifications", () => {
  it("is off by default, with a rate of 20 a minute", () => {
    const cfg = parseConfig({});
    expect([cfg.SMTP_URL, cfg.MAIL_FROM, cfg.NOTIFY_EMAIL, cfg.NOTIFY_URL, cfg.NOTIFY_DIGEST]).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(cfg.MAIL_RATE_PER_MINUTE).toBe(20);
  });

  it("takes smtp:// and smtps:// addresses, a sender with or without a name, and a list of addresses to notify", () => {
    expect(parseConfig(mail).SMTP_URL).toBe(mail.SMTP_URL);
    expect(parseConfig({ ...mail, SMTP_URL: "smtps://u:p@smtp.example.com:465" }).SMTP_URL).toBe("smtps://u:p@smtp.example.com:465");
    expect(parseConfig({ ...mail, MAIL_FROM: "boda@example.com" }).MAIL_FROM).toBe("boda@example.com");
    expect(parseConfig({ ...mail, NOTIFY_EMAIL: " Novia@Example.com,novio@example.com , novia@example.com" }).NOTIFY_EMAIL).toEqual([
      "novia@example.com",
      "novio@example.com",
    ]);
    expect(parseConfig({ NOTIFY_URL: "https://ntfy.sh/our-wedding?x=1", NOTIFY_DIGEST: "daily" })).toMatchObject({
      NOTIFY_URL: "https://ntfy.sh/our-wedding?x=1",
      NOTIFY_DIGEST: "daily",
    });
    expect(parseConfig({ MAIL_RATE_PER_MINUTE: "5" }).MAIL_RATE_PER_MINUTE).toBe(5);
  });

  it("stops at a bad value, naming the variable", () => {
    const bad: [Record<string, string>, RegExp][] = [
      [{ ...mail, SMTP_URL: "mail.example.com:587" }, /SMTP_URL must be smtp:/],
      [{ ...mail, SMTP_URL: "http://mail.example.com" }, /SMTP_URL must be smtp:/],
      [{ ...mail, MAIL_FROM: "not an address" }, /MAIL_FROM must be/],
      [{ ...mail, MAIL_FROM: "Boda <boda@>" }, /MAIL_FROM must be/],
      [{ SMTP_URL: mail.SMTP_URL, PUBLIC_URL: mail.PUBLIC_URL }, /MAIL_FROM: MAIL_FROM is required with SMTP_URL/],
      [{ SMTP_URL: mail.SMTP_URL, MAIL_FROM: mail.MAIL_FROM }, /PUBLIC_URL: PUBLIC_URL is required with SMTP_URL/],
      [{ NOTIFY_EMAIL: "novios@example.com" }, /NOTIFY_EMAIL needs SMTP_URL/],
      [{ ...mail, NOTIFY_EMAIL: "novios@example.com, nadie" }, /NOTIFY_EMAIL must be one or more e-mail addresses/],
      [{ NOTIFY_URL: "ntfy.sh/boda" }, /NOTIFY_URL must be an http\(s\) address/],
      [{ NOTIFY_URL: "file:///etc/passwd" }, /NOTIFY_URL must be an http\(s\) address/],
      [{ NOTIFY_DIGEST: "weekly" }, /NOTIFY_DIGEST must be "daily"/],
      [{ MAIL_RATE_PER_MINUTE: "0" }, /MAIL_RATE_PER_MINUTE must be a whole number/],
      [{ MAIL_RATE_PER_MINUTE: "lots" }, /MAIL_RATE_PER_MINUTE must be a whole number/],
    ];
    for (const [env, message] of bad) expect(() => parseConfig(env), JSON.stringify(env)).toThrow(message);
  });
});
