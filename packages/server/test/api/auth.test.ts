import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectError, seedAccount } from '../helpers/client.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const cookieOf = (res: { headers: Headers }) => (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

describe('session flow', () => {
  it('signs up, reads /auth/me, logs out and in again', async () => {
    const signup = await call(server.url, '/api/v1/auth/signup', {
      body: { email: 'Ann@Example.com', password: 'password1' },
    });
    expect(signup.status).toBe(201);
    expect(signup.json).toEqual({
      user: {
        id: expect.stringMatching(/^user_[0-9a-z]{26}$/),
        email: 'ann@example.com',
        created_at: expect.any(String),
      },
    });
    const setCookie = signup.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^platen_session=[\w-]{43};/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/i);
    const cookie = cookieOf(signup);
    expect((await call(server.url, '/api/v1/auth/me', { cookie })).json.user.email).toBe('ann@example.com');

    expect((await call(server.url, '/api/v1/auth/logout', { method: 'POST', cookie })).json).toEqual({
      logged_out: true,
    });
    expectError(await call(server.url, '/api/v1/auth/me', { cookie }), 401, 'authentication_error', 'unauthorized');

    const login = await call(server.url, '/api/v1/auth/login', {
      body: { email: 'ann@example.com', password: 'password1' },
    });
    expect(login.status).toBe(200);
    expect(login.json.user.id).toBe(signup.json.user.id);
    expect((await call(server.url, '/api/v1/auth/me', { cookie: cookieOf(login) })).status).toBe(200);
  });

  it('refuses a taken email with 409 email_taken and short passwords with invalid_parameter', async () => {
    await call(server.url, '/api/v1/auth/signup', { body: { email: 'bob@example.com', password: 'password1' } });
    expectError(
      await call(server.url, '/api/v1/auth/signup', { body: { email: 'BOB@example.com', password: 'password2' } }),
      409,
      'invalid_request_error',
      'email_taken',
    );
    expectError(
      await call(server.url, '/api/v1/auth/signup', { body: { email: 'c@example.com', password: 'short' } }),
      400,
      'invalid_request_error',
      'invalid_parameter',
      'password',
    );
    expectError(
      await call(server.url, '/api/v1/auth/signup', { body: { email: 'not-an-email', password: 'password1' } }),
      400,
      'invalid_request_error',
      'invalid_parameter',
      'email',
    );
    expectError(
      await call(server.url, '/api/v1/auth/signup', { body: { password: 'password1' } }),
      400,
      'invalid_request_error',
      'missing_parameter',
      'email',
    );
  });

  it('answers wrong credentials with 401 invalid_credentials', async () => {
    await call(server.url, '/api/v1/auth/signup', { body: { email: 'dan@example.com', password: 'password1' } });
    expectError(
      await call(server.url, '/api/v1/auth/login', { body: { email: 'dan@example.com', password: 'wrong-password' } }),
      401,
      'authentication_error',
      'invalid_credentials',
    );
    expectError(
      await call(server.url, '/api/v1/auth/login', { body: { email: 'nobody@example.com', password: 'password1' } }),
      401,
      'authentication_error',
      'invalid_credentials',
    );
  });

  it('ends only the session that logs out', async () => {
    await call(server.url, '/api/v1/auth/signup', { body: { email: 'eve@example.com', password: 'password1' } });
    const one = cookieOf(
      await call(server.url, '/api/v1/auth/login', { body: { email: 'eve@example.com', password: 'password1' } }),
    );
    const two = cookieOf(
      await call(server.url, '/api/v1/auth/login', { body: { email: 'eve@example.com', password: 'password1' } }),
    );
    await call(server.url, '/api/v1/auth/logout', { method: 'POST', cookie: one });
    expect((await call(server.url, '/api/v1/auth/me', { cookie: one })).status).toBe(401);
    expect((await call(server.url, '/api/v1/auth/me', { cookie: two })).status).toBe(200);
  });

  it('ignores API keys on /auth/* routes', async () => {
    const a = await seedAccount(server.url);
    expectError(await call(server.url, '/api/v1/auth/me', { key: a.key }), 401, 'authentication_error', 'unauthorized');
    expectError(
      await call(server.url, '/api/v1/auth/logout', { method: 'POST', key: a.key }),
      401,
      'authentication_error',
      'unauthorized',
    );
  });

  it('throttles logins after 10 failures per email, even with the right password', async () => {
    await call(server.url, '/api/v1/auth/signup', { body: { email: 'fay@example.com', password: 'password1' } });
    for (let i = 0; i < 10; i++) {
      expect(
        (await call(server.url, '/api/v1/auth/login', { body: { email: 'fay@example.com', password: 'nope-nope' } }))
          .status,
      ).toBe(401);
    }
    const locked = await call(server.url, '/api/v1/auth/login', {
      body: { email: 'fay@example.com', password: 'password1' },
    });
    expectError(locked, 429, 'rate_limit_error', 'rate_limit_exceeded');
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    server.advance(15 * 60_000 + 1000);
    expect(
      (await call(server.url, '/api/v1/auth/login', { body: { email: 'fay@example.com', password: 'password1' } }))
        .status,
    ).toBe(200);
  });
});

describe('password change and logging out everywhere', () => {
  const login = (email: string, password: string) =>
    call(server.url, '/api/v1/auth/login', { body: { email, password } });

  it('changes the password with the current one and ends every other session', async () => {
    await call(server.url, '/api/v1/auth/signup', { body: { email: 'ida@example.com', password: 'password1' } });
    const here = cookieOf(await login('ida@example.com', 'password1'));
    const elsewhere = cookieOf(await login('ida@example.com', 'password1'));
    expectError(
      await call(server.url, '/api/v1/auth/password', {
        body: { current_password: 'wrong-one', new_password: 'password2' },
        cookie: here,
      }),
      401,
      'authentication_error',
      'invalid_credentials',
    );
    expectError(
      await call(server.url, '/api/v1/auth/password', {
        body: { current_password: 'password1', new_password: 'short' },
        cookie: here,
      }),
      400,
      'invalid_request_error',
      'invalid_parameter',
      'new_password',
    );
    const changed = await call(server.url, '/api/v1/auth/password', {
      body: { current_password: 'password1', new_password: 'password2' },
      cookie: here,
    });
    expect(changed.json).toEqual({ changed: true, other_sessions_ended: 2 }); // the sign-up's session too
    expect((await call(server.url, '/api/v1/auth/me', { cookie: here })).status).toBe(200);
    expect((await call(server.url, '/api/v1/auth/me', { cookie: elsewhere })).status).toBe(401);
    expect((await login('ida@example.com', 'password1')).status).toBe(401);
    expect((await login('ida@example.com', 'password2')).status).toBe(200);
  });

  it('logs out every session of the account, the current one included', async () => {
    await call(server.url, '/api/v1/auth/signup', { body: { email: 'jo@example.com', password: 'password1' } });
    const a = cookieOf(await login('jo@example.com', 'password1'));
    const b = cookieOf(await login('jo@example.com', 'password1'));
    const other = (await seedAccount(server.url)).cookie;
    const out = await call(server.url, '/api/v1/auth/logout-all', { method: 'POST', cookie: a });
    expect(out.json).toEqual({ logged_out: true, sessions_ended: 3 });
    for (const cookie of [a, b]) expect((await call(server.url, '/api/v1/auth/me', { cookie })).status).toBe(401);
    expect((await call(server.url, '/api/v1/auth/me', { cookie: other })).status).toBe(200);
  });
});

describe('login throttling under concurrency', () => {
  it('checks at most 10 of 60 wrong passwords sent at once, then locks the right one out', async () => {
    await call(server.url, '/api/v1/auth/signup', { body: { email: 'gus@example.com', password: 'password1' } });
    const guesses = await Promise.all(
      Array.from({ length: 60 }, () =>
        call(server.url, '/api/v1/auth/login', { body: { email: 'gus@example.com', password: 'nope-nope' } }),
      ),
    );
    const statuses = guesses.map((g) => g.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50);
    expectError(
      await call(server.url, '/api/v1/auth/login', { body: { email: 'gus@example.com', password: 'password1' } }),
      429,
      'rate_limit_error',
      'rate_limit_exceeded',
    );
  });

  it('takes back the attempt of a successful login', async () => {
    await call(server.url, '/api/v1/auth/signup', { body: { email: 'hal@example.com', password: 'password1' } });
    for (let i = 0; i < 15; i++)
      expect(
        (await call(server.url, '/api/v1/auth/login', { body: { email: 'hal@example.com', password: 'password1' } }))
          .status,
      ).toBe(200);
  });
});

describe('login throttling per address', () => {
  it('locks a client address out after 50 failures across emails', async () => {
    const local = await startTestServer();
    try {
      await call(local.url, '/api/v1/auth/signup', { body: { email: 'real@example.com', password: 'password1' } });
      for (let i = 0; i < 50; i++) {
        const res = await call(local.url, '/api/v1/auth/login', {
          body: { email: `guess${i % 9}@example.com`, password: 'nope-nope' },
        });
        expect(res.status).toBe(401);
      }
      expectError(
        await call(local.url, '/api/v1/auth/login', { body: { email: 'real@example.com', password: 'password1' } }),
        429,
        'rate_limit_error',
        'rate_limit_exceeded',
      );
    } finally {
      await local.close();
    }
  });
});

describe('CSRF', () => {
  it('refuses cookie-carrying writes from another origin and Origin: null', async () => {
    const a = await seedAccount(server.url);
    const post = (origin: string) =>
      call(server.url, '/api/v1/templates', { body: { name: 'x' }, cookie: a.cookie, headers: { origin } });
    expectError(await post('https://evil.example'), 403, 'authentication_error', 'csrf_rejected');
    expectError(await post('null'), 403, 'authentication_error', 'csrf_rejected');
    expect((await post(server.url)).status).toBe(201);
    expect((await call(server.url, '/api/v1/templates', { body: { name: 'y' }, cookie: a.cookie })).status).toBe(201);
    // Reads are not refused; a cookie request with an API key too is still checked.
    expect(
      (await call(server.url, '/api/v1/templates', { cookie: a.cookie, headers: { origin: 'https://evil.example' } }))
        .status,
    ).toBe(200);
    expectError(
      await call(server.url, '/api/v1/templates', {
        body: { name: 'z' },
        key: a.key,
        cookie: a.cookie,
        headers: { origin: 'https://evil.example' },
      }),
      403,
      'authentication_error',
      'csrf_rejected',
    );
  });

  it('never refuses API-key requests without a cookie for their Origin', async () => {
    const a = await seedAccount(server.url);
    const res = await call(server.url, '/api/v1/templates', {
      body: { name: 'x' },
      key: a.key,
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(res.status).toBe(201);
  });

  it('checks Origin on every login, signup and logout', async () => {
    const evil = { origin: 'https://evil.example' };
    expectError(
      await call(server.url, '/api/v1/auth/signup', {
        body: { email: 'g@example.com', password: 'password1' },
        headers: evil,
      }),
      403,
      'authentication_error',
      'csrf_rejected',
    );
    expectError(
      await call(server.url, '/api/v1/auth/login', {
        body: { email: 'g@example.com', password: 'password1' },
        headers: evil,
      }),
      403,
      'authentication_error',
      'csrf_rejected',
    );
    expectError(
      await call(server.url, '/api/v1/auth/logout', { method: 'POST', headers: evil }),
      403,
      'authentication_error',
      'csrf_rejected',
    );
  });
});

describe('closed sign-up', () => {
  it('refuses sign-up with 403 signup_closed when PLATEN_SIGNUP=closed', async () => {
    const closed = await startTestServer({ signup: 'closed' });
    try {
      expectError(
        await call(closed.url, '/api/v1/auth/signup', { body: { email: 'h@example.com', password: 'password1' } }),
        403,
        'invalid_request_error',
        'signup_closed',
      );
    } finally {
      await closed.close();
    }
  });

  it('uses PLATEN_PUBLIC_URL as the origin and marks cookies Secure for https', async () => {
    const pub = await startTestServer({ publicUrl: 'https://pdf.example.com' });
    try {
      const signup = await call(pub.url, '/api/v1/auth/signup', {
        body: { email: 'i@example.com', password: 'password1' },
        headers: { origin: 'https://pdf.example.com' },
      });
      expect(signup.status).toBe(201);
      expect(signup.headers.get('set-cookie')).toMatch(/Secure/i);
      expectError(
        await call(pub.url, '/api/v1/auth/login', {
          body: { email: 'i@example.com', password: 'password1' },
          headers: { origin: pub.url },
        }),
        403,
        'authentication_error',
        'csrf_rejected',
      );
    } finally {
      await pub.close();
    }
  });
});
