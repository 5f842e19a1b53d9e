import { booleanFlag, type Env, type EnvIssue } from './values.ts';

/** One OpenID Connect provider from `OIDC_<NAME>_*` (README, "Single sign-on"). */
export interface OidcProviderConfig {
  /** `<NAME>` in lower case: the provider's part of its URLs. */
  name: string;
  label: string;
  issuer: URL;
  clientId: string;
  clientSecret: string;
  /** Scopes asked for beside `openid email profile`. */
  scopes: string[];
  /** A verified e-mail from this provider may link to the account that has it. */
  trustEmail: boolean;
  /** Lower-case domains an e-mail must be of; empty: any. */
  allowedDomains: string[];
  /** The claim whose values give the role (`groups`); null: roles are not the provider's. */
  roleClaim: string | null;
  moderatorValues: string[];
  adminValues: string[];
  /**
   * Plain-HTTP requests to the issuer: only for an issuer on this machine (127.0.0.1, ::1,
   * localhost), as tests and local trials run it; anywhere else HTTPS is required.
   */
  allowHttp: boolean;
}

export interface SsoConfig {
  oidcProviders: OidcProviderConfig[];
  /** `PASSWORD_LOGIN=false`: sign-in, registration and reset by password are refused. */
  passwordLogin: boolean;
}

const SETTINGS = [
  'ISSUER',
  'CLIENT_ID',
  'CLIENT_SECRET',
  'LABEL',
  'TRUST_EMAIL',
  'ALLOWED_DOMAINS',
  'ROLE_CLAIM',
  'MODERATOR_VALUES',
  'ADMIN_VALUES',
  'SCOPES',
] as const;
const VARIABLE = new RegExp(`^OIDC_([A-Z0-9]{1,32})_(${SETTINGS.join('|')})$`);
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** `a, b c` → `['a', 'b', 'c']`: lists are separated by commas or spaces. */
function list(value: string | undefined): string[] {
  return (value ?? '').split(/[\s,]+/).filter((item) => item !== '');
}

/**
 * The providers named by `OIDC_<NAME>_*` and `PASSWORD_LOGIN`, with one issue per bad variable.
 * A provider needs ISSUER, CLIENT_ID and CLIENT_SECRET; without any provider, PASSWORD_LOGIN=false
 * would lock everyone out, so it is refused.
 */
export function readSsoEnv(env: Env): { config: SsoConfig; issues: EnvIssue[] } {
  const issues: EnvIssue[] = [];
  const names = new Set<string>();
  for (const variable of Object.keys(env)) {
    if (!variable.startsWith('OIDC_') || !env[variable]?.trim()) continue;
    const match = VARIABLE.exec(variable);
    if (match?.[1]) names.add(match[1]);
    else
      issues.push({
        variable,
        message: `Expected OIDC_<NAME>_<SETTING>, <NAME> of A-Z and 0-9, <SETTING> one of ${SETTINGS.join(', ')}`,
      });
  }
  const providers: OidcProviderConfig[] = [];
  for (const NAME of [...names].sort()) {
    const read = (setting: (typeof SETTINGS)[number]) => env[`OIDC_${NAME}_${setting}`]?.trim() || undefined;
    const before = issues.length;
    for (const required of ['ISSUER', 'CLIENT_ID', 'CLIENT_SECRET'] as const) {
      if (!read(required))
        issues.push({ variable: `OIDC_${NAME}_${required}`, message: 'Required for this provider' });
    }
    let issuer: URL | null = null;
    const issuerText = read('ISSUER');
    if (issuerText) {
      issuer = URL.canParse(issuerText) ? new URL(issuerText) : null;
      const loopback = issuer !== null && LOOPBACK_HOSTS.has(issuer.hostname);
      if (!issuer || !(issuer.protocol === 'https:' || (issuer.protocol === 'http:' && loopback))) {
        issues.push({
          variable: `OIDC_${NAME}_ISSUER`,
          message: 'Expected an https:// URL (http:// only on 127.0.0.1, ::1 or localhost)',
        });
      }
    }
    const trust = booleanFlag(false).safeParse(env[`OIDC_${NAME}_TRUST_EMAIL`]);
    if (!trust.success)
      issues.push({ variable: `OIDC_${NAME}_TRUST_EMAIL`, message: 'Expected true/false, 1/0 or on/off' });
    const domains = list(read('ALLOWED_DOMAINS')).map((domain) => domain.toLowerCase().replace(/^@/, ''));
    const badDomains = domains.filter((domain) => !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain));
    if (badDomains.length > 0) {
      issues.push({
        variable: `OIDC_${NAME}_ALLOWED_DOMAINS`,
        message: `Expected domains such as example.org, not ${badDomains.map((domain) => `“${domain}”`).join(', ')}`,
      });
    }
    const roleClaim = read('ROLE_CLAIM') ?? null;
    const moderatorValues = list(read('MODERATOR_VALUES'));
    const adminValues = list(read('ADMIN_VALUES'));
    if (!roleClaim && (moderatorValues.length > 0 || adminValues.length > 0)) {
      issues.push({
        variable: `OIDC_${NAME}_ROLE_CLAIM`,
        message: 'Required when MODERATOR_VALUES or ADMIN_VALUES is set',
      });
    }
    if (issues.length > before || !issuer || !trust.success) continue;
    providers.push({
      name: NAME.toLowerCase(),
      label: read('LABEL') ?? NAME.charAt(0) + NAME.slice(1).toLowerCase(),
      issuer,
      clientId: read('CLIENT_ID') ?? '',
      clientSecret: env[`OIDC_${NAME}_CLIENT_SECRET`] ?? '',
      scopes: list(read('SCOPES')).filter((scope) => !['openid', 'email', 'profile'].includes(scope)),
      trustEmail: trust.data,
      allowedDomains: domains,
      roleClaim,
      moderatorValues,
      adminValues,
      allowHttp: issuer.protocol === 'http:',
    });
  }
  const passwordLogin = booleanFlag(true).safeParse(env.PASSWORD_LOGIN);
  if (!passwordLogin.success) {
    issues.push({ variable: 'PASSWORD_LOGIN', message: 'Expected true/false, 1/0 or on/off' });
  } else if (!passwordLogin.data && names.size === 0) {
    issues.push({
      variable: 'PASSWORD_LOGIN',
      message: 'false needs a single sign-on provider (OIDC_<NAME>_ISSUER …)',
    });
  }
  return {
    config: { oidcProviders: providers, passwordLogin: passwordLogin.success ? passwordLogin.data : true },
    issues,
  };
}
