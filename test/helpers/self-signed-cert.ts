/** A self-signed certificate for serve's TLS tests, made by openssl (`openssl req -x509`, an RSA key without a passphrase). */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * Writes `<name>-cert.pem` and `<name>-key.pem` in `dir` for the subject CN=`cn`, valid `days` days, with any
 * further `openssl req` arguments (`-addext …`); returns their paths.
 */
export function selfSignedCert(
  dir: string,
  name: string,
  { cn = name, days = 1, extra = [] as string[] } = {},
): { cert: string; key: string } {
  const cert = join(dir, `${name}-cert.pem`);
  const key = join(dir, `${name}-key.pem`);
  const args = ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', String(days)];
  try {
    execFileSync('openssl', [...args, '-subj', `/CN=${cn}`, ...extra], { stdio: 'pipe' });
  } catch (err) {
    throw new Error(
      `openssl is needed to make the test certificate (apt-get install -y openssl): ${(err as Error).message}`,
    );
  }
  return { cert, key };
}

/** serve's certificate for 127.0.0.1 (its own CA, as `--ca-bundle` takes it), valid two days: `serve-cert.pem`, `serve-key.pem`. */
export function loopbackCert(dir: string): { cert: string; key: string } {
  return selfSignedCert(dir, 'serve', {
    cn: '127.0.0.1',
    days: 2,
    extra: ['-addext', 'subjectAltName=IP:127.0.0.1', '-addext', 'basicConstraints=critical,CA:TRUE'],
  });
}
