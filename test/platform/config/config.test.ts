import { loadTracingConfig, ConfigError } from '../../../platform/config/config.js';
import { loadConfig } from '../../../gateway/module-manifests.js';

describe(loadConfig.name, () => {
  it('should apply the documented defaults on an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 4000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:4000',
      databaseUrl: undefined,
      redisUrl: undefined,
      logLevel: 'info',
      webhookAllowPrivate: false,
    });
  });

  it('should list every problem in one error', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        LOG_LEVEL: 'loud',
        BOOTSTRAP_API_KEY: 'short',
        DKIM_DOMAIN: 'example.com',
        WEBHOOK_ALLOW_PRIVATE: 'maybe',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL', 'BOOTSTRAP_API_KEY', 'DKIM_', 'WEBHOOK_ALLOW_PRIVATE'])
      expect(problems).toContain(name);
    expect((error as ConfigError).message.split('\n').length).toBeGreaterThanOrEqual(7);
  });

  it('should read one SPF include for every module from MAIL_SPF_INCLUDE or either deprecated name, and refuse two different values', () => {
    const defaults = loadConfig({});
    expect([defaults.mailboxSpfInclude, defaults.domains.spfInclude]).toEqual([
      '_spf.agents.localhost',
      '_spf.agents.localhost',
    ]);
    const old = loadConfig({ DOMAINS_SPF_INCLUDE: 'SPF.Mail.example' });
    expect([old.mailboxSpfInclude, old.domains.spfInclude]).toEqual(['spf.mail.example', 'spf.mail.example']);
    expect(
      loadConfig({ MAIL_SPF_INCLUDE: 'spf.example.com', MAILBOX_SPF_INCLUDE: 'spf.example.com' }).domains.spfInclude,
    ).toBe('spf.example.com');
    expect(() => loadConfig({ DOMAINS_SPF_INCLUDE: 'a.example.com', MAILBOX_SPF_INCLUDE: 'b.example.com' })).toThrow(
      /set MAIL_SPF_INCLUDE alone/,
    );
  });

  it('should read the one inbound MX host from INBOUND_MX_HOST or either deprecated name, and refuse two different values', () => {
    expect(loadConfig({}).inboundMxHost).toBe('mx.agents.localhost');
    expect(loadConfig({ INBOUND_MX_HOST: 'MX.Example.com' }).inboundMxHost).toBe('mx.example.com');
    expect(loadConfig({ DOMAINS_INBOUND_MX_HOST: 'in.example.com' }).inboundMxHost).toBe('in.example.com');
    expect(loadConfig({ MAILBOX_MX_HOST: 'in.example.com', INBOUND_MX_HOST: 'in.example.com' }).inboundMxHost).toBe(
      'in.example.com',
    );
    expect(() => loadConfig({ INBOUND_MX_HOST: 'a.example.com', MAILBOX_MX_HOST: 'b.example.com' })).toThrow(
      /set INBOUND_MX_HOST alone/,
    );
    expect(() => loadConfig({ INBOUND_MX_HOST: 'not a host' })).toThrow(/INBOUND_MX_HOST must be a host name/);
  });

  it("should read each module's section with the platform's part and list their problems in the same error", () => {
    const config = loadConfig({
      SMS_PROVIDER_URL: 'https://sms.example/',
      SMS_PROVIDER_ACCOUNT_SID: 'AC1',
      SMS_PROVIDER_AUTH_TOKEN: 't',
    });
    expect(config.sms.provider).toEqual({ baseUrl: 'https://sms.example', accountSid: 'AC1', authToken: 't' });
    expect(config.domains.tlds.com).toEqual({ register: 12.99, renew: 14.99, transfer: 12.99 });
    expect(config.aiGateway.sandboxEnabled).toBe(true);
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DNS_NAMESERVERS: 'ns1.example.com',
        DOMAIN_TLD_PRICES: '{"com": 3}',
        SMS_PROVIDER_URL: 'https://sms.example',
        AI_SANDBOX_ENABLED: 'perhaps',
        AUTH_HASH_QUEUE: '-1',
      });
    } catch (e) {
      error = e;
    }
    expect([...(error as ConfigError).problems].sort()).toEqual(
      [
        'PORT must be an integer between 0 and 65535 (got "eighty")',
        'AI_SANDBOX_ENABLED must be true or false (got "perhaps")',
        'AUTH_HASH_QUEUE must be an integer between 0 and 100000 (got "-1")',
        'DNS_NAMESERVERS must name at least two hosts',
        'DOMAIN_TLD_PRICES must be a JSON object of the documented shape',
        'SMS_PROVIDER_URL, SMS_PROVIDER_ACCOUNT_SID and SMS_PROVIDER_AUTH_TOKEN must be set together',
      ].sort(),
    );
  });

  it('should refuse a MongoDB job store: jobs commit with their change only in the application database', () => {
    expect(() => loadConfig({ AGENDA_MONGO_URL: 'mongodb://127.0.0.1:27017/jobs' })).toThrow(
      /AGENDA_MONGO_URL is not supported/,
    );
  });

  it('should read DKIM only when all three variables are set', () => {
    const config = loadConfig({
      DKIM_DOMAIN: 'example.com',
      DKIM_SELECTOR: 's1',
      DKIM_PRIVATE_KEY: '-----BEGIN KEY-----\\nabc\\n-----END KEY-----',
    });
    expect(config.email.dkim).toEqual({
      domainName: 'example.com',
      keySelector: 's1',
      privateKey: '-----BEGIN KEY-----\nabc\n-----END KEY-----',
    });
  });

  it('should turn tracing on only with an OTLP endpoint, and refuse a bad endpoint or protocol', () => {
    expect(loadConfig({}).tracing).toBeUndefined();
    expect(loadTracingConfig({})).toBeUndefined();
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }).tracing).toEqual({
      endpoint: 'http://collector:4318/v1/traces',
      protocol: 'http/protobuf',
    });
    expect(
      loadTracingConfig({
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://otel.example/traces',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      }),
    ).toEqual({ endpoint: 'https://otel.example/traces', protocol: 'http/json' });
    expect(
      loadTracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' }),
    ).toBeUndefined();
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
    expect(() =>
      loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4317', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' }),
    ).toThrow(/http\/protobuf or http\/json/);
    expect(
      loadTracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4317', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' }),
    ).toBeUndefined();
  });
});
