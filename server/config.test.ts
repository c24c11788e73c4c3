import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { operatorDefaults, site } from "#shared/site";
import { ConfigError, loadConfig, settingNames } from "./config";

describe("the configuration", () => {
  it("is listed whole, and only as it is, in .env.example and in the README's table", () => {
    const example = [...readFileSync(".env.example", "utf8").matchAll(/^([A-Z][A-Z0-9_]*)=/gm)];
    const readme = [...readFileSync("README.md", "utf8").matchAll(/^\| `([A-Z][A-Z0-9_]*)` +\|/gm)];
    const sorted = (names: string[]) => [...names].sort();
    expect(sorted(example.map((match) => match[1] ?? ""))).toEqual(sorted(settingNames));
    expect(sorted(readme.map((match) => match[1] ?? ""))).toEqual(sorted(settingNames));
  });

  it("starts with no settings at all, on safe local defaults", () => {
    const config = loadConfig({});

    expect(config).toMatchObject({
      port: 3000,
      dataDir: resolve("data"),
      mailDir: resolve("data", "mail"),
      databaseUrl: undefined,
      smtpUrl: undefined,
      notifyEmail: operatorDefaults.email,
      siteUrl: "http://localhost:3000",
      formRateLimitPerHour: 10,
      trustProxy: false,
      mailTakeoverMs: 5 * 60_000,
      mailFirstRetryMs: 30_000,
      logLevel: "info",
      metricsToken: undefined,
    });
    expect(config.mailFrom).toContain(operatorDefaults.email);
    expect(config.placeholders).toEqual(["SITE_URL", "GIFT_RITUAL_URL", "GIFT_FRAGRANCE_URL"]);
  });

  it("links e-mails to this server where it listens until SITE_URL names the public address", () => {
    expect(loadConfig({ PORT: "8080" })).toMatchObject({
      siteUrl: "http://localhost:8080",
      giftLinks: {
        ritual: "http://localhost:8080/darek",
        fragrance: "http://localhost:8080/darek",
      },
    });
    expect(loadConfig({ HOST: "127.0.0.1" }).siteUrl).toBe("http://localhost:3000");
    expect(loadConfig({ HOST: "::" }).siteUrl).toBe("http://localhost:3000");
    expect(loadConfig({ HOST: "192.168.1.20" }).siteUrl).toBe("http://192.168.1.20:3000");
    expect(loadConfig({ HOST: "fd00::20" }).siteUrl).toBe("http://[fd00::20]:3000");
    expect(loadConfig({ SITE_URL: "" }).placeholders).toContain("SITE_URL");
    expect(loadConfig({ SITE_URL: site.url }).placeholders).not.toContain("SITE_URL");
  });

  it("limits the connections per address: 64, or 512 behind a proxy, whose connections are everyone's", () => {
    expect(loadConfig({}).maxConnectionsPerAddress).toBe(64);
    expect(loadConfig({ TRUST_PROXY: "true" }).maxConnectionsPerAddress).toBe(512);
    expect(loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: "0" }).maxConnectionsPerAddress).toBe(0);
    expect(
      loadConfig({ TRUST_PROXY: "true", MAX_CONNECTIONS_PER_ADDRESS: "100" })
        .maxConnectionsPerAddress,
    ).toBe(100);
    expect(() => loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: "-1" })).toThrow(
      /MAX_CONNECTIONS_PER_ADDRESS/,
    );
  });

  it("reads every setting", () => {
    const config = loadConfig({
      PORT: "8080",
      DATA_DIR: "/var/lib/harmonie",
      DATABASE_URL: "postgres://harmonie:tajne@db.example:5433/harmonie",
      SMTP_URL: "smtps://web%40example.cz:heslo@smtp.example:465",
      MAIL_FROM: "Kateřina Lesná <web@example.cz>",
      NOTIFY_EMAIL: "katerina@example.cz",
      SITE_URL: "https://harmonie.example/",
      GIFT_RITUAL_URL: "https://video.example/ritual",
      GIFT_FRAGRANCE_URL: "https://soubory.example/vune.pdf",
      FORM_RATE_LIMIT_PER_HOUR: "20",
      TRUST_PROXY: "true",
      ADMIN_REQUIRE_2FA: "false",
      MAIL_TAKEOVER_SECONDS: "20",
      MAIL_RETRY_SECONDS: "5",
      LOG_LEVEL: "warn",
      METRICS_TOKEN: "prometheus-cte-jen-s-timto",
    });

    expect(config).toMatchObject({
      port: 8080,
      dataDir: "/var/lib/harmonie",
      mailDir: "/var/lib/harmonie/mail",
      databaseUrl: "postgres://harmonie:tajne@db.example:5433/harmonie",
      smtpUrl: "smtps://web%40example.cz:heslo@smtp.example:465",
      mailFrom: "Kateřina Lesná <web@example.cz>",
      notifyEmail: "katerina@example.cz",
      siteUrl: "https://harmonie.example",
      giftLinks: {
        ritual: "https://video.example/ritual",
        fragrance: "https://soubory.example/vune.pdf",
      },
      placeholders: [],
      formRateLimitPerHour: 20,
      trustProxy: true,
      adminRequireTwoFactor: false,
      mailTakeoverMs: 20_000,
      mailFirstRetryMs: 5_000,
      logLevel: "warn",
      metricsToken: "prometheus-cte-jen-s-timto",
    });
  });

  it("requires administrators to set up two-factor sign-in unless told otherwise", () => {
    expect(loadConfig({}).adminRequireTwoFactor).toBe(true);
  });

  it("treats an empty value as not set", () => {
    expect(loadConfig({ DATABASE_URL: "", SMTP_URL: "", PORT: "" })).toMatchObject({
      databaseUrl: undefined,
      smtpUrl: undefined,
      port: 3000,
    });
  });

  it.each([
    ["PORT", "http"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://localhost/harmonie"],
    ["DATABASE_URL", "localhost:5432"],
    ["SMTP_URL", "https://smtp.example"],
    ["MAIL_FROM", "nikdo"],
    ["NOTIFY_EMAIL", "katerina.example.cz"],
    ["SITE_URL", "www.harmonieprirody.cz"],
    ["GIFT_RITUAL_URL", "video.mp4"],
    ["GIFT_FRAGRANCE_URL", "javascript:alert(1)"],
    ["FORM_RATE_LIMIT_PER_HOUR", "0"],
    ["TRUST_PROXY", "maybe"],
    ["ADMIN_REQUIRE_2FA", "yes please"],
    ["MAIL_TAKEOVER_SECONDS", "0"],
    ["MAIL_TAKEOVER_SECONDS", "1.5"],
    ["MAIL_RETRY_SECONDS", "0"],
    ["LOG_LEVEL", "verbose"],
    ["METRICS_TOKEN", "short"],
  ])("stops with a message naming %s when it is %s", (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}: `));
  });
});
