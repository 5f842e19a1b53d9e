import * as client from 'openid-client';
import type { OidcProviderConfig } from '../config/sso.ts';

/** How long a request to a provider (discovery, token, userinfo) may take. */
const PROVIDER_TIMEOUT_MS = 10_000;

/** The provider could not be reached or its discovery document read: the sign-in cannot start. */
export class ProviderUnavailableError extends Error {
  constructor(provider: string, cause: unknown) {
    super(`The single sign-on provider ${provider} did not answer`, { cause });
    this.name = 'ProviderUnavailableError';
  }
}

/** What a sign-in at the provider needs kept until its callback. */
export interface AuthorizationRequest {
  url: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** What the provider says about the person, from the ID token and the userinfo endpoint. */
export interface ProviderClaims {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  claims: Record<string, unknown>;
}

const withTimeout: client.CustomFetch = (url, options) =>
  fetch(url, { ...options, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) } as RequestInit);

/**
 * The OpenID Connect side of single sign-on with `openid-client`: each provider's discovery is read
 * at its first use, not at start (a provider down then must not stop Karta), and read again after
 * a failure. Plain HTTP only for an issuer on this machine (config/sso.ts).
 */
export function createOidcClient(provider: OidcProviderConfig) {
  let configuration: Promise<client.Configuration> | null = null;

  function discovered(): Promise<client.Configuration> {
    if (!configuration) {
      const options: client.DiscoveryRequestOptions = {
        [client.customFetch]: withTimeout,
        ...(provider.allowHttp ? { execute: [client.allowInsecureRequests] } : {}),
      };
      const pending = client.discovery(
        provider.issuer,
        provider.clientId,
        provider.clientSecret,
        undefined,
        options,
      );
      configuration = pending;
      pending.catch(() => {
        if (configuration === pending) configuration = null;
      });
    }
    return configuration.catch((error: unknown) => {
      throw new ProviderUnavailableError(provider.name, error);
    });
  }

  return {
    /** The provider's authorization URL: code flow with PKCE (S256), a fresh state and nonce. */
    async authorizationRequest(redirectUri: string): Promise<AuthorizationRequest> {
      const config = await discovered();
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: ['openid', 'email', 'profile', ...provider.scopes].join(' '),
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url, state, nonce, codeVerifier };
    },

    /**
     * Exchanges the callback's code (checking the state, the issuer and the ID token with its
     * nonce) and reads the person's claims; throws when any check fails.
     */
    async claimsOf(
      callbackUrl: URL,
      expected: Pick<AuthorizationRequest, 'state' | 'nonce' | 'codeVerifier'>,
    ): Promise<ProviderClaims> {
      const config = await discovered();
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: expected.codeVerifier,
        expectedState: expected.state,
        expectedNonce: expected.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      if (!idToken) throw new Error('The provider sent no ID token');
      let userinfo: Record<string, unknown> = {};
      if (config.serverMetadata().userinfo_endpoint) {
        userinfo = await client.fetchUserInfo(config, tokens.access_token, idToken.sub);
      }
      // The ID token's own claims win where both say something.
      const claims: Record<string, unknown> = { ...userinfo, ...idToken };
      const email =
        typeof claims.email === 'string' && claims.email.includes('@') ? claims.email.trim() : null;
      const name = [claims.name, claims.preferred_username].find((value) => typeof value === 'string');
      return {
        issuer: idToken.iss,
        subject: idToken.sub,
        email,
        emailVerified: claims.email_verified === true,
        name: typeof name === 'string' ? name : null,
        claims,
      };
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
