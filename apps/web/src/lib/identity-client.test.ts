import { describe, expect, it, vi } from 'vitest';
import { answer, fakeServer, type Handler } from '../testing/fake-server';
import { forgotPassword, IdentityError, signIn } from './identity-client';

const badGateway: Handler = () =>
  new Response('<html>Bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } });

describe('the identity client', () => {
  it('reads the kind from a qualified AWS error type', async () => {
    fakeServer({
      InitiateAuth: answer(
        {
          __type: 'com.amazonaws.cognito.identity.idp.model#UserNotFoundException',
          message: 'User does not exist.',
        },
        400,
      ),
    });

    const attempt = signIn('nobody@clinic.in', 'Sushrut-Kothrud-2026');

    await expect(attempt).rejects.toBeInstanceOf(IdentityError);
    await expect(attempt).rejects.toMatchObject({
      kind: 'UserNotFoundException',
      message: 'No account uses this email address. Check it, or create an account.',
    });
  });

  it('calls the endpoint and client the server names', async () => {
    // The configuration is read once per page load; a fresh module is a fresh page.
    vi.resetModules();
    const { forgotPassword } = await import('./identity-client');
    const server = fakeServer({
      'GET /api/public/app-config': answer({
        data: { identity: { endpoint: 'https://cognito-idp.ap-south-1.amazonaws.com/', clientId: 'abc123' } },
      }),
      ForgotPassword: answer({
        CodeDeliveryDetails: { Destination: 'o***@s***.in', DeliveryMedium: 'EMAIL', AttributeName: 'email' },
      }),
    });

    await forgotPassword('owner@sushrut-dental.in');

    const [request] = server.requests('ForgotPassword');
    expect(request?.url.href).toBe('https://cognito-idp.ap-south-1.amazonaws.com/');
    expect(request?.body).toEqual({ ClientId: 'abc123', Username: 'owner@sushrut-dental.in' });
  });

  it('turns an answer that is not the protocol into a general sentence', async () => {
    fakeServer({ ForgotPassword: badGateway });

    await expect(forgotPassword('owner@sushrut-dental.in')).rejects.toMatchObject({
      message: 'Something went wrong. Please try again.',
    });
  });
});
